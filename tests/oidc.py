"""A real OpenID Connect provider started by a test (tests/oidc_provider: django-oauth-toolkit
in its own process), and the app's settings that point at it."""

import os
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field

from config.school_signin import providers_from_environment
from tests.servers import BASE_DIR, free_port, wait_for_http


@dataclass
class Provider:
    name: str
    issuer: str
    client_id: str
    secret: str
    users: dict = field(default_factory=dict)

    def environment(self):
        key = f"TUTKIMUS_OIDC_{self.name.upper()}_"
        return {key + "CLIENT_ID": self.client_id, key + "CLIENT_SECRET": self.secret,
                key + "ISSUER": self.issuer, key + "NAME": self.name.title()}


@contextmanager
def oidc_provider(name, app_url, tmp_path, users=(), token_issuer=None, claimed_issuer=None):
    """Start a provider for the app at `app_url` with `users` ((username, password, email), …);
    `token_issuer` makes its ID tokens name that issuer instead of its own, `claimed_issuer` its
    discovery document and its tokens."""
    port = free_port()
    provider = Provider(name, f"http://127.0.0.1:{port}/o", f"client-{name}",
                        f"secret-{name}-0123456789", {u[0]: u for u in users})
    callback = f"{app_url}/accounts/school/oidc/{name}/login/callback/"
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))}
    env.update({"OIDC_TEST_DB": str(tmp_path / f"provider-{name}.sqlite3"),
                "DJANGO_SETTINGS_MODULE": "tests.oidc_provider.settings"})
    if token_issuer:
        env["OIDC_TEST_TOKEN_ISSUER"] = token_issuer
    if claimed_issuer:
        env["OIDC_TEST_CLAIMED_ISSUER"] = claimed_issuer
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.oidc_provider.serve", str(port), provider.client_id,
         provider.secret, callback, *(":".join(user) for user in users)],
        cwd=BASE_DIR, env=env)
    try:
        wait_for_http(provider.issuer + "/.well-known/openid-configuration", timeout=60)
        yield provider
    finally:
        process.terminate()
        process.wait(timeout=10)


def school_signin_settings(*providers, signup=()):
    """SOCIALACCOUNT_PROVIDERS as the environment variables of these providers make it."""
    env = {"TUTKIMUS_OIDC_PROVIDERS": ",".join(p.name for p in providers)}
    for provider in providers:
        env.update(provider.environment())
        if provider.name in signup:
            env[f"TUTKIMUS_OIDC_{provider.name.upper()}_SIGNUP"] = "1"
    return {"openid_connect": {"OAUTH_PKCE_ENABLED": True,
                               "APPS": providers_from_environment(env)}}
