"""Engine benchmark: games per second and the cost of a step, on fixed seeds, for every game.

    python bench/engine.py [--games 500] [--game KEY] [--json]

Measures, on one core, for each registered game (games/registry.py) at its most seats up to 4:

* the playout's fast path (bots on `apply_in_place` where the engine has it): games per second
  with the random bot and with the greedy bot, and the mean cost of a step;
* the public path the classroom uses (`canonical_action` + `apply_action`: validate, copy,
  apply) replaying the same games, per step;
* `view_for` per call (what each socket renders after a step), for every seat, the teacher and
  the public.

Timings are wall-clock on a shared machine: compare figures from the same run, and repeat.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engines.base import ENGINES, viewers  # noqa: E402
from games.engines.playout import play, replay  # noqa: E402
from games.registry import GAMES  # noqa: E402

FIRST_SEED = 1


def fast_path(engine, games: int, n: int, bot: str) -> tuple[dict, list]:
    played = []
    started = time.perf_counter()
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        played.append(play(engine, n, seed, bot))
    seconds = time.perf_counter() - started
    steps = sum(len(game.actions) for game in played)
    return {"bot": bot, "players": n, "games": games,
            "games_per_second": round(games / seconds, 1),
            "steps_per_game": round(steps / games, 1),
            "step_us": round(seconds / steps * 1e6, 2)}, played


def public_path(engine, played: list, n: int) -> dict:
    steps = 0
    started = time.perf_counter()
    for game in played:
        state, _events = replay(engine, n, game.seed, game.actions)
        steps += len(game.actions)
        assert engine.state_to_json(state) == engine.state_to_json(game.state)
    seconds = time.perf_counter() - started
    return {"games": len(played), "step_us": round(seconds / steps * 1e6, 2),
            "games_per_second": round(len(played) / seconds, 1)}


def views(engine, played: list, n: int) -> dict:
    calls = 0
    started = time.perf_counter()
    for game in played:
        for viewer in viewers(list(range(1, n + 1))):
            engine.view_for(game.state, viewer)
            calls += 1
    seconds = time.perf_counter() - started
    return {"calls": calls, "view_us": round(seconds / calls * 1e6, 2)}


def measure(key: str, games: int) -> dict:
    engine = ENGINES[key]
    n = min(4, engine.info.max_seats)
    random_fast, random_games = fast_path(engine, games, n, "random")
    greedy_fast, _ = fast_path(engine, max(1, games // 5), n, "greedy")
    public = public_path(engine, random_games[: max(1, games // 10)], n)
    view = views(engine, random_games[:50], n)
    print(f"{key}, random bot, {n} seats: {random_fast['games_per_second']} games/s, "
          f"{random_fast['steps_per_game']} steps/game, {random_fast['step_us']} us/step")
    print(f"{key}, greedy bot, {n} seats: {greedy_fast['games_per_second']} games/s, "
          f"{greedy_fast['step_us']} us/step")
    print(f"{key}, public canonical_action + apply_action: {public['step_us']} us/step "
          f"({public['games_per_second']} games/s)")
    print(f"{key}, view_for: {view['view_us']} us/call")
    return {"random": random_fast, "greedy": greedy_fast, "public_apply_action": public,
            "view_for": view}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = {key: measure(key, args.games) for key in args.game or GAMES}
    if args.json:
        print(json.dumps(results, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
