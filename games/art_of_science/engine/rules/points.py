"""Points on the score card: caps, locks, distributing and striking out (AS-15 to AS-19, AS-39).

Every change goes through `change`, which keeps a category within 0…its requirement and writes
the change on the ledger of the judgement that caused it, so a teacher's override can take it
back (AS-34). A choice of how to split points ("distribute 3", "strike out 2") is an
*allocation*: made at once when only one split is possible, otherwise waited for from its seat.
"""

from __future__ import annotations

from ..content import SETTINGS
from ..events import event
from ..state import CATEGORIES, is_filled, need, player, total_need, unlocked_points


def change(state: dict, seat: int, code: str, delta: int, judgement: int | None) -> int:
    """Move a category's points by `delta` within 0…requirement (AS-15, AS-39); the change made."""
    p = player(state, seat)
    before = p["points"][code]
    after = min(p["req"][code], max(0, before + delta))
    p["points"][code] = after
    made = after - before
    if made and judgement is not None:
        state["judgements"][judgement]["changes"].append([seat, code, made])
    return made


def gain_in(state: dict, seat: int, code: str, points: int, judgement: int | None,
            out: list, why: str) -> int:
    """`points` into one category; what is above its remaining need is lost, and a filled
    category takes nothing (AS-15, AS-16)."""
    gained = change(state, seat, code, points, judgement)
    out.append(event(state, "PointsGained", seat, category=code, points=points, gained=gained,
                     lost=points - gained, why=why, filled=is_filled(player(state, seat), code)))
    return gained


def room(p: dict, mode: str) -> dict[str, int]:
    """How many points each category can take (gain) or give (strike); filled ones neither."""
    if mode == "gain":
        return {c: need(p, c) for c in CATEGORIES if need(p, c) > 0}
    return {c: p["points"][c] for c in CATEGORIES if p["points"][c] and not is_filled(p, c)}


def placeable(p: dict, mode: str, points: int) -> int:
    """How many of `points` can be placed (AS-18) or struck out (AS-19)."""
    return min(points, total_need(p) if mode == "gain" else unlocked_points(p))


def splits(p: dict, mode: str, points: int) -> list[dict[str, int]]:
    """Every way to split the placeable points over the categories (AS-18, AS-19), each as
    {category: points} with only positive entries, in the rulebook's category order."""
    limits = room(p, mode)
    codes = list(limits)
    caps = [limits[c] for c in codes]
    found: list[dict[str, int]] = []

    def place(i: int, left: int, chosen: dict) -> None:
        if i == len(codes):
            if left == 0:
                found.append(dict(chosen))
            return
        if sum(caps[i:]) < left:
            return
        for n in range(min(caps[i], left), -1, -1):
            if n:
                chosen[codes[i]] = n
            place(i + 1, left - n, chosen)
            chosen.pop(codes[i], None)

    place(0, placeable(p, mode, points), {})
    return found


def is_forced(p: dict, mode: str, points: int) -> bool:
    """Whether only one split exists: nothing to place, one category, or everything at once."""
    limits = room(p, mode)
    total = placeable(p, mode, points)
    return total == 0 or len(limits) == 1 or total == sum(limits.values())


def auto_split(p: dict, mode: str, points: int) -> dict[str, int]:
    """The split made for a seat that does not choose: gains fill rows from the top (house
    ruling), strikes come from the lowest row first (the rules file's part 4)."""
    limits = room(p, mode)
    left = placeable(p, mode, points)
    order = p["order"] if mode == "gain" else list(reversed(p["order"]))
    result = {}
    for code in order:
        take = min(left, limits.get(code, 0))
        if take:
            result[code] = take
            left -= take
    return {c: result[c] for c in CATEGORIES if c in result}


def apply_split(state: dict, seat: int, mode: str, split: dict[str, int], offered: int,
                judgement: int | None, out: list, why: str) -> None:
    sign = 1 if mode == "gain" else -1
    for code, n in split.items():
        change(state, seat, code, sign * n, judgement)
    moved = sum(split.values())
    kind = "PointsDistributed" if mode == "gain" else "PointsStruck"
    out.append(event(state, kind, seat, points=dict(split), offered=offered, moved=moved,
                     lost=offered - moved, why=why))


def allocate(state: dict, seat: int, mode: str, points: int, judgement: int | None, out: list,
             why: str, auto: bool = False) -> None:
    """Distribute (`gain`) or strike out (`strike`) `points` for a seat: at once if the split is
    forced or `auto`, otherwise the seat is asked (AS-18, AS-19)."""
    p = player(state, seat)
    if auto or is_forced(p, mode, points):
        apply_split(state, seat, mode, auto_split(p, mode, points), points, judgement, out, why)
        return
    allocation = {"id": state["allocation_n"], "seat": seat, "mode": mode, "points": points,
                  "total": placeable(p, mode, points), "judgement": judgement, "why": why}
    state["allocation_n"] += 1
    state["allocations"].append(allocation)
    state["step"] = {"kind": "allocate"}
    out.append(event(state, "AllocationAwaited", seat, allocation=allocation["id"], mode=mode,
                     points=points, total=allocation["total"], why=why))


def pending_for(state: dict, seat: int) -> dict | None:
    for allocation in state["allocations"]:
        if allocation["seat"] == seat:
            return allocation
    return None


def split_problem(p: dict, allocation: dict, split: dict) -> str | None:
    """Why `split` is not a legal answer to `allocation`, or None (AS-18, AS-19)."""
    limits = room(p, allocation["mode"])
    if any(code not in limits or n > limits[code] for code, n in split.items()):
        return "over_limit"
    if sum(split.values()) != allocation["total"]:
        return "wrong_total"
    return None


def seconds() -> int:
    return SETTINGS["allocation_seconds"]
