"""A readable log of one seeded bot game: the golden playthrough files.

    python -m games.alchemists.engine.playthrough --write
    python -m games.alchemists.engine.playthrough --seed 7 --players 3 --variant master

Every step's events are told in plain English with everything the server knows (the secret
mapping's draws, private cards), then the Great Truth and the scores. `--write` regenerates the
golden files under tests/alchemists/engine/golden/; a rule change then shows as a diff.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from games.engines.playout import play

from . import ENGINE
from .content import POTIONS

GOLDEN = Path(__file__).resolve().parents[3] / "tests" / "alchemists" / "engine" / "golden"
GAMES = [("lesson", 3, 2, "greedy"), ("lesson", 1, 4, "mixed"), ("apprentice", 5, 3, "mixed"),
         ("master", 8, 3, "mixed")]


def potion(p: str | None) -> str:
    return f"{POTIONS[p]['name']['en']} ({p})" if p in POTIONS else str(p)


def who(e: dict) -> str:
    return f"Seat {e['seat']}"


TELL = {
    "MappingDrawn": lambda e: f"(secret) {e['ingredient']} holds {e['alchemical']}",
    "StartPlayerChosen": lambda e: f"{who(e)} starts",
    "RowDealt": lambda e: f"row: {e['ingredient']}",
    "IngredientDrawn": lambda e: f"{who(e)} draws {e['ingredient']} ({e['why']})",
    "FavourDrawn": lambda e: f"{who(e)} draws favour {e['favour']} ({e['why']})",
    "FavourKept": lambda e: f"{who(e)} keeps {e['favour']}",
    "RoundStarted": lambda e: f"== Round {e['round']} == adventurer {e['adventurer']}",
    "RanksSet": lambda e: f"ranks {e['ranks']}",
    "TurnOrderChosen": lambda e: f"{who(e)} takes {e['space']}",
    "ActionsDeclared": lambda e: f"{who(e)} declares " + ", ".join(
        f"{k} {v}" for k, v in e["plan"].items() if v),
    "ActionForgone": lambda e: f"{who(e)} forgoes {e['space']}"
                               + (" (cannot)" if e["forced"] else ""),
    "IngredientForaged": lambda e: f"{who(e)} forages " + (e["ingredient"] or "from the deck"),
    "IngredientTransmuted": lambda e: f"{who(e)} transmutes {e['ingredient']} for {e['gold']}",
    "PotionMixed": lambda e: f"{who(e)} {e['how']}: {' + '.join(e['ingredients'])} make "
                             f"{potion(e['potion'])}" + (f", {e['effect']}" if e.get("effect")
                                                         else ""),
    "PotionSold": lambda e: f"{who(e)} sells {potion(e['wanted'])} guaranteeing "
                            f"{e['guarantee']}: made {potion(e['made'])}, {e['quality']}, "
                            f"paid {e['paid']}",
    "TheoryPublished": lambda e: f"{who(e)} publishes {e['ingredient']} = {e['token']} "
                                 f"with a {e['seal']} seal",
    "TheoryEndorsed": lambda e: f"{who(e)} endorses {e['ingredient']} with a {e['seal']} seal",
    "AspectRevealed": lambda e: f"{who(e)} asks {e['ingredient']}'s {e['colour']}: "
                                f"{e['sign']} - " + ("debunked" if e["debunked"] else "fails"),
    "DemonstrationAnswered": lambda e: f"{who(e)} asks whether {' + '.join(e['ingredients'])} "
                                       f"make {potion(e['potion'])}: "
                                       + ("yes" if e["answer"] else "no"),
    "TheoryDebunked": lambda e: f"  debunked: {', '.join(e['ingredients'])}; seals "
                                + ", ".join(f"seat {s['seat']} {s['kind']} -{s['loss']}"
                                            for s in e["seals"]),
    "ConflictShown": lambda e: f"  conflict: {' / '.join(e['ingredients'])}",
    "ReputationChanged": lambda e: f"  {who(e)} reputation {e['before']} -> {e['after']} "
                                   f"({e['reason']})",
    "PotionExhibited": lambda e: f"{who(e)} exhibits {potion(e['potion'])} with "
                                 f"{' + '.join(e['ingredients'])}: "
                                 + ("success" if e["success"] else "failure"),
    "GreatTruthRevealed": lambda e: "The Great Truth: " + ", ".join(
        f"{i}={a}" for i, a in e["mapping"].items()),
    "GameOver": lambda e: f"Game over: winners {e['winners']}, scores {e['scores']}",
}


def tell(event: dict) -> str:
    teller = TELL.get(event["type"])
    if teller is not None:
        return teller(event)
    fields = {k: v for k, v in event.items() if k not in ("type", "round", "private_to",
                                                          "secret", "server_only", "only_to")}
    return f"{event['type']} " + " ".join(f"{k}={v}" for k, v in fields.items() if v is not None)


def bots_of(kind: str, n: int) -> str | dict:
    if kind != "mixed":
        return kind
    return {s: "greedy" if s % 2 else "random" for s in range(1, n + 1)}


def playthrough(variant: str, seed: int, players: int, bots: str = "greedy") -> str:
    lines = [f"Alchemists, {variant} variant, seed {seed}, {players} seats, {bots} bots", ""]

    def record(state, action, events):
        lines.extend(tell(e) for e in events)

    game = play(ENGINE, players, seed, bots_of(bots, players), {"variant": variant},
                on_step=record)
    for row in game.state["result"]["players"]:
        parts = ", ".join(f"{k} {v}" for k, v in row["breakdown"].items())
        lines.append(f"Seat {row['seat']}: {row['vp']} VP ({parts}), {row['gold_left']} gold "
                     f"left, rank {row['rank']}")
    for theory in game.state["result"]["theories"]:
        seals = ", ".join(f"seat {s['seat']} {s['kind']} {s['vp']:+d}" for s in theory["seals"])
        verdict = "correct" if theory["correct"] else f"wrong ({theory['truth']})"
        lines.append(f"Theory {theory['ingredient']} = {theory['token']}: {verdict}; {seals}")
    return "\n".join(lines) + "\n"


def golden_name(variant: str, seed: int, players: int, bots: str) -> str:
    return f"{variant}_seed_{seed}_players_{players}_{bots}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the golden files")
    parser.add_argument("--variant", default="lesson")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy", choices=["greedy", "random", "mixed"])
    args = parser.parse_args(argv)
    if args.write:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for variant, seed, players, bots in GAMES:
            path = GOLDEN / golden_name(variant, seed, players, bots)
            path.write_text(playthrough(variant, seed, players, bots), encoding="utf-8")
            print(f"wrote {path}")
        return 0
    sys.stdout.write(playthrough(args.variant, args.seed, args.players, args.bots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
