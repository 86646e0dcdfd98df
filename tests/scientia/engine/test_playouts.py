"""Seeded bot games: 1,000 at each of 2, 3 and 4 seats, both bots mixed, half of them on a
random combination and some with time called. Every game ends; check_invariants finds nothing
after any step (no stalemate, SC-18, SC-G19); the final state round-trips through JSON; a
sample replayed through the validating path gives the identical state and events."""

import json
from concurrent.futures import ProcessPoolExecutor

import pytest

from games.engines.playout import CLASSROOM, play, replay
from games.scientia.engine import ENGINE, api

GAMES = 1000
REPLAYED = 40
WORKERS = 2


def bots_for(seed: int, n: int) -> dict:
    """Random and greedy seats mixed, differently from seed to seed."""
    return {seat: "greedy" if (seed >> (seat - 1)) & 1 else "random"
            for seat in range(1, n + 1)}


def options_for(seed: int) -> dict:
    return {"combination": "random"} if seed % 2 else {}


def checked(state, action, events):
    problems = api.check_invariants(state)
    assert not problems, (action, problems)


def play_seed(seed: int, n: int, on_step=checked):
    call = 300.0 if seed % 10 == 3 else None
    return play(ENGINE, n, seed, bots_for(seed, n), options_for(seed), on_step=on_step,
                call_time_after=call, pace=None if call is None else CLASSROOM)




def play_checked(job: tuple) -> set:
    """Play seeds `start`, `start + step`, ... below GAMES; each game checked at every step and
    at its end. Returns how the games ended."""
    n, start, step = job
    ended = set()
    for seed in range(start, GAMES, step):
        state = play_seed(seed, n).state
        assert state["stage"] == "over" and api.current_seats(state) == []
        assert json.loads(json.dumps(state)) == state
        assert all(c is None or c["turns"] < 4 for p in state["players"] for c in p["slots"])
        ended.add(api.outcome(state)["ended_by"])
    return ended


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_sc_g19_a_thousand_seeded_games_end_with_every_invariant_kept(n):
    """SC-18, SC-G19, SC-G21: 1,000 games end; no step leaves a broken state or a seat
    without a legal action; no card is pending at the end; the state is plain JSON. The seeds
    are shared between two processes (the machine has two cores)."""
    with ProcessPoolExecutor(WORKERS) as pool:
        ended = set().union(*pool.map(play_checked, [(n, i, WORKERS) for i in range(WORKERS)]))
    assert ended == {"cubes", "flasks", "called"}


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_replay_through_the_validating_path_is_identical(n):
    """(seed, actions) replays exactly: the same final state and the same events per step."""
    for seed in range(REPLAYED):
        steps: list = []
        game = play_seed(seed, n, on_step=recorder(steps))
        state, events = replay(ENGINE, n, seed, game.actions, options_for(seed))
        assert state == game.state
        assert events == steps


def recorder(steps: list):
    def record(state, action, events):
        if action is not None:
            steps.append(events)
    return record
