import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hashing with the production hasher costs half a second a user; tests do not need that."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_game_caches():
    """Each test starts with empty per-process game caches: ids repeat between test databases."""
    from games import rendering, selectors

    selectors.forget_caches()
    rendering.forget()
    yield
