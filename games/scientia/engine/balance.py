"""The balance check: how much one face moves a greedy seat's win rate, in two ways.

    python -m games.scientia.engine.balance [--games 4000] [--pairs 300] [--workers 2]

* presence: all-greedy games on random legal combinations (SC-03, first player seat 1), at 2,
  3 and 4 seats. For each face and seat position, the position's win rate in games whose
  combination holds the face minus its win rate in the others; a face's figure is the largest
  such shift over positions and seat counts, in percentage points. A shared win counts as a
  share.
* access: two greedy seats on random combinations that contain the face, one of them told
  never to take it while another card can be taken; each combination is played with the seats
  swapped, the first player alternating between pairs, so a face that changes nothing gives
  exactly 0. The figure is the seat with access's win rate minus 50.

The bound is 10 points (BOUND); `report` says which faces exceed it.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from games.engines.playout import players

from . import api
from .bots import greedy_bot, greedy_with
from .content import FACES, FIELD_CHOICES, FIELDS

BOUND = 10.0
SEAT_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class FaceBalance:
    face: int
    presence: dict  # seat count -> largest shift of a position's win rate, in points
    access: float  # the access seat's win rate minus 50, in points
    used: float  # share of access games in which that seat completed the face, 0-100

    @property
    def worst(self) -> float:
        return max([abs(self.access), *self.presence.values()])


def random_combination(rng: random.Random, face: int | None = None) -> list[int]:
    """A uniformly drawn legal combination, among those that contain `face` if one is given."""
    faces = []
    for field in FIELDS:
        choices = FIELD_CHOICES[field]
        if face is not None and FACES[face]["field"] == field:
            choices = [c for c in choices if face in c]
        faces += choices[rng.randrange(len(choices))]
    return sorted(faces)


def play_bots(faces: list[int], first: int, bots: dict) -> tuple[dict, dict[int, set]]:
    """One game of bot seats on a fixed combination: the final state and the faces each seat
    completed."""
    state = api.new_game(players(len(bots)), {"combination": faces, "first_player": first}, 0)
    rng = random.Random(0)
    completed: dict[int, set] = {seat: set() for seat in bots}
    while state["step"] is not None:
        seat = state["step"]["seat"]
        for event in api.apply_in_place(state, bots[seat](state, seat, rng)):
            if event["type"] == "CardCompleted":
                completed[event["seat"]].add(event["face"])
    return state, completed


def shares(state: dict) -> dict[int, float]:
    """Each seat's share of the win (SC-57: tied seats share it)."""
    winners = api.outcome(state)["winners"]
    return {p["seat"]: (1 / len(winners) if p["seat"] in winners else 0.0)
            for p in state["players"]}


def presence_game(job: tuple) -> tuple[list[int], dict[int, float]]:
    n, index, seed = job
    faces = random_combination(random.Random(f"presence:{seed}:{n}:{index}"))
    state, _ = play_bots(faces, 1, dict.fromkeys(range(1, n + 1), greedy_bot))
    return faces, shares(state)


def presence_shifts(games: list, n: int) -> dict[int, float]:
    """For each face, the largest shift of a position's win rate when the face is present."""
    shifts = {}
    for face in FACES:
        present = [won for faces, won in games if face in faces]
        absent = [won for faces, won in games if face not in faces]
        shifts[face] = round(100 * max(
            abs(sum(w[s] for w in present) / len(present) - sum(w[s] for w in absent)
                / len(absent)) for s in range(1, n + 1)), 1)
    return shifts


def access_face(job: tuple) -> tuple[int, float, float]:
    face, pairs, seed = job
    rng = random.Random(f"access:{seed}:{face}")
    shy = greedy_with(avoid=[face])
    won = used = 0.0
    for i in range(pairs):
        faces = random_combination(rng, face)
        for mine in (1, 2):
            state, completed = play_bots(faces, 1 + i % 2, {mine: greedy_bot, 3 - mine: shy})
            won += shares(state)[mine]
            used += face in completed[mine]
    return face, round(100 * won / (2 * pairs) - 50, 1), round(100 * used / (2 * pairs), 1)


def check(games: int, pairs: int, seed: int = 0, workers: int = 2,
          faces=None) -> list[FaceBalance]:
    """Every face's figures: presence from `games` games per seat count, access from `pairs`
    swapped pairs per face."""
    faces = sorted(faces or FACES)
    with ProcessPoolExecutor(workers) as pool:
        presence = {n: presence_shifts(list(pool.map(
            presence_game, [(n, i, seed) for i in range(games)], chunksize=50)), n)
            for n in SEAT_COUNTS}
        access = {face: (shift, used) for face, shift, used in pool.map(
            access_face, [(face, pairs, seed) for face in faces])}
    return [FaceBalance(face, {n: presence[n][face] for n in SEAT_COUNTS}, *access[face])
            for face in faces]


def report(rows: list[FaceBalance], bound: float = BOUND) -> str:
    lines = [f"{'face':>4}  {'name':<20} {'field':<5} {'source':<7} "
             + " ".join(f"{'pres ' + str(n):>7}" for n in SEAT_COUNTS)
             + f" {'access':>7} {'used %':>6}"]
    for row in rows:
        face = FACES[row.face]
        flag = "  over" if row.worst > bound else ""
        lines.append(f"{row.face:>4}  {face['name']['en']:<20} {face['field']:<5} "
                     f"{face['provenance']['*']:<7} "
                     + " ".join(f"{row.presence[n]:>7.1f}" for n in SEAT_COUNTS)
                     + f" {row.access:>+7.1f} {row.used:>6.1f}{flag}")
    over = [row.face for row in rows if row.worst > bound]
    lines.append(f"bound {bound:.0f} points: " + (f"exceeded by faces {over}" if over
                                                  else "every face is within it") + ".")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games per seat count")
    parser.add_argument("--pairs", type=int, default=300, help="swapped pairs per face")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print(report(check(args.games, args.pairs, args.seed, args.workers)))


if __name__ == "__main__":
    main()
