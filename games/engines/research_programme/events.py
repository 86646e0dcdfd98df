"""Events: what happened in a step, as self-contained plain dicts.

Every event has a past-tense `type`, the `round` and the `seat` it concerns (None for the table),
and every field needed to tell it later without the state (the debrief and the game log read
them). An event only one seat may see carries `private_to` and `secret` (the fields others must
not see); `events_for` removes those fields for everyone else. The teacher (seat None) sees all.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def event(state: dict, type_: str, seat: int | None = None, **fields: Any) -> Event:
    return {"type": type_, "round": state["round"], "seat": seat, **fields}


def private(state: dict, type_: str, seat: int, secret: tuple[str, ...], **fields: Any) -> Event:
    return {
        "type": type_,
        "round": state["round"],
        "seat": seat,
        "private_to": seat,
        "secret": list(secret),
        **fields,
    }


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events as `seat` may see them: others' secrets removed, nothing else changed."""
    if seat is None:
        return [dict(e) for e in events]
    shown = []
    for e in events:
        if "private_to" in e and e["private_to"] != seat:
            e = {k: v for k, v in e.items() if k not in e["secret"]}
        else:
            e = dict(e)
        shown.append(e)
    return shown
