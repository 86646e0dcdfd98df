"""The completion phase: completed cards processed one at a time, their effects in printed
order, cascades, and the return of the cards (SC-19 to SC-26, SC-48).

The phase keeps its place in `state["chain"]`: the card being processed (`source`, `depth`),
the operations of its effects still to apply (`queue`), the faces completed this turn and the
chain's length so far (its deepest completion, SC-E03).
"""

from __future__ import annotations

from . import effects
from .content import FACES
from .events import event
from .state import Seat, State, field_of, pending, stack_of
from .supplies import flasks_to_storage
from .tracks import advance


def new_chain() -> dict:
    return {"source": None, "depth": 0, "queue": [], "completed": [], "longest": 0}


def pending_choices(p: Seat) -> list[int]:
    """Pending slots the seat may process next, one per different card (SC-20)."""
    seen, slots = set(), []
    for slot in pending(p):
        card = p["slots"][slot]
        key = (card["face"], card["flasks"])
        if key not in seen:
            seen.add(key)
            slots.append(slot)
    return slots


def proceed(state: State, p: Seat, out: list) -> bool:
    """Go on with the phase until the seat must choose (False) or nothing is left (True).
    Every effect of the current card is applied before the next pending card (SC-25)."""
    chain = state["chain"]
    while True:
        if chain["queue"]:
            if effects.apply(state, p, chain["queue"].pop(0), out):
                return False
            continue
        choices = pending_choices(p)
        if not choices:
            return True
        if len(choices) > 1:
            state["step"] = {"kind": "complete", "seat": p["seat"]}
            return False
        process(state, p, choices[0], out)


def process(state: State, p: Seat, slot: int, out: list) -> None:
    """Steps 1-4 for one completed card: to the completion area, its flasks to storage, its
    field's cube forward, its effects queued in printed order (SC-21 to SC-24, SC-42)."""
    card = p["slots"][slot]
    p["slots"][slot] = None
    p["area"].append(card["face"])
    chain = state["chain"]
    chain["source"], chain["depth"] = card["face"], card["depth"]
    out.append(event(state, "CompletionStarted", p["seat"], face=card["face"],
                     field=field_of(card["face"]), slot=slot, flasks=card["flasks"],
                     depth=card["depth"]))
    if card["flasks"]:
        flasks_to_storage(state, p, card["flasks"], out, card["face"], moved=True)
    advance(state, p, field_of(card["face"]), out, card["face"])
    chain["queue"] = list(FACES[card["face"]]["effects"])


def return_cards(state: State, p: Seat, out: list) -> None:
    """Every card in the completion area goes back onto its own stack, under the flasks
    already there (SC-26, SC-G09)."""
    if not p["area"]:
        return
    for face in p["area"]:
        stack_of(state, face)["cards"] += 1
    out.append(event(state, "CardsReturned", p["seat"], faces=list(p["area"])))
    p["area"] = []
