"""Seeded random playouts: 300 seeds at 2, 3 and 4 seats with both bots.

Every step is checked: nothing raises, resources never go negative, a hex has at most one tile,
storage is at most 8 after every Cleanup; every game ends within 5 rounds with final VP equal to
the sum of its breakdown and at most 2 VP from EP; replaying the action log from the seed gives
the identical state. A smaller set of whole games checks that no view ever shows another seat's
hand or any deck's cards.
"""

import json

import pytest

from games.research_programme.engine import api
from games.research_programme.engine.rules import flow, scoring
from games.research_programme.engine.simulate import play, players

SEEDS = range(300)


def check_step(state, action, events):
    hexes = state["hexes"]
    for p in state["players"]:
        assert all(v >= 0 for v in p["resources"].values()), p["resources"]
        assert p["debt"] >= 0 and p["ep"] >= 0 and p["insight"] >= 0
        assert 0 <= p["reputation"] <= 6 and 0 <= p["rigour"] <= 10 and 0 <= p["hype"] <= 10
        for project in p["projects"]:
            assert hexes[project["hex"]]["owner"] == p["seat"]
            assert hexes[project["hex"]]["card"] == project["card"]
        assert len(p["projects"]) + p["tiles_left"] == 6
        assert len(p["hand"]) <= 4 or state["step"]["kind"] in ("discard", "chance")
    tiles = sum(len(p["projects"]) for p in state["players"])
    assert tiles == sum(1 for cell in hexes.values() if cell["owner"] is not None)
    assert all(0 <= cell["noise"] <= 3 for cell in hexes.values())
    assert state["round"] <= 5


def check_game(game, n):
    state = game.state
    assert state["phase"] == "over" and state["round"] <= 5
    result = api.outcome(state)
    for row in result["players"]:
        assert row["vp"] == sum(row["breakdown"].values())
        assert row["breakdown"]["ep"] == scoring.ep_vp(state["players"][row["seat"] - 1]["ep"])
        assert 0 <= row["breakdown"]["ep"] <= 2
    replay = api.new_game(players(n), {}, game.seed)
    for action in game.actions:
        api.apply_in_place(replay, action, validate=True)
    assert replay == state


@pytest.fixture
def cleanups(monkeypatch):
    """Check the storage limit right after every Cleanup applies it (SV-16)."""
    seen = []
    original = flow.storage_limit

    def checked(state, p, out):
        original(state, p, out)
        assert sum(p["resources"].values()) <= 8, p["resources"]
        seen.append(p["seat"])

    monkeypatch.setattr(flow, "storage_limit", checked)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_playouts_keep_every_invariant(n, bot, cleanups):
    """300 seeded games end within 5 rounds and keep the invariants at every step."""
    ended = set()
    for seed in SEEDS:
        game = play(seed, n, bot, on_step=check_step)
        check_game(game, n)
        ended.add(api.outcome(game.state)["ended_by"])
    assert ended <= {"round_limit", "replication_counter"}
    assert len(cleanups) >= len(SEEDS) * n


def hidden_ids(state, viewer):
    """Card ids the viewer must not see: other seats' hands, and every deck's cards."""
    hidden = {c for deck in state["decks"].values() for c in deck}
    for p in state["players"]:
        if viewer is not None and p["seat"] != viewer:
            hidden.update(p["hand"])
    return hidden


def check_views(state, action, events):
    for viewer in [None, *state["seats"]]:
        view = api.view_for(state, viewer)
        text = json.dumps(view)
        leaked = {c for c in hidden_ids(state, viewer) if f'"{c}"' in text}
        assert not leaked, (viewer, leaked)
        for p in view["players"]:
            if viewer is not None and p["seat"] != viewer:
                assert "hand" not in p and "funding" not in p


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_view_ever_shows_another_seats_hand_or_a_deck(n, bot):
    """Across whole games, every seat's view at every step hides others' hands and decks."""
    for seed in range(12):
        play(1000 + seed, n, bot, on_step=check_views)


def test_replaying_through_the_public_path_gives_the_same_state():
    """apply_action (validate, copy, apply) replays the simulator's games exactly."""
    for seed, n in ((1, 2), (2, 3), (3, 4)):
        game = play(seed, n, "greedy")
        state = api.new_game(players(n), {}, seed)
        for action in game.actions:
            state, _ = api.apply_action(state, action)
        assert state == game.state
