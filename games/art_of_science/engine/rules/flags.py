"""Reporting a question as wrong or unclear (AS-35, AS-G24)."""

from __future__ import annotations

from ..events import private

REASONS = ("wrong", "unclear")


def seen_by(state: dict, seat: int) -> list[str]:
    """The questions `seat` has been shown in this game, newest last: every asked question,
    except a running duel's new question for a seat outside the duel (AS-G09)."""
    seen = list(dict.fromkeys(state["asked"]))
    q = state["question"]
    running_duel = q and q["context"] == "duel" and not q["judged"]
    if running_duel and seat not in q["seats"] and state["asked"].count(q["id"]) == 1:
        seen.remove(q["id"])
    return seen


def flagged_by(state: dict, seat: int) -> set[str]:
    return {f["question"] for f in state["flags"] if f["seat"] == seat}


def flag(state: dict, action: dict, out: list) -> None:
    """A seat flags a question it has seen; it goes to the teacher's review list and is not
    drawn again in this game (AS-35). Play does not change; only the seat and the teacher
    see which question it was."""
    entry = {"seat": action["seat"], "question": action["question"], "reason": action["reason"],
             "round": state["round"]}
    state["flags"].append(entry)
    out.append(private(state, "QuestionFlagged", action["seat"], action["seat"],
                       ("question", "reason", "category"), question=action["question"],
                       reason=action["reason"],
                       category=state["bank"][action["question"]]["category"]))
