import pytest


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache: the suite shares one Redis database, and one test's
    wrong join codes would otherwise keep the next test's tablets out for the join limit's
    minute."""
    from django.core.cache import cache

    cache.clear()
    yield
