"""A turn entered as a plan: what to discard, use, publish, disable and buy, checked as a whole.

    {"type": "plan", "seat": 2, "end_turn": true,
     "discards": ["work"],
     "uses": [{"card": "predoc", "use": 1, "target": null}, ...],
     "publish": {"card": "care", "target": 3} | null,
     "disables": [0],
     "buys": [{"supply": "basic", "from": "pool", "card": "q4-paper", "unlock": null},
              {"supply": "advanced", "from": "top", "card": "postdoc", "unlock": "work"}]}

Cards are named by kind; a hand is a multiset, so two Work cards are two entries. A tablet may
also send `slot` (the card's place in the sorted hand), `index` (a pool card's place) and
`unlock_slot`; they are checked and dropped. `problems` lists every reason a plan is illegal
(the tablet shows them live); `canonical` raises the first as IllegalAction. No code depends on
anything the planning seat cannot see: only its own hand and public things are read.
"""

from __future__ import annotations

from games.engines.base import IllegalAction

from .plan_rules import CHECKS
from .state import SUPPLIES, player

FIELDS = {"type", "seat", "discards", "uses", "publish", "disables", "buys", "end_turn"}
SOURCES = ("pool", "top")


class Malformed(Exception):
    """The plan is not the shape of a plan."""


def _entry(value, keys: set[str], required: set[str]) -> dict:
    """A dict entry with the required keys, no unknown ones, and a card id."""
    if isinstance(value, str) and required == {"card"}:
        value = {"card": value}
    if not isinstance(value, dict) or not required <= set(value) <= keys:
        raise Malformed
    if not isinstance(value["card"], str):
        raise Malformed
    return dict(value)


def _number(value, optional: bool = True) -> bool:
    if value is None:
        return optional
    return isinstance(value, int) and not isinstance(value, bool)


def _list(action: dict, key: str) -> list:
    value = action.get(key, [])
    if not isinstance(value, list):
        raise Malformed
    return value


def shape(action: dict) -> dict:
    """The plan with defaults filled in and every field of the right type; Malformed if not."""
    if not isinstance(action, dict) or action.get("type") != "plan" or not set(action) <= FIELDS:
        raise Malformed
    plan = {"type": "plan", "seat": action.get("seat"), "end_turn": action.get("end_turn", True),
            "discards": [_entry(d, {"card", "slot"}, {"card"}) for d in _list(action, "discards")],
            "uses": [_use(u) for u in _list(action, "uses")],
            "publish": _publish(action.get("publish")),
            "disables": _list(action, "disables"),
            "buys": [_buy(b) for b in _list(action, "buys")]}
    if not _number(plan["seat"], False) or not isinstance(plan["end_turn"], bool):
        raise Malformed
    if not all(_number(i, False) for i in plan["disables"]):
        raise Malformed
    return plan


def _use(raw) -> dict:
    use = _entry(raw, {"card", "use", "target", "slot"}, {"card", "use"})
    if not _number(use["use"], False) or not _number(use.get("target")):
        raise Malformed
    return {"target": None, **use}


def _publish(raw) -> dict | None:
    """The publish, as one entry or as a tablet's subset of at most one."""
    if isinstance(raw, list) and len(raw) <= 1:
        raw = raw[0] if raw else None
    if raw is None:
        return None
    chosen = _entry(raw, {"card", "target", "slot"}, {"card"})
    if not _number(chosen.get("target")):
        raise Malformed
    return {"target": None, **chosen}


def _buy(raw) -> dict:
    buy = _entry(raw, {"supply", "from", "card", "unlock", "index", "unlock_slot"},
                 {"supply", "from", "card"})
    buy = {"unlock": None, **buy}
    if buy["supply"] not in SUPPLIES or buy["from"] not in SOURCES:
        raise Malformed
    if not (buy["unlock"] is None or isinstance(buy["unlock"], str)):
        raise Malformed
    if buy["from"] == "pool" and (buy["unlock"] is not None or "unlock_slot" in buy):
        raise Malformed
    return buy


def strip(plan: dict) -> dict:
    """The canonical plan: tablet-only fields dropped, every list sorted."""
    return {
        "type": "plan", "seat": plan["seat"], "end_turn": plan["end_turn"],
        "discards": sorted(d["card"] for d in plan["discards"]),
        "uses": sorted(({"card": u["card"], "use": u["use"], "target": u["target"]}
                        for u in plan["uses"]),
                       key=lambda u: (u["card"], u["use"], u["target"] or 0)),
        "publish": None if plan["publish"] is None else {
            "card": plan["publish"]["card"], "target": plan["publish"]["target"]},
        "disables": sorted(plan["disables"]),
        "buys": sorted(({"supply": b["supply"], "from": b["from"], "card": b["card"],
                         "unlock": b["unlock"]} for b in plan["buys"]),
                       key=lambda b: (b["supply"], b["from"], b["card"], b["unlock"] or "")),
    }


def turn_problem(state: dict, seat) -> str | None:
    step = state["step"]
    if step["kind"] == "over":
        return "game_over"
    if step["kind"] != "plan" or step["seat"] != seat:
        return "not_your_turn"
    return None


def problems(state: dict, action: dict) -> list[str]:
    """Every reason the plan is illegal now, as codes; [] for a legal plan."""
    try:
        plan = shape(action)
    except Malformed:
        return ["bad_plan"]
    turn = turn_problem(state, plan["seat"])
    if turn is not None:
        return [turn]
    found = slot_problems(state, plan)
    plan = strip(plan)
    for check in CHECKS:
        found += check(state, plan)
    return list(dict.fromkeys(found))


def canonical(state: dict, action: dict) -> dict:
    """The plan in canonical form, or IllegalAction with the first problem's code."""
    found = problems(state, action)
    if found:
        raise IllegalAction(found[0], f"this plan is not allowed now ({', '.join(found)})")
    return strip(shape(action))


def slot_problems(state: dict, plan: dict) -> list[str]:
    """A tablet's slots must name the cards they claim, each slot once."""
    hand, found, seen = player(state, plan["seat"])["hand"], [], set()
    slotted = [(e.get("slot"), e["card"]) for e in plan["discards"] + plan["uses"]]
    slotted += [(plan["publish"].get("slot"), plan["publish"]["card"])] if plan["publish"] else []
    slotted += [(b.get("unlock_slot"), b["unlock"]) for b in plan["buys"]]
    for slot, kind in slotted:
        if slot is None:
            continue
        if not isinstance(slot, int) or not 0 <= slot < len(hand) or hand[slot] != kind:
            found.append("bad_slot")
        elif slot in seen:
            found.append("slot_twice")
        seen.add(slot)
    indexes = set()
    for buy in plan["buys"]:
        pool = state["supply"][buy["supply"]]["pool"]
        index = buy.get("index")
        if index is None:
            continue
        if not isinstance(index, int) or not 0 <= index < len(pool) or pool[index] != buy["card"]:
            found.append("bad_slot")
        elif (buy["supply"], index) in indexes:
            found.append("slot_twice")
        indexes.add((buy["supply"], index))
    return found
