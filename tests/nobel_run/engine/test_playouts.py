"""1,000 seeded games for each of 2, 3 and 4 seats, both bots at every table (NR-37 to NR-40).

Every step keeps `check_invariants` and NR-23; every game ends with a result and survives the
JSON round trip (every 25th step too); every 50th game is replayed through the validating path
with identical state and events. The games are shared between two worker processes (the
machine has two cores); each worker is a forked copy running the same pure engine.
"""

import multiprocessing
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from .playcheck import checked_game, replayed_identically

GAMES = 1000
WORKERS = 2


def run_chunk(n: int, seeds: list[int]) -> tuple[Counter, int, int]:
    ended, replays, steps = Counter(), 0, 0
    for seed in seeds:
        game = checked_game(n, seed, json_every=25)
        ended[game.state["ended_by"]] += 1
        steps += len(game.actions)
        if seed % 50 == 0:
            assert replayed_identically(n, game), f"replay differs, seed {seed}"
            replays += 1
    return ended, replays, steps


def run_all(n: int) -> tuple[Counter, int, int]:
    chunks = [list(range(GAMES))[i::WORKERS] for i in range(WORKERS)]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(WORKERS, mp_context=context) as pool:
        results = list(pool.map(run_chunk, [n] * WORKERS, chunks))
    ended = sum((r[0] for r in results), Counter())
    return ended, sum(r[1] for r in results), sum(r[2] for r in results)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_nr_40_a_thousand_seeded_games_end_and_keep_every_invariant(n):
    """1,000 mixed-bot games at N seats: all end, nearly all by reaching 20 PP (NR-37 to
    NR-40)."""
    started = time.perf_counter()
    ended, replays, steps = run_all(n)
    assert sum(ended.values()) == GAMES and replays == GAMES // 50
    assert set(ended) <= {"prestige", "stalemate", "exhausted"}
    assert ended["prestige"] >= 0.9 * GAMES, ended
    print(f"\n{n} seats: {dict(ended)}, {steps / GAMES:.0f} steps a game, "
          f"{time.perf_counter() - started:.1f} s")
