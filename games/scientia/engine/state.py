"""The game state: plain JSON data, and the few helpers every rule uses to read it.

A state is a dict of dicts, lists, strings, ints, bools and None, so it round-trips through JSON
unchanged. Cards appear as face numbers (content.FACES holds the faces). A card in a slot is
`{"face", "turns", "flasks"}` (plus `depth` and `cause` once completed); a slot without a card is
None. A project stack is `{"face", "cards", "flasks"}`; stacks are keyed by face (SC-G09).
"""

from __future__ import annotations

import marshal
from typing import Any

from .content import FACES, FIELDS

State = dict[str, Any]
Seat = dict[str, Any]

SCHEMA = 1
GAME_KEY = "scientia"
TECH_SUPPLY = {2: 6, 3: 8, 4: 10}  # SC-07
FLASK_SUPPLY = {2: 30, 3: 40, 4: 50}  # SC-09
START_SLOTS = 2  # SC-06
TRACK_LENGTH = 4  # SC-G04: spaces 0-4; a corrected printing changes this number only
MAX_CUBES = 4  # SC-27
FULL_TURN = 4  # quarter-turns that complete a card (SC-17)
SLOT_THRESHOLD = 5  # cubes (SC-32) and flasks (SC-33) that each open a slot


def clone(state: State) -> State:
    """A deep copy of a state (marshal is several times faster than copy.deepcopy)."""
    return marshal.loads(marshal.dumps(state))


def new_seat(seat: int, name: str) -> Seat:
    """A seat's personal board at the start (SC-06), with the figures the debrief reads."""
    return {
        "seat": seat,
        "name": name,
        "slots": [None] * START_SLOTS,
        "tracks": {field: [0] for field in FIELDS},
        "storage": 0,
        "area": [],
        "slot_for_cubes": False,
        "slot_for_flasks": False,
        "completions": dict.fromkeys(FIELDS, 0),
        "longest_chain": 0,
        "first_completion": None,
        "turns": 0,
        "takes": 0,
        "rotates": 0,
        "slots_gained": [],
    }


def seat_of(state: State, seat: int) -> Seat:
    return state["players"][seat - 1]


def active(state: State) -> Seat:
    """The seat whose turn (or draft pick) it is."""
    return state["players"][state["step"]["seat"] - 1]


def stack_of(state: State, face: int) -> dict | None:
    for stack in state["stacks"]:
        if stack["face"] == face:
            return stack
    return None


def field_of(face: int) -> str:
    return FACES[face]["field"]


def cards(p: Seat) -> list[tuple[int, dict]]:
    """(slot, card) for every card in the seat's slots, pending ones included (SC-35)."""
    return [(i, card) for i, card in enumerate(p["slots"]) if card is not None]


def empty_slots(p: Seat) -> int:
    return sum(1 for card in p["slots"] if card is None)


def first_empty_slot(p: Seat) -> int | None:
    for i, card in enumerate(p["slots"]):
        if card is None:
            return i
    return None


def rotatable(p: Seat) -> list[int]:
    """Slots whose card can still turn: rotation below 4 (SC-16, SC-17)."""
    return [i for i, card in enumerate(p["slots"]) if card is not None
            and card["turns"] < FULL_TURN]


def pending(p: Seat) -> list[int]:
    """Slots holding a completed card whose completion step is still to come (SC-17, SC-35)."""
    return [i for i, card in enumerate(p["slots"]) if card is not None
            and card["turns"] == FULL_TURN]


def open_stacks(state: State) -> list[int]:
    """Faces whose stack holds at least one card."""
    return [stack["face"] for stack in state["stacks"] if stack["cards"]]
