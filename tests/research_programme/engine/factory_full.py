"""Build full-game and beginner-game positions directly (see factory.py for the school game).

`full_game` sets up a game with chosen start player, hidden markers and anomalies (everything
else takes the first outcome), stopped before round 1's Event reveal. `actions_position` and
`test_position` put a seat at a decision; `hand` gives Disruption cards.
"""

from __future__ import annotations

from games.research_programme.engine import api
from games.research_programme.engine.rules import full_setup
from games.research_programme.engine.state import player

from . import factory as f

FIRST_MARKERS = {"GRA": ["discovery", "null", "none"]}


def full_game(n: int = 2, variant: str = "full", start: int = 1, markers: dict | None = None,
              anomaly_hexes=("GRA1", "COS1", "PAR1"), seed: int = 0) -> dict:
    """A full (or beginner) game after setup, waiting for round 1's Event reveal. `markers`
    maps a region to its markers, one per hidden hex in map order ("none" for the empty one)."""
    markers = markers or {}
    anomaly_hexes = list(anomaly_hexes)
    state = api.new_game(f.seats(n), {"variant": variant}, seed)
    while not (state["step"]["kind"] == "chance" and state["step"]["chance"] == "event"):
        step = state["step"]
        if step["kind"] == "keep":
            for seat in list(step["seats"]):
                f.act(state, api.legal_actions(state, seat)[0])
            continue
        outcomes = api.chance_outcomes(state)
        pick = outcomes[0]
        if step["chance"] == "start_player":
            pick = start
        elif step["chance"] == "markers" and step["region"] in markers:
            pick = markers[step["region"]]
        elif step["chance"] == "anomaly_hex" and anomaly_hexes:
            pick = anomaly_hexes.pop(0)
        f.chance(state, pick)
    return state


def actions_position(n: int = 2, seat: int = 1, **kwargs) -> dict:
    """A full-game state in the Actions phase with `seat` to act."""
    state = full_game(n=n, **kwargs)
    state["phase"] = "actions"
    state["queue"] = []
    state["step"] = {"kind": "actions", "seats": [seat]}
    state["turn"] = state["order"].index(seat)
    state["next_event"] = None
    return state


def test_position(seat: int, theory: str, project: str, state: dict, method=None) -> dict:
    """`state` in the Tests phase with `seat` about to roll its scheduled test."""
    f.schedule(state, seat, theory, project, method)
    state["phase"] = "tests"
    later = state["order"][state["order"].index(seat) + 1:]
    tasks = [{"t": name, "seat": s} for s in later for name in ("test", "synthesis")]
    state["queue"] = [{"t": "synthesis", "seat": seat}] + tasks + [{"t": "cleanup"}]
    state["step"] = {"kind": "test", "seats": [seat]}
    return state


def hand(state: dict, seat: int, *cards: str) -> None:
    """Give the seat these Disruption cards (taken out of the deck)."""
    p = player(state, seat)
    for card in cards:
        if card in state["decks"]["disruption"]:
            state["decks"]["disruption"].remove(card)
        p["disruptions"].append(card)


def markers_of(state: dict, region: str) -> dict:
    return {h: state["hidden_markers"].get(h, full_setup.NO_MARKER)
            for h in full_setup.hidden_hexes(state, region)}
