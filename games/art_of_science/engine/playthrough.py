"""A readable log of whole seeded bot games: the golden playthrough files.

    python -m games.art_of_science.engine.playthrough --write     # rewrite every golden file
    python -m games.art_of_science.engine.playthrough --seed 7 --players 3

Every step's events are told in plain English, with the score cards at each new round. The games
use the test-fixture question bank (tests/art_of_science/fixtures/bank.yaml, English), so a rule
change shows as a diff in tests/art_of_science/engine/golden/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from games.engines import playout

from . import api
from .content import BOARD, SPECIALS

ROOT = Path(__file__).resolve().parents[3]
BANK = ROOT / "tests" / "art_of_science" / "fixtures" / "bank.yaml"
GOLDEN = ROOT / "tests" / "art_of_science" / "engine" / "golden"
GAMES = {  # (seed, seats): options beyond the Lesson defaults, bots by seat
    (3, 2): ({}, "greedy"),
    (7, 3): ({"spree": True, "shove": True}, {1: "greedy", 2: "random", 3: "greedy"}),
    (11, 4): ({"open_answers": True}, {1: "random", 2: "greedy", 3: "random", 4: "greedy"}),
}


def lesson_options(extra: dict) -> dict:
    import yaml  # only this tool reads YAML; the engine takes plain data

    records = yaml.safe_load(BANK.read_text(encoding="utf-8"))
    return {"questions": [r for r in records if r["lang"] == "en"], "language": "en", **extra}


def where(index: int) -> str:
    square = BOARD[index]
    if square["kind"] == "category":
        return f"square {index}, {square['category']} {square['value']}"
    return f"square {index}, {SPECIALS[square['kind']]['name']['en']}"


def shown(value) -> str:
    return "no answer" if value is None else repr(value)


def asked(e: dict) -> str:
    if e["context"] == "duel":
        return f"Q{e['n']} ({e['category']}) is shown to the duellists {e['seats']} only."
    q = e["question"]
    options = " ".join(f"{o['letter']}) {o['text']}" for o in q["options"] or [])
    unit = f" [{q['unit']}]" if q["unit"] else ""
    return (f"Q{e['n']} for seat {e['seat']} ({q['category']}, difficulty {q['difficulty']}, "
            f"{q['format']}): {q['prompt']}{unit} {options}".rstrip())


def judged(e: dict) -> str:
    verdict = "Correct" if e["correct"] else "Wrong"
    key = e["key"]
    return (f"{verdict} ({e['by']}). The answer: {shown(key['answer'])}. {key['explanation']} "
            f"[seat {e['seat']} {e['category']}: {e['tally'][0]} right, {e['tally'][1]} wrong]")


TELL = {
    "GameStarted": lambda e: f"A {e['variant']} game for seats {e['seats']} in {e['language']};"
                             f" rows need {e['requirements']}.",
    "OrderChosen": lambda e: f"Seat {e['seat']} writes its rows: {e['order']}.",
    "StartSeatChosen": lambda e: f"Seat {e['seat']} starts. Turn order {e['order']}.",
    "PawnPlaced": lambda e: f"Seat {e['seat']} places its pawn on {where(e['square'])}.",
    "RoundStarted": lambda e: f"== Round {e['round']}",
    "TurnStarted": lambda e: f"-- Seat {e['seat']} on {where(e['square'])}"
                             + (" (shoved: no roll)" if e["shoved"] else ""),
    "DieRolled": lambda e: f"Seat {e['seat']} rolls {e['face']} ({e['purpose']}).",
    "PawnMoved": lambda e: f"Seat {e['seat']} moves {e['steps']} {e['direction']} to "
                           f"{where(e['square'])}.",
    "PawnShoved": lambda e: f"Seat {e['seat']} shoves seat {e['target']} to {where(e['square'])}.",
    "SpecialReached": lambda e: f"Seat {e['seat']} is on {where(e['square'])}.",
    "QuestionAsked": asked,
    "QuestionShown": lambda e: f"  Seat {e['seat']} sees: {e['question']['prompt']}",
    "QuestionReused": lambda e: f"No {e['category']} question left: {e['question']} again.",
    "AdviceAsked": lambda e: f"Seat {e['seat']} asks seat {e['adviser']} for advice.",
    "AdviceGiven": lambda e: f"Seat {e['seat']} suggests {shown(e['suggestion'])}.",
    "AnswerGiven": lambda e: f"Seat {e['seat']} answers {shown(e['value'])}.",
    "JudgingOpened": lambda e: f"The open answer goes to the judges {e['judges']}.",
    "VoteCast": lambda e: f"Seat {e['seat']} votes {e['correct']}.",
    "AnswerJudged": judged,
    "PointsGained": lambda e: f"Seat {e['seat']} gains {e['gained']} in {e['category']}"
                              + (f" ({e['lost']} lost)" if e["lost"] else "")
                              + (", filled" if e["filled"] else "") + ".",
    "PointsDistributed": lambda e: f"Seat {e['seat']} distributes {e['moved']}: {e['points']}"
                                   + (f" ({e['lost']} lost)." if e["lost"] else "."),
    "PointsStruck": lambda e: f"Seat {e['seat']} strikes out {e['moved']}: {e['points']}.",
    "AllocationAwaited": lambda e: f"Seat {e['seat']} is to split {e['total']} ({e['mode']}).",
    "NewRoundTaken": lambda e: f"Seat {e['seat']} takes a new round ({e['new_rounds']} of 3).",
    "CategoryChosen": lambda e: f"Seat {e['seat']} names {e['category']} ({e['why']}).",
    "DuelImpossible": lambda e: f"Seat {e['seat']} has nothing to lose: no duel.",
    "DuelDeclared": lambda e: f"Seat {e['seat']} challenges seat {e['opponent']} for "
                              f"{e['stake']}.",
    "DuelAnswerReceived": lambda e: f"Seat {e['seat']} answers {shown(e['value'])}: "
                                    f"{'right' if e['correct'] else 'wrong'}.",
    "DuelEnded": lambda e: "The duel is over: "
                           + (f"seat {e['winner']} wins" if e["winner"] else "nobody wins")
                           + f". The answer: {shown(e['key']['answer'])}.",
    "DuelResumed": lambda e: f"The duel goes on for {e['seats']}.",
    "ReplicationRolled": lambda e: f"The table names {e['category']}.",
    "WagerPlaced": lambda e: f"Seat {e['seat']} wagers {e['wager']}"
                             + (" (cannot lose)." if e["protected"] else "."),
    "ReplicationSettled": lambda e: f"Replication {'won' if e['correct'] else 'lost'}: "
                                    f"{e['moved']:+d}.",
    "AdviceShared": lambda e: f"Seat {e['seat']} gets {e['seat_points']}, adviser "
                              f"{e['adviser']} gets {e['adviser_points']}.",
    "QuestionFlagged": lambda e: f"Seat {e['seat']} flags {e['question']} ({e['reason']}).",
    "JudgementOverridden": lambda e: f"The teacher reverses judgement {e['judgement']}: now "
                                     f"{e['correct']}.",
    "TimeCalled": lambda e: "The teacher calls time.",
    "GameEnded": lambda e: f"Game over ({e['ended_by']}). Winners: {e['winners']}.",
}


def cards(state: dict) -> list[str]:
    lines = []
    for p in state["players"]:
        rows = " ".join(f"{c} {p['points'][c]}/{p['req'][c]}" for c in p["order"])
        lines.append(f"   Seat {p['seat']}: {rows}")
    return lines


def playthrough(seed: int, players: int) -> str:
    extra, bots = GAMES.get((seed, players), ({}, "greedy"))
    lines = [f"The Art of Science, Lesson length: seed {seed}, {players} seats, bots {bots}, "
             f"options {extra}."]

    def on_step(state, action, events):
        for e in events or state["events"]:
            if e["type"] == "RoundStarted" and e["round"] > 1:
                lines.extend(cards(state))
            if e["type"] in TELL:
                lines.append(TELL[e["type"]](e))

    game = playout.play(api.ENGINE, players, seed, bots, lesson_options(extra), on_step=on_step)
    lines.extend(cards(game.state))
    for row in game.state["result"]["players"]:
        lines.append(f"Rank {row['rank']}: seat {row['seat']}, {row['filled']} filled, "
                     f"{row['points']} points.")
    lines.append(f"{len(game.actions)} steps.")
    return "\n".join(lines) + "\n"


def golden_path(seed: int, players: int) -> Path:
    return GOLDEN / f"seed_{seed}_players_{players}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite every golden file")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    if args.write:
        for seed, players in GAMES:
            golden_path(seed, players).write_text(playthrough(seed, players), encoding="utf-8")
        return 0
    sys.stdout.write(playthrough(args.seed, args.players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
