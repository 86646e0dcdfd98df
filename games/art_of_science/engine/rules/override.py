"""The teacher's override of a judgement (AS-34).

Until the table's next action (any seat's action other than a flag) the teacher may reverse a
judgement. The override is an action of its own on the log, so history is never edited: the
points the judgement moved are taken back and the reversed verdict is applied. While the
judgement's own choices still wait (points or a new round, a distribution, the rest of a duel),
play goes on as if the verdict had been the other; once play has passed on (only chance steps
since), the reversed verdict's points are placed without asking (a wrong answer made right
gives the square's points), and the turn order is left as it is.
"""

from __future__ import annotations

from ..events import event
from ..state import player
from . import duel, squares


def reversible(state: dict) -> list[int]:
    """The judgements the teacher may reverse now."""
    return [] if state["over"] else list(state["window"])


def related(state: dict, record: dict) -> list[dict]:
    """The judgements whose points one override recomputes: a duel's answers together."""
    if record["duel"] is None:
        return [record]
    return [state["judgements"][j] for j in state["duels"][record["duel"]]["judgements"]]


def is_live(state: dict, record: dict) -> bool:
    """Whether the judgement's own choices still wait (so play can go on from it)."""
    ids = {r["id"] for r in related(state, record)}
    step = state["step"]
    if step.get("judgement") in ids:
        return True
    if state["allocations"] and all(a["judgement"] in ids for a in state["allocations"]):
        return True
    return step["kind"] == "duel" and state["question"]["duel"] == record["duel"]


def take_back(state: dict, records: list[dict], out: list) -> None:
    """Undo every point the judgements moved, newest first."""
    for record in records:
        undone = []
        for seat, code, made in reversed(record["changes"]):
            p = player(state, seat)
            p["points"][code] = min(p["req"][code], max(0, p["points"][code] - made))
            undone.append([seat, code, -made])
        record["changes"] = []
        if undone:
            out.append(event(state, "PointsCorrected", None, judgement=record["id"],
                             changes=undone))


def override(state: dict, action: dict, out: list) -> None:
    """Reverse judgement `action["judgement"]` (AS-34)."""
    record = state["judgements"][action["judgement"]]
    live = is_live(state, record)
    take_back(state, related(state, record), out)
    tally = player(state, record["seat"])["tally"][record["category"]]
    tally[0 if record["correct"] else 1] -= 1
    record["correct"] = not record["correct"]
    tally[0 if record["correct"] else 1] += 1
    record["overrides"] += 1
    out.append(event(state, "JudgementOverridden", record["seat"], judgement=record["id"],
                     n=record["n"], question=record["question"], category=record["category"],
                     context=record["context"], correct=record["correct"], live=live,
                     tally=list(tally)))
    if live:
        state["allocations"] = []
        state["then"] = None
    if record["duel"] is not None:
        duel.resettle(state, state["duels"][record["duel"]], out, auto=not live)
    else:
        squares.ANSWERED[record["context"]](state, record, out, auto=not live)
