"""The greedy bot: one whole plan a turn, built from what its seat may see.

It plays Sally Kristen Ride first (her cards arrive before the real plan), then for each
possible publish (or none) uses every resource card in the best split of resources, buys the
most valuable visible pool cards that split can pay for (disabling blocks in the way), and keeps
the publish and purchases worth most. Papers are worth their PP three times over; other cards
are worth their resources (less as the race nears 20) plus their publish effect. Situations,
Rosalind Franklin and Donna Strickland are played on the leading opponent. As a target it
answers as the engine would (NR-19).
"""

from __future__ import annotations

import random
from functools import lru_cache

from .cards import COST, PAPER_PP, PUBLISH, RESOURCE_USES, TYPE, USES
from .negatives import default_discard
from .plan import strip
from .plan_rules import leaders
from .state import RESOURCES, goal, player

W_PP = 3.0
SALLY = "sally-kristen-ride"
EXTRA = {"draw": 2.5, "blind_discard": 1.5, "negative": 1.0}
PUBLISH_WORTH = {"prestige": 1.0, "minus_prestige": 0.8, "resource": 0.3, "block": 0.8, "none": 0}


def greedy_bot(state: dict, seat: int, rng: random.Random) -> dict:
    p = player(state, seat)
    if state["step"]["kind"] == "respond":
        step = state["step"]
        return {"type": "discard_for_effect", "seat": seat,
                "cards": default_discard(p["hand"], step["res"], step["n"])}
    if SALLY in p["hand"] and (p["deck"] or p["discard"]):
        return _plan(seat, False, uses=[{"card": SALLY, "use": 0, "target": None}])
    return best_plan(state, seat)


def _plan(seat: int, end_turn: bool = True, **parts) -> dict:
    """The plan in canonical form (sorted lists), as a log keeps it."""
    plan = {"type": "plan", "seat": seat, "end_turn": end_turn, "discards": [], "uses": [],
            "publish": None, "disables": [], "buys": []}
    plan.update(parts)
    return strip(plan)


def late(state: dict, seat: int) -> bool:
    """Near the end of the race, resources for later turns matter less than PP now."""
    best = max(p["pp"] for p in state["players"])
    return bool(state["triggered"]) or best >= 16


def card_value(kind: str, is_late: bool) -> float:
    """What a card in the pool is worth to buy."""
    if kind in PAPER_PP:
        return PAPER_PP[kind] * W_PP
    if TYPE[kind] == "situation":
        return 0.6
    deck = max([n for _, add in RESOURCE_USES[kind] for n in add]
               + [EXTRA[u["op"]] for u in USES[kind] if u["op"] in EXTRA])
    effect = PUBLISH[kind]
    return deck * (0.3 if is_late else 1.2) + effect.get("n", 0) * PUBLISH_WORTH[effect["op"]]


def keep_value(kind: str, is_late: bool) -> float:
    """What a card in hand is worth for the turns to come."""
    best = max((n for _, add in RESOURCE_USES[kind] for n in add), default=0)
    return best * (0.2 if is_late else 1.6)


VALUE = {late: {kind: card_value(kind, late) for kind in TYPE} for late in (False, True)}
KEEP = {late: {kind: keep_value(kind, late) for kind in TYPE} for late in (False, True)}


@lru_cache(maxsize=4096)
def reachable(cards: tuple[str, ...]) -> dict[tuple[int, int, int], tuple]:
    """Every (M, E, D) the cards give when each is used once, with one way to get it."""
    found = {(0, 0, 0): ()}
    for kind in cards:
        options = RESOURCE_USES[kind]
        grown = {}
        for vec, how in found.items():
            for index, add in options:
                key = (vec[0] + add[0], vec[1] + add[1], vec[2] + add[2])
                if key not in grown:
                    grown[key] = (*how, (kind, index))
        found = grown
    return found


def _with_blocks(need: tuple, blocks: list[dict]) -> tuple[tuple, list[int]]:
    """The need with every block on a needed resource paid off, and those blocks."""
    if not blocks:
        return need, []
    disables = [i for i, b in enumerate(blocks) if need[RESOURCES.index(b["res"])]]
    total = list(need)
    for i in disables:
        total[RESOURCES.index(blocks[i]["res"])] += blocks[i]["n"]
    return tuple(total), disables


def offers(state: dict, is_late: bool) -> list[tuple]:
    """Every pool card worth buying, most valuable first."""
    values = VALUE[is_late]
    found = [(values[k], name, k, COST[k]) for name, s in state["supply"].items()
             for k in s["pool"] if values[k] > 0]
    return sorted(found, reverse=True)


def best_buys(state, seat, cards, extra, offered, forced=()) -> tuple | None:
    """The most valuable pool cards the cards can pay for, taken greedily by value, after the
    `forced` deck tops (None if those cannot be paid for)."""
    pool = state["turn_pool"]
    base = (pool["M"] + extra[0], pool["E"] + extra[1], pool["D"] + extra[2])
    vecs = [(v[0] + base[0], v[1] + base[1], v[2] + base[2], how)
            for v, how in reachable(cards).items()]
    hi = (max(v[0] for v in vecs), max(v[1] for v in vecs), max(v[2] for v in vecs))
    blocks = player(state, seat)["blocks"]
    need = [0, 0, 0]
    for _, kind, _worth in forced:
        need = [n + c for n, c in zip(need, COST[kind], strict=True)]
    total, disables = _with_blocks(tuple(need), blocks)
    fit = _fit(vecs, total)
    if fit is None:
        return None
    chosen = [(name, kind) for name, kind, _ in forced]
    value = sum(worth for _, _, worth in forced)
    for worth, name, kind, cost in offered:
        trial = (need[0] + cost[0], need[1] + cost[1], need[2] + cost[2])
        if trial[0] > hi[0] or trial[1] > hi[1] or trial[2] > hi[2]:
            continue
        total, wanted = _with_blocks(trial, blocks)
        found = _fit(vecs, total)
        if found is not None:
            chosen.append((name, kind))
            need, value, fit, disables = trial, value + worth, found, wanted
    return value, chosen, fit, disables


def _fit(vecs, need):
    for v in vecs:
        if v[0] >= need[0] and v[1] >= need[1] and v[2] >= need[2]:
            return v[3]
    return None


def publish_options(state: dict, seat: int, is_late: bool) -> list[tuple[float, dict | None]]:
    """Each publish worth considering, with its own worth (without what it lets the seat buy)."""
    p = player(state, seat)
    options: list[tuple[float, dict | None]] = [(0.0, None)]
    if state["published"]:
        return options
    target = leaders(state, seat)[0]
    for kind in sorted(set(p["hand"])):
        effect = PUBLISH[kind]
        loss = KEEP[is_late][kind]
        if effect["op"] == "prestige":
            bonus = 100.0 if p["pp"] + effect["n"] >= goal(state) else 0.0
            options.append((effect["n"] * W_PP - loss + bonus, {"card": kind, "target": None}))
        elif effect["op"] == "minus_prestige":
            options.append((effect["n"] * W_PP * 0.8 - loss, {"card": kind, "target": target}))
        elif effect["op"] == "block":
            options.append((1.5 - loss, {"card": kind, "target": target}))
        elif effect["op"] == "resource":
            options.append((-loss, {"card": kind, "target": None}))
    return options


def best_plan(state: dict, seat: int) -> dict:
    p = player(state, seat)
    is_late = late(state, seat)
    best = None
    offered = offers(state, is_late)
    for worth, chosen in publish_options(state, seat, is_late):
        hand = list(p["hand"])
        extra = (0, 0, 0)
        if chosen is not None:
            hand.remove(chosen["card"])
            effect = PUBLISH[chosen["card"]]
            if effect["op"] == "resource":
                extra = tuple(effect["n"] if r == effect["res"] else 0 for r in RESOURCES)
        for unlock, forced in [(None, ())] + top_options(state, hand, is_late):
            rest = list(hand)
            if unlock is not None:
                rest.remove(unlock)
            cards = tuple(k for k in rest if RESOURCE_USES[k])
            found = best_buys(state, seat, cards, extra, offered, forced)
            if found is not None and (best is None or worth + found[0] > best[0]):
                best = (worth + found[0], chosen, rest, unlock, *found[1:])
            if best is not None and best[0] >= 2:
                break  # a deck's top is a fallback for a turn that would buy nothing good
    _, chosen, rest, unlock, buys, fit, disables = best
    return _compose(state, seat, chosen, rest, unlock, buys, fit, disables)


def top_options(state: dict, hand: list[str], is_late: bool) -> list[tuple[str, tuple]]:
    """Buying a deck's top, unlocked by the hand's least useful card (NR-12)."""
    if not hand:
        return []
    unlock = min(hand, key=lambda k: (KEEP[is_late][k], k))
    values = VALUE[is_late]
    return [(unlock, ((name, s["top"], values[s["top"]]),)) for name, s in state["supply"].items()
            if s["top"] is not None and values[s["top"]] > 0]


def _compose(state, seat, chosen, hand, unlock, buys, fit, disables) -> dict:
    uses = [{"card": kind, "use": index, "target": None} for kind, index in fit]
    discards = []
    target = leaders(state, seat)[0]
    for kind in hand:
        if RESOURCE_USES[kind]:
            continue
        use = USES[kind][0]
        if use["op"] == "negative":
            uses.append({"card": kind, "use": 0, "target": target})
        elif use["op"] == "blind_discard" and player(state, target)["hand"]:
            uses.append({"card": kind, "use": 0, "target": target})
        else:
            discards.append(kind)
    bought = []
    for i, (name, kind) in enumerate(buys):
        top = unlock is not None and i == 0  # a forced deck top comes first (best_buys)
        bought.append({"supply": name, "from": "top" if top else "pool", "card": kind,
                       "unlock": unlock if top else None})
    return _plan(seat, True, uses=uses, discards=discards, publish=chosen, disables=disables,
                 buys=bought)
