import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hashing with the production hasher costs half a second a user; tests do not need that."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_game_caches():
    """Each test starts with empty per-process game caches: ids repeat between test databases."""
    from games import render_cache, selectors

    selectors.forget_caches()
    render_cache.forget()
    yield


@pytest.fixture(autouse=True)
def reproducible_deals(request, monkeypatch):
    """Each test's games are dealt from seeds drawn from the test's own name, so a test that
    plays bots to some moment meets the same deals in every run, and a failure can be replayed
    (a rare deal failed CI twice). The engines' own tests go through many seeds on purpose."""
    from games import services

    seeds = random.Random(request.node.nodeid)
    monkeypatch.setattr(services, "secrets", SimpleNamespace(randbits=seeds.getrandbits))


STUB = "stub_game"
STUB_TEMPLATES = Path(__file__).resolve().parent / "stub_game" / "templates"


@pytest.fixture
def stub_game(monkeypatch, settings):
    """Register tests/stub_game as a game beside the real ones, for this test only: the
    platform finds it through the registry as it finds any game (games.<key>.engine, .game)."""
    import games.engines.base
    import games.packages
    import games.registry
    import tests.stub_game
    import tests.stub_game.engine
    import tests.stub_game.game

    registered = (*games.registry.GAMES, STUB)
    for module in (games.registry, games.engines.base, games.packages):
        monkeypatch.setattr(module, "GAMES", registered)
    monkeypatch.setitem(sys.modules, f"games.{STUB}", tests.stub_game)
    monkeypatch.setitem(sys.modules, f"games.{STUB}.engine", tests.stub_game.engine)
    monkeypatch.setitem(sys.modules, f"games.{STUB}.game", tests.stub_game.game)
    games.packages.package.cache_clear()
    templates = [dict(engine) for engine in settings.TEMPLATES]
    templates[0]["DIRS"] = [*templates[0].get("DIRS", []), STUB_TEMPLATES]
    settings.TEMPLATES = templates
    yield tests.stub_game.game.PACKAGE
    games.packages.package.cache_clear()
