import pytest
from django.conf import settings


def pytest_collection_modifyitems(config, items):
    if not settings.REDIS_URL or "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
        reason = "needs DATABASE_URL (PostgreSQL) and REDIS_URL: make test-services"
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            item.add_marker(skip)
