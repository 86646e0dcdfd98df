"""What things are worth to a seat, in points: the greedy bot's judgement (bots.py).

A face's worth is its cube (a level now and a share of the track's next milestone: a new cube,
a slot, special points) plus its effects, counted with the cards and empty slots the seat will
have when it completes. Turning a card buys a share of its worth; taking one is needed when the
seat has little to turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .content import FACES, FIELDS
from .effects import condition_value
from .state import FULL_TURN, State, cards, empty_slots, field_of, rotatable, stack_of
from .tracks import can_advance, cube_count, last_space, level

AVOIDED = -100.0


@dataclass(frozen=True)
class Weights:
    turn: float = 2.0  # a turn is worth about this many points to a greedy seat
    cube: float = 2.0  # a new cube: the Chemistry bonus counts it
    slot: float = 1.5  # an extra slot: room for the cards that effects turn, fill and take
    plan: float = 0.3  # an arrow whose condition fails now may hold by the time
    progress: float = 0.8  # a quarter-turn buys this share of a quarter of the card's worth
    finish: float = 0.5  # completing frees a slot and starts the effects now
    take_share: float = 0.35  # of a card's worth, when taking it
    need: dict = field(default_factory=lambda: {0: 12.0, 1: 0.6, 2: -0.4, 3: -1.0})
    bonus: float = 1.5  # special points count more than their face value: they steer a seat
    effect_share: float = 0.5  # of a milestone's share, when an effect advances a track
    flask: float = 1.0  # a flask in storage: a point, and a third of one with Astronomy's bonus
    on_card: float = 0.6  # a flask on a card scores only once the card completes
    take: float = 0.8  # of a turn, for each card an effect takes
    cascade: float = 1.0  # an effect that completes another card: a chain


DEFAULT = Weights()


def bonus_worth(p: dict, field_: str) -> float:
    """Roughly what one of a field's special points will give at the end (SC-52 to SC-55):
    at least what a greedy seat typically reaches, more once its board shows more."""
    if field_ == "PHY":
        return max(5.0, sorted(level(t) for t in p["tracks"].values())[-2] + 2.0)
    if field_ == "CHE":
        return max(6.0, cube_count(p) + 1.0)
    if field_ == "BIO":
        return 7.0
    return max(4.0, p["storage"] / 3 + 1)


def milestone(p: dict, field_: str, k: int, w: Weights, bonus: bool = True) -> float:
    """What the k-th cube of a track reaching its last space brings: a new cube (and the slot
    of SC-32 with the first), and special points for the first two (SC-30, SC-51)."""
    worth = 0.0
    if k < 4:
        worth += w.cube + (w.slot if not p["slot_for_cubes"] else 0.0)
    if k <= 2 and bonus:
        worth += w.bonus * bonus_worth(p, field_)
    return worth


def advance_worth(p: dict, field_: str, w: Weights, bonus: bool = True,
                  share: float = 1.0) -> float:
    """A level now, and a share of the track's next milestone (SC-29, SC-30); the special
    points count only where the seat means to go (not in its lowest field)."""
    track = p["tracks"][field_]
    if not can_advance(track):
        return 0.0
    k = len(track)
    return 1.0 + share * milestone(p, field_, k, w, bonus) / last_space(k)


def _advance_op(op, ctx, w):
    p, target, share = ctx["p"], op["target"], w.effect_share
    if target in FIELDS:
        return op["n"] * advance_worth(p, target, w, share=share)
    open_fields = [f for f in FIELDS if can_advance(p["tracks"][f])]
    if not open_fields:
        return 0.0
    if target == "lowest":
        low = min(level(p["tracks"][f]) for f in open_fields)
        lowest = [f for f in open_fields if level(p["tracks"][f]) == low]
        return op["n"] * max(advance_worth(p, f, w, False, share) for f in lowest)
    return op["n"] * max(advance_worth(p, f, w, share=share) for f in open_fields)


def _storage_op(op, ctx, w):
    p = ctx["p"]
    crossing = not p["slot_for_flasks"] and p["storage"] + op["n"] >= 5
    return op["n"] * w.flask + (w.slot if crossing else 0.0)


def _arrow_op(op, ctx, w):
    worth_ = sum(op_worth(inner, ctx, w) for inner in op["then"])
    return worth_ if condition_value(ctx["p"], op) >= op["min"] else w.plan * worth_


def _completes(cards_: list[dict], n: int) -> int:
    return sum(1 for card in cards_ if card["turns"] < FULL_TURN <= card["turns"] + n)


def _rotate_op(op, ctx, w):
    """Turns for another card; more if they complete it, starting a chain."""
    others = ctx["others"]
    if not others:
        return 0.0
    return op["n"] * w.turn / 2 + w.cascade * min(1, _completes(others, op["n"]))


def _rotate_each_op(op, ctx, w):
    others = ctx["others"]
    return op["n"] * w.turn / 2 * len(others) + w.cascade * _completes(others, op["n"])


OP_WORTH = {
    "rotate": _rotate_op,
    "rotate_each": _rotate_each_op,
    "flasks_to_storage": _storage_op,
    "flasks_on_card": lambda op, ctx, w: w.on_card * op["n"] * min(1, len(ctx["others"])),
    "flasks_on_stack": lambda op, ctx, w: 0.3 * op["n"],
    "flasks_on_field": lambda op, ctx, w: 0.3 * op["n"],
    "take": lambda op, ctx, w: w.take * w.turn * min(op["n"], ctx["empty"]),
    "advance": _advance_op,
    "others_flasks_to_storage": lambda op, ctx, w: -0.7 * op["n"],
    "if": _arrow_op,
}


def op_worth(op: dict, ctx: dict, w: Weights) -> float:
    """One operation, when the card completes with the `others` cards in the seat's slots
    and `empty` empty slots."""
    return OP_WORTH[op["op"]](op, ctx, w)


def worth(state: State, p: dict, face: int, w: Weights, held: bool = True) -> float:
    """What completing `face` is worth to the seat now (a card still to take fills a slot)."""
    others = [card for _, card in cards(p)]
    if held:
        others.remove(next(card for card in others if card["face"] == face))
    ctx = {"p": p, "others": others, "empty": empty_slots(p) + (1 if held else 0)}
    total = advance_worth(p, field_of(face), w)
    for op in FACES[face]["effects"]:
        total += op_worth(op, ctx, w)
    return total


def turns_left(state: State) -> int:
    """The acting seat's turns still to play, this one included (SC-39)."""
    if state["last_round"] is None:
        return 99
    return state["last_round"] - state["round"] + 1


def turn_gain(state: State, p: dict, card: dict, n: int, left: int, w: Weights) -> float:
    """What turning `card` n quarter-turns is worth."""
    value = worth(state, p, card["face"], w) + card["flasks"]
    return progress_gain(value, card["turns"], n, left, w)


def progress_gain(value: float, turns: int, n: int, left: int, w: Weights) -> float:
    """A share of a card's `value` for n more quarter-turns; progress that cannot finish in
    the turns left is worth nothing."""
    after = min(FULL_TURN, turns + n)
    if after == FULL_TURN:
        return value * ((after - turns) / 4 * w.progress + (1 - w.progress)) + w.finish
    if math.ceil((FULL_TURN - after) / 2) > left - 1:
        return 0.0
    return value * (after - turns) / 4 * w.progress


def take_gain(state: State, p: dict, face: int, left: int, w: Weights,
              avoid: frozenset) -> float:
    """Taking a card: needed when there is little to turn, welcome when its stack carries
    flasks; on the last turns only the unfinished card's point will score (SC-56)."""
    if face in avoid:
        return AVOIDED
    flasks = stack_of(state, face)["flasks"]
    if left <= 2:
        return 1.0 + 0.1 * flasks
    need = w.need.get(len(rotatable(p)), w.need[3])
    return need + 0.9 * flasks + w.take_share * worth(state, p, face, w, held=False)
