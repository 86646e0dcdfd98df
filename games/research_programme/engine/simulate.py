"""Play many bot games and report the balance figures.

    python -m games.research_programme.engine.simulate --games 1000 --players 4 --seed 1 \\
        [--variant school|full|beginner] [--bot random|greedy] [--stories 0.25] [--json]
        [--dump DIR]

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

from games.engines.base import chance_rng

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


COUNTED_EVENTS = ("TestRolled", "TestSucceeded", "NullResult", "ArtefactCancelledSuccess",
                  "TheoryFalsified", "TheoryRejected", "AnomalyResolved", "StoryAccepted",
                  "DisruptionPlayed", "DisruptionBlocked", "HexRevealed", "SynthesisAttempted",
                  "NoiseLeaked", "DamageRepaired")


class Tally:
    """The balance figures of many games, added one game at a time (games are not kept)."""

    def __init__(self) -> None:
        self.games = 0
        self.players = 0
        self.vps: list[int] = []
        self.winner_vps: list[int] = []
        self.margins: list[int] = []
        self.by_seat: Counter = Counter()
        self.by_position: Counter = Counter()
        self.ended: Counter = Counter()
        self.totals: Counter = Counter()

    def add(self, game: Played) -> None:
        state = game.state
        result = api.outcome(state)
        self.games += 1
        self.players = state["n"]
        self.ended[result["ended_by"]] += 1
        scores = sorted((row["vp"] for row in result["players"]), reverse=True)
        self.vps += scores
        self.winner_vps.append(scores[0])
        self.margins.append(scores[0] - scores[1])
        share = 1 / len(result["winners"])
        order = initial_order(game)
        for seat in result["winners"]:
            self.by_seat[seat] += share
            self.by_position[order.index(seat) + 1] += share
        players = state["players"]
        self.totals["replications"] += state["replication_counter"]
        self.totals["bridges"] += sum(len(p["bridges"]) for p in players)
        self.totals["research_programmes"] += sum(len(p["programmes"]) for p in players)
        self.totals["ep"] += sum(p["ep"] for p in players)
        self.totals["rounds"] += state["round"]
        self.totals["steps"] += len(game.actions)
        for kind in COUNTED_EVENTS:
            self.totals[kind] += game.counts[kind]

    def summary(self, seconds: float) -> dict:
        count = self.games
        per_game = {
            "replications": self.totals["replications"],
            "bridges": self.totals["bridges"],
            "research_programmes": self.totals["research_programmes"],
            "ep": self.totals["ep"],
            "stories_accepted": self.totals["StoryAccepted"],
            "rounds": self.totals["rounds"],
            "steps": self.totals["steps"],
            "tests_rolled": self.totals["TestRolled"],
            "artefacts": self.totals["ArtefactCancelledSuccess"],
            "theories_falsified": self.totals["TheoryFalsified"],
            "theories_rejected": self.totals["TheoryRejected"],
            "anomalies_resolved": self.totals["AnomalyResolved"],
            "disruptions_played": self.totals["DisruptionPlayed"],
            "disruptions_blocked": self.totals["DisruptionBlocked"],
            "hexes_revealed": self.totals["HexRevealed"],
            "synthesis_attempts": self.totals["SynthesisAttempted"],
            "noise_leaks": self.totals["NoiseLeaked"],
            "repairs": self.totals["DamageRepaired"],
        }
        rolled = self.totals["TestRolled"]
        return {
            "games": count,
            "players": self.players,
            "seconds": round(seconds, 3),
            "games_per_second": round(count / seconds, 1) if seconds else None,
            "vp_mean": round(statistics.fmean(self.vps), 2),
            "vp_stdev": round(statistics.pstdev(self.vps), 2),
            "vp_min": min(self.vps),
            "vp_max": max(self.vps),
            "winner_vp_mean": round(statistics.fmean(self.winner_vps), 2),
            "winning_margin_mean": round(statistics.fmean(self.margins), 2),
            "win_share_by_seat": shares(self.by_seat, count),
            "win_share_by_start_position": shares(self.by_position, count),
            "ended_by": {k: round(v / count, 4) for k, v in sorted(self.ended.items())},
            "per_game": {k: round(v / count, 3) for k, v in per_game.items()},
            "test_success_share": (round(self.totals["TestSucceeded"] / rolled, 4)
                                   if rolled else None),
        }


def shares(counter: Counter, count: int) -> dict[str, float]:
    return {str(key): round(value / count, 4) for key, value in sorted(counter.items())}


def summarise(games: list[Played], seconds: float) -> dict:
    tally = Tally()
    for game in games:
        tally.add(game)
    return tally.summary(seconds)


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
    parser.add_argument("--variant", choices=("school", "full", "beginner"), default="school")
    parser.add_argument("--stories", type=float, default=DEFAULT_STORY_RATE,
                        help="chance that a seat asks for a story on its turn")
    parser.add_argument("--json", action="store_true", help="print one JSON object last")
    parser.add_argument("--dump", type=Path, help="write one JSON-lines file per game here")
    args = parser.parse_args(argv)
    tally = Tally()
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        on_step = dumper(args.dump, seed) if args.dump else None
        tally.add(play(seed, args.players, args.bot, args.stories,
                       options={"variant": args.variant}, on_step=on_step))
    seconds = time.perf_counter() - started
    summary = tally.summary(seconds)
    summary["bot"] = args.bot
    summary["variant"] = args.variant
    summary["first_seed"] = args.seed
    print(report(summary))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
