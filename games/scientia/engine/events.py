"""Events: what happened in a step, as self-contained plain dicts.

Every event has a past-tense `type`, the `round`, the table's `turn` number and the `seat` it
concerns (None for the table), and every field needed to tell it later without the state: the
debrief reads completions (field, depth in the chain, the turn), chains and slots from them.
Scientia has no secrets (SC-58), so every event is public and every reader gets all of it.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def event(state: dict, type_: str, seat: int | None = None, **fields: Any) -> Event:
    return {"type": type_, "round": state["round"], "turn": state["turn"], "seat": seat,
            **fields}


def events_for(events: list[Event], viewer: Any) -> list[Event]:
    """The events as any viewer reads them: all of them (SC-58)."""
    return [dict(e) for e in events]
