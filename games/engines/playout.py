"""Whole games played by bots, for any engine: seeded playouts, replays, and a lesson's minutes.

A playout is deterministic under its seed: chance steps use `chance_rng(seed, n)` and each bot its
own generator seeded from the game's seed, so (seed, actions) replays the game exactly. The pace
model turns a playout into the minutes a class would take, decision by decision; each game's
package measures its variants with it (`python manage.py lesson_minutes`).
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from games.engines.base import CALL_TIME, CHANCE, Engine, GameError, resolve_chance

MAX_STEPS = 200_000  # a guard: a game that never ends is an engine bug


def players(n: int) -> list[dict]:
    return [{"seat": seat, "name": f"Bot {seat}"} for seat in range(1, n + 1)]


@dataclass
class Played:
    """One game played to its end: the final state, every action applied, and how long a class
    would have taken over it by the pace model (seconds, if a pace was given)."""

    seed: int
    state: dict
    actions: list[dict] = field(default_factory=list)
    events: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    decisions: int = 0


@dataclass(frozen=True)
class Pace:
    """How long a class takes over a game's steps, in seconds.

    A decision costs `think` seconds by its kind (an engine names the kind of an action with
    `pace_kind(state, action)`; without it, a choice among `quick_options` or fewer is "quick" and
    any other is "choice"); `per_option` adds log2 of the options the seat had, for reading them.
    Seats asked at once decide in parallel: a simultaneous step lasts as long as its slowest seat.
    A chance step costs `chance` seconds (rolling, drawing, reading the result aloud), or
    `instant` where the engine names it so (a card drawn into a hand as part of a turn).
    """

    think: Mapping[str, float] = field(default_factory=lambda: {
        "quick": 6.0, "choice": 14.0, "plan": 30.0, "read": 25.0, "discuss": 40.0})
    per_option: float = 2.0
    quick_options: int = 2
    chance: float = 3.0
    instant: float = 0.5
    max_options_read: int = 64

    def chance_step(self, engine: Engine, state: dict, action: dict) -> float:
        kind_of = getattr(engine, "pace_kind", None)
        return self.instant if kind_of and kind_of(state, action) == "instant" else self.chance

    def decision(self, engine: Engine, state: dict, action: dict, options: int) -> float:
        kind_of = getattr(engine, "pace_kind", None)
        kind = kind_of(state, action) if kind_of else None
        if kind is None:
            kind = "quick" if options <= self.quick_options else "choice"
        read = math.log2(1 + min(options, self.max_options_read))
        return self.think[kind] + self.per_option * read


CLASSROOM = Pace()
"""The pace of 12–16-year-olds at a table, each seat a student or a team (docs/engine.md)."""


def _bots_for(engine: Engine, bots: str | Mapping[int, str], seats: list[int]) -> dict:
    if isinstance(bots, str):
        return dict.fromkeys(seats, engine.bots[bots])
    return {seat: engine.bots[bots[seat]] for seat in seats}


def play(engine: Engine, n: int, seed: int, bots: str | Mapping[int, str] = "random",
         options: dict | None = None, pace: Pace | None = None,
         on_step: Callable[[dict, dict | None, list], None] | None = None,
         call_time_after: float | None = None) -> Played:
    """One whole game of `n` bot seats. `on_step(state, action, events)` is called after the
    setup (action None) and after every step; `call_time_after` (seconds by the pace) makes the
    teacher call time once the class would have played that long."""
    state = engine.new_game(players(n), dict(options or {}), seed)
    if on_step is not None:
        on_step(state, None, [])
    played = Played(seed, state)
    chosen = _bots_for(engine, bots, list(range(1, n + 1)))
    rng = random.Random(f"bots:{seed}")
    apply = _applier(engine)
    while True:
        waiting = engine.current_seats(state)
        if not waiting:
            break
        if len(played.actions) >= MAX_STEPS:
            raise GameError(f"{engine.info.key}: no end after {MAX_STEPS} steps (seed {seed})")
        if call_time_after is not None and played.seconds >= call_time_after:
            state = _call_time(engine, state, played, apply, on_step)
            call_time_after = None
            continue
        if waiting == [CHANCE]:
            action = resolve_chance(engine, state, seed)
            played.seconds += pace.chance_step(engine, state, action) if pace else 0.0
            state = _apply_one(engine, state, action, played, apply, on_step)
            continue
        slowest = 0.0
        for seat in waiting:  # seats asked at once decide in parallel: the slowest counts
            if seat not in engine.current_seats(state):
                continue  # an earlier seat's choice ended this seat's turn
            action = chosen[seat](state, seat, rng)
            if pace is not None:
                options = len(engine.legal_actions(state, seat))
                slowest = max(slowest, pace.decision(engine, state, action, options))
            state = _apply_one(engine, state, action, played, apply, on_step)
        played.seconds += slowest
    played.state = state
    return played


def _call_time(engine, state, played, apply, on_step):
    call = {"type": CALL_TIME, "seat": None}
    if call in engine.legal_actions(state, None):
        state = _apply_one(engine, state, call, played, apply, on_step)
    return state


def _applier(engine):
    in_place = getattr(engine, "apply_in_place", None)
    if in_place is not None:
        def apply(state, action):
            return state, in_place(state, action)
        return apply
    return engine.apply_action


def _apply_one(engine, state, action, played, apply, on_step):
    state, events = apply(state, action)
    played.actions.append(action)
    played.decisions += action.get("type") != CHANCE
    for event in events:
        played.events[event["type"]] += 1
    if on_step is not None:
        on_step(state, action, events)
    return state


def replay(engine: Engine, n: int, seed: int, actions: list[dict],
           options: dict | None = None) -> tuple[dict, list[list[dict]]]:
    """The state after applying `actions` with full validation, and each step's events."""
    state = engine.new_game(players(n), dict(options or {}), seed)
    events = []
    for action in actions:
        state, step_events = engine.apply_action(state, engine.canonical_action(state, action))
        events.append(step_events)
    return state, events


@dataclass(frozen=True)
class Minutes:
    """Simulated play minutes of one game variant and seat count."""

    seats: int
    games: int
    median: float
    p10: float
    p90: float
    decisions: float  # per game, on average


def lesson_minutes(engine: Engine, n: int, games: int = 200, seed: int = 1,
                   options: dict | None = None, pace: Pace = CLASSROOM,
                   bots: str = "greedy") -> Minutes:
    """How many minutes of play a class needs for the game, by the pace model over `games`
    seeded bot games (greedy bots by default: students try to win)."""
    runs = [play(engine, n, seed + i, bots, options, pace) for i in range(games)]
    minutes = sorted(run.seconds / 60 for run in runs)
    deciles = statistics.quantiles(minutes, n=10) if len(minutes) > 1 else minutes * 9
    return Minutes(seats=n, games=games, median=round(statistics.median(minutes), 1),
                   p10=round(deciles[0], 1), p90=round(deciles[-1], 1),
                   decisions=round(statistics.fmean(run.decisions for run in runs), 1))
