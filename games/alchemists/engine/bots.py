"""Bots: a random-legal bot and a greedy bot that deduces from what its seat has seen.

A bot is `bot(state, seat, rng) -> action` and only returns legal, canonical actions. Both read
the game through the seat's own view (`views.seat_view`), never the state's secret part: the
greedy bot's knowledge is the set of the 40,320 mappings consistent with the public facts and the
seat's own results (knowledge.py), which shrinks with each result.

* random: picks one of the step's action kinds uniformly, then one action of it uniformly; a
  plan is drawn cube by cube rather than from the list of every plan (there are thousands).
* greedy: plans what its hand and knowledge make worth doing, mixes the pair it learns most from,
  publishes its most probable theory with a seal matching its confidence, debunks what it
  believes wrong, sells and exhibits what it is likely to make.
"""

from __future__ import annotations

import random

from . import flow
from .bot_plans import greedy_plan, random_plan
from .bot_rules import GREEDY
from .views import seat_view


def random_bot(state: dict, seat: int, rng: random.Random) -> dict:
    decision = flow.decision_of(state)
    if "declare" in decision.types:
        return random_plan(state, seat, rng)
    legal = decision.legal(state, seat)
    kinds = sorted({a["type"] for a in legal})
    kind = kinds[rng.randrange(len(kinds))]
    options = [a for a in legal if a["type"] == kind]
    return options[rng.randrange(len(options))]


def greedy_bot(state: dict, seat: int, rng: random.Random) -> dict:
    name = state["step"]["decision"]
    if name == "declare":
        return greedy_plan(state, seat, seat_view(state, seat))
    legal = flow.DECISIONS[name].legal(state, seat)
    choose = GREEDY.get(name)
    if choose is None or len(legal) == 1:
        return legal[0]
    return choose(seat_view(state, seat), legal)


BOTS = {"random": random_bot, "greedy": greedy_bot}
