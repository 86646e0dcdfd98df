"""Play many bot games and report the balance figures.

    python -m games.engines.research_programme.simulate --games 1000 --players 4 --seed 1 \\
        [--bot random|greedy] [--stories 0.25] [--json] [--dump DIR]

Game i is played with seed S + i: chance steps use `chance_rng(seed, n)`, the bots their own
generator seeded from the same seed, so each game replays from its seed and action log.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..base import chance_rng
from . import api, bots
from .rules.flow import chance_outcomes

DEFAULT_STORY_RATE = 0.25
DEFAULT_ACCEPT_RATE = 0.8


@dataclass
class Played:
    seed: int
    state: dict
    actions: list[dict] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)


def players(n: int) -> list[dict]:
    return [{"seat": seat, "name": f"Bot {seat}"} for seat in range(1, n + 1)]


def next_action(state: dict, seed: int, bot, rng: random.Random) -> dict:
    step = state["step"]
    if step["kind"] == "chance":
        outcomes = chance_outcomes(state)
        pick = chance_rng(seed, state["chance_n"]).randrange(len(outcomes))
        return {"type": "chance", "outcome": outcomes[pick]}
    return bot(state, step["seats"][0], rng)


def play(seed: int, n: int, bot: str = "random", story_rate: float = DEFAULT_STORY_RATE,
         accept_rate: float = DEFAULT_ACCEPT_RATE, options: dict | None = None,
         on_step=None) -> Played:
    """One whole game by bots, on the in-place fast path. `on_step(state, action, events)`
    is called after every step (the dump and the invariant tests use it)."""
    state = api.new_game(players(n), options or {}, seed)
    if on_step is not None:
        on_step(state, None, state["events"])
    played = Played(seed, state)
    choose = bots.BOTS[bot]
    rng = random.Random(f"bots:{seed}")
    while state["phase"] != "over":
        step = state["step"]
        pending = []
        if step["kind"] == "actions" or step["kind"] == "test":
            pending = bots.story_actions(state, step["seats"][0], rng, story_rate, accept_rate)
        pending.append(next_action(state, seed, choose, rng))
        for action in pending:
            events = api.apply_in_place(state, action)
            played.actions.append(action)
            for event in events:
                played.counts[event["type"]] += 1
            if on_step is not None:
                on_step(state, action, events)
    return played


def summarise(games: list[Played], seconds: float) -> dict:
    vps, winners_by_seat, winners_by_position = [], Counter(), Counter()
    ended, per_game = Counter(), Counter()
    margins = []
    for game in games:
        result = api.outcome(game.state)
        ended[result["ended_by"]] += 1
        scores = sorted((row["vp"] for row in result["players"]), reverse=True)
        vps += scores
        margins.append(scores[0] - scores[1])
        share = 1 / len(result["winners"])
        first_order = initial_order(game)
        for seat in result["winners"]:
            winners_by_seat[seat] += share
            winners_by_position[first_order.index(seat) + 1] += share
        per_game["replications"] += game.state["replication_counter"]
        per_game["bridges"] += sum(len(p["bridges"]) for p in game.state["players"])
        per_game["research_programmes"] += sum(len(p["programmes"])
                                               for p in game.state["players"])
        per_game["ep"] += sum(p["ep"] for p in game.state["players"])
        per_game["rounds"] += game.state["round"]
        per_game["steps"] += len(game.actions)
        for kind in ("TestRolled", "TestSucceeded", "NullResult", "ArtefactCancelledSuccess",
                     "TheoryFalsified", "TheoryRejected", "AnomalyResolved", "StoryAccepted"):
            per_game[kind] += game.counts[kind]
    count = len(games)
    rolled = per_game["TestRolled"]
    return {
        "games": count,
        "players": games[0].state["n"] if games else 0,
        "seconds": round(seconds, 3),
        "games_per_second": round(count / seconds, 1) if seconds else None,
        "vp_mean": round(statistics.fmean(vps), 2),
        "vp_stdev": round(statistics.pstdev(vps), 2),
        "vp_min": min(vps),
        "vp_max": max(vps),
        "winner_vp_mean": round(statistics.fmean(
            max(row["vp"] for row in api.outcome(g.state)["players"]) for g in games), 2),
        "winning_margin_mean": round(statistics.fmean(margins), 2),
        "win_share_by_seat": {
            str(s): round(v / count, 4) for s, v in sorted(winners_by_seat.items())
        },
        "win_share_by_start_position": {
            str(s): round(v / count, 4) for s, v in sorted(winners_by_position.items())
        },
        "ended_by": {k: round(v / count, 4) for k, v in sorted(ended.items())},
        "per_game": {
            "replications": round(per_game["replications"] / count, 3),
            "bridges": round(per_game["bridges"] / count, 3),
            "research_programmes": round(per_game["research_programmes"] / count, 3),
            "ep": round(per_game["ep"] / count, 3),
            "stories_accepted": round(per_game["StoryAccepted"] / count, 3),
            "rounds": round(per_game["rounds"] / count, 3),
            "steps": round(per_game["steps"] / count, 1),
            "tests_rolled": round(rolled / count, 3),
            "artefacts": round(per_game["ArtefactCancelledSuccess"] / count, 3),
            "theories_falsified": round(per_game["TheoryFalsified"] / count, 3),
            "theories_rejected": round(per_game["TheoryRejected"] / count, 3),
            "anomalies_resolved": round(per_game["AnomalyResolved"] / count, 3),
        },
        "test_success_share": round(per_game["TestSucceeded"] / rolled, 4) if rolled else None,
    }


def initial_order(game: Played) -> list[int]:
    """Seats in round 1's turn order, from the start player."""
    start = game.actions[0]["outcome"]
    n = game.state["n"]
    return [(start - 1 + i) % n + 1 for i in range(n)]


def dumper(directory: Path, seed: int):
    directory.mkdir(parents=True, exist_ok=True)
    handle = (directory / f"game_{seed}.jsonl").open("w", encoding="utf-8")
    step = {"n": 0}

    def on_step(state: dict, action: dict | None, events: list[dict]) -> None:
        line = {"step": step["n"], "action": action, "events": events,
                "view": api.view_for(state, None)}
        handle.write(json.dumps(line, ensure_ascii=False) + "\n")
        step["n"] += 1
        if state["phase"] == "over":
            handle.close()

    return on_step


def report(summary: dict) -> str:
    lines = [
        f"{summary['games']} games, {summary['players']} players: "
        f"{summary['games_per_second']} games/s ({summary['seconds']} s)",
        f"final VP: mean {summary['vp_mean']}, stdev {summary['vp_stdev']}, "
        f"range {summary['vp_min']}..{summary['vp_max']}; winner {summary['winner_vp_mean']}, "
        f"margin {summary['winning_margin_mean']}",
        f"wins by seat: {summary['win_share_by_seat']}",
        f"wins by start position: {summary['win_share_by_start_position']}",
        f"ended by: {summary['ended_by']}",
        f"per game: {summary['per_game']}",
        f"tests that succeed: {summary['test_success_share']}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=sorted(bots.BOTS), default="random")
    parser.add_argument("--stories", type=float, default=DEFAULT_STORY_RATE,
                        help="chance that a seat asks for a story on its turn")
    parser.add_argument("--json", action="store_true", help="print one JSON object last")
    parser.add_argument("--dump", type=Path, help="write one JSON-lines file per game here")
    args = parser.parse_args(argv)
    games = []
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        on_step = dumper(args.dump, seed) if args.dump else None
        games.append(play(seed, args.players, args.bot, args.stories, on_step=on_step))
    seconds = time.perf_counter() - started
    summary = summarise(games, seconds)
    summary["bot"] = args.bot
    summary["first_seed"] = args.seed
    print(report(summary))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
