"""The state of a game of Nobel Run: plain data that round-trips to JSON.

Every zone that has no order in the rules is a multiset, kept as a sorted list of card kinds:
hands, seat decks, discard piles, pools and the hidden rest of each supply deck. A deck has no
order, so nothing can leak one; a draw is a chance step choosing from what is left (NR-08). The
CV is an ordered list of entries (when each card arrived matters to the debrief).
"""

from __future__ import annotations

import marshal
from bisect import insort
from typing import Any

from games.engines.base import GameError

from .content import CARDS

GAME_KEY = "nobel_run"
SCHEMA = 1
VARIANT = "lesson"
SHORT = "short"  # the lesson's default: a lower goal, so 3-4 seats fit a lesson (NR-G18)
GOALS = {VARIANT: 20, SHORT: 12}  # NR-28's goal by variant
RESOURCES = ("M", "E", "D")
SUPPLIES = ("basic", "advanced")
GOAL = GOALS[VARIANT]  # NR-28, the full game
HAND_SIZE = 5  # NR-06, NR-17
POOL_SIZE = 5  # NR-04, NR-05
RESPONSE_SECONDS = 45  # NR-19
IDLE_ROUNDS = 3  # NR-G23 (ours): rounds without a purchase or a publish that end a stalled game
STARTING_DECK = ("work", "work", "work", "work", "research", "predoc", "local-grant")  # NR-03
OPTIONS = {"variant": VARIANT, "situations_systemic": False, "first_seat": None}

State = dict[str, Any]


def clone(state: State) -> State:
    """A deep copy; marshal is several times faster than copy.deepcopy on plain data."""
    return marshal.loads(marshal.dumps(state))


def take(cards: list[str], kind: str) -> None:
    """Remove one card of `kind` from a zone (a sorted list)."""
    cards.remove(kind)


def put(cards: list[str], kind: str) -> None:
    """Add one card to a multiset zone, keeping it sorted."""
    insort(cards, kind)


def goal(state: State) -> int:
    """The prestige that ends the game: 20 in the full game, less in the short one (NR-28,
    NR-G18)."""
    return GOALS[state["variant"]]


def player(state: State, seat: int) -> dict:
    return state["players"][seat - 1]


def seats(state: State) -> list[int]:
    return [p["seat"] for p in state["players"]]


def opponents(state: State, seat: int) -> list[int]:
    """The seats a negative card may name (NR-26)."""
    return [p["seat"] for p in state["players"] if p["seat"] != seat]


def turn_order(state: State) -> list[int]:
    """Seats from the first seat clockwise (NR-07)."""
    n, first = len(state["players"]), state["first_seat"] or 1
    return [(first - 1 + i) % n + 1 for i in range(n)]


def check_options(players: list[dict], options: dict) -> dict:
    """The options with defaults filled in; GameError for bad seats or options (NR-01)."""
    numbers = [p.get("seat") for p in players]
    if not 2 <= len(players) <= 4 or numbers != list(range(1, len(players) + 1)):
        raise GameError("Nobel Run needs seats numbered 1 to N, N from 2 to 4 (NR-01)")
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise GameError(f"unknown options {sorted(unknown)}")
    merged = {**OPTIONS, **options}
    if merged["variant"] not in GOALS:
        raise GameError(f"unknown variant {merged['variant']!r}")
    if not isinstance(merged["situations_systemic"], bool):
        raise GameError("situations_systemic is true or false")
    if merged["first_seat"] is not None and merged["first_seat"] not in numbers:
        raise GameError("first_seat names no seat")
    return merged


def new_player(seat: int, name: str) -> dict:
    return {
        "seat": seat,
        "name": name,
        "hand": [],
        "deck": sorted(STARTING_DECK),
        "discard": [],
        "play": [],
        "cv": [],
        "blocks": [],
        "pp": 0,
        "defaults": 0,
    }


def starting_supplies(n: int) -> dict:
    """Both supply decks before their shuffles: every basic card but the starting Predocs and
    Local Grants (NR-03, NR-G03), and every advanced card (NR-05). Nothing is drawn yet."""
    rest: dict[str, list[str]] = {"basic": [], "advanced": []}
    for kind, card in CARDS.items():
        if card["group"] in rest:
            rest[card["group"]] += [kind] * card["copies"]
    for kind in ("predoc", "local-grant"):
        for _ in range(n):
            rest["basic"].remove(kind)
    return {group: {"pool": [], "top": None, "rest": sorted(cards)}
            for group, cards in rest.items()}


def out_of_game(n: int) -> list[str]:
    """Initial cards no seat was dealt (20 - 5N, NR-03)."""
    return sorted(["work"] * (16 - 4 * n) + ["research"] * (4 - n))


def new_state(players: list[dict], options: dict, seed: int) -> State:
    options = check_options(players, options)
    n = len(players)
    return {
        "game": GAME_KEY,
        "schema": SCHEMA,
        "variant": options["variant"],
        "seed": seed,
        "options": options,
        "players": [new_player(p["seat"], p.get("name") or f"Seat {p['seat']}") for p in players],
        "supply": starting_supplies(n),
        "out_of_game": out_of_game(n),
        "first_seat": None,
        "active": None,
        "round": 1,
        "turn": 0,
        "turn_pool": dict.fromkeys(RESOURCES, 0),
        "published": False,
        "step": None,
        "queue": [],
        "chance_n": 0,
        "actions_n": 0,
        "responses_n": 0,
        "targeting": [],
        "triggered": None,
        "time_called": False,
        "round_active": False,
        "idle_rounds": 0,
        "ended_by": None,
        "events": [],
    }
