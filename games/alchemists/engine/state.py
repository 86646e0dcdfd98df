"""The game state: plain JSON data, and the small helpers every rule uses to read and change it.

A state is dicts, lists, strings, ints, bools and None, so it round-trips through JSON. Decks,
discard piles, hands and the ingredient row are multisets `{id: count}` with no order; every
draw is a chance step choosing from what is left. `state["secret"]` is server-only: the mapping,
the adventurers and artifacts not yet drawn. No view reads it (views.py).
"""

from __future__ import annotations

import marshal
from typing import Any

from games.engines.base import GameError

from .content import ARTIFACTS, FAVOURS, INGREDIENTS, SEALS, VARIANTS, ops

State = dict[str, Any]
Player = dict[str, Any]

SCHEMA = 1
GAME_KEY = "alchemists"


def clone(state: State) -> State:
    """A deep copy. marshal is several times faster than copy.deepcopy for plain data."""
    return marshal.loads(marshal.dumps(state))


def rules_for(options: dict, n: int) -> tuple[str, dict]:
    """The variant's settings (content/variants.json), checked against the seat count."""
    name = options.get("variant", "lesson")
    if name not in VARIANTS:
        raise GameError(f"unknown variant {name!r}")
    variant = VARIANTS[name]
    if not variant["min_seats"] <= n <= variant["max_seats"]:
        raise GameError(f"{name} is for {variant['min_seats']} to {variant['max_seats']} seats")
    rules = {k: v for k, v in variant.items() if k not in ("title", "provenance", "rules", "id")}
    return name, clone(rules)


def new_player(seat: int, name: str, rules: dict) -> Player:
    """A seat before its setup draws (AL-19)."""
    return {
        "seat": seat, "name": name, "gold": rules["start_gold"],
        "reputation": rules["start_reputation"], "hand": {}, "favours": {},
        "seals": {kind: SEALS[kind]["count"] for kind in SEALS}, "seals_lost": [],
        "artifacts": [], "grants": [], "discounts": [], "unused": 0, "hospital": 0,
        "drink_effects": [], "paralysed": False, "potions": [], "sold": [], "results": [],
        "sightings": [], "exhibited": [], "mastery": [], "set_aside": {}, "boots_used": False,
        "kept": None, "bid": None, "stats": dict.fromkeys(STATS, 0),
    }


STATS = ("experiments", "sales", "published", "endorsed", "debunks", "debunk_failures",
         "conflicts", "exhibitions")


def player(state: State, seat: int) -> Player:
    return state["players"][seat - 1]


def seats(state: State) -> list[int]:
    return [p["seat"] for p in state["players"]]


def rule(state: State, key: str) -> Any:
    return state["rules"][key]


def is_master(state: State) -> bool:
    return state["rules"]["mode"] == "master"


def final_round(state: State) -> bool:
    return state["round"] == state["rules"]["rounds"]


def clockwise(state: State, start: int) -> list[int]:
    """Every seat from `start` clockwise (seat numbers are the seating order)."""
    n = len(state["players"])
    return [(start - 1 + i) % n + 1 for i in range(n)]


# Multisets -------------------------------------------------------------------------------------

def add(bag: dict[str, int], item: str, count: int = 1) -> None:
    bag[item] = bag.get(item, 0) + count


def take(bag: dict[str, int], item: str, count: int = 1) -> None:
    """Remove `count` of `item`; the caller has checked that they are there."""
    left = bag[item] - count
    if left:
        bag[item] = left
    else:
        del bag[item]


def size(bag: dict[str, int]) -> int:
    return sum(bag.values())


def has(bag: dict[str, int], items: list[str]) -> bool:
    """Whether the multiset holds every item of `items` (with repeats)."""
    need: dict[str, int] = {}
    for item in items:
        need[item] = need.get(item, 0) + 1
    return all(bag.get(item, 0) >= count for item, count in need.items())


def as_list(bag: dict[str, int]) -> list[str]:
    """The multiset as a sorted list with repeats: a chance step's outcomes."""
    return [item for item in sorted(bag) for _ in range(bag[item])]


def full_ingredient_deck() -> dict[str, int]:
    return {i: INGREDIENTS[i]["cards"] for i in INGREDIENTS}


def full_favour_deck() -> dict[str, int]:
    return {f: FAVOURS[f]["count"] for f in FAVOURS}


ARTIFACT_EFFECTS = {a: ops(record) for a, record in ARTIFACTS.items()}


def power(p: Player, op: str) -> dict | None:
    """The effect `op` of an artifact the seat owns, if any: rules ask for effects, not cards."""
    for artifact in p["artifacts"]:
        effect = ARTIFACT_EFFECTS[artifact].get(op)
        if effect is not None:
            return effect
    return None


def seal_total(p: Player) -> int:
    return sum(p["seals"].values())
