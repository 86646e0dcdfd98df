"""The face every game engine shows the classroom, and what the engines share.

An engine is a pure, deterministic package: plain-data states and actions, chance as explicit
steps that the caller resolves, and per-seat views. Django, Channels and Celery call into an
engine; an engine imports none of them.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Mapping
from typing import Any, Protocol, TypedDict

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

CHANCE = "chance"
"""What `current_seats` returns while a die roll or card draw waits."""


class GameError(Exception):
    """Base class of every error an engine raises on purpose."""


class IllegalAction(GameError):
    """An action the rules do not allow now. The state it was tried on is unchanged."""

    def __init__(self, code: str, reason: str = ""):
        super().__init__(f"{code}: {reason}" if reason else code)
        self.code = code
        self.reason = reason or code.replace("_", " ")

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "reason": self.reason}


class Variant(TypedDict):
    title: dict[str, str]
    min_seats: int
    max_seats: int


class Bot(Protocol):
    def __call__(self, state: State, seat: int, rng: random.Random) -> Action: ...


class Engine(Protocol):
    key: str
    variants: dict[str, Variant]
    bots: dict[str, Bot]

    def new_game(self, players: list[dict], options: dict, seed: int) -> State: ...
    def current_seats(self, state: State) -> list[int | str]: ...
    def chance_outcomes(self, state: State) -> list: ...
    def legal_actions(self, state: State, seat: int | None) -> list[Action]: ...
    def action_menu(self, state: State, seat: int) -> list[dict]: ...
    def canonical_action(self, state: State, action: Action) -> Action: ...
    def apply_action(self, state: State, action: Action) -> tuple[State, list[Event]]: ...
    def check_invariants(self, state: State) -> list[str]: ...
    def view_for(self, state: State, seat: int | None) -> dict: ...
    def events_for(self, events: list[Event], seat: int | None) -> list[Event]: ...
    def outcome(self, state: State) -> dict | None: ...
    def state_to_json(self, state: State) -> dict: ...
    def state_from_json(self, data: dict) -> State: ...


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


class _EngineRegistry(Mapping[str, Engine]):
    """Engines by key, imported on first use so that importing `base` stays cheap."""

    _modules = {
        "research_programme": "games.engines.research_programme.api",
    }

    def __getitem__(self, key: str) -> Engine:
        try:
            module = self._modules[key]
        except KeyError:
            raise KeyError(f"unknown game engine {key!r}") from None
        return importlib.import_module(module).ENGINE

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


ENGINES: Mapping[str, Engine] = _EngineRegistry()
