"""The opening draft, the turn and its two actions, the confirm step before a rotation, rounds,
the final round and called time (SC-11 to SC-19, SC-39, SC-40)."""

from __future__ import annotations

from . import completion, effects
from .cards import rotate_plan, take_card
from .events import event
from .scoring import result
from .state import FULL_TURN, State, active, seat_of
from .supplies import set_last_round


def draft(state: State, action: dict, out: list) -> None:
    """In reverse order from the last seat, each seat takes one card into a slot; the draft is
    not a turn (SC-11)."""
    take_card(state, active(state), action["stack"], out, "draft")
    state["drafters"].pop(0)
    if state["drafters"]:
        state["step"] = {"kind": "draft", "seat": state["drafters"][0]}
        return
    state["stage"] = "play"
    state["round"] = 1
    out.append(event(state, "RoundStarted", None))
    start_turn(state, 0)


def start_turn(state: State, index: int) -> None:
    """The seat at `index` of the order begins a turn: one action, no passing (SC-12, SC-13)."""
    state["turn_index"] = index
    seat = state["order"][index]
    state["turn"] += 1
    seat_of(state, seat)["turns"] += 1
    state["chain"] = completion.new_chain()
    state["step"] = {"kind": "turn", "seat": seat}


def take(state: State, action: dict, out: list) -> None:
    """Take the top card of a stack, and its flasks, into an empty slot (SC-14, SC-15)."""
    p = active(state)
    p["takes"] += 1
    take_card(state, p, action["stack"], out, "action")
    end_turn(state, "take", out)


def rotation_preview(state: State, seat: int, slots: list[int]) -> list[dict]:
    """What a rotation plan would do, card by card, for the confirm step (Part 4)."""
    p = seat_of(state, seat)
    plan = [(slots[0], 2)] if len(slots) == 2 and slots[0] == slots[1] else [(s, 1) for s in slots]
    shown = []
    for slot, n in plan:
        card = p["slots"][slot]
        after = min(FULL_TURN, card["turns"] + n)
        shown.append({"slot": slot, "face": card["face"], "from": card["turns"], "to": after,
                      "completes": after == FULL_TURN})
    return shown


def rotate(state: State, action: dict, out: list) -> None:
    """Choose a rotation (SC-16); nothing turns until the seat confirms it (SC-E04)."""
    seat = action["seat"]
    state["step"] = {"kind": "confirm", "seat": seat, "slots": list(action["slots"])}
    out.append(event(state, "RotationChosen", seat, slots=list(action["slots"]),
                     preview=rotation_preview(state, seat, action["slots"])))


def back(state: State, action: dict, out: list) -> None:
    """Withdraw the chosen rotation: the turn's action is open again."""
    state["step"] = {"kind": "turn", "seat": action["seat"]}
    out.append(event(state, "RotationWithdrawn", action["seat"]))


def confirm(state: State, action: dict, out: list) -> None:
    """Carry out the whole rotation, then the completion phase if a card completed (SC-16,
    SC-17, SC-19)."""
    p = active(state)
    p["rotates"] += 1
    rotate_plan(state, p, state["step"]["slots"], out, "action")
    go_on(state, out)


def complete(state: State, action: dict, out: list) -> None:
    """The seat chose which pending card to process next (SC-20)."""
    completion.process(state, active(state), action["slot"], out)
    go_on(state, out)


def choose(state: State, action: dict, out: list) -> None:
    """The seat chose the target of the effect being applied (SC-48)."""
    step = state["step"]
    choice = action[CHOICE_PARAMETER[action["type"]]]
    effects.resolve(state, active(state), step["op"], choice, out)
    go_on(state, out)


CHOICE_PARAMETER = {"choose_card": "slot", "choose_stack": "stack", "choose_field": "field"}


def go_on(state: State, out: list) -> None:
    if completion.proceed(state, active(state), out):
        end_turn(state, "rotate", out)


def end_turn(state: State, action: str, out: list) -> None:
    """Return the completed cards, report the turn's chain, and pass to the next seat
    (SC-19, SC-26)."""
    p = active(state)
    chain = state["chain"]
    completion.return_cards(state, p, out)
    out.append(event(state, "TurnEnded", p["seat"], action=action, seat_turn=p["turns"],
                     completed=list(chain["completed"]), chain=chain["longest"]))
    state["chain"] = None
    next_turn(state, out)


def next_turn(state: State, out: list) -> None:
    """Clockwise to the next seat; after the last seat of the last round, the end (SC-12,
    SC-39, SC-40)."""
    index = state["turn_index"] + 1
    if index == len(state["order"]):
        if state["last_round"] is not None and state["round"] >= state["last_round"]:
            end_game(state, out)
            return
        state["round"] += 1
        index = 0
        out.append(event(state, "RoundStarted", None))
    start_turn(state, index)


def end_game(state: State, out: list) -> None:
    state["stage"] = "over"
    state["step"] = None
    state["turn_index"] = None
    out.append(event(state, "GameEnded", None, **result(state)))


def call_time(state: State, action: dict, out: list) -> None:
    """The teacher calls time: the game ends when the current round ends (SC-40, SC-G17);
    called during the draft, round 1 is the last."""
    state["time_called"] = True
    set_last_round(state, max(1, state["round"]), "called")
    out.append(event(state, "TimeCalled", None, last_round=state["last_round"]))
