"""Readable logs of whole games: the golden playthrough files.

    python -m games.scientia.engine.playthrough --write       # rewrite every golden file
    python -m games.scientia.engine.playthrough --seed 3 --players 2 [--bots greedy]

Every step's events are told in plain English; after each round a line per seat gives its
score and figures. `worked_example()` replays the rulebook's example of research completion
(Rotation completes and turns DNA, which completes and takes two cards) from a position built
directly. A rule or content change that alters play shows as a diff in
tests/scientia/engine/golden/, which `--write` regenerates.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from games.engines import playout

from . import api
from .cards import take_card
from .content import FACES
from .scoring import total
from .state import seat_of

GOLDEN = Path(__file__).resolve().parents[3] / "tests" / "scientia" / "engine" / "golden"
GAMES = [(3, 2, "greedy", {}), (9, 3, "greedy", {"combination": "random"}),
         (12, 4, "greedy", {"combination": "random"})]


def name(face: int | None) -> str:
    return "the action" if face is None else f"{FACES[face]['name']['en']} ({face})"


def by(e: dict) -> str:
    return f" (effect of {name(e['source'])})" if e.get("source") else ""


def _rotations(e: dict) -> str:
    return ", ".join(f"{name(r['face'])} {r['from']}->{r['to']}" for r in e["rotations"])


def _flasks(e: dict) -> str:
    where = {"storage": f"to storage (now {e.get('storage')})",
             "card": f"onto {name(e.get('face'))}",
             "stack": f"onto the {name(e.get('face'))} stack"}[e["to"]]
    how = " from the completed card" if e["moved"] else by(e)
    reserve = f", {e['reserve']} from the reserve" if e.get("reserve") else ""
    return f"  Seat {e['seat']}: {e['amount']} flasks {where}{how}{reserve}."


def _advanced(e: dict) -> str:
    cube = ", a new cube starts on 0" if e["new_cube"] else ""
    return (f"  Seat {e['seat']}: {e['field']} cube to space {e['space']}, level {e['level']}"
            f"{cube}.")


def _ended(e: dict) -> str:
    lines = [f"Game over ({e['ended_by']}{', time called' if e['called'] else ''})."]
    for row in e["players"]:
        parts = ", ".join(f"{k} {v}" for k, v in row["breakdown"].items() if v)
        lines.append(f"Rank {row['rank']}: seat {row['seat']} with {row['score']} ({parts}).")
    return "\n".join(lines)


def _turn_ended(e: dict) -> str | None:
    if not e["completed"]:
        return None
    return (f"  Seat {e['seat']} completed {len(e['completed'])} this turn, chain "
            f"{e['chain']}: {' -> '.join(name(f) for f in e['completed'])}.")


TELL = {
    "CombinationLaidOut": lambda e: f"Project boards ({e['combination']}): "
                                    + ", ".join(name(f) for f in e["faces"]) + ".",
    "FieldDrawn": lambda e: f"Drawn for {e['field']}: "
                            + ", ".join(name(f) for f in e["faces"]) + ".",
    "FirstPlayerChosen": lambda e: f"Seat {e['seat']} goes first; order {e['order']}.",
    "RoundStarted": lambda e: f"== Round {e['round']}",
    "CardTaken": lambda e: (f"{'  ' if e['by'] == 'effect' else ''}Seat {e['seat']} "
                            f"{'drafts' if e['by'] == 'draft' else 'takes'} {name(e['face'])}"
                            f" into slot {e['slot']}"
                            + (f" with {e['flasks']} flasks" if e["flasks"] else "")
                            + f"{by(e)}."),
    "RotationChosen": lambda e: f"Seat {e['seat']} chooses to rotate slots {e['slots']}.",
    "RotationWithdrawn": lambda e: f"Seat {e['seat']} goes back.",
    "CardsRotated": lambda e: (f"{'  ' if e['by'] == 'effect' else ''}Seat {e['seat']} "
                               f"turns {_rotations(e)}{by(e)}."),
    "CardCompleted": lambda e: f"  {name(e['face'])} is completed (depth {e['depth']}).",
    "CompletionStarted": lambda e: f"  Seat {e['seat']} completes {name(e['face'])}.",
    "FlasksGained": _flasks,
    "TechnologyAdvanced": _advanced,
    "TechnologyFull": lambda e: f"  Seat {e['seat']}: the {e['field']} track is full.",
    "SlotGained": lambda e: f"  Seat {e['seat']} gains a slot for {e['reason']} "
                            f"({e['slots']} slots).",
    "EffectSkipped": lambda e: f"  {e['op']} has no target{by(e)}.",
    "ConditionChecked": lambda e: (f"  Condition {e['test']}"
                                   f"{'(' + e['field'] + ')' if e['field'] else ''} >= "
                                   f"{e['min']}: {e['value']}, "
                                   f"{'met' if e['met'] else 'not met'}{by(e)}."),
    "CardsReturned": lambda e: "  Back to the project boards: "
                               + ", ".join(name(f) for f in e["faces"]) + ".",
    "TurnEnded": _turn_ended,
    "EndTriggered": lambda e: f"  The {e['by']} supply is empty: round {e['last_round']} "
                              f"is the last.",
    "TimeCalled": lambda e: f"The teacher calls time: round {e['last_round']} is the last.",
    "GameEnded": _ended,
}


def tell(events: list[dict]) -> list[str]:
    return [line for line in (TELL[e["type"]](e) for e in events) if line is not None]


def standings(state: dict) -> str:
    rows = [f"seat {p['seat']} {total(p)} pts, {sum(p['completions'].values())} done, "
            f"chain {p['longest_chain']}, {p['storage']} flasks"
            for p in state["players"]]
    supply = state["supply"]
    return f"  [cubes {supply['cubes']}, flasks {supply['flasks']}] " + "; ".join(rows)


def playthrough(seed: int, n: int, bots: str = "greedy", options: dict | None = None) -> str:
    options = options or {}
    lines = [f"Scientia, lesson game: seed {seed}, {n} seats, {bots} bots, options {options}."]

    def on_step(state, action, events):
        for event in events if action else state["events"]:
            if event["type"] == "RoundStarted" and event["round"] > 1:
                lines.append(standings(state))
            lines.extend(tell([event]))

    playout.play(api.ENGINE, n, seed, bots, options, on_step=on_step)
    return "\n".join(lines) + "\n"


def worked_example_position() -> dict:
    """Seat 1 holds Rotation and DNA, each turned twice, and it is seat 1's turn (Part 1,
    "Example of research completion")."""
    state = api.new_game(playout.players(2), {"first_player": 1}, 0)
    for face in (1, 13):  # the draft: seat 2 drafts Lever, seat 1 Periodic table
        api.apply_in_place(state, {"type": "draft", "seat": state["step"]["seat"],
                                   "stack": face}, validate=True)
    p = seat_of(state, 1)
    state["stacks"][[s["face"] for s in state["stacks"]].index(13)]["cards"] += 1
    p["slots"] = [None, None]
    for face in (37, 25):
        take_card(state, p, face, [], "draft")
    for card in p["slots"]:
        card["turns"] = 2
    state["events"] = []
    return state


WORKED_ACTIONS = [{"type": "rotate", "seat": 1, "slots": [0, 0]},
                  {"type": "confirm", "seat": 1},
                  {"type": "choose_stack", "seat": 1, "stack": 17},
                  {"type": "choose_stack", "seat": 1, "stack": 41}]


def worked_example() -> str:
    state = worked_example_position()
    lines = ["The rulebook's example of research completion: seat 1 holds Rotation and DNA,",
             "each turned twice, and rotates Rotation twice."]
    for action in WORKED_ACTIONS:
        menu = ", ".join(f"{e['kind']} x{len(e['actions'])}" for e in
                         api.action_menu(state, action["seat"]) if e["enabled"])
        lines.append(f"> step {state['step']['kind']} [{menu}]: {action}")
        state, events = api.apply_action(state, action)
        lines.extend(tell(events))
    lines.append(standings(state))
    return "\n".join(lines) + "\n"


def files() -> dict[str, str]:
    texts = {"worked_example.txt": worked_example()}
    for seed, n, bots, options in GAMES:
        texts[f"seed_{seed}_players_{n}.txt"] = playthrough(seed, n, bots, options)
    return texts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite every golden file")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--random-combination", action="store_true")
    args = parser.parse_args(argv)
    if args.write:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for filename, text in files().items():
            (GOLDEN / filename).write_text(text, encoding="utf-8")
            print(f"wrote {GOLDEN / filename}")
        return
    options = {"combination": "random"} if args.random_combination else {}
    print(playthrough(args.seed, args.players, args.bots, options), end="")


if __name__ == "__main__":
    main()
