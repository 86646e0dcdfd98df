"""How rules ask for the next decision: a queue of tasks and the step that waits for an action.

`state["step"]` is what the game waits for (a seat's decision or a chance outcome);
`state["queue"]` holds the tasks to run after it, in order. Rules push tasks; the driver in
`flow.advance` runs them until one sets a step.
"""

from __future__ import annotations


def push(state: dict, *tasks: dict) -> None:
    """Run these tasks next, before what is already queued."""
    state["queue"][0:0] = tasks


def task(name: str, **fields) -> dict:
    return {"t": name, **fields}


def chance(name: str, **fields) -> dict:
    """A task that becomes a chance step (or is skipped when it has no outcomes)."""
    return {"t": "chance", "chance": name, **fields}


def wait_for(state: dict, kind: str, seats: list[int], **fields) -> None:
    state["step"] = {"kind": kind, "seats": list(seats), **fields}
