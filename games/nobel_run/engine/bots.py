"""Bots: `bot(state, seat, rng) -> action`, always legal and canonical, reading only what the
seat may see (its own hand and deck composition and the public table).

* random: picks one open kind uniformly (use, publish, discard, disable, buy, end; or, as a
  target, choose cards or let the engine choose), then one action of that kind uniformly, so a
  turn is a sequence of atomic plans.
* greedy: one whole plan a turn (two after Sally Kristen Ride's extra cards): see `greedy`.
"""

from __future__ import annotations

import random

from .greedy import greedy_bot
from .menu import ATOMIC_KINDS, atomic_groups, response_actions


def random_bot(state: dict, seat: int, rng: random.Random) -> dict:
    if state["step"]["kind"] == "respond":
        groups = [response_actions(state, seat), [{"type": "discard_by_default", "seat": seat}]]
    else:
        by_kind = atomic_groups(state, seat)
        groups = [by_kind[kind] for kind in ATOMIC_KINDS if by_kind[kind]]
    options = groups[rng.randrange(len(groups))]
    return options[rng.randrange(len(options))]


BOTS = {"random": random_bot, "greedy": greedy_bot}
