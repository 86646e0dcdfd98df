"""The exhibition of the final round (AL-98 to AL-100, G-22)."""

from __future__ import annotations

from .alchemy import COLOURED, POTIONS, result
from .events import event, private
from .flow import decision, push, task, wait_for
from .mixing import check_pair, hand_pairs, learn, periscopes, record_potion
from .params import canonical, require
from .reputation import change
from .resolve import space_decision
from .state import add, clockwise, player, power, take

FIRST_GAIN, MASTERY_GAIN, FAILURE_COST = 1, 2, 1


def legal_exhibit(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    return [{"type": "exhibit", "seat": seat, "potion": potion, "ingredients": pair}
            for potion in COLOURED if potion not in p["exhibited"]
            for pair in hand_pairs(p["hand"])]


def check_exhibit(state: dict, action: dict) -> dict:
    action = canonical(action, {"potion": "potion", "ingredients": "pair"})
    p = player(state, action["seat"])
    require(action["potion"] in COLOURED, "not_coloured", "nobody is impressed by Neutral")
    require(action["potion"] not in p["exhibited"], "already_exhibited")
    check_pair(p["hand"], action["ingredients"])
    return action


def apply_exhibit(state: dict, action: dict, out: list) -> None:
    """Every seat learns only success or failure (G-22). Failure -1; success +1 if first for
    that potion, +2 more the first time the seat has both signs of a colour (AL-99)."""
    seat, potion, pair = action["seat"], action["potion"], action["ingredients"]
    p = player(state, seat)
    success = result(state["secret"]["mapping"], *pair) == potion
    for card in pair:
        take(p["hand"], card)
    feather = success and power(p, "feather_in_cap")
    if feather and power(p, "mortar"):
        push(state, {"t": "feather_mortar", "seat": seat, "cards": list(pair)})
    elif feather:
        for card in pair:
            add(p["set_aside"], card)
    elif power(p, "mortar"):
        push(state, {"t": "mortar", "seat": seat, "cards": list(pair)})
    else:
        for card in pair:
            add(state["discards"]["ingredient"], card)
    known = [potion] if success else [r for r in POTIONS if r != potion]
    learn(state, seat, ["pair", *pair, known])
    p["stats"]["exhibitions"] += 1
    d = exhibit_change(state, p, potion, success)
    out.append(private(state, "PotionExhibited", seat, ("ingredients",), potion=potion,
                       success=success, ingredients=list(pair)))
    change(state, seat, d, "exhibition", out)
    periscopes(state, seat, pair, known)


def exhibit_change(state: dict, p: dict, potion: str, success: bool) -> int:
    if not success:
        return -FAILURE_COST
    first = not state["exhibited"].get(potion)
    state["exhibited"].setdefault(potion, []).append(p["seat"])
    p["exhibited"].append(potion)
    record_potion(p, potion)
    colour = POTIONS[potion]["colour"]
    mastered = colour not in p["mastery"] and all(
        colour + s in p["exhibited"] for s in "+-")
    if mastered:
        p["mastery"].append(colour)
    return (FIRST_GAIN if first else 0) + (MASTERY_GAIN if mastered else 0)


@task("feather_mortar")
def feather_mortar(state: dict, current: dict, out: list) -> None:
    """With the Magic Mortar too, another seat (the next clockwise) picks one of the two
    face-down cards to set aside, the other returns to the hand, unless the owner then sets
    both aside (AL-100 as the original says; ruling H-01). The picker never sees the cards:
    they are kept under `_cards`, which no view shows."""
    owner = current["seat"]
    picker = clockwise(state, owner)[1]
    wait_for(state, "feather_pick", picker, owner=owner, _cards=sorted(current["cards"]))


def legal_pick(state: dict, seat: int) -> list[dict]:
    return [{"type": "pick_card", "seat": seat, "card": k} for k in (1, 2)]


def check_pick(state: dict, action: dict) -> dict:
    action = canonical(action, {"card": "number"})
    require(action["card"] in (1, 2), "bad_parameter")
    return action


def apply_pick(state: dict, action: dict, out: list) -> None:
    context = state["context"]
    picked = context["_cards"][action["card"] - 1]
    out.append(event(state, "CardPicked", action["seat"], owner=context["owner"],
                     card=action["card"]))
    wait_for(state, "feather", context["owner"], _cards=context["_cards"], picked=picked)


def legal_feather(state: dict, seat: int) -> list[dict]:
    return [{"type": "set_aside", "seat": seat, "both": b} for b in (False, True)]


def check_feather(state: dict, action: dict) -> dict:
    return canonical(action, {"both": "flag"})


def apply_feather(state: dict, action: dict, out: list) -> None:
    context = state["context"]
    p = player(state, action["seat"])
    aside = context["_cards"] if action["both"] else [context["picked"]]
    for card in context["_cards"]:
        add(p["set_aside"] if card in aside else p["hand"], card)
    out.append(private(state, "CardsSetAside", action["seat"], ("ingredients",),
                       ingredients=list(aside), both=action["both"]))


decision("feather_pick", types=("pick_card",), legal=legal_pick, check=check_pick,
         apply=apply_pick, pace="quick")
space_decision("exhibit", ("exhibit",), legal_exhibit, check_exhibit, apply_exhibit, "plan")
decision("feather", types=("set_aside",), legal=legal_feather, check=check_feather,
         apply=apply_feather, pace="quick")
