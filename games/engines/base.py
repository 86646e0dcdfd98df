"""The face every game engine shows the classroom (version 2), and what the engines share.

An engine is a pure, deterministic package: plain-data states and actions, chance as explicit
steps that the caller resolves, and views per audience. Django, Channels and Celery call into an
engine; an engine imports none of them. docs/engine.md describes every method.

Every piece of information has one of three audiences: public (every seat, the teacher, the
projector), private to one seat (its hand; the teacher too where the game says so), or server-only
(a secret no view shows until the rules reveal it, not even the teacher's).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypedDict

from games.registry import GAMES

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

CHANCE = "chance"
"""What `current_seats` returns while a die roll or card draw waits."""

TEACHER = None
"""The viewer that is the teacher (the cockpit, the teacher's view of a table)."""

PUBLIC = "public"
"""The viewer that is nobody's seat: the projector, and anything shown to the whole class."""

CALL_TIME = "call_time"
"""The moderator action every game accepts: finish the game at its next sensible point."""

Viewer = int | None | Literal["public"]


class GameError(Exception):
    """Base class of every error an engine raises on purpose."""


class IllegalAction(GameError):
    """An action the rules do not allow now. The state it was tried on is unchanged.

    `code` is short and stable and must not depend on anything the actor may not see: two states
    that look the same to the actor give the same code for the same action.
    """

    def __init__(self, code: str, reason: str = ""):
        super().__init__(f"{code}: {reason}" if reason else code)
        self.code = code
        self.reason = reason or code.replace("_", " ")

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "reason": self.reason}


class Variant(TypedDict):
    title: dict[str, str]  # {"fi": ..., "en": ..., "sv": ...}
    min_seats: int
    max_seats: int


@dataclass(frozen=True)
class GameInfo:
    """What the platform needs to know about a game before it plays one."""

    key: str
    title: dict[str, str]
    variants: dict[str, Variant]
    default_variant: str
    information: Literal["perfect", "hidden"]
    simultaneous: bool  # whether several seats may be asked to act at once
    teacher_sees_private: bool  # whether the teacher's view shows what is private to a seat
    chance: Literal["none", "setup", "throughout"] = "throughout"
    tags: tuple[str, ...] = field(default=())

    @property
    def min_seats(self) -> int:
        return min(v["min_seats"] for v in self.variants.values())

    @property
    def max_seats(self) -> int:
        return max(v["max_seats"] for v in self.variants.values())


class Input(TypedDict, total=False):
    """A parameter of an action that the menu does not enumerate (docs/engine.md, "Inputs").

    `type` is "number" (an int from `min` to `max`), "subset" (a list of distinct values from
    `options`, between `min` and `max` of them), "order" (every value of `options`, in an order
    the seat chooses) or "text" (a string of at most `max_length` characters).
    """

    param: str
    type: Literal["number", "subset", "order", "text"]
    min: int
    max: int
    options: list
    max_length: int


class MenuEntry(TypedDict, total=False):
    kind: str
    enabled: bool
    reason: str | None  # why not, as a code the game's presentation names
    actions: list[dict]  # [{"action": {...}, "cost": {...} | None}]
    inputs: list[Input]  # parameters each action of this kind still needs


class Deadline(TypedDict):
    """A seat's choice with a time limit: when `seconds` pass, the platform applies `fallback`.

    `key` names this one decision in this game (e.g. "r3:block:2"): the platform's timer applies a
    fallback once per key, and a deadline whose key is gone from `deadlines(state)` was met.
    """

    key: str
    seat: int
    seconds: int
    fallback: Action


class SeatSummary(TypedDict):
    seat: int
    score: int | float
    figures: dict[str, int | float]


class Summary(TypedDict):
    """A table at a glance, for the cockpit: no words, only keys the game's package names."""

    progress: float  # 0 at the start, 1 when the game is over
    stage: str  # e.g. "funding", "actions": the package's cockpit names it
    round: int | None
    rounds: int | None
    to_act: list[int]
    over: bool
    figures: dict[str, int | float]  # the table's two or three key figures
    seats: list[SeatSummary]


class Bot(Protocol):
    def __call__(self, state: State, seat: int, rng: random.Random) -> Action: ...


class Engine(Protocol):
    info: GameInfo
    bots: Mapping[str, Bot]  # at least "random" and "greedy"

    def new_game(self, players: list[dict], options: dict, seed: int) -> State: ...
    def current_seats(self, state: State) -> list[int | str]: ...
    def chance_outcomes(self, state: State) -> list: ...
    def legal_actions(self, state: State, seat: int | None) -> list[Action]: ...
    def action_menu(self, state: State, seat: int) -> list[MenuEntry]: ...
    def canonical_action(self, state: State, action: Action) -> Action: ...
    def apply_action(self, state: State, action: Action) -> tuple[State, list[Event]]: ...
    def check_invariants(self, state: State) -> list[str]: ...
    def view_for(self, state: State, viewer: Viewer) -> dict: ...
    def events_for(self, events: list[Event], viewer: Viewer) -> list[Event]: ...
    def outcome(self, state: State) -> dict | None: ...
    def summary(self, state: State) -> Summary: ...
    def deadlines(self, state: State) -> list[Deadline]: ...
    def state_to_json(self, state: State) -> dict: ...
    def state_from_json(self, data: dict) -> State: ...


# Chance ----------------------------------------------------------------------------------------


def chance_rng(seed: int | str, draw_number: int) -> random.Random:
    """The generator for chance step number `draw_number` of the game seeded with `seed`.

    Seeding from the text "seed:n" makes every step independent of the others, so a game
    replays from (seed, actions) and one step's outcome can be recomputed on its own.
    """
    return random.Random(f"{seed}:{draw_number}")


def resolve_chance(engine: Engine, state: State, seed: int | str | None = None) -> Action:
    """The chance action to apply next: one of the engine's outcomes, chosen uniformly."""
    if seed is None:
        seed = state["seed"]
    outcomes = engine.chance_outcomes(state)
    if not outcomes:
        raise GameError("no chance step is waiting")
    rng = chance_rng(seed, state["chance_n"])
    return {"type": CHANCE, "outcome": outcomes[rng.randrange(len(outcomes))]}


# Audiences -------------------------------------------------------------------------------------


def private_event(event: Event, seat: int, secret: list[str] | tuple[str, ...]) -> Event:
    """`event` with `secret` fields that only `seat` (and a teacher who sees private things) may
    read; everyone else gets the event without them."""
    return {**event, "private_to": seat, "secret": list(secret)}


def server_only_event(event: Event, hidden: list[str] | tuple[str, ...]) -> Event:
    """`event` with fields no client may read, the teacher included (an engine's own record)."""
    return {**event, "server_only": list(hidden)}


def event_for(event: Event, viewer: Viewer, teacher_sees_private: bool) -> Event:
    """The event as `viewer` may read it: fields it may not see are removed."""
    hidden = set(event.get("server_only", ()))
    owner = event.get("private_to")
    if owner is not None and viewer != owner and not (viewer is TEACHER and teacher_sees_private):
        hidden.update(event.get("secret", ()))
    return {k: v for k, v in event.items() if k not in hidden}


def events_visible(events: list[Event], viewer: Viewer, teacher_sees_private: bool
                   ) -> list[Event]:
    """Every event as `viewer` may read it (see `event_for`)."""
    return [event_for(e, viewer, teacher_sees_private) for e in events]


def viewers(seats: list[int]) -> list[Viewer]:
    """Every kind of reader of a game with these seats: each seat, the teacher, the public."""
    return [*seats, TEACHER, PUBLIC]


# The registry ----------------------------------------------------------------------------------


def engine_module(key: str) -> str:
    return f"games.{key}.engine"


class _EngineRegistry(Mapping[str, Engine]):
    """Engines by key (games/registry.py), imported on first use so that importing `base` stays
    cheap. Each game's package exposes its engine as `games.<key>.engine.ENGINE`."""

    def __getitem__(self, key: str) -> Engine:
        if key not in GAMES:
            raise KeyError(f"unknown game engine {key!r}")
        return importlib.import_module(engine_module(key)).ENGINE

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


ENGINES: Mapping[str, Engine] = _EngineRegistry()
"""Pure-Python game engines behind one face (see base.py and docs/engine.md)."""


# An engine from its functions -------------------------------------------------------------------

FACE = ("new_game", "current_seats", "chance_outcomes", "legal_actions", "action_menu",
        "canonical_action", "apply_action", "check_invariants", "view_for", "events_for",
        "outcome", "summary", "deadlines", "state_to_json", "state_from_json")
OPTIONAL = ("apply_in_place", "pace_kind")


class ModuleEngine:
    """An engine whose face is plain functions (an engine's `api.py`), as one object for the
    registry: `ENGINE = engine_from(INFO, globals(), "games.<key>.engine.bots")`. Its bots are
    imported on first use, so importing the face stays cheap."""

    def __init__(self, info: GameInfo, bots_module: str, functions: Mapping[str, Any]):
        missing = [name for name in FACE if name not in functions]
        if missing:
            raise GameError(f"{info.key}: the face lacks {', '.join(missing)}")
        self.info, self.key, self.variants = info, info.key, info.variants
        self._bots_module = bots_module
        for name, function in functions.items():
            setattr(self, name, function)

    @property
    def bots(self) -> Mapping[str, Bot]:
        return importlib.import_module(self._bots_module).BOTS


def engine_from(info: GameInfo, namespace: Mapping[str, Any], bots_module: str,
                extra: tuple[str, ...] = ()) -> ModuleEngine:
    """The engine whose face is the functions of `namespace` (an api module's globals) named in
    FACE, those of OPTIONAL it has, and `extra` (a game's own, e.g. `plan_problems`)."""
    names = (*FACE, *(name for name in OPTIONAL if name in namespace), *extra)
    return ModuleEngine(info, bots_module, {name: namespace[name] for name in names
                                            if name in namespace})
