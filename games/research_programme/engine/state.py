"""The game state: plain JSON data, and the small helpers every rule uses to change it.

A state is a dict of dicts, lists, strings, ints, bools and None, so it round-trips through JSON
unchanged. Cards appear only as ids (content.CARDS holds them). Decks are kept as sorted lists
of the ids left in them: they have no order, and every draw is a chance step.
"""

from __future__ import annotations

import marshal
from typing import Any

from . import board

State = dict[str, Any]
Player = dict[str, Any]

SCHEMA = 1
GAME_KEY = "research_programme"
RESOURCES = ("R", "D", "L", "O", "S")
STARTING_RESOURCES = {"R": 3, "D": 1, "L": 1, "O": 0, "S": 1}
TRACK_RANGE = {"reputation": (0, 6), "rigour": (0, 10), "hype": (0, 10)}
STORAGE_LIMIT = 8
HAND_LIMIT = 4
THEORY_SLOTS = 3
TILES = 6
MARKET_SIZE = 3
VARIANTS = {
    # What the school variant switches off (rules file, 2.0); the full game (FG-01 to FG-17) and
    # the beginner game (FG-16) switch it on. Rules read these flags, never a variant's name.
    "school": {
        "rounds": 5,
        "stories": True,
        "synthesis": False,
        "noise_overflow": False,
        "disruption_cards": False,
        "hidden_hexes": False,
        "packets": True,
        "fixed_anomalies": True,
    },
    "full": {
        "rounds": 8,
        "stories": False,
        "synthesis": True,
        "noise_overflow": True,
        "disruption_cards": True,
        "hidden_hexes": True,
        "packets": False,
        "fixed_anomalies": False,
    },
    "beginner": {
        "rounds": 8,
        "stories": False,
        "synthesis": True,
        "noise_overflow": True,
        "disruption_cards": True,
        "hidden_hexes": True,
        "packets": True,
        "fixed_anomalies": True,
    },
}
DISRUPTION_HAND_LIMIT = 2
IN_PLAY_VP_SOURCES = (
    "replication",
    "replication_tag",
    "anomaly",
    "falsification",
    "research_programme",
    "cards",
)
FULL_VP_SOURCES = ("exploration",)


def clone(state: State) -> State:
    """A deep copy of a state. marshal is several times faster than copy.deepcopy here."""
    return marshal.loads(marshal.dumps(state))


def uses(state: State, flag: str) -> bool:
    """Whether the state's variant has this feature (VARIANTS)."""
    return VARIANTS[state["variant"]][flag]


def new_player(seat: int, name: str, variant: str = "school") -> Player:
    """A seat's starting state (SV-08); the full game adds the Disruption hand and what FG-14
    repairs."""
    p = school_player(seat, name)
    if VARIANTS[variant]["disruption_cards"]:
        p.update(disruptions=[], hype_from_cards=0, silenced_nulls=0)
        p["vp_sources"] = dict.fromkeys(IN_PLAY_VP_SOURCES + FULL_VP_SOURCES, 0)
    return p


def school_player(seat: int, name: str) -> Player:
    return {
        "seat": seat,
        "name": name,
        "resources": dict(STARTING_RESOURCES),
        "rigour": 0,
        "hype": 0,
        "reputation": 0,
        "debt": 0,
        "vp": 0,
        "vp_sources": dict.fromkeys(IN_PLAY_VP_SOURCES, 0),
        "ep": 0,
        "insight": 0,
        "next_test_plus": 0,
        "hand": [],
        "methods": [],
        "theories": [],
        "projects": [],
        "tiles_left": TILES,
        "records": [],
        "record_n": 0,
        "bridges": [],
        "programmes": [],
        "actions_taken": [],
        "passed": False,
        "scheduled": None,
        "successes": 0,
        "effects": [],
        "replications": 0,
        "funding": None,
    }


def new_hexes() -> dict[str, dict]:
    return {
        hex_id: {
            "noise": 0,
            "owner": None,
            "card": None,
            "anomaly": None,
            "neutral": False,
            "wormholes": [],
        }
        for hex_id in board.HEX_IDS
    }


def player(state: State, seat: int) -> Player:
    return state["players"][seat - 1]


def turn_order(state: State) -> list[int]:
    """Seats from the start player clockwise (SV-14)."""
    return state["order"]


def compute_order(n: int, start: int) -> list[int]:
    return [(start - 1 + i) % n + 1 for i in range(n)]


def noise_supply_size(n: int) -> int:
    """4 + 3 x N (SV-05)."""
    return 4 + 3 * n


def gain(p: Player, code: str, amount: int, source: str = "cards") -> int:
    """Change a resource or track by `amount` within its limits (SV-12). Returns the change made.

    A gain above a maximum is lost, a loss never goes below the floor. VP has no floor
    (final VP can be negative); `source` names where VP came from for the breakdown.
    """
    if code in STARTING_RESOURCES:
        resources = p["resources"]
        before = resources[code]
        resources[code] = max(0, before + amount)
        return resources[code] - before
    if code == "vp":
        p["vp"] += amount
        p["vp_sources"][source] += amount
        return amount
    if code == "technique_next_test":
        before = p["next_test_plus"]
        p["next_test_plus"] = max(0, before + amount)
        return p["next_test_plus"] - before
    low, high = TRACK_RANGE[code]
    before = p[code]
    p[code] = min(high, max(low, before + amount))
    return p[code] - before


def can_pay(p: Player, cost: dict[str, int], extra_r: int = 0) -> bool:
    resources = p["resources"]
    for code, amount in cost.items():
        have = resources[code] + (extra_r if code == "R" else 0)
        if have < amount:
            return False
    return True


def pay(p: Player, cost: dict[str, int]) -> None:
    """Pay in full; callers check `can_pay` first (SV-12: a partial payment is not allowed)."""
    resources = p["resources"]
    for code, amount in cost.items():
        resources[code] -= amount


def resource_total(p: Player) -> int:
    r = p["resources"]
    return r["R"] + r["D"] + r["L"] + r["O"] + r["S"]


def theory_in_play(state: State, theory_id: str) -> dict | None:
    return state["theories"].get(theory_id)


def unpublished_records(p: Player, outcome: str | None = None) -> list[dict]:
    return [
        r for r in p["records"]
        if r["status"] == "unpublished" and (outcome is None or r["outcome"] == outcome)
    ]
