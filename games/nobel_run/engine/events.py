"""Events: what happened in a step, as self-contained plain dicts.

Every event has a past-tense `type`, the `round`, the `turn` and the `seat` it concerns (None for
the table), and every field the debrief and the game log need without the state: what a seat
used, bought (with its cost and type) and published, who targeted whom with what, and what a
target discarded. Only a card drawn into a hand is private (`CardDrawn`, its `card` secret to
the drawing seat); the teacher does not see hands in this game (NR-39, Part 4).
"""

from __future__ import annotations

from typing import Any

from games.engines.base import events_visible, private_event

Event = dict[str, Any]

EVENT_TYPES = (
    "GameStarted", "TopRevealed", "PoolRefilled", "CardDrawn", "DiscardShuffled",
    "FirstSeatChosen", "TurnStarted", "CardDiscarded", "CardPublished", "CardUsed", "Targeted",
    "BlockDisabled", "CardBought", "PlanConfirmed", "PrestigeChanged", "EndTriggered",
    "ResponseAwaited", "CardsDiscardedForEffect", "BlindDiscarded", "TurnEnded", "RoundEnded",
    "TimeCalled", "GameEnded",
)
TEACHER_SEES_PRIVATE = False


def event(state: dict, type_: str, seat: int | None = None, **fields: Any) -> Event:
    return {"type": type_, "round": state["round"], "turn": state["turn"], "seat": seat,
            **fields}


def private(state: dict, type_: str, seat: int, secret: tuple[str, ...], **fields: Any) -> Event:
    """An event whose `secret` fields only `seat` may read."""
    return private_event(event(state, type_, seat, **fields), seat, secret)


def events_for(events: list[Event], viewer) -> list[Event]:
    """The events as `viewer` may read them: another seat's drawn cards removed, for the
    teacher and the projector too."""
    return events_visible(events, viewer, TEACHER_SEES_PRIVATE)
