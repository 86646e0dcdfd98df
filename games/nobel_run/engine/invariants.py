"""What is true of every state the rules can reach (NR-37, NR-38 and the state's own sense)."""

from __future__ import annotations

from collections import Counter

from .cards import PAPER_PP, PUBLISH
from .content import CARDS
from .state import POOL_SIZE, RESOURCES, goal, out_of_game

EXPECTED = {kind: card["copies"] for kind, card in CARDS.items()}
PAPERS = frozenset(PAPER_PP)


def all_cards(state: dict) -> list[str]:
    """Every card in every zone, as kinds (NR-08)."""
    found = list(state["out_of_game"])
    for supply in state["supply"].values():
        found += supply["pool"]
        found += supply["rest"]
        if supply["top"] is not None:
            found.append(supply["top"])
    for p in state["players"]:
        found += p["hand"]
        found += p["deck"]
        found += p["discard"]
        found += p["play"]
        found += [e["card"] for e in p["cv"]]
        found += [b["card"] for b in p["blocks"]]
    return found


def conservation(state: dict) -> list[str]:
    """Each card is in exactly one zone: every kind's copies are all there (NR-37)."""
    counted = Counter(all_cards(state))
    problems = [] if dict.__eq__(counted, EXPECTED) else [
        f"{kind}: {counted[kind]} in play, {EXPECTED.get(kind, 0)} printed"
        for kind in set(EXPECTED) | set(counted) if counted[kind] != EXPECTED.get(kind, 0)]
    if state["out_of_game"] != out_of_game(len(state["players"])):
        problems.append("the cards out of the game changed")
    return problems


def pools(state: dict) -> list[str]:
    """Each pool holds min(5, cards left in its supply) whenever no refill is under way
    (NR-38); a refill's chance step may wait with the pool one card short."""
    step = state["step"]
    if step["kind"] == "chance" and step.get("draw") == "top":
        return []
    problems = []
    for name, supply in state["supply"].items():
        left = len(supply["rest"]) + (supply["top"] is not None) + len(supply["pool"])
        if len(supply["pool"]) != min(POOL_SIZE, left):
            problems.append(f"{name} pool holds {len(supply['pool'])} of {left} left")
        if supply["top"] is None and supply["rest"]:
            problems.append(f"{name} deck has no face-up top")
    return problems


def seats_sound(state: dict) -> list[str]:
    problems = []
    for p in state["players"]:
        seat, hand, deck, discard = p["seat"], p["hand"], p["deck"], p["discard"]
        if hand != sorted(hand) or deck != sorted(deck) or discard != sorted(discard):
            problems.append(f"seat {seat}: a hand, deck or discard pile is not a sorted multiset")
        if not PAPERS.isdisjoint(hand + deck + discard + p["play"]):
            problems.append(f"seat {seat}: a paper outside a CV (NR-34)")
        pp = 0
        for entry in p["cv"]:
            pp += entry["pp"]
            if entry["how"] == "placed" and entry["by"] == seat:
                problems.append(f"seat {seat}: placed negative prestige on itself (NR-26)")
        if p["pp"] != pp:
            problems.append(f"seat {seat}: PP {p['pp']} is not its CV's {pp} (NR-27)")
        for block in p["blocks"]:
            if PUBLISH[block["card"]]["op"] != "block" or block["by"] == seat:
                problems.append(f"seat {seat}: a block that is not an opponent's block card")
    return problems


def table_sound(state: dict) -> list[str]:
    problems = []
    if any(state["turn_pool"][r] < 0 for r in RESOURCES):
        problems.append(f"negative turn pool {state['turn_pool']}")
    if state["triggered"] is None and any(p["pp"] >= goal(state) for p in state["players"]):
        problems.append("a seat has reached the goal but the end is not triggered (NR-28)")
    if (state["step"]["kind"] == "over") != (state["ended_by"] is not None):
        problems.append("the step and the result disagree about the end")
    return problems


def check(state: dict) -> list[str]:
    """Every problem of a state; [] for a sound one."""
    return conservation(state) + pools(state) + seats_sound(state) + table_sound(state)
