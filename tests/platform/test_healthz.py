"""/healthz answers 200 when every service answers and 503 when one does not."""

import pytest

from config import health


@pytest.mark.django_db
def test_healthz_is_ok_in_embedded_mode(client):
    """Database, channel layer round trip and cache all answer; there is no broker to check."""
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "channel_layer", "cache"}
    assert all(check["ok"] for check in body["checks"].values())


@pytest.mark.django_db
def test_healthz_is_503_when_a_check_fails(client, monkeypatch):
    """A failing service turns the answer into 503 and names the failure."""

    def broken_cache():
        raise ConnectionError("cache is down")

    monkeypatch.setattr(health, "check_cache", broken_cache)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["checks"]["cache"]["ok"] is False
    assert "cache is down" in body["checks"]["cache"]["error"]
    assert body["checks"]["database"]["ok"] is True
