"""Foraging and transmuting ingredients (AL-37, AL-38, AL-83 Sage)."""

from __future__ import annotations

from .content import FAVOURS, ops
from .draws import draws
from .events import event, private
from .flow import push
from .params import canonical, require
from .resolve import space_decision
from .state import add, player, take

SAGE_GOLD = ops(FAVOURS["sage"])["sage_gold"]["amount"]


def deck_open(state: dict) -> bool:
    return bool(state["decks"]["ingredient"] or state["discards"]["ingredient"])


def legal_forage(state: dict, seat: int) -> list[dict]:
    found = [{"type": "forage", "seat": seat, "source": "row", "ingredient": i}
             for i in sorted(state["row"])]
    if deck_open(state):
        found.append({"type": "forage", "seat": seat, "source": "deck", "ingredient": None})
    return found


def check_forage(state: dict, action: dict) -> dict:
    action = canonical(action, {"source": "source", "ingredient": "maybe_ingredient"})
    if action["source"] == "row":
        require(action["ingredient"] in state["row"], "not_in_row")
    else:
        require(action["ingredient"] is None, "bad_parameter", "a deck draw names no card")
        require(deck_open(state), "deck_empty")
    return action


def apply_forage(state: dict, action: dict, out: list) -> None:
    """A face-up card from the row (public) or the top of the deck (private); the row is not
    refilled during the round (AL-37)."""
    seat = action["seat"]
    if action["source"] == "row":
        take(state["row"], action["ingredient"])
        add(player(state, seat)["hand"], action["ingredient"])
    out.append(event(state, "IngredientForaged", seat, source=action["source"],
                     ingredient=action["ingredient"]))
    if action["source"] == "deck":
        push(state, *draws("ingredient", seat, 1, "forage"))


def legal_transmute(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    return [{"type": "transmute", "seat": seat, "ingredient": i, "sages": n}
            for i in sorted(p["hand"]) for n in range(p["favours"].get("sage", 0) + 1)]


def check_transmute(state: dict, action: dict) -> dict:
    action = canonical(action, {"ingredient": "ingredient", "sages": "number"})
    p = player(state, action["seat"])
    require(action["ingredient"] in p["hand"], "not_in_hand")
    require(0 <= action["sages"] <= p["favours"].get("sage", 0), "no_such_favour")
    return action


def apply_transmute(state: dict, action: dict, out: list) -> None:
    """Discard a card face down for 1 gold, plus 1 for each Sage played (AL-38, AL-83)."""
    seat, card, sages = action["seat"], action["ingredient"], action["sages"]
    p = player(state, seat)
    take(p["hand"], card)
    add(state["discards"]["ingredient"], card)
    if sages:
        take(p["favours"], "sage", sages)
        add(state["discards"]["favour"], "sage", sages)
    gold = 1 + SAGE_GOLD * sages
    p["gold"] += gold
    out.append(private(state, "IngredientTransmuted", seat, ("ingredient",), ingredient=card,
                       sages=sages, gold=gold))


space_decision("forage", ("forage",), legal_forage, check_forage, apply_forage, "choice",
               can=lambda state, seat: bool(state["row"]) or deck_open(state))
space_decision("transmute", ("transmute",), legal_transmute, check_transmute, apply_transmute,
               "choice", can=lambda state, seat: bool(player(state, seat)["hand"]))
