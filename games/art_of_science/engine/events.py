"""Events: what happened in a step, as self-contained plain dicts.

Every event has a past-tense `type`, the `round` and the `seat` it concerns (None for the table)
and every field needed to tell it later without the state: the cockpit and the debrief read
them. An event one seat may read in full carries `private_to` and `secret` (base.private_event);
the answer key is in no event before the answer is judged (AS-33).
"""

from __future__ import annotations

from typing import Any

from games.engines.base import events_visible

Event = dict[str, Any]


def event(state: dict, type_: str, seat: int | None = None, **fields: Any) -> Event:
    return {"type": type_, "round": state["round"], "seat": seat, **fields}


def private(state: dict, type_: str, seat: int, owner: int, secret: tuple[str, ...],
            **fields: Any) -> Event:
    """An event whose `secret` fields only `owner` (and the teacher) may read."""
    return {"type": type_, "round": state["round"], "seat": seat, "private_to": owner,
            "secret": list(secret), **fields}


def events_for(events: list[Event], viewer: Any) -> list[Event]:
    """The events as `viewer` may read them (the teacher reads private fields)."""
    return events_visible(events, viewer, teacher_sees_private=True)
