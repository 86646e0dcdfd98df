"""The game state: plain JSON data, and the small helpers every rule reads it with.

A state is dicts, lists, strings, numbers, bools and None, so it round-trips through JSON. It
holds the lesson's eligible questions (`bank`, server-only), the ids left to draw (`pool`), and
the current `step`: what the game waits for. Each seat's score card is `points` by category and
`req`, the requirement of each category's row (AS-03, AS-04).
"""

from __future__ import annotations

import marshal
from typing import Any

from .content import BOARD, CATEGORY_SQUARES

State = dict[str, Any]
Player = dict[str, Any]

GAME_KEY = "art_of_science"
SCHEMA = 1
CATEGORIES = ("MAT", "BIO", "CHE", "PHY", "ENG", "OTH")
SEAT_STEPS = ("place", "move", "shove", "answer", "advise", "reward", "spree", "genius",
              "challenge", "duel_category", "wager")


def clone(state: State) -> State:
    """A deep copy of a state (marshal is several times faster than copy.deepcopy)."""
    return marshal.loads(marshal.dumps(state))


def new_player(entry: dict) -> Player:
    return {
        "seat": entry["seat"],
        "name": entry.get("name", f"Seat {entry['seat']}"),
        "members": list(entry.get("members") or []),
        "order": None,
        "req": None,
        "points": dict.fromkeys(CATEGORIES, 0),
        "square": None,
        "shoved": False,
        "tally": {code: [0, 0] for code in CATEGORIES},  # [correct, wrong] by category
        "duels": [0, 0],  # [won, lost]
    }


def player(state: State, seat: int) -> Player:
    return state["players"][seat - 1]


def need(p: Player, code: str) -> int:
    """Points still missing from a category (0 when it is filled)."""
    return p["req"][code] - p["points"][code]


def is_filled(p: Player, code: str) -> bool:
    """A category is filled, and so locked, when its points reach its requirement (AS-16)."""
    return p["points"][code] >= p["req"][code]


def unlocked_points(p: Player) -> int:
    """U: the points in the seat's unfilled categories (AS-17)."""
    points, req = p["points"], p["req"]
    return sum([n for code, n in points.items() if n < req[code]])


def total_need(p: Player) -> int:
    return sum(p["req"].values()) - sum(p["points"].values())


def filled_count(p: Player) -> int:
    req = p["req"]
    return sum([1 for code, n in p["points"].items() if n >= req[code]])


def is_complete(p: Player) -> bool:
    """Every category filled (AS-24): points are capped, so the card equals the requirements."""
    return p["points"] == p["req"]


def card_total(p: Player) -> int:
    """Every point on the card; each category is capped at its requirement (AS-15, AS-37)."""
    return sum(p["points"].values())


def rows(p: Player) -> list[str]:
    """The seat's categories from row 1 (highest requirement) to row 6."""
    return list(p["order"])


def square(index: int) -> dict:
    return BOARD[index]


def moved_to(start: int, steps: int, direction: str) -> int:
    """The square `steps` away clockwise or counterclockwise on the loop (AS-09)."""
    sign = 1 if direction == "clockwise" else -1
    return (start + sign * steps) % len(BOARD)


def opponents(state: State, seat: int) -> list[int]:
    return [s for s in state["seats"] if s != seat]


def active_seat(state: State) -> int | None:
    turn = state["turn"]
    return turn["seat"] if turn else None


def placement_squares() -> tuple[int, ...]:
    """Where a pawn may start: any category square, never a special one (AS-06)."""
    return CATEGORY_SQUARES
