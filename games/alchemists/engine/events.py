"""Events: what happened in a step, as self-contained plain dicts (AL-114).

Every event has a past-tense `type`, the `round`, and the `seat` it concerns (None for the table),
with every field the debrief needs. Three audiences:

* `secret`: fields only the seat in `private_to` may read (which ingredients it mixed, the card it
  drew); everyone else, the teacher included (teacher_sees_private is False), gets the event
  without them;
* `only_to`: the whole event is that seat's alone (its notebook): others never see it;
* `server_only`: fields no client may read before the rules reveal them (the mapping's draws).
"""

from __future__ import annotations

from typing import Any

from games.engines.base import TEACHER

Event = dict[str, Any]


def event(state: dict, type_: str, seat: int | None = None, **fields: Any) -> Event:
    return {"type": type_, "round": state["round"], "seat": seat, **fields}


def private(state: dict, type_: str, seat: int, secret: tuple[str, ...], **fields: Any) -> Event:
    return {"type": type_, "round": state["round"], "seat": seat, "private_to": seat,
            "secret": list(secret), **fields}


def own(state: dict, type_: str, seat: int, **fields: Any) -> Event:
    """An event only `seat` ever sees."""
    return {"type": type_, "round": state["round"], "seat": seat, "only_to": seat, **fields}


def server_only(state: dict, type_: str, hidden: tuple[str, ...], **fields: Any) -> Event:
    return {"type": type_, "round": state["round"], "seat": None, "server_only": list(hidden),
            **fields}


def event_for(e: Event, viewer: Any) -> Event | None:
    """The event as `viewer` may read it, or None if it is not the viewer's to see."""
    if "only_to" in e and e["only_to"] != viewer:
        return None
    hidden = set(e.get("server_only", ()))
    if "private_to" in e and e["private_to"] != viewer:
        hidden.update(e["secret"])
    if not hidden:
        return dict(e)
    return {k: v for k, v in e.items() if k not in hidden}


def events_for(events: list[Event], viewer: Any = TEACHER) -> list[Event]:
    """The events a viewer may see, each without the fields it may not read."""
    shown = (event_for(e, viewer) for e in events)
    return [e for e in shown if e is not None]
