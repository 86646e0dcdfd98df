"""Build Art of Science positions directly, without playing up to them.

`game` makes a game with the fixture bank, a fixed start seat, every seat's order written in the
rulebook's category order (rows MAT 4, BIO 3, CHE 2, PHY 1, ENG 1, OTH 1 in a lesson game) and the
pawns placed, waiting for round 1's first question draw. `turn_from` puts a seat at the start of a
later turn; `ask` draws a chosen question; `right`/`wrong` are answers to the current question.
"""

from __future__ import annotations

from games.art_of_science.engine import api
from games.art_of_science.engine.bots import right_value, wrong_value
from games.art_of_science.engine.state import CATEGORIES, player
from tests.art_of_science.fixtures import options

DEFAULT_SQUARES = (1, 2, 3, 4, 5, 6)  # MAT 1, BIO 2, CHE 3, PHY 1, ENG 2, OTH 3


def seats(n: int) -> list[dict]:
    return [{"seat": s, "name": f"Seat {s}"} for s in range(1, n + 1)]


def act(state: dict, action: dict) -> list[dict]:
    """Apply a validated action to `state` in place; return its events."""
    new_state, events = api.apply_action(state, action)
    state.clear()
    state.update(new_state)
    return events


def chance(state: dict, outcome) -> list[dict]:
    return act(state, {"type": "chance", "outcome": outcome})


def new(n: int = 2, seed: int = 0, **opts) -> dict:
    """A new game, waiting for every seat's category order."""
    return api.new_game(seats(n), options(**{"start_seat": 1, **opts}), seed)


def game(n: int = 2, squares=DEFAULT_SQUARES, orders=None, seed: int = 0, **opts) -> dict:
    """A game at round 1, seat 1's question waiting to be drawn."""
    state = new(n, seed, **opts)
    for seat in range(1, n + 1):
        order = (orders or {}).get(seat, list(CATEGORIES))
        act(state, {"type": "choose_order", "seat": seat, "order": order})
    for seat in state["order"]:
        act(state, {"type": "place", "seat": seat, "square": squares[seat - 1]})
    return state


def points(state: dict, seat: int, **by_category: int) -> None:
    """Write points on a seat's card directly."""
    player(state, seat)["points"].update(by_category)


def question_ids(state: dict, category: str, fmt: str | None = None) -> list[str]:
    return [qid for qid in state["left"][category]
            if fmt is None or state["bank"][qid]["format"] == fmt]


def ask(state: dict, category: str | None = None, fmt: str = "multiple_choice") -> str:
    """Resolve the waiting question draw with a question of `fmt`; its id."""
    pending = state["pending_question"]
    qid = question_ids(state, category or pending["category"], fmt)[0]
    chance(state, qid)
    return qid


def right(state: dict):
    return right_value(state)


def wrong(state: dict):
    import random

    return wrong_value(state, random.Random(0))


def answer(state: dict, seat: int, value) -> list[dict]:
    return act(state, {"type": "answer", "seat": seat, "value": value})


def turn_from(state: dict, seat: int, square: int, round_: int = 2) -> dict:
    """`seat` starts a later turn on `square`: its roll waits."""
    state["round"] = round_
    player(state, seat)["square"] = square
    state["turn"] = {"seat": seat, "new_rounds": 0}
    state["question"] = None
    state["pending_question"] = None
    state["step"] = {"kind": "chance", "draw": "die", "seat": seat, "purpose": "move"}
    return state


def land(state: dict, seat: int, start: int, face: int, direction: str = "clockwise") -> list:
    """`seat` rolls `face` from `start` and moves; the landing events."""
    turn_from(state, seat, start)
    chance(state, face)
    return act(state, {"type": "move", "seat": seat, "direction": direction})


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]
