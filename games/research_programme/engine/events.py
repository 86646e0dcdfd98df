"""Events: what happened in a step, as self-contained plain dicts.

Every event has a past-tense `type`, the `round` and the `seat` it concerns (None for the table),
and every field needed to tell it later without the state (the debrief and the game log read
them). An event only one seat may see carries `private_to` and `secret` (the fields others must
not see); `events_for` removes those fields for everyone else. The teacher (seat None) sees
those too, but never the `server_only` fields (where the hidden markers lie, G-25).
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


def events_for(events: list[Event], seat: int | str | None) -> list[Event]:
    """The events as `seat` may see them: others' secrets and every server-only field removed,
    nothing else changed. The teacher (None) reads every seat's secrets; the public ("public")
    none."""
    shown = []
    for e in events:
        hidden = set(e.get("server_only", ()))
        if "private_to" in e and seat is not None and e["private_to"] != seat:
            hidden.update(e["secret"])
        shown.append({k: v for k, v in e.items() if k not in hidden} if hidden else dict(e))
    return shown
