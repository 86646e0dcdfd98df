import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hashing with the production hasher costs half a second a user; tests do not need that."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
