"""Interlude stories, Insight and EP (SV-78 to SV-81, G-19, G-20).

A seat asks to tell a story on its own turn in the Actions phase or before its roll; the teacher
(or, with `story_judge = "table"`, a majority of the other seats) accepts or rejects it. The game
never waits for the decision, and a decision on an unknown or already decided story changes
nothing, so a repeated tap is harmless.
"""

from __future__ import annotations

from ..events import event
from ..state import VARIANTS, player


def seat_stories(state: dict, seat: int) -> list[dict]:
    return [s for s in state["stories"].values() if s["seat"] == seat]


def request_blocker(state: dict, seat: int) -> str | None:
    """Why `seat` may not ask for a story now, or None (SV-78)."""
    if not VARIANTS[state["variant"]]["stories"]:
        return "stories_off"
    if state["phase"] == "over":
        return "game_over"
    step = state["step"] or {}
    if step.get("kind") not in ("actions", "test") or seat not in step.get("seats", ()):
        return "not_your_turn"
    mine = seat_stories(state, seat)
    if any(s["status"] == "pending" for s in mine):
        return "story_pending"
    this_round = [s for s in mine
                  if s["round"] == state["round"] and s["status"] in ("pending", "accepted")]
    if len(this_round) >= state["options"]["stories_per_round"]:
        return "story_limit"
    return None


def request(state: dict, action: dict, out: list) -> None:
    story_id = action["story_id"]
    state["stories"][story_id] = {"id": story_id, "seat": action["seat"], "round": state["round"],
                                  "status": "pending", "votes": {}, "reason": None,
                                  "decided_round": None}
    out.append(event(state, "StoryRequested", action["seat"], story=story_id))


def accept(state: dict, story_id: str, out: list, by: str = "teacher") -> None:
    """An accepted story gives Insight +1 and EP +1 at once, whenever it comes (SV-79, SV-80)."""
    story = state["stories"].get(story_id)
    if story is None or story["status"] != "pending":
        return
    story["status"] = "accepted"
    story["decided_round"] = state["round"]
    p = player(state, story["seat"])
    p["insight"] += 1
    p["ep"] += 1
    out.append(event(state, "StoryAccepted", story["seat"], story=story_id, by=by,
                     requested_round=story["round"], insight=p["insight"], ep=p["ep"]))


def reject(state: dict, story_id: str, out: list, reason: str | None = None,
           by: str = "teacher") -> None:
    """A rejected story gives nothing (SV-79)."""
    story = state["stories"].get(story_id)
    if story is None or story["status"] != "pending":
        return
    story["status"] = "rejected"
    story["reason"] = reason
    story["decided_round"] = state["round"]
    out.append(event(state, "StoryRejected", story["seat"], story=story_id, by=by,
                     requested_round=story["round"], reason=reason))


def vote(state: dict, action: dict, out: list) -> None:
    """Without a teacher, a majority of the other seats decides; a tie rejects (SV-79)."""
    story = state["stories"].get(action["story_id"])
    voter = action["seat"]
    if story is None or story["status"] != "pending" or str(voter) in story["votes"]:
        return
    story["votes"][str(voter)] = bool(action["accept"])
    out.append(event(state, "StoryVoteCast", voter, story=story["id"], author=story["seat"],
                     accept=bool(action["accept"])))
    voters = state["n"] - 1
    needed = voters // 2 + 1
    yes = sum(story["votes"].values())
    no = len(story["votes"]) - yes
    if yes >= needed:
        accept(state, story["id"], out, by="table")
    elif no > voters - needed:
        reject(state, story["id"], out, reason="table_majority", by="table")


def pending_for_vote(state: dict, seat: int) -> list[dict]:
    if state["options"]["story_judge"] != "table":
        return []
    return [s for s in state["stories"].values()
            if s["status"] == "pending" and s["seat"] != seat and str(seat) not in s["votes"]]


def call_time(state: dict, out: list) -> None:
    """The teacher calls time: the game ends at this round's Cleanup, scored as usual."""
    if state["time_called"] or state["phase"] == "over":
        return
    state["time_called"] = True
    out.append(event(state, "TimeCalled", None, ends_after_round=state["round"]))
