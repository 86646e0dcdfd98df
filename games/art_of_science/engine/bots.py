"""Bots: `random` and `greedy`, each `bot(state, seat, rng) -> action`, always legal and canonical.

A bot is a simulated student. Its *knowledge* reads the answer key, as a student's knowledge
would decide the answer: it answers correctly with a probability by the question's difficulty
(KNOWLEDGE), the same for both bots, and otherwise gives a wrong answer (or none to an open
question). Every other choice uses only what the seat may see.

* random: picks one of the step's open action kinds uniformly, then one action of that kind
  uniformly; a category order is a random permutation, a split of points is placed point by
  point at random, a vote is a coin toss.
* greedy: steers to the square worth most to it, takes points rather than a new round unless
  the category is full, wagers and stakes all its unlocked points, duels the seat with most to
  lose, distributes to the categories nearest to filling and strikes from those furthest.
"""

from __future__ import annotations

import random

from . import actions as dispatch
from . import questions
from .content import BOARD, SPECIALS
from .rules import points
from .rules.turns import DIRECTIONS
from .state import (
    CATEGORIES,
    moved_to,
    need,
    opponents,
    placement_squares,
    player,
    total_need,
    unlocked_points,
)

KNOWLEDGE = {1: 0.8, 2: 0.65, 3: 0.5}
EXPECTED = 0.68  # the chance of a correct answer over a typical mix of difficulties


def _record(state: dict) -> dict:
    return state["bank"][state["question"]["id"]]


def right_value(state: dict):
    record, order = _record(state), state["question"]["order"]
    if record["format"] == "multiple_choice":
        return questions.LETTERS[order.index(record["answer"])]
    return record["answer"]


def wrong_value(state: dict, rng: random.Random):
    record = _record(state)
    fmt = record["format"]
    if fmt == "multiple_choice":
        right = right_value(state)
        letters = [x for x in questions.LETTERS[:len(record["options"])] if x != right]
        return letters[rng.randrange(len(letters))]
    if fmt == "true_false":
        return not record["answer"]
    if fmt == "numeric":
        return record["answer"] + 2 * record["tolerance"] + 1
    return None


def knowing_value(state: dict, seat: int, rng: random.Random):
    """What a simulated student answers: right with its knowledge's chance; after advice it
    follows a suggestion when it does not know."""
    if rng.random() < KNOWLEDGE[_record(state)["difficulty"]]:
        return right_value(state)
    advice = state["question"]["advice"]
    if state["step"].get("advised") and advice["given"]:
        return advice["suggestion"]
    return wrong_value(state, rng)


def _answer(state: dict, seat: int, rng: random.Random) -> dict:
    return {"type": "answer", "seat": seat, "value": knowing_value(state, seat, rng)}


def _advise(state: dict, seat: int, rng: random.Random) -> dict:
    record = _record(state)
    if rng.random() >= KNOWLEDGE[record["difficulty"]]:
        return {"type": "advise", "seat": seat, "suggestion": None}
    suggestion = right_value(state)
    if record["format"] == "open":  # a suggestion is at most 60 characters (AS-25)
        suggestion = min([record["answer"], *record["accept"]], key=len)[:60].strip()
    return {"type": "advise", "seat": seat, "suggestion": suggestion}


def _honest_vote(state: dict, seat: int, rng: random.Random) -> dict:
    record = _record(state)
    given = state["question"]["answers"][-1]["value"] or ""
    accepted = {record["answer"].lower(), *(a.lower() for a in record["accept"])}
    return {"type": "judge", "seat": seat, "correct": given.strip().lower() in accepted}


def _random_split(state: dict, seat: int, rng: random.Random) -> dict:
    allocation = points.pending_for(state, seat)
    room = points.room(player(state, seat), allocation["mode"])
    split: dict[str, int] = {}
    for _ in range(allocation["total"]):
        open_codes = [c for c in room if room[c] > split.get(c, 0)]
        code = open_codes[rng.randrange(len(open_codes))]
        split[code] = split.get(code, 0) + 1
    kind = "distribute" if allocation["mode"] == "gain" else "strike"
    return {"type": kind, "seat": seat, "points": {c: split[c] for c in CATEGORIES if c in split}}


def _random_order(state: dict, seat: int, rng: random.Random) -> dict:
    order = list(CATEGORIES)
    rng.shuffle(order)
    return {"type": "choose_order", "seat": seat, "order": order}


RANDOM_SPECIAL = {
    "choose_order": _random_order, "answer": _answer, "advise": _advise,
    "judge": lambda state, seat, rng: {"type": "judge", "seat": seat,
                                       "correct": rng.random() < 0.5},
    "distribute": _random_split, "strike": _random_split,
}


def random_bot(state: dict, seat: int, rng: random.Random) -> dict:
    kinds = [k for k in dispatch.step_types(state, seat)
             if k in RANDOM_SPECIAL or dispatch.LEGAL[k](state, seat)]
    kind = kinds[rng.randrange(len(kinds))]
    if kind in RANDOM_SPECIAL:
        return RANDOM_SPECIAL[kind](state, seat, rng)
    options = dispatch.legal_of(state, seat, kind)
    return options[rng.randrange(len(options))]


# greedy ----------------------------------------------------------------------------------------

def square_worth(state: dict, p: dict, index: int) -> float:
    """What landing on a square is worth to the seat, in expected points."""
    here = BOARD[index]
    kind = here["kind"]
    if kind == "category":
        return EXPECTED * min(here["value"], need(p, here["category"]))
    if kind == "universal_genius":
        return EXPECTED * min(SPECIALS[kind]["effect"]["points"], total_need(p))
    unlocked = unlocked_points(p)
    if kind == "replication_chance":
        return EXPECTED * 3 if unlocked == 0 else (2 * EXPECTED - 1) * unlocked
    if kind == "duel":
        return 0.3 * unlocked
    return 1.0


def _place(state: dict, seat: int, rng: random.Random) -> dict:
    p = player(state, seat)
    best = max(placement_squares(), key=lambda s: (square_worth(state, p, s), -s))
    return {"type": "place", "seat": seat, "square": best}


def _move(state: dict, seat: int, rng: random.Random) -> dict:
    p = player(state, seat)
    roll = state["step"]["roll"]
    worth = [square_worth(state, p, moved_to(p["square"], roll, d)) for d in DIRECTIONS]
    return {"type": "move", "seat": seat, "direction": DIRECTIONS[worth.index(max(worth))]}


def _reward(state: dict, seat: int, rng: random.Random) -> dict:
    record = state["judgements"][state["step"]["judgement"]]
    useful = need(player(state, seat), record["category"]) > 0
    if useful or not dispatch.LEGAL["new_round"](state, seat):
        return {"type": "take_points", "seat": seat}
    return {"type": "new_round", "seat": seat}


def _challenge(state: dict, seat: int, rng: random.Random) -> dict:
    target = max(opponents(state, seat), key=lambda s: (unlocked_points(player(state, s)), -s))
    return {"type": "challenge", "seat": seat, "opponent": target,
            "stake": unlocked_points(player(state, seat))}


def _greedy_split(state: dict, seat: int, rng: random.Random) -> dict:
    p = player(state, seat)
    allocation = points.pending_for(state, seat)
    room = points.room(p, allocation["mode"])
    nearest = sorted(room, key=lambda c: (need(p, c), CATEGORIES.index(c)))
    if allocation["mode"] == "strike":
        nearest.reverse()
    left, split = allocation["total"], {}
    for code in nearest:
        split[code] = min(left, room[code])
        left -= split[code]
    kind = "distribute" if allocation["mode"] == "gain" else "strike"
    return {"type": kind, "seat": seat, "points": {c: split[c] for c in CATEGORIES if split.get(c)}}


def _category(state: dict, seat: int, rng: random.Random) -> dict:
    return {"type": "choose_category", "seat": seat,
            "category": CATEGORIES[rng.randrange(len(CATEGORIES))]}


GREEDY = {
    "order": lambda state, seat, rng: {"type": "choose_order", "seat": seat,
                                       "order": list(CATEGORIES)},
    "place": _place, "move": _move,
    "shove": lambda state, seat, rng: {"type": "shove", "seat": seat,
                                       "target": state["step"]["targets"][0], "square": None},
    "answer": _answer, "duel": _answer, "advise": _advise, "judge": _honest_vote,
    "reward": _reward,
    "spree": lambda state, seat, rng: {"type": "new_round", "seat": seat},
    "genius": _category, "duel_category": _category, "challenge": _challenge,
    "wager": lambda state, seat, rng: {"type": "wager", "seat": seat,
                                       "points": unlocked_points(player(state, seat))},
    "allocate": _greedy_split,
}


def greedy_bot(state: dict, seat: int, rng: random.Random) -> dict:
    return GREEDY[state["step"]["kind"]](state, seat, rng)


BOTS = {"random": random_bot, "greedy": greedy_bot}
