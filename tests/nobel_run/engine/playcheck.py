"""Seeded bot games checked step by step, shared by the invariant and the big playout tests.

`checked_game` plays one game with `games.engines.playout.play`, checks `check_invariants` and
NR-23 (a CV only ever grows) after every step, and at the end the JSON round trip and that the
game is over with a result. `replayed_identically` replays a game's log through the validating
path (`playout.replay`) and compares the state and every step's events.
"""

from __future__ import annotations

import json
from collections import Counter

from games.engines.playout import play, replay
from games.nobel_run.engine import api

ENGINE = api.ENGINE


def mixed_bots(n: int, seed: int) -> dict[int, str]:
    """Both bots at every table, the seats alternating with the seed."""
    return {seat: ("greedy" if (seat + seed) % 2 else "random") for seat in range(1, n + 1)}


class Checker:
    def __init__(self) -> None:
        self.cvs: dict[int, list] = {}
        self.steps = 0

    def __call__(self, state: dict, action: dict | None, events: list[dict]) -> None:
        problems = ENGINE.check_invariants(state)
        assert not problems, (action, problems)
        for p in state["players"]:
            before = self.cvs.get(p["seat"], [])
            assert p["cv"][:len(before)] == before, "a card left a CV (NR-23)"
            self.cvs[p["seat"]] = list(p["cv"])
        self.steps += 1


def checked_game(n: int, seed: int, bots=None, json_every: int = 0, options=None):
    """One whole game, checked at every step; `json_every` also round-trips the state
    through JSON every so many steps."""
    checker = Checker()

    def on_step(state, action, events):
        checker(state, action, events)
        if json_every and checker.steps % json_every == 0:
            assert json.loads(json.dumps(state)) == state

    game = play(ENGINE, n, seed, bots or mixed_bots(n, seed), options=options, on_step=on_step)
    state = game.state
    assert ENGINE.current_seats(state) == [] and ENGINE.outcome(state) is not None
    assert json.loads(json.dumps(state)) == state
    assert ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(state)))) == state
    return game


def replayed_identically(n: int, game, bots=None) -> bool:
    """The log replayed through canonical_action and apply_action gives the same state and
    the same events at every step (NR-40)."""
    events = []
    play(ENGINE, n, game.seed, bots or mixed_bots(n, game.seed),
         on_step=lambda state, action, step: events.append(step) if action else None)
    state, replay_events = replay(ENGINE, n, game.seed, game.actions)
    return state == game.state and replay_events == events


def ends(games) -> Counter:
    return Counter(game.state["ended_by"] for game in games)
