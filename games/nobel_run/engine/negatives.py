"""Negative effects that another seat answers: the normal effect's discard, chosen by the
target out of turn within 45 s (NR-18, NR-19), and Donna Strickland's blind pick (NR-25).

The target is always asked when it holds cards, even when only one answer fits, so whether a
seat is asked says nothing about its hand (NR-39); an empty hand (public) is answered at once.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from games.engines.base import IllegalAction

from .cards import VALUE
from .events import event
from .state import RESOURCES, RESPONSE_SECONDS, player, put, take


def discard_options(hand: list[str], res: str, amount: int) -> list[list[str]]:
    """The sets of cards the target may discard: worth at least `amount` of `res` with no card
    to spare; if its hand is worth less, every card with a positive `res` option (NR-18,
    NR-G08). Sorted lists, in sorted order."""
    counts = Counter(k for k in hand if VALUE[k][res] > 0)
    kinds = sorted(counts)
    if sum(VALUE[k][res] * c for k, c in counts.items()) < amount:
        return [sorted(counts.elements())]
    options = []
    for chosen in product(*(range(counts[k] + 1) for k in kinds)):
        values = [VALUE[k][res] for k, c in zip(kinds, chosen, strict=True) if c]
        total = sum(VALUE[k][res] * c for k, c in zip(kinds, chosen, strict=True))
        if total >= amount and (not values or total - min(values) < amount):
            options.append(sorted(Counter(dict(zip(kinds, chosen, strict=True))).elements()))
    return sorted(options)


def other_value(kind: str, res: str) -> int:
    """What a card is worth in the resources other than `res` (its best other option)."""
    return max((VALUE[kind][r] for r in RESOURCES if r != res), default=0)


def default_discard(hand: list[str], res: str, amount: int) -> list[str]:
    """The engine's choice when the target lets the time run out: the valid set that keeps
    the most of the target's other resources; ties by the lowest card ids (NR-19)."""
    return min(discard_options(hand, res, amount),
               key=lambda cards: (sum(other_value(k, res) for k in cards), cards))


def ask_response(state: dict, task: dict, out: list) -> bool:
    """The target's tablet asks it to choose; with an empty hand nothing is discarded."""
    target = player(state, task["seat"])
    if not target["hand"]:
        out.append(_discarded(state, task, [], False))
        return False
    state["responses_n"] += 1
    state["step"] = {"kind": "respond", "seat": task["seat"], "by": task["by"],
                     "card": task["card"], "res": task["res"], "n": task["n"],
                     "key": f"response:{state['responses_n']}"}
    out.append(event(state, "ResponseAwaited", task["seat"], by=task["by"], card=task["card"],
                     res=task["res"], n=task["n"], seconds=RESPONSE_SECONDS))
    return False


def _discarded(state: dict, source: dict, cards: list[str], by_default: bool) -> dict:
    return event(state, "CardsDiscardedForEffect", source["seat"], by=source["by"],
                 card=source["card"], res=source["res"], n=source["n"], cards=list(cards),
                 worth=sum(VALUE[k][source["res"]] for k in cards), by_default=by_default)


def check_response(state: dict, action: dict) -> dict:
    """The target's answer in canonical form, or IllegalAction. Only the target's own hand
    decides which sets are valid, so no code reveals another seat's cards."""
    step = state["step"]
    kind, seat = action.get("type"), action.get("seat")
    if step["kind"] != "respond" or seat != step["seat"]:
        raise IllegalAction("not_your_turn", "only the targeted seat answers now")
    if kind == "discard_by_default":
        return {"type": kind, "seat": seat}
    cards = action.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise IllegalAction("bad_action", "cards must be a list of card ids")
    hand = player(state, seat)["hand"]
    if sorted(cards) not in discard_options(hand, step["res"], step["n"]):
        raise IllegalAction("invalid_discard", "those cards do not meet the effect exactly")
    return {"type": kind, "seat": seat, "cards": sorted(cards)}


def respond(state: dict, action: dict, out: list) -> None:
    """The chosen cards (or the engine's choice, NR-19) go to the target's discard pile."""
    step = state["step"]
    p = player(state, step["seat"])
    by_default = action["type"] == "discard_by_default"
    cards = (default_discard(p["hand"], step["res"], step["n"]) if by_default
             else action["cards"])
    for kind in cards:
        take(p["hand"], kind)
        put(p["discard"], kind)
    if by_default:
        p["defaults"] += 1
    out.append(_discarded(state, step, cards, by_default))
    state["step"] = None


def blind_pick(state: dict, task: dict, out: list) -> bool:
    """The user taps one of the target's card backs; which card it is is a chance step over
    the target's hand (NR-25, NR-G11). An empty hand by now gives nothing."""
    if task.get("done"):
        return False
    if not player(state, task["seat"])["hand"]:
        out.append(event(state, "BlindDiscarded", task["seat"], by=task["by"],
                         card=None, source=task["card"]))
        return False
    state["step"] = {"kind": "chance", "draw": "blind", "seat": task["seat"], "by": task["by"]}
    return True


def resolve_blind(state: dict, task: dict, kind: str, out: list) -> None:
    """The picked card goes face up to the target's discard pile; its hand is one smaller
    until its own end of turn (NR-25)."""
    p = player(state, task["seat"])
    take(p["hand"], kind)
    put(p["discard"], kind)
    task["done"] = True
    out.append(event(state, "BlindDiscarded", p["seat"], by=task["by"], card=kind,
                     source=task["card"]))
