"""Seeded playouts of the full and beginner games with games.engines.playout: 1,000 games for
each of 2, 3 and 4 seats of each variant, with the random and greedy bots mixed at every table.

Every game ends (FG-01, FG-13, SV-82); `check_invariants` is [] after every step; every final
state's VP equal its breakdown, and every fourth game's final state survives a JSON round trip
(test_fg_face checks it at every step of whole games); a sample of games replayed through
`playout.replay` (the validating path) gives the identical state and events. The games run in two
processes (the machine has two cores).
"""

import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from games.engines import playout
from games.research_programme.engine import ENGINE

GAMES = 1000
CHUNK = 250
REPLAYED = 3  # per chunk: the first seeds of each chunk are replayed through apply_action


def bots_for(seed: int, n: int) -> dict[int, str]:
    """Both bots at every table, alternating by seat and seed."""
    return {seat: "greedy" if (seed + seat) % 2 else "random" for seat in range(1, n + 1)}


def check_step(state, action, events):
    broken = ENGINE.check_invariants(state)
    assert not broken, (action, broken)


def play_chunk(variant: str, n: int, seeds: range) -> dict:
    options = {"variant": variant}
    ended, events = Counter(), Counter()
    rounds = steps = 0
    for seed in seeds:
        recorded: list = []

        def on_step(state, action, step_events, recorded=recorded, keep=seed < seeds.start
                    + REPLAYED):
            check_step(state, action, step_events)
            if keep and action is not None:
                recorded.append(step_events)

        game = playout.play(ENGINE, n, seed, bots_for(seed, n), options, on_step=on_step)
        state = game.state
        outcome = ENGINE.outcome(state)
        assert outcome is not None and state["round"] <= state["rounds"] == 8
        assert all(row["vp"] == sum(row["breakdown"].values()) for row in outcome["players"])
        if seed % 4 == 0:
            assert ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(state)))) \
                == state
        if recorded:
            replayed, replay_events = playout.replay(ENGINE, n, seed, game.actions, options)
            assert replayed == state and replay_events == recorded, seed
        ended[outcome["ended_by"]] += 1
        events.update(game.events)
        rounds += outcome["rounds_played"]
        steps += len(game.actions)
    return {"ended": ended, "events": events, "rounds": rounds, "steps": steps,
            "games": len(seeds)}


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["full", "beginner"])
def test_fg_seeded_playouts_end_and_keep_every_invariant(variant):
    """1,000 seeded games each at 2, 3 and 4 seats end within 8 rounds, by the round limit,
    the counter or a synthesis, with every invariant after every step; Interfere, defence,
    reveals and synthesis all happen."""
    jobs = [(variant, n, range(start, start + CHUNK))
            for n in (2, 3, 4) for start in range(0, GAMES, CHUNK)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(play_chunk, *zip(*jobs, strict=True)))
    ended, events = Counter(), Counter()
    for result in results:
        ended.update(result["ended"])
        events.update(result["events"])
    assert sum(r["games"] for r in results) == 3 * GAMES
    assert set(ended) <= {"round_limit", "replication_counter", "synthesis"}
    for kind in ("DisruptionPlayed", "DisruptionBlocked", "DisruptionHit", "HexRevealed",
                 "ExplorationRewarded", "SynthesisAttempted", "DamageRepaired", "BlockRolled"):
        assert events[kind] > 0, kind
