"""The rules a plan must keep, each a function returning problem codes (NR-09 to NR-16,
NR-18, NR-20 to NR-22, NR-25, NR-26, NR-G19). They read only the planning seat's own hand and
public things, so no code depends on what that seat cannot see.
"""

from __future__ import annotations

from collections import Counter

from .cards import COST, PUBLISH, TYPE, USES, publish_needs_target, use_needs_target
from .state import RESOURCES, SUPPLIES, opponents, player


def cards_needed(plan: dict) -> Counter:
    """How many of each kind the plan takes from the hand: a card is discarded, used,
    published or spent on an unlock, never two of these (NR-14, NR-G05)."""
    needed = Counter(plan["discards"])
    needed.update(u["card"] for u in plan["uses"])
    needed.update(b["unlock"] for b in plan["buys"] if b["unlock"] is not None)
    if plan["publish"] is not None:
        needed[plan["publish"]["card"]] += 1
    return needed


def hand_problems(state: dict, plan: dict) -> list[str]:
    hand = Counter(player(state, plan["seat"])["hand"])
    return ["card_not_in_hand"] if cards_needed(plan) - hand else []


def target_problem(state: dict, seat: int, kind: str, target, blind: bool = False) -> str | None:
    """A negative card names an opponent (NR-26); with systemic Situations, one with the most
    PP (NR-G19); Donna Strickland's target must hold a card (NR-25)."""
    if target is None:
        return "target_needed"
    if target == seat:
        return "self_target"
    rivals = opponents(state, seat)
    if target not in rivals:
        return "no_such_seat"
    if state["options"]["situations_systemic"] and TYPE[kind] == "situation":
        if target not in leaders(state, seat):
            return "target_not_most_prestige"
    if blind and not player(state, target)["hand"]:
        return "target_has_no_cards"
    return None


def leaders(state: dict, seat: int) -> list[int]:
    """The opponents with the most PP (NR-G19's systemic Situations)."""
    rivals = [player(state, s) for s in opponents(state, seat)]
    best = max(p["pp"] for p in rivals)
    return [p["seat"] for p in rivals if p["pp"] == best]


def use_problems(state: dict, plan: dict) -> list[str]:
    found = []
    for use in plan["uses"]:
        options = USES.get(use["card"], [])
        if not 0 <= use["use"] < len(options):
            found.append("no_such_use")
        elif use_needs_target(options[use["use"]]):
            blind = options[use["use"]]["op"] == "blind_discard"
            found.append(target_problem(state, plan["seat"], use["card"], use["target"], blind))
        elif use["target"] is not None:
            found.append("target_not_needed")
    return [f for f in found if f]


def publish_problems(state: dict, plan: dict) -> list[str]:
    chosen = plan["publish"]
    if chosen is None:
        return []
    if state["published"]:
        return ["already_published"]
    if chosen["card"] not in PUBLISH:
        return ["card_not_in_hand"]
    if publish_needs_target(chosen["card"]):
        found = target_problem(state, plan["seat"], chosen["card"], chosen["target"])
        return [found] if found else []
    return ["target_not_needed"] if chosen["target"] is not None else []


def disable_problems(state: dict, plan: dict) -> list[str]:
    blocks = player(state, plan["seat"])["blocks"]
    chosen = plan["disables"]
    if len(set(chosen)) != len(chosen) or any(not 0 <= i < len(blocks) for i in chosen):
        return ["no_such_block"]
    return []


def buy_problems(state: dict, plan: dict) -> list[str]:
    """Pool cards must be in the pool; a deck's top is bought with an unlock card, once per
    plan (the next top is not seen before the plan is confirmed) (NR-11, NR-12)."""
    found = []
    for name in SUPPLIES:
        supply = state["supply"][name]
        wanted = Counter(b["card"] for b in plan["buys"]
                         if b["supply"] == name and b["from"] == "pool")
        if wanted - Counter(supply["pool"]):
            found.append("not_in_pool")
        tops = [b for b in plan["buys"] if b["supply"] == name and b["from"] == "top"]
        if len(tops) > 1:
            found.append("top_twice")
        if any(b["card"] != supply["top"] for b in tops):
            found.append("not_on_top")
        if any(b["unlock"] is None for b in tops):
            found.append("unlock_needed")
    return found


def block_problems(state: dict, plan: dict) -> list[str]:
    """A block on a resource forbids buying any card whose cost includes it until disabled;
    each block is disabled on its own (NR-21, NR-G09)."""
    blocks = player(state, plan["seat"])["blocks"]
    if any(not 0 <= i < len(blocks) for i in plan["disables"]):
        return []
    left = {b["res"] for i, b in enumerate(blocks) if i not in plan["disables"]}
    for buy in plan["buys"]:
        cost = COST.get(buy["card"], (0, 0, 0))
        if any(amount and r in left for r, amount in zip(RESOURCES, cost, strict=True)):
            return ["blocked"]
    return []


def balance(state: dict, plan: dict) -> tuple[dict, dict]:
    """What the plan brings into the turn pool (with what is already there) and what it pays
    for blocks and purchases (NR-09, NR-16)."""
    have = dict(state["turn_pool"])
    for use in plan["uses"]:
        options = USES.get(use["card"], [])
        if 0 <= use["use"] < len(options) and options[use["use"]]["op"] == "resource":
            have[options[use["use"]]["res"]] += options[use["use"]]["n"]
    effect = PUBLISH.get(plan["publish"]["card"]) if plan["publish"] else None
    if effect is not None and effect["op"] == "resource":
        have[effect["res"]] += effect["n"]
    need = dict.fromkeys(RESOURCES, 0)
    blocks = player(state, plan["seat"])["blocks"]
    for i in plan["disables"]:
        if 0 <= i < len(blocks):
            need[blocks[i]["res"]] += blocks[i]["n"]
    for buy in plan["buys"]:
        for r, amount in zip(RESOURCES, COST.get(buy["card"], (0, 0, 0)), strict=True):
            need[r] += amount
    return have, need


def afford_problems(state: dict, plan: dict) -> list[str]:
    have, need = balance(state, plan)
    return ["cannot_afford"] if any(need[r] > have[r] for r in RESOURCES) else []


def empty_problems(state: dict, plan: dict) -> list[str]:
    """A plan that does not end the turn must do something, so a turn always ends."""
    busy = any(plan[k] for k in ("discards", "uses", "disables", "buys")) or plan["publish"]
    return [] if busy or plan["end_turn"] else ["empty_plan"]


CHECKS = (hand_problems, use_problems, publish_problems, disable_problems, buy_problems,
          block_problems, afford_problems, empty_problems)
