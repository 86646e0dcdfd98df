"""A readable log of one seeded bot game: the golden playthrough files.

    python -m games.nobel_run.engine.playthrough --seed 7 --players 3 [--bot greedy]
    python -m games.nobel_run.engine.playthrough --write     # rewrite every golden file

Every step's events are told in plain English as the teacher would see them (a drawn card
shows as "a card"), with the table after each round and the result. A rule or content change
that alters play shows up as a diff in tests/nobel_run/engine/golden/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from games.engines.base import TEACHER
from games.engines.playout import play

from . import api
from .content import CARDS

GOLDEN = Path(__file__).resolve().parents[3] / "tests" / "nobel_run" / "engine" / "golden"
GAMES = ((3, 2), (7, 3), (11, 4))


def name(kind: str | None) -> str:
    return CARDS[kind]["name"]["en"] if kind else "nothing"


def amounts(values: dict) -> str:
    shown = [f"{amount} {r}" for r, amount in values.items() if amount]
    return " + ".join(shown) if shown else "nothing"


def effect(e: dict) -> str:
    op = e["op"]
    told = {"resource": lambda: f"{e['n']} {e['res']}", "negative": lambda: f"-{e['n']} {e['res']}",
            "draw": lambda: f"draw {e['n']}", "blind_discard": lambda: "blind discard",
            "prestige": lambda: f"+{e['n']} PP", "minus_prestige": lambda: f"-{e['n']} PP",
            "block": lambda: f"block {e['n']} {e['res']}", "none": lambda: "nothing"}
    return told[op]()


def pp(standings: list[dict]) -> str:
    return ", ".join(f"seat {row['seat']} {row['pp']}" for row in standings)


def seat(e: dict) -> str:
    return f"Seat {e['seat']}"


TELL = {
    "GameStarted": lambda e: f"{e['seats']} seats; options {e['options']}.",
    "TopRevealed": lambda e: f"The {e['supply']} deck shows {name(e['card'])}.",
    "PoolRefilled": lambda e: f"{name(e['card'])} enters the {e['supply']} pool.",
    "CardDrawn": lambda e: f"{seat(e)} draws {name(e['card']) if 'card' in e else 'a card'}.",
    "DiscardShuffled": lambda e: f"{seat(e)} shuffles {e['cards']} discarded cards into a deck.",
    "FirstSeatChosen": lambda e: f"{seat(e)} plays first; order {e['order']}.",
    "TurnStarted": lambda e: f"-- Round {e['round']}, turn {e['turn']}: {seat(e)} "
                             f"({e['hand_size']} cards).",
    "CardDiscarded": lambda e: f"{seat(e)} discards {name(e['card'])} ({e['why']}).",
    "CardPublished": lambda e: f"{seat(e)} publishes {name(e['card'])}: {effect(e['effect'])}"
                               + (f" on seat {e['target']}" if e["target"] else "") + ".",
    "CardUsed": lambda e: f"{seat(e)} uses {name(e['card'])} for {effect(e['effect'])}"
                          + (f" on seat {e['target']}" if e["target"] else "") + ".",
    "Targeted": lambda e: f"  Seat {e['by']} targets seat {e['target']} with {name(e['card'])}"
                          f" ({e['effect']}{', systemic' if e['systemic'] else ''}).",
    "BlockDisabled": lambda e: f"{seat(e)} pays {e['paid']} {e['res']} to disable "
                               f"{name(e['card'])}.",
    "CardBought": lambda e: f"{seat(e)} buys {name(e['card'])} from the {e['supply']} "
                            f"{e['source']} for {amounts(e['cost'])}"
                            + (f", {e['pp']} PP" if e["pp"] else "") + ".",
    "PlanConfirmed": lambda e: f"  Plan: gained {amounts(e['gained'])}, left "
                               f"{amounts(e['left'])}.",
    "PrestigeChanged": lambda e: f"  {seat(e)} now has {e['pp']} PP ({e['delta']:+d}).",
    "EndTriggered": lambda e: f"{seat(e)} reaches {e['pp']} PP: the last round.",
    "ResponseAwaited": lambda e: f"{seat(e)} must discard cards worth {e['n']} {e['res']} "
                                 f"({name(e['card'])}).",
    "CardsDiscardedForEffect": lambda e: f"{seat(e)} discards "
                                         f"{', '.join(map(name, e['cards'])) or 'nothing'}"
                                         + (" (chosen by the engine)" if e["by_default"]
                                            else "") + ".",
    "BlindDiscarded": lambda e: f"{seat(e)} loses {name(e['card'])} to a blind pick.",
    "TurnEnded": lambda e: f"{seat(e)} ends the turn keeping {e['kept']} cards.",
    "RoundEnded": lambda e: f"Round {e['round']} ends: PP {pp(e['pp'])}.",
    "TimeCalled": lambda e: "The teacher calls time.",
    "GameEnded": lambda e: f"Game over ({e['ended_by']}): winners {e['winners']}, "
                           f"PP {pp(e['pp'])}.",
}


def describe(event: dict) -> str:
    return TELL[event["type"]](event)


def playthrough(seed: int, players: int, bot: str = "greedy") -> str:
    lines = [f"Nobel Run, lesson game: seed {seed}, {players} seats, {bot} bots, "
             f"as the teacher sees it."]

    def on_step(state: dict, action: dict | None, events: list[dict]) -> None:
        shown = api.events_for(state["events"] if action is None else events, TEACHER)
        lines.extend(describe(e) for e in shown)

    game = play(api.ENGINE, players, seed, bot, on_step=on_step)
    result = api.outcome(game.state)
    for row in sorted(result["players"], key=lambda r: (r["rank"], r["seat"])):
        lines.append(f"Rank {row['rank']}: seat {row['seat']} with {row['pp']} PP; papers "
                     f"{', '.join(map(name, row['papers'])) or 'none'}.")
    lines.append(f"{len(game.actions)} steps.")
    return "\n".join(lines) + "\n"


def golden_path(seed: int, players: int) -> Path:
    return GOLDEN / f"seed_{seed}_players_{players}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--bot", choices=("random", "greedy"), default="greedy")
    parser.add_argument("--write", action="store_true", help="rewrite every golden file")
    args = parser.parse_args(argv)
    if args.write:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for seed, players in GAMES:
            golden_path(seed, players).write_text(playthrough(seed, players), encoding="utf-8")
        return 0
    sys.stdout.write(playthrough(args.seed, args.players, args.bot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
