"""School sign-in providers, read from environment variables alone.

`TUTKIMUS_OIDC_PROVIDERS` names the providers, comma-separated (e.g. `mpassid,google`); each name
`X` then reads `TUTKIMUS_OIDC_X_…`:

* `CLIENT_ID`, `CLIENT_SECRET`: what the provider gave this site (required);
* `ISSUER`: the provider's issuer URL, exactly as its tokens say it (required, except `google`,
  and `microsoft` with `TUTKIMUS_OIDC_MICROSOFT_TENANT`);
* `NAME`: the button's text (default: MPASSid, Google, Microsoft, or the name itself);
* `SIGNUP`: `1` lets anyone this provider signs in become a teacher here; otherwise a teacher
  needs an invitation or an account already linked (default `0`);
* `AUTH_METHOD`: `client_secret_basic` (default) or `client_secret_post`.

The issuer is pinned: a token, or a discovery document, naming any other issuer is refused. The
provider's name is the key of its linked accounts, with the token's `sub`: rename it and every
teacher links again.
"""

from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

PREFIX = "TUTKIMUS_OIDC_"
KNOWN = {
    "mpassid": {"name": "MPASSid"},
    "google": {"name": "Google", "issuer": "https://accounts.google.com"},
    "microsoft": {"name": "Microsoft"},
}
AUTH_METHODS = ("client_secret_basic", "client_secret_post")


def _issuer(provider_id, environ):
    issuer = environ.get(f"{PREFIX}{provider_id.upper()}_ISSUER", "").strip()
    if not issuer and provider_id == "microsoft":
        tenant = environ.get(f"{PREFIX}MICROSOFT_TENANT", "").strip()
        issuer = f"https://login.microsoftonline.com/{tenant}/v2.0" if tenant else ""
    return issuer or KNOWN.get(provider_id, {}).get("issuer", "")


def provider_from_environment(provider_id, environ):
    """One allauth OpenID Connect app from the variables of `provider_id`."""
    key = f"{PREFIX}{provider_id.upper()}_"
    client_id = environ.get(key + "CLIENT_ID", "").strip()
    secret = environ.get(key + "CLIENT_SECRET", "").strip()
    issuer = _issuer(provider_id, environ).rstrip("/")
    missing = [name for name, value in (("CLIENT_ID", client_id), ("CLIENT_SECRET", secret),
                                        ("ISSUER", issuer)) if not value]
    if missing:
        raise ImproperlyConfigured(f"School sign-in {provider_id!r} needs "
                                   + ", ".join(key + name for name in missing))
    method = environ.get(key + "AUTH_METHOD", "").strip() or AUTH_METHODS[0]
    if method not in AUTH_METHODS:
        raise ImproperlyConfigured(f"{key}AUTH_METHOD must be one of {', '.join(AUTH_METHODS)}")
    return {
        "provider_id": provider_id,
        "name": environ.get(key + "NAME", "").strip()
        or KNOWN.get(provider_id, {}).get("name", provider_id),
        "client_id": client_id,
        "secret": secret,
        "settings": {
            "server_url": issuer,
            "token_auth_method": method,
            # The account is the token's subject: never a claim the userinfo endpoint sends.
            "fetch_userinfo": False,
            "uid_field": "sub",
            # Pinned, so a discovery document that names another issuer changes nothing.
            "openid_configuration_overrides": {"issuer": issuer},
            "issuer": issuer,
            "signup": environ.get(key + "SIGNUP", "").strip().lower() in {"1", "true", "yes"},
        },
    }


def providers_from_environment(environ):
    names = [name.strip().lower() for name in environ.get(PREFIX + "PROVIDERS", "").split(",")]
    names = [name for name in names if name]
    for name in names:
        if not name.replace("_", "").isalnum() or not name.isascii():
            raise ImproperlyConfigured(f"{PREFIX}PROVIDERS: {name!r} is not a plain name")
    return [provider_from_environment(name, environ) for name in dict.fromkeys(names)]


def form_action_origins(socialaccount_providers):
    """The providers' origins: the sign-in form posts here and is redirected there."""
    apps = socialaccount_providers.get("openid_connect", {}).get("APPS", [])
    origins = []
    for app in apps:
        parts = urlsplit(app["settings"]["server_url"])
        origins.append(f"{parts.scheme}://{parts.netloc}")
    return list(dict.fromkeys(origins))
