"""Cards in slots: taking one from a stack, turning one, and marking it completed
(SC-14, SC-15, SC-17, SC-45, SC-47), shared by the actions and the effects."""

from __future__ import annotations

from .events import event
from .state import FULL_TURN, Seat, State, field_of, first_empty_slot, stack_of


def take_card(state: State, p: Seat, face: int, out: list, by: str,
              source: int | None = None) -> int:
    """The top card of `face`'s stack goes into the seat's first empty slot at rotation 0 with
    all the stack's flasks (SC-14, SC-G08). Slot positions are cosmetic (SC-E01)."""
    stack = stack_of(state, face)
    slot = first_empty_slot(p)
    stack["cards"] -= 1
    flasks, stack["flasks"] = stack["flasks"], 0
    p["slots"][slot] = {"face": face, "turns": 0, "flasks": flasks}
    out.append(event(state, "CardTaken", p["seat"], face=face, field=field_of(face), slot=slot,
                     flasks=flasks, by=by, source=source, left=stack["cards"]))
    return slot


def turn_card(state: State, p: Seat, slot: int, n: int, out: list) -> dict:
    """Turn a card `n` quarter-turns; at 4 it is completed and turns owed to it are lost
    (SC-17, SC-45, SC-G18). Returns what happened, for the event that reports the turns."""
    card = p["slots"][slot]
    before = card["turns"]
    card["turns"] = min(FULL_TURN, before + n)
    if card["turns"] == FULL_TURN:
        complete_card(state, p, slot, out)
    return {"slot": slot, "face": card["face"], "from": before, "to": card["turns"]}


def complete_card(state: State, p: Seat, slot: int, out: list) -> None:
    """Mark a card completed (pending): it stays in its slot until its completion step (SC-17,
    SC-35). Its depth is 1 when the seat's action completed it, one more than its cause's depth
    when an effect did (SC-25); the chain's length is its deepest completion."""
    chain = state["chain"]
    card = p["slots"][slot]
    card["depth"] = chain["depth"] + 1
    card["cause"] = chain["source"]
    chain["completed"].append(card["face"])
    chain["longest"] = max(chain["longest"], card["depth"])
    field = field_of(card["face"])
    p["completions"][field] += 1
    if p["first_completion"] is None:
        p["first_completion"] = {"round": state["round"], "turn": state["turn"],
                                 "seat_turn": p["turns"], "face": card["face"]}
    record_chain(state, p, chain)
    out.append(event(state, "CardCompleted", p["seat"], face=card["face"], field=field,
                     slot=slot, depth=card["depth"], cause=card["cause"], seat_turn=p["turns"],
                     completions=sum(p["completions"].values())))


def record_chain(state: State, p: Seat, chain: dict) -> None:
    """The seat's and the table's longest chain so far, kept up to date as the chain grows."""
    p["longest_chain"] = max(p["longest_chain"], chain["longest"])
    best = state["longest_chain"]
    growing = best["turn"] == state["turn"] and best["seat"] == p["seat"]
    if chain["longest"] > best["length"] or growing:
        state["longest_chain"] = {"length": chain["longest"], "seat": p["seat"],
                                  "turn": state["turn"], "faces": list(chain["completed"])}


def rotate_plan(state: State, p: Seat, slots: list[int], out: list, by: str,
                source: int | None = None) -> None:
    """Turn the cards of a plan: [i, i] turns card i twice, [i, j] each once, [i] once
    (SC-16); reported as one CardsRotated event before the completions it caused."""
    if len(slots) == 2 and slots[0] == slots[1]:
        plan = [(slots[0], 2)]
    else:
        plan = [(slot, 1) for slot in slots]
    turn_cards(state, p, plan, out, by, source)


def turn_cards(state: State, p: Seat, plan: list[tuple[int, int]], out: list, by: str,
               source: int | None) -> None:
    completed: list = []
    rotations = [turn_card(state, p, slot, n, completed) for slot, n in plan]
    out.append(event(state, "CardsRotated", p["seat"], rotations=rotations, by=by,
                     source=source))
    out.extend(completed)
