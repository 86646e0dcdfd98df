"""School sign-in providers come from environment variables alone (config/school_signin.py)."""

import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.school_signin import form_action_origins, providers_from_environment
from tests.servers import BASE_DIR


def test_no_variables_no_school_sign_in():
    """Without TUTKIMUS_OIDC_PROVIDERS only the password sign-in is there."""
    assert providers_from_environment({}) == []


def test_mpassid_google_and_microsoft_from_their_variables():
    """Each provider's client, its issuer (Google's known, Microsoft's from the tenant), its
    button text, and the pinned issuer that its tokens must name."""
    apps = providers_from_environment({
        "TUTKIMUS_OIDC_PROVIDERS": "mpassid, google,microsoft",
        "TUTKIMUS_OIDC_MPASSID_CLIENT_ID": "m-id", "TUTKIMUS_OIDC_MPASSID_CLIENT_SECRET": "m-s",
        "TUTKIMUS_OIDC_MPASSID_ISSUER": "https://mpass.example.fi/",
        "TUTKIMUS_OIDC_GOOGLE_CLIENT_ID": "g-id", "TUTKIMUS_OIDC_GOOGLE_CLIENT_SECRET": "g-s",
        "TUTKIMUS_OIDC_MICROSOFT_CLIENT_ID": "ms-id",
        "TUTKIMUS_OIDC_MICROSOFT_CLIENT_SECRET": "ms-s",
        "TUTKIMUS_OIDC_MICROSOFT_TENANT": "0000-tenant", "TUTKIMUS_OIDC_GOOGLE_SIGNUP": "1",
    })
    by_id = {app["provider_id"]: app for app in apps}
    assert [app["name"] for app in apps] == ["MPASSid", "Google", "Microsoft"]
    assert by_id["mpassid"]["settings"]["server_url"] == "https://mpass.example.fi"
    assert by_id["google"]["settings"]["issuer"] == "https://accounts.google.com"
    assert by_id["microsoft"]["settings"]["issuer"] == \
        "https://login.microsoftonline.com/0000-tenant/v2.0"
    for app in apps:
        assert app["settings"]["openid_configuration_overrides"] == {
            "issuer": app["settings"]["issuer"]}
        assert app["settings"]["uid_field"] == "sub"
        assert app["settings"]["fetch_userinfo"] is False
    assert [app["settings"]["signup"] for app in apps] == [False, True, False]
    assert form_action_origins({"openid_connect": {"APPS": apps}}) == [
        "https://mpass.example.fi", "https://accounts.google.com",
        "https://login.microsoftonline.com"]


@pytest.mark.parametrize("environ", [
    {"TUTKIMUS_OIDC_PROVIDERS": "mpassid", "TUTKIMUS_OIDC_MPASSID_CLIENT_ID": "x",
     "TUTKIMUS_OIDC_MPASSID_CLIENT_SECRET": "y"},  # MPASSid's issuer comes from its operator
    {"TUTKIMUS_OIDC_PROVIDERS": "google", "TUTKIMUS_OIDC_GOOGLE_CLIENT_ID": "x"},
    {"TUTKIMUS_OIDC_PROVIDERS": "../x"},
])
def test_a_provider_missing_a_variable_stops_the_start(environ):
    """A half-configured provider is an error at start, naming the missing variable."""
    with pytest.raises(ImproperlyConfigured):
        providers_from_environment(environ)


def test_the_settings_read_the_environment(tmp_path):
    """config.settings builds its providers from the process's environment alone."""
    env = {**os.environ, "TUTKIMUS_VAR_DIR": str(tmp_path),
           "DJANGO_SETTINGS_MODULE": "config.settings", "TUTKIMUS_OIDC_PROVIDERS": "google",
           "TUTKIMUS_OIDC_GOOGLE_CLIENT_ID": "g-id", "TUTKIMUS_OIDC_GOOGLE_CLIENT_SECRET": "g-s"}
    code = ("from django.conf import settings; "
            "print(settings.SOCIALACCOUNT_PROVIDERS['openid_connect']['APPS'][0]['name'])")
    printed = subprocess.run([sys.executable, "-c", code], cwd=BASE_DIR, env=env,
                             capture_output=True, text=True, check=True).stdout.strip()
    assert printed == "Google"
