"""The bots' plans for a round (declare.py checks them like any seat's)."""

from __future__ import annotations

import random

from .alchemy import sign
from .content import COLOURS, INGREDIENT_IDS
from .declare import cubes_to_place, legal_declare, open_spaces, slots
from .knowledge import Knowledge
from .state import player


def random_plan(state: dict, seat: int, rng: random.Random) -> dict:
    """Favour cards at random, then cube by cube on a random space with a slot it can pay."""
    favours = player(state, seat)["favours"]
    opened = open_spaces(state)
    for _ in range(50):
        assistants = rng.randint(0, favours.get("assistant", 0))
        budget = cubes_to_place(state, seat) + assistants
        custodians = rng.randint(0, min(favours.get("custodian", 0), budget))
        counts = dict.fromkeys(opened, 0)
        left = budget - custodians
        while left > 0:
            fits = [s for s in opened if counts[s] < len(slots(state, s))
                    and slots(state, s)[counts[s]] <= left]
            if not fits:
                break
            space = fits[rng.randrange(len(fits))]
            left -= slots(state, space)[counts[space]]
            counts[space] += 1
        if left == 0:
            used = [s for s in opened if counts[s]]
            k = rng.randint(0, min(len(used), favours.get("associate", 0)))
            return {"type": "declare", "seat": seat, **counts, "assistants": assistants,
                    "custodians": custodians, "associates": sorted(rng.sample(used, k))}
    plans = legal_declare(state, seat)
    return plans[rng.randrange(len(plans))]


def greedy_plan(state: dict, seat: int, view: dict) -> dict:
    """The plan of most value for exactly the cubes it has: a small knapsack over the spaces,
    valued by what its hand, gold and knowledge make worth doing."""
    me = view["players"][seat - 1]
    values = space_values(view, me)
    favours = me["favours"]
    budget = cubes_to_place(state, seat) + favours.get("assistant", 0)
    opened = open_spaces(state)
    options = {s: [(sum(slots(state, s)[:k]), sum(values.get(s, [])[:k]))
                   for k in range(len(slots(state, s)) + 1)] for s in opened}
    custodians = min(favours.get("custodian", 0), 1 if me["hand_size"] >= 4 else 0)
    counts = knapsack(opened, options, budget - custodians)
    if counts is None:
        custodians, counts = 0, knapsack(opened, options, budget)
    used = sorted((s for s in opened if counts[s]), key=lambda s: -sum(values.get(s, [0])))
    associates = sorted(used[:min(1, favours.get("associate", 0))])
    return {"type": "declare", "seat": seat, **counts,
            "assistants": favours.get("assistant", 0), "custodians": custodians,
            "associates": associates}


def knapsack(spaces: list[str], options: dict, budget: int) -> dict | None:
    """The counts per space of greatest value that use exactly `budget` cubes."""
    best: dict[int, tuple[float, tuple]] = {0: (0.0, ())}
    for space in spaces:
        nxt: dict[int, tuple[float, tuple]] = {}
        for used, (value, picks) in best.items():
            for k, (cost, gain) in enumerate(options[space]):
                total = used + cost
                if total > budget:
                    break
                candidate = (value + gain, (*picks, k))
                if total not in nxt or candidate[0] > nxt[total][0]:
                    nxt[total] = candidate
        best = nxt
    if budget not in best:
        return None
    return dict(zip(spaces, best[budget][1], strict=True))


def space_values(view: dict, me: dict) -> dict[str, list[float]]:
    """What the k-th action on each space is worth to the seat this round."""
    cards = me["hand_size"]
    knowledge = Knowledge(view["public_facts"] + me["results"])
    mixes = max(0, cards // 2)
    sure = best_publication(view, knowledge)
    pressure = 1.5 if view["round"] in conference_rounds(view) and not seals_on(view, me) else 0
    gold = me["gold"]
    tests = [k for k in (1, 2) if gold >= 1 or k == 1]
    values = {
        "forage": [2.0 if cards < 4 else 0.6, 1.0 if cards < 3 else 0.3, 0.2],
        "transmute": [1.6 if gold < 1 and cards >= 3 else 0.15, 0.1],
        "test": [3.0 if mixes >= k and k in tests else 0.1 for k in (1, 2)],
        "drink": [2.2 if mixes >= 1 + len(tests) else 0.05, 1.5 if mixes >= 2 + len(tests)
                  else 0.05],
        "publish": [(3.5 if sure >= 0.5 else 0.3) + pressure if gold >= 1 else 0.05,
                    1.5 if sure >= 0.8 and gold >= 2 else 0.05],
        "debunk": [3.5 if best_debunk_chance(view, knowledge) >= 0.7 else 0.05, 0.05],
        "sell": [2.5 if mixes >= 1 else 0.0],
        "buy": [1.8 if gold >= 4 and view["artifact_row"] else 0.0, 0.2],
        "exhibit": [2.0 if mixes >= k else 0.0 for k in range(1, 5)],
    }
    return values


def conference_rounds(view: dict) -> list[int]:
    return [3, 5] if view["rounds"] == 6 else [2]


def seals_on(view: dict, me: dict) -> int:
    return sum(1 for t in view["theories"] for s in t["seals"] if s["seat"] == me["seat"])


def best_publication(view: dict, knowledge: Knowledge) -> float:
    """The chance of the seat's most probable theory about a free ingredient with a free
    token."""
    taken = {t["ingredient"] for t in view["theories"]}
    tokens = {t["token"] for t in view["theories"]}
    best = 0.0
    for ingredient in INGREDIENT_IDS:
        if ingredient in taken:
            continue
        marginal = knowledge.marginal(ingredient)
        best = max([best, *(p for a, p in marginal.items() if a not in tokens)])
    return best


def best_debunk_chance(view: dict, knowledge: Knowledge) -> float:
    """The chance that the most doubtful aspect of another seat's theory is wrong."""
    best = 0.0
    for theory in view["theories"]:
        if any(s["seat"] == view["you"] for s in theory["seals"]):
            continue
        for colour in COLOURS:
            other = "+" if sign(theory["token"], colour) == "-" else "-"
            best = max(best, knowledge.sign_chance(theory["ingredient"], colour, other))
    return best

