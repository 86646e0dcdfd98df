"""Favour cards: the setup choice and the Herbalist (AL-19, AL-76, AL-77, AL-115, G-26).

The other favours are played where their timing says: Assistant, Associate and Custodian with
the declaration (declare.py), Sage on Transmute (ingredients.py), Shopkeeper on a purchase
(artifacts.py), Barmaid and Merchant on a sale (selling.py).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .content import FAVOURS, ops
from .draws import draws
from .events import private
from .flow import decision, push, record_choice, task, wait_for, wait_together
from .params import canonical, require
from .state import add, has, player, take

HERBALIST = ops(FAVOURS["herbalist"])["herbalist"]


@task("keep_favours")
def ask_keep(state: dict, current: dict, out: list) -> None:
    """Every seat keeps one of its two favour cards, all at once and hidden (AL-19, AL-115)."""
    wait_together(state, "keep_favour", [p["seat"] for p in state["players"]])


def legal_keep(state: dict, seat: int) -> list[dict]:
    return [{"type": "keep_favour", "seat": seat, "favour": f}
            for f in sorted(player(state, seat)["favours"])]


def check_keep(state: dict, action: dict) -> dict:
    action = canonical(action, {"favour": "favour"})
    require(action["favour"] in player(state, action["seat"])["favours"], "no_such_favour")
    return action


def apply_keep(state: dict, action: dict, out: list) -> None:
    """Hidden until every seat has chosen; then each discards its other card face down, and a
    kept Herbalist acts (G-26)."""
    player(state, action["seat"])["kept"] = action["favour"]
    if not record_choice(state, action["seat"], action["favour"]):
        out.append(private(state, "FavourChosen", action["seat"], ("favour",),
                           favour=action["favour"]))
        return
    state["step"] = None
    tasks = []
    for p in state["players"]:
        kept = p["kept"]
        hand = p["favours"]
        take(hand, kept)
        for card, count in list(hand.items()):
            add(state["discards"]["favour"], card, count)
        p["favours"] = {kept: 1}
        out.append(private(state, "FavourKept", p["seat"], ("favour",), favour=kept))
        tasks.append({"t": "favour_received", "seat": p["seat"], "favour": kept, "inert": False})
    push(state, *tasks)


@task("favour_received")
def favour_received(state: dict, current: dict, out: list) -> None:
    """A Herbalist acts when received: draw 3 ingredients, then discard any 2 ingredient
    cards; it is then played. Drawn at the end of the last round it does nothing (AL-77)."""
    if current["favour"] != "herbalist" or current["inert"]:
        return
    seat = current["seat"]
    p = player(state, seat)
    take(p["favours"], "herbalist")
    add(state["discards"]["favour"], "herbalist")
    push(state, *draws("ingredient", seat, HERBALIST["draw"], "herbalist"),
         {"t": "herbalist", "seat": seat})


@task("herbalist")
def ask_herbalist(state: dict, current: dict, out: list) -> None:
    hand = player(state, current["seat"])["hand"]
    count = min(HERBALIST["discard"], sum(hand.values()))
    if count:
        wait_for(state, "herbalist", current["seat"], discard=count)


def legal_herbalist(state: dict, seat: int) -> list[dict]:
    hand = player(state, seat)["hand"]
    return [{"type": "discard", "seat": seat, "ingredients": list(cards)}
            for cards in combinations_with_replacement(sorted(hand), state["step"]["discard"])
            if has(hand, list(cards))]


def check_herbalist(state: dict, action: dict) -> dict:
    action = canonical(action, {"ingredients": "cards"})
    require(len(action["ingredients"]) == state["step"]["discard"], "wrong_count")
    require(has(player(state, action["seat"])["hand"], action["ingredients"]), "not_in_hand")
    return action


def apply_herbalist(state: dict, action: dict, out: list) -> None:
    p = player(state, action["seat"])
    for card in action["ingredients"]:
        take(p["hand"], card)
        add(state["discards"]["ingredient"], card)
    out.append(private(state, "IngredientsDiscarded", action["seat"], ("ingredients",),
                       ingredients=list(action["ingredients"]), why="herbalist"))


decision("keep_favour", types=("keep_favour",), legal=legal_keep, check=check_keep,
         apply=apply_keep, pace="choice")
decision("herbalist", types=("discard",), legal=legal_herbalist, check=check_herbalist,
         apply=apply_herbalist, pace="choice")
