"""Seeded playouts: 1,000 lesson games at each of 2, 3 and 4 seats and a smaller number of full
games in both modes, random and greedy bots mixed.

Every game ends, `check_invariants` is [] after every step, states round-trip through JSON, and
a sample replayed through `playout.replay` (canonical_action + apply_action) gives the identical
state and events.
"""

import json
import time

import pytest

from games.alchemists.engine import ENGINE, knowledge
from games.engines.playout import play, replay

LESSON_GAMES = 1000
FULL_GAMES = 40
REPLAYED = 10


def mixed(n: int, seed: int) -> dict[int, str]:
    return {s: "greedy" if (s + seed) % 2 else "random" for s in range(1, n + 1)}


def playouts(n: int, variant: str, games: int) -> dict:
    steps = []

    def check(state, action, events):
        problems = ENGINE.check_invariants(state)
        assert not problems, (problems, action)
        steps.append(events)

    replayed = 0
    for seed in range(games):
        steps.clear()
        options = {"variant": variant}
        game = play(ENGINE, n, seed, mixed(n, seed), options, on_step=check)
        state = game.state
        assert state["phase"] == "over" and ENGINE.outcome(state)["winners"]
        assert json.loads(json.dumps(state)) == state
        assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
        if seed % (games // REPLAYED) == 0:
            again, events = replay(ENGINE, n, seed, game.actions, options)
            assert again == state and events == steps[1:]
            replayed += 1
    return {"replayed": replayed}


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_thousand_lesson_games_at_each_seat_count(n):
    """1,000 seeded lesson games end with sound states, replaying exactly."""
    knowledge.one_hot()
    started, cpu = time.perf_counter(), time.process_time()
    result = playouts(n, "lesson", LESSON_GAMES)
    assert result["replayed"] == REPLAYED
    print(f"lesson, {n} seats: {LESSON_GAMES} games in {time.perf_counter() - started:.1f} s "
          f"({time.process_time() - cpu:.1f} s of CPU)")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["apprentice", "master"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_games_in_both_modes(n, variant):
    """Seeded six-round games of each mode end with sound states, replaying exactly."""
    started, cpu = time.perf_counter(), time.process_time()
    result = playouts(n, variant, FULL_GAMES)
    assert result["replayed"] == REPLAYED
    print(f"{variant}, {n} seats: {FULL_GAMES} games in {time.perf_counter() - started:.1f} s "
          f"({time.process_time() - cpu:.1f} s of CPU)")


@pytest.mark.parametrize("variant", ["lesson", "apprentice", "master"])
def test_a_few_games_of_each_variant(variant):
    """The quick version: 10 games per seat count."""
    for n in (2, 3, 4):
        playouts(n, variant, REPLAYED)
