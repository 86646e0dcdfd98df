"""The end of the game: a full card wins (AS-24), or the teacher calls time (AS-37)."""

from __future__ import annotations

from ..events import event
from ..state import card_total, filled_count, is_complete


def complete_seats(state: dict) -> list[int]:
    """Seats whose six categories are all filled (AS-24)."""
    return [p["seat"] for p in state["players"] if is_complete(p)]


def settle(state: dict, out: list) -> bool:
    """End the game if a seat has just filled its card; whether the game is over (AS-24)."""
    if not state["over"]:
        winners = complete_seats(state)
        if winners:
            finish(state, "win", out, winners)
    return state["over"]


def ranking(state: dict) -> list[dict]:
    """Seats by filled categories, then by points on the card; level seats share the place
    (AS-37)."""
    rows = [{"seat": p["seat"], "filled": filled_count(p) if p["req"] else 0,
             "points": card_total(p)} for p in state["players"]]
    rows.sort(key=lambda r: (-r["filled"], -r["points"], r["seat"]))
    for i, row in enumerate(rows):
        before = rows[i - 1] if i else None
        same = before and (row["filled"], row["points"]) == (before["filled"], before["points"])
        row["rank"] = before["rank"] if same else i + 1
    return rows


def finish(state: dict, ended_by: str, out: list, winners: list[int] | None = None) -> None:
    """Over: nothing more waits, no judgement can be reversed, and the result is fixed."""
    table = ranking(state)
    if winners is None:
        winners = [row["seat"] for row in table if row["rank"] == 1]
    state["over"] = True
    state["step"] = {"kind": "over"}
    state["allocations"] = []
    state["then"] = None
    state["window"] = []
    state["result"] = {"ended_by": ended_by, "winners": winners, "players": table}
    out.append(event(state, "GameEnded", None, ended_by=ended_by, winners=winners,
                     players=[dict(row) for row in table]))


def call_time(state: dict, out: list) -> None:
    """The teacher calls time: the current turn is finished, then the game ends (AS-37); before
    the first turn it ends at once."""
    state["time_called"] = True
    out.append(event(state, "TimeCalled", None))
    if state["turn"] is None:
        finish(state, "time_called", out)
