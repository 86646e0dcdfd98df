"""Completion effects, interpreted from the catalogue's data: no face has code of its own
(SC-41 to SC-47, SC-G03, SC-G22).

`apply` runs one operation for the active seat. An operation with a target (a card, a stack, a
field) asks the seat through a choice step when it has two or more different targets, applies
itself when it has one, and is skipped when it has none (SC-43, SC-48).
"""

from __future__ import annotations

from .cards import take_card, turn_cards
from .events import event
from .state import Seat, State, cards, empty_slots, field_of, open_stacks, rotatable, stack_of
from .supplies import draw, flasks_to_storage
from .tracks import advance as advance_track
from .tracks import can_advance, cube_count, level

CHOICE_STEP = {
    "rotate": "choose_card",
    "flasks_on_card": "choose_card",
    "flasks_on_stack": "choose_stack",
    "take": "choose_stack",
    "advance": "choose_field",
}


def source_of(state: State) -> int | None:
    return state["chain"]["source"]


def apply(state: State, p: Seat, op: dict, out: list) -> bool:
    """Apply one operation in full as far as its targets allow (SC-43); True when it waits for
    the seat's choice, which `resolve` then applies."""
    name = op["op"]
    if name not in CHOICE_STEP:
        DIRECT[name](state, p, op, out)
        return False
    options = targets(state, p, op)
    if not options:
        out.append(event(state, "EffectSkipped", p["seat"], op=name, reason="no_target",
                         source=source_of(state)))
        return False
    if len({key for _, key in options}) == 1:
        resolve(state, p, op, options[0][0], out)
        return False
    state["step"] = {"kind": CHOICE_STEP[name], "seat": p["seat"], "op": op,
                     "source": source_of(state)}
    return True


def targets(state: State, p: Seat, op: dict) -> list[tuple]:
    """(choice, sameness key) for every target of a targeted operation; two targets with one
    key (two copies at the same rotation with the same flasks) are the same choice."""
    return TARGETS[op["op"]](state, p, op)


def choices(state: State, p: Seat, op: dict) -> list:
    return [choice for choice, _ in targets(state, p, op)]


def _card_key(card: dict) -> tuple:
    return card["face"], card["turns"], card["flasks"]


def _turnable(state, p, op):
    """Cards in the seat's slots with rotation below 4 (SC-45)."""
    return [(slot, _card_key(p["slots"][slot])) for slot in rotatable(p)]


def _any_card(state, p, op):
    """Any card in the seat's slots, pending ones included (SC-46, SC-G10)."""
    return [(slot, _card_key(card)) for slot, card in cards(p)]


def _stacks(state, p, op):
    """Non-empty stacks (SC-G08)."""
    return [(face, face) for face in open_stacks(state)]


def _takeable(state, p, op):
    """Non-empty stacks, while the seat has an empty slot (SC-47)."""
    return _stacks(state, p, op) if empty_slots(p) else []


def _fields(state, p, op):
    """The field named, any field of the seat's choice, or its lowest (ties: its choice);
    a full track cannot advance, so it is no target (SC-30, SC-43)."""
    open_fields = [f for f, track in p["tracks"].items() if can_advance(track)]
    target = op["target"]
    if target == "choice":
        return [(f, f) for f in open_fields]
    if target == "lowest":
        lowest = min((level(p["tracks"][f]) for f in open_fields), default=None)
        return [(f, f) for f in open_fields if level(p["tracks"][f]) == lowest]
    return [(target, target)] if target in open_fields else []


TARGETS = {"rotate": _turnable, "flasks_on_card": _any_card, "flasks_on_stack": _stacks,
           "take": _takeable, "advance": _fields}


def resolve(state: State, p: Seat, op: dict, choice, out: list) -> None:
    """Apply a targeted operation to the chosen target."""
    RESOLVE[op["op"]](state, p, op, choice, out)


def _rotate(state, p, op, slot, out):
    turn_cards(state, p, [(slot, op["n"])], out, "effect", source_of(state))


def _flasks_on_card(state, p, op, slot, out):
    reserve = draw(state, "flasks", op["n"], out)
    card = p["slots"][slot]
    card["flasks"] += op["n"]
    out.append(event(state, "FlasksGained", p["seat"], amount=op["n"], to="card", slot=slot,
                     face=card["face"], source=source_of(state), moved=False, reserve=reserve))


def _flasks_on_stack(state, p, op, face, out):
    put_on_stack(state, p, face, op["n"], out)


def put_on_stack(state, p, face, n, out):
    reserve = draw(state, "flasks", n, out)
    stack = stack_of(state, face)
    stack["flasks"] += n
    out.append(event(state, "FlasksGained", p["seat"], amount=n, to="stack", face=face,
                     source=source_of(state), moved=False, reserve=reserve))


def _take(state, p, op, face, out):
    """One card per choice; what is left of take(n) comes next (SC-47)."""
    take_card(state, p, face, out, "effect", source_of(state))
    if op["n"] > 1:
        state["chain"]["queue"].insert(0, {"op": "take", "n": op["n"] - 1})


def _advance(state, p, op, field, out):
    for _ in range(op["n"]):
        advance_track(state, p, field, out, source_of(state))


RESOLVE = {"rotate": _rotate, "flasks_on_card": _flasks_on_card,
           "flasks_on_stack": _flasks_on_stack, "take": _take, "advance": _advance}


def _rotate_each(state, p, op, out):
    """Every card with rotation below 4 turns n times; the order changes nothing, so the seat
    is not asked (SC-E02)."""
    slots = rotatable(p)
    if not slots:
        out.append(event(state, "EffectSkipped", p["seat"], op="rotate_each",
                         reason="no_target", source=source_of(state)))
        return
    turn_cards(state, p, [(slot, op["n"]) for slot in slots], out, "effect", source_of(state))


def _flasks_to_storage(state, p, op, out):
    flasks_to_storage(state, p, op["n"], out, source_of(state))


def _flasks_on_field(state, p, op, out):
    faces = [f for f in open_stacks(state) if field_of(f) == op["field"]]
    if not faces:
        out.append(event(state, "EffectSkipped", p["seat"], op="flasks_on_field",
                         reason="no_target", source=source_of(state)))
    for face in faces:
        put_on_stack(state, p, face, op["n"], out)


def _others_flasks(state, p, op, out):
    """Every other seat, clockwise from the active one, gains n flasks; none decides (SC-48)."""
    order = state["order"]
    start = order.index(p["seat"])
    for seat in order[start + 1:] + order[:start]:
        flasks_to_storage(state, state["players"][seat - 1], op["n"], out, source_of(state))


def condition_value(p: Seat, op: dict) -> int:
    """The number an arrow's condition compares with its minimum (SC-G03)."""
    test = op["test"]
    if test == "level":
        return level(p["tracks"][op["field"]])
    if test == "holding":
        return sum(1 for _, card in cards(p) if field_of(card["face"]) == op["field"])
    return {"storage": lambda: p["storage"], "cubes": lambda: cube_count(p),
            "empty_slots": lambda: empty_slots(p)}[test]()


def _arrow(state, p, op, out):
    """Checked once, when reached; if it holds, its operations come next (SC-44, SC-G22)."""
    value = condition_value(p, op)
    met = value >= op["min"]
    out.append(event(state, "ConditionChecked", p["seat"], test=op["test"],
                     field=op.get("field"), min=op["min"], value=value, met=met,
                     source=source_of(state)))
    if met:
        state["chain"]["queue"][0:0] = op["then"]


DIRECT = {"rotate_each": _rotate_each, "flasks_to_storage": _flasks_to_storage,
          "flasks_on_field": _flasks_on_field, "others_flasks_to_storage": _others_flasks,
          "if": _arrow}
