"""Engine benchmark: games per second and the cost of a step, on fixed seeds.

    python bench/engine.py [--games 500] [--json]

Measures, on one core:

* the simulator's fast path (bots on `apply_in_place`): 4-player games per second with the
  random bot and with the greedy bot, and the mean cost of a step;
* the public path the classroom uses (`apply_action`: validate, copy, apply) replaying the same
  games, per step;
* `view_for` per call (what each socket renders after a step).

Timings are wall-clock on a shared machine: compare figures from the same run, and repeat.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engines.research_programme import api  # noqa: E402
from games.engines.research_programme.simulate import play, players  # noqa: E402

FIRST_SEED = 1


def fast_path(games: int, n: int, bot: str) -> tuple[dict, list]:
    played = []
    started = time.perf_counter()
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        played.append(play(seed, n, bot))
    seconds = time.perf_counter() - started
    steps = sum(len(game.actions) for game in played)
    return {
        "bot": bot,
        "players": n,
        "games": games,
        "games_per_second": round(games / seconds, 1),
        "steps_per_game": round(steps / games, 1),
        "step_us": round(seconds / steps * 1e6, 2),
    }, played


def public_path(played: list, n: int) -> dict:
    steps = 0
    started = time.perf_counter()
    for game in played:
        state = api.new_game(players(n), {}, game.seed)
        for action in game.actions:
            state, _ = api.apply_action(state, action)
            steps += 1
        assert state == game.state
    seconds = time.perf_counter() - started
    return {"games": len(played), "step_us": round(seconds / steps * 1e6, 2),
            "games_per_second": round(len(played) / seconds, 1)}


def views(played: list) -> dict:
    calls = 0
    started = time.perf_counter()
    for game in played:
        for seat in [None, *game.state["seats"]]:
            api.view_for(game.state, seat)
            calls += 1
    seconds = time.perf_counter() - started
    return {"calls": calls, "view_us": round(seconds / calls * 1e6, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    random_fast, random_games = fast_path(args.games, 4, "random")
    greedy_fast, _ = fast_path(max(1, args.games // 5), 4, "greedy")
    public = public_path(random_games[: max(1, args.games // 10)], 4)
    view = views(random_games[:50])
    results = {"random": random_fast, "greedy": greedy_fast, "public_apply_action": public,
               "view_for": view}
    print(f"random bot, 4 players: {random_fast['games_per_second']} games/s, "
          f"{random_fast['steps_per_game']} steps/game, {random_fast['step_us']} us/step")
    print(f"greedy bot, 4 players: {greedy_fast['games_per_second']} games/s, "
          f"{greedy_fast['step_us']} us/step")
    print(f"public apply_action (validate + copy + apply): {public['step_us']} us/step "
          f"({public['games_per_second']} games/s)")
    print(f"view_for: {view['view_us']} us/call")
    if args.json:
        print(json.dumps(results, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
