"""Bots: a random-legal bot and a greedy bot (and the greedy bot that ignores given faces, for
the balance check).

A bot is `bot(state, seat, rng) -> action` and only ever returns a legal, canonical action.

* random: picks one of the step's kinds that has a legal action uniformly, then one action of
  that kind uniformly (so the 14 rotations do not crowd out Take).
* greedy: values completing a face by what its cube and its effects are worth to the seat now
  (`value.worth`), rotates where the quarter-turns buy the most, takes a card when it has too
  few to turn or a stack carries flasks, and on its last turns counts only what will score. It
  is deterministic (ties go to the first option), so a game with the same setup replays.
"""

from __future__ import annotations

import random

from . import actions
from .content import FACES
from .state import State, rotatable, seat_of
from .value import (
    DEFAULT,
    Weights,
    advance_worth,
    progress_gain,
    take_gain,
    turn_gain,
    turns_left,
    worth,
)


def random_bot(state: State, seat: int, rng: random.Random) -> dict:
    kinds = [legal for legal in (actions.legal_of_kind(state, seat, k)
                                 for k in actions.step_kinds(state)) if legal]
    options = kinds[rng.randrange(len(kinds))]
    return options[rng.randrange(len(options))]


def _best(options: list[dict], score) -> dict:
    best, best_score = options[0], score(options[0])
    for option in options[1:]:
        value = score(option)
        if value > best_score:
            best, best_score = option, value
    return best


def greedy_turn(state: State, seat: int, w: Weights, avoid: frozenset) -> dict:
    p = seat_of(state, seat)
    left = turns_left(state)
    options = actions.legal_take(state, seat) + actions.legal_rotate(state, seat)
    values = {slot: worth(state, p, p["slots"][slot]["face"], w) + p["slots"][slot]["flasks"]
              for slot in rotatable(p)}

    def gain(slot: int, n: int) -> float:
        return progress_gain(values[slot], p["slots"][slot]["turns"], n, left, w)

    def score(action: dict) -> float:
        if action["type"] == "take":
            return take_gain(state, p, action["stack"], left, w, avoid)
        slots = action["slots"]
        if len(slots) == 2 and slots[0] == slots[1]:
            return gain(slots[0], 2)
        return sum(gain(slot, 1) for slot in slots)
    return _best(options, score)


def greedy_draft(state: State, seat: int, w: Weights, avoid: frozenset) -> dict:
    p = seat_of(state, seat)
    return _best(actions.LEGAL["draft"](state, seat),
                 lambda a: take_gain(state, p, a["stack"], 99, w, avoid))


def greedy_complete(state: State, seat: int, w: Weights, avoid: frozenset) -> dict:
    """Cards that take come last (earlier completions free their slots); flasks first."""
    p = seat_of(state, seat)

    def score(action: dict) -> float:
        card = p["slots"][action["slot"]]
        takes = any(op["op"] == "take" for op in FACES[card["face"]]["effects"])
        return -10.0 * takes + card["flasks"]
    return _best(actions.LEGAL["complete"](state, seat), score)


def greedy_card(state: State, seat: int, w: Weights, avoid: frozenset) -> dict:
    """Turn the card the turns help most; put flasks where they will score soonest."""
    p = seat_of(state, seat)
    op = state["step"]["op"]
    options = actions.LEGAL["choose_card"](state, seat)
    if op["op"] == "rotate":
        return _best(options, lambda a: turn_gain(state, p, p["slots"][a["slot"]], op["n"], 99,
                                                  w))
    return _best(options, lambda a: p["slots"][a["slot"]]["turns"])


def greedy_stack(state: State, seat: int, w: Weights, avoid: frozenset) -> dict:
    p = seat_of(state, seat)
    return _best(actions.LEGAL["choose_stack"](state, seat),
                 lambda a: take_gain(state, p, a["stack"], 99, w, avoid))


def greedy_field(state: State, seat: int, w: Weights, avoid: frozenset) -> dict:
    p = seat_of(state, seat)
    return _best(actions.LEGAL["choose_field"](state, seat),
                 lambda a: advance_worth(p, a["field"], w))


GREEDY = {
    "draft": greedy_draft,
    "turn": greedy_turn,
    "confirm": lambda state, seat, w, avoid: {"type": "confirm", "seat": seat},
    "complete": greedy_complete,
    "choose_card": greedy_card,
    "choose_stack": greedy_stack,
    "choose_field": greedy_field,
}


def greedy_with(weights: Weights = DEFAULT, avoid=()):
    """A greedy bot with these weights that never takes one of `avoid` while another card
    can be taken."""
    avoid = frozenset(avoid)

    def bot(state: State, seat: int, rng: random.Random) -> dict:
        return GREEDY[state["step"]["kind"]](state, seat, weights, avoid)
    return bot


greedy_bot = greedy_with()
BOTS = {"random": random_bot, "greedy": greedy_bot}
