"""The driver: a queue of tasks, the step the game waits for, and the registries of rules.

`state["step"]` is what the game waits for: a chance step (`kind` "chance", resolved by the caller
with one of `chance_outcomes`), one seat's decision (`kind` "decide") or several seats' hidden
simultaneous choices (`kind` "together", AL-115). `state["queue"]` holds the tasks that follow;
`advance` runs them until one waits again. Rule modules register their tasks, chance draws and
decisions here, so this module knows no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engines.base import CHANCE, IllegalAction

TASKS: dict[str, Callable] = {}
DRAWS: dict[str, tuple[Callable, Callable]] = {}


@dataclass(frozen=True)
class Decision:
    """One kind of decision: the action types it accepts, its legal actions, the check that
    returns an action's canonical form (or raises IllegalAction) and how it applies."""

    types: tuple[str, ...]
    legal: Callable[[dict, int], list[dict]]
    check: Callable[[dict, dict], dict]
    apply: Callable[[dict, dict, list], None]
    pace: str = "choice"


DECISIONS: dict[str, Decision] = {}


def task(name: str):
    def register(handler):
        TASKS[name] = handler
        return handler
    return register


def draw_kind(name: str, outcomes: Callable, apply: Callable) -> None:
    DRAWS[name] = (outcomes, apply)


def decision(name: str, **kwargs: Any) -> None:
    DECISIONS[name] = Decision(**kwargs)


def push(state: dict, *tasks: dict) -> None:
    """Run `tasks` next, in this order, before anything already queued."""
    state["queue"][:0] = list(tasks)


def advance(state: dict, out: list) -> None:
    """Run queued tasks until the game waits for a chance step or a decision, or ends."""
    queue = state["queue"]
    while state["step"] is None and queue:
        current = queue.pop(0)
        TASKS[current["t"]](state, current, out)


def wait_chance(state: dict, draw: str, **context: Any) -> None:
    state["step"] = {"kind": "chance", "draw": draw, **context}


def wait_for(state: dict, name: str, seat: int, **context: Any) -> None:
    state["step"] = {"kind": "decide", "decision": name, "seat": seat, **context}


def wait_together(state: dict, name: str, seats: list[int], **context: Any) -> None:
    state["step"] = {"kind": "together", "decision": name, "seats": sorted(seats),
                     "waiting": sorted(seats), "choices": {}, **context}


def current_seats(state: dict) -> list:
    step = state["step"]
    if step is None:
        return []
    if step["kind"] == "chance":
        return [CHANCE]
    if step["kind"] == "decide":
        return [step["seat"]]
    return list(step["waiting"])


def chance_outcomes(state: dict) -> list:
    step = state["step"]
    if step is None or step["kind"] != "chance":
        return []
    return DRAWS[step["draw"]][0](state, step)


def apply_chance(state: dict, outcome: Any, out: list, validate: bool = True) -> None:
    step = state["step"]
    if step is None or step["kind"] != "chance":
        raise IllegalAction("no_chance_step", "no chance step is waiting")
    if validate and outcome not in chance_outcomes(state):
        raise IllegalAction("bad_outcome", "that outcome is not one of this step's")
    state["chance_n"] += 1
    state["step"] = None
    DRAWS[step["draw"]][1](state, step, outcome, out)


def decision_of(state: dict) -> Decision | None:
    step = state["step"]
    if step is None or step["kind"] == "chance":
        return None
    return DECISIONS[step["decision"]]


def record_choice(state: dict, seat: int, choice: Any) -> bool:
    """Keep a seat's hidden simultaneous choice; True once every seat has chosen (AL-115)."""
    step = state["step"]
    step["choices"][str(seat)] = choice
    step["waiting"].remove(seat)
    return not step["waiting"]
