"""Cards coming into play: the two supplies' pools and face-up tops, and the seats' draws.

Each is a queue task (see `flow`) that asks for a chance step whenever a card must come out of a
deck: the new top of a supply deck, or the card a seat draws. A task returns True while it waits
for its chance step and is run again once the card is known.
"""

from __future__ import annotations

from .events import event, private
from .state import HAND_SIZE, POOL_SIZE, player, put, take


def fill(state: dict, task: dict, out: list) -> bool:
    """Keep the pool at 5 cards from its own deck, the deck's top card face up; an empty deck
    leaves the pool short (NR-04, NR-05, NR-11, NR-G07). The top moves into the pool, and the
    next top is a chance step."""
    name = task["supply"]
    supply = state["supply"][name]
    while len(supply["pool"]) < POOL_SIZE and supply["top"] is not None:
        kind = supply["top"]
        supply["top"] = None
        put(supply["pool"], kind)
        out.append(event(state, "PoolRefilled", None, supply=name, card=kind))
    if supply["top"] is None and supply["rest"]:
        state["step"] = {"kind": "chance", "draw": "top", "supply": name}
        return True
    return False


def reveal_top(state: dict, task: dict, kind: str, out: list) -> None:
    """The chance step's card becomes the supply deck's face-up top (NR-04, NR-05)."""
    name = task["supply"]
    supply = state["supply"][name]
    take(supply["rest"], kind)
    supply["top"] = kind
    out.append(event(state, "TopRevealed", None, supply=name, card=kind))


def wants_card(p: dict, task: dict) -> bool:
    """A draw task wants `left` more cards (Sally Kristen Ride, NR-24) or, at the end of a
    turn and at the start, a hand of 5 (NR-06, NR-17; none if it holds 5 or more, NR-G15)."""
    if "left" in task:
        return task["left"] > 0
    return len(p["hand"]) < HAND_SIZE


def draw(state: dict, task: dict, out: list) -> bool:
    """Draw from the seat's own deck; an empty deck takes in the discard pile first, and with
    both empty drawing stops (NR-06, NR-17, NR-24, NR-G16)."""
    p = player(state, task["seat"])
    if not wants_card(p, task):
        return False
    if not p["deck"]:
        if not p["discard"]:
            return False
        reshuffle(state, p, out)
    state["step"] = {"kind": "chance", "draw": "card", "seat": p["seat"]}
    return True


def reshuffle(state: dict, p: dict, out: list) -> None:
    """The discard pile becomes the seat's deck (NR-17). A deck has no order, so the shuffle is
    the draws that follow, each a chance step."""
    count = len(p["discard"])
    p["deck"] = sorted(p["deck"] + p["discard"])
    p["discard"] = []
    out.append(event(state, "DiscardShuffled", p["seat"], cards=count))


def draw_card(state: dict, task: dict, kind: str, out: list) -> None:
    """The drawn card goes from the deck into the hand; only its seat learns which (NR-39)."""
    p = player(state, task["seat"])
    take(p["deck"], kind)
    put(p["hand"], kind)
    if "left" in task:
        task["left"] -= 1
    out.append(private(state, "CardDrawn", p["seat"], ("card",), card=kind,
                       why=task.get("why", "hand"), hand_size=len(p["hand"]),
                       deck_size=len(p["deck"])))


def supply_left(state: dict, name: str) -> int:
    """Cards still to come from a supply: its deck (top and rest) and its pool."""
    supply = state["supply"][name]
    return len(supply["pool"]) + len(supply["rest"]) + (supply["top"] is not None)


def exhausted(state: dict) -> bool:
    """Both decks and both pools are empty (NR-31)."""
    return all(supply_left(state, name) == 0 for name in state["supply"])
