"""Build Scientia positions directly, without playing up to them.

`at_turn` skips the draft and puts a seat at the start of its turn, holding the cards given as
(face, turns, flasks); `setup` changes a seat's tracks, storage and slots; `act` applies one
validated action in place and returns its events; `with_effects` gives a face other effects for
one test (the catalogue is data, so a test states exactly the effect it needs).
"""

from __future__ import annotations

from games.engines.playout import players
from games.scientia.engine import api, turns
from games.scientia.engine.content import FACES
from games.scientia.engine.state import seat_of, stack_of

FIRST_STEP = [1, 5, 7, 13, 17, 19, 25, 29, 31, 37, 41, 43]


def new(n: int = 2, first: int = 1, combination="first_step", seed: int = 0) -> dict:
    """A game at its opening draft (no chance step: the first player is named)."""
    return api.new_game(players(n), {"combination": combination, "first_player": first}, seed)


def give(state: dict, seat: int, cards) -> None:
    """Put cards from their stacks into the seat's first empty slots."""
    p = seat_of(state, seat)
    for face, turns_, flasks in cards:
        stack_of(state, face)["cards"] -= 1
        slot = p["slots"].index(None)
        p["slots"][slot] = {"face": face, "turns": turns_, "flasks": flasks}


def at_turn(n: int = 2, seat: int = 1, hands: dict | None = None, first: int = 1,
            combination="first_step", round_: int = 1) -> dict:
    """Round `round_` after a skipped draft, `seat` starting its turn, holding `hands`."""
    state = new(n, first, combination)
    state["stage"], state["round"], state["drafters"] = "play", round_, []
    for s, cards in (hands or {}).items():
        give(state, s, cards)
    state["turn"] = (round_ - 1) * n + state["order"].index(seat)
    turns.start_turn(state, state["order"].index(seat))
    state["events"] = []
    return state


def setup(state: dict, seat: int, tracks: dict | None = None, storage: int | None = None,
          slots: int | None = None) -> dict:
    """Set a seat's tracks ({field: [spaces]}), storage and number of slots; the supplies and
    slot conditions follow, as if play had got there."""
    p = seat_of(state, seat)
    for field, cubes in (tracks or {}).items():
        state["supply"]["cubes"] -= len(cubes) - len(p["tracks"][field])
        p["tracks"][field] = list(cubes)
    if storage is not None:
        state["supply"]["flasks"] -= storage - p["storage"]
        p["storage"] = storage
    cubes = sum(len(t) for t in p["tracks"].values())
    p["slot_for_cubes"] = cubes >= 5
    p["slot_for_flasks"] = p["storage"] >= 5
    wanted = slots if slots is not None else 2 + p["slot_for_cubes"] + p["slot_for_flasks"]
    while len(p["slots"]) < wanted:
        p["slots"].append(None)
        state["slot_supply"] -= 1
    return p


def act(state: dict, type_: str, seat=None, **params) -> list[dict]:
    """Apply one action through the validating path, changing `state`; its events."""
    action = {"type": type_, "seat": seat, **params}
    if type_ == "chance":
        action = {"type": "chance", **params}
    new_state, events = api.apply_action(state, action)
    state.clear()
    state.update(new_state)
    return events


def rotate(state: dict, seat: int, slots: list[int]) -> list[dict]:
    """Choose a rotation and confirm it."""
    return act(state, "rotate", seat, slots=slots) + act(state, "confirm", seat)


def with_effects(monkeypatch, face: int, effects: list[dict]) -> None:
    monkeypatch.setitem(FACES[face], "effects", effects)


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def of_type(events: list[dict], type_: str) -> list[dict]:
    return [e for e in events if e["type"] == type_]
