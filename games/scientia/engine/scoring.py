"""Scoring (SC-49 to SC-57, SC-G05, SC-G20): a seat's points at any moment, and the outcome."""

from __future__ import annotations

from .content import FIELDS
from .state import Seat, State, cards
from .tracks import cube_count, level

BONUS_SPACES = (4, 3)  # SC-51: the rightmost space and the one next to it (SC-G04)


def bonus_count(track: list[int]) -> int:
    """Special points earned in a field: 1 for a cube on space 4, 2 if one is also on 3."""
    count = 0
    for space in BONUS_SPACES:
        if space not in track:
            break
        count += 1
    return count


def physics_bonus(p: Seat, count: int) -> int:
    """Each bonus is one of the seat's field levels, two different fields for two; the
    engine takes the best (SC-52, SC-G20)."""
    levels = sorted((level(p["tracks"][f]) for f in FIELDS), reverse=True)
    return sum(levels[:count])


def physics_choice(p: Seat) -> list[str]:
    """The fields the Physics bonus counts, highest level first (shown to the seat)."""
    count = bonus_count(p["tracks"]["PHY"])
    ranked = sorted(FIELDS, key=lambda f: -level(p["tracks"][f]))
    return ranked[:count]


BONUS = {
    "PHY": physics_bonus,
    "CHE": lambda p, count: count * cube_count(p),  # SC-53
    "BIO": lambda p, count: count * 7,  # SC-54
    "AST": lambda p, count: count * (p["storage"] // 3),  # SC-55
}


def breakdown(p: Seat) -> dict[str, int]:
    """Points by source: flasks (SC-49), technology (SC-50), each field's special points
    (SC-51), unfinished research (SC-56)."""
    points = {"flasks": p["storage"],
              "technology": sum(level(track) for track in p["tracks"].values())}
    for field in FIELDS:
        points[f"bonus_{field}"] = BONUS[field](p, bonus_count(p["tracks"][field]))
    points["unfinished"] = sum(1 for _, card in cards(p) if card["turns"] < 4)
    return points


def total(p: Seat) -> int:
    return sum(breakdown(p).values())


def result(state: State) -> dict:
    """Every seat's total, breakdown and rank; all seats tied on the highest total win
    (SC-57, SC-G15)."""
    rows = [{"seat": p["seat"], "score": total(p), "breakdown": breakdown(p),
             "physics_fields": physics_choice(p)} for p in state["players"]]
    for row in rows:
        row["rank"] = 1 + sum(other["score"] > row["score"] for other in rows)
    return {"ended_by": state["end_reason"], "called": state["time_called"],
            "players": rows, "winners": [row["seat"] for row in rows if row["rank"] == 1]}


def outcome(state: State) -> dict | None:
    return result(state) if state["stage"] == "over" else None
