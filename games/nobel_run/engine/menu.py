"""What a seat may do now: `legal_actions` and the tablet's `action_menu`.

A turn's plans cannot all be listed (every subset of a hand, every purchase), so
`legal_actions` lists the **atomic plans**: one use, one publish, one discard, one disable or one
purchase that keep the turn open, and the plan that ends the turn. Any plan is a sequence of
these, so the list is complete in what it reaches. The menu offers the whole plan instead: the
tablet enumerates `end_turn` and asks for the rest as subset inputs, then the engine checks the
plan as a whole (`plan.problems`).
"""

from __future__ import annotations

from games.engines.base import CALL_TIME

from .cards import COST, USES, publish_needs_target, use_needs_target
from .negatives import discard_options
from .plan_rules import target_problem
from .state import RESOURCES, SUPPLIES, player

ATOMIC_KINDS = ("use", "publish", "discard", "disable", "buy", "end")


def _plan(seat: int, end_turn: bool = False, **parts) -> dict:
    plan = {"type": "plan", "seat": seat, "end_turn": end_turn, "discards": [], "uses": [],
            "publish": None, "disables": [], "buys": []}
    plan.update(parts)
    return plan


def targets(state: dict, seat: int, kind: str, blind: bool = False) -> list[int]:
    return [t for t in range(1, len(state["players"]) + 1)
            if target_problem(state, seat, kind, t, blind) is None]


def use_choices(state: dict, seat: int, kind: str) -> list[dict]:
    """Each use option of a card, with each opponent it may name."""
    choices = []
    for index, option in enumerate(USES[kind]):
        if use_needs_target(option):
            blind = option["op"] == "blind_discard"
            choices += [{"card": kind, "use": index, "target": t}
                        for t in targets(state, seat, kind, blind)]
        else:
            choices.append({"card": kind, "use": index, "target": None})
    return choices


def publish_choices(state: dict, seat: int, kind: str) -> list[dict]:
    if state["published"]:
        return []
    if publish_needs_target(kind):
        return [{"card": kind, "target": t} for t in targets(state, seat, kind)]
    return [{"card": kind, "target": None}]


def buyable(state: dict, seat: int, kind: str) -> bool:
    """Affordable from the turn pool and not forbidden by a block (NR-11, NR-21)."""
    pool = state["turn_pool"]
    have = (pool["M"], pool["E"], pool["D"])
    cost = COST[kind]
    if cost[0] > have[0] or cost[1] > have[1] or cost[2] > have[2]:
        return False
    blocks = player(state, seat)["blocks"]
    return not blocks or not any(cost[RESOURCES.index(b["res"])] for b in blocks)


def atomic_groups(state: dict, seat: int) -> dict[str, list[dict]]:
    """The atomic plans of the seat's turn, by kind."""
    p = player(state, seat)
    kinds = sorted(set(p["hand"]))
    groups = {
        "use": [_plan(seat, uses=[u]) for k in kinds for u in use_choices(state, seat, k)],
        "publish": [_plan(seat, publish=c) for k in kinds for c in publish_choices(state, seat, k)],
        "discard": [_plan(seat, discards=[k]) for k in kinds],
        "disable": [_plan(seat, disables=[i]) for i, b in enumerate(p["blocks"])
                    if state["turn_pool"][b["res"]] >= b["n"]],
        "buy": [],
        "end": [_plan(seat, True)],
    }
    for name in SUPPLIES:
        supply = state["supply"][name]
        groups["buy"] += [_plan(seat, buys=[_buy(name, "pool", k)])
                          for k in sorted(set(supply["pool"])) if buyable(state, seat, k)]
        top = supply["top"]
        if top is not None and buyable(state, seat, top):
            groups["buy"] += [_plan(seat, buys=[_buy(name, "top", top, k)]) for k in kinds]
    return groups


def _buy(supply: str, source: str, kind: str, unlock: str | None = None) -> dict:
    return {"supply": supply, "from": source, "card": kind, "unlock": unlock}


def response_actions(state: dict, seat: int) -> list[dict]:
    step = state["step"]
    if step["kind"] != "respond" or step["seat"] != seat:
        return []
    hand = player(state, seat)["hand"]
    return [{"type": "discard_for_effect", "seat": seat, "cards": cards}
            for cards in discard_options(hand, step["res"], step["n"])]


def legal_actions(state: dict, seat) -> list[dict]:
    """Every atomic plan of the seat's turn, or the target's answers; for the teacher (None),
    calling time while the game runs (NR-32)."""
    step = state["step"]
    if seat is None:
        over = step["kind"] == "over" or state["time_called"]
        return [] if over else [{"type": CALL_TIME, "seat": None}]
    if step["kind"] == "respond" and step["seat"] == seat:
        return response_actions(state, seat) + [{"type": "discard_by_default", "seat": seat}]
    if step["kind"] == "plan" and step["seat"] == seat:
        return [a for kind in ATOMIC_KINDS for a in atomic_groups(state, seat)[kind]]
    return []


def action_menu(state: dict, seat: int) -> list[dict]:
    """The tablet's menu: the whole plan (end_turn enumerated, the rest as inputs), or the
    target's answers and the "let the engine choose" button."""
    step = state["step"]
    if step["kind"] == "respond" and step["seat"] == seat:
        return [_entry("discard_for_effect", response_actions(state, seat)),
                _entry("discard_by_default", [{"type": "discard_by_default", "seat": seat}])]
    if step["kind"] != "plan" or step["seat"] != seat:
        return []
    entry = _entry("plan", [_plan(seat, True), _plan(seat, False)])
    entry["inputs"] = plan_inputs(state, seat)
    return [entry]


def _entry(kind: str, actions: list[dict]) -> dict:
    return {"kind": kind, "enabled": bool(actions),
            "reason": None if actions else "no_legal_choice",
            "actions": [{"action": a, "cost": None} for a in actions], "inputs": []}


def plan_inputs(state: dict, seat: int) -> list[dict]:
    """The plan's parameters as subsets of slot-tagged options (a hand may hold two Work)."""
    p = player(state, seat)
    hand = p["hand"]
    uses = [{"slot": i, **u} for i, k in enumerate(hand) for u in use_choices(state, seat, k)]
    publish = [{"slot": i, **c} for i, k in enumerate(hand)
               for c in publish_choices(state, seat, k)]
    buys = []
    for name in SUPPLIES:
        supply = state["supply"][name]
        buys += [{**_buy(name, "pool", k), "index": i} for i, k in enumerate(supply["pool"])]
        if supply["top"] is not None:
            buys += [{**_buy(name, "top", supply["top"], k), "unlock_slot": i}
                     for i, k in enumerate(hand)]
    return [
        {"param": "uses", "type": "subset", "options": uses, "min": 0, "max": len(hand)},
        {"param": "publish", "type": "subset", "options": publish, "min": 0,
         "max": 0 if state["published"] else 1},
        {"param": "discards", "type": "subset", "min": 0, "max": len(hand),
         "options": [{"slot": i, "card": k} for i, k in enumerate(hand)]},
        {"param": "disables", "type": "subset", "min": 0, "max": len(p["blocks"]),
         "options": list(range(len(p["blocks"])))},
        {"param": "buys", "type": "subset", "options": buys, "min": 0, "max": len(buys)},
    ]

