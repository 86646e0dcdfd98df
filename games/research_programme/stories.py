"""Interlude stories (SV-78 to SV-81, G-19, G-20) as a teacher approval: a seat asks to tell one,
the teacher (or the table's vote) decides, and a story nobody decides expires. The engine's story
actions carry the effect (Insight +1 and EP +1 when accepted); games/approvals.py keeps the rows.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.packages import ApprovalKind

TITLE_MAX_LENGTH = 140


def _request(seat, story_id, payload):
    return {"type": "story_request", "seat": seat, "story_id": story_id}


def _decide(story_id, accept, reason):
    if accept:
        return {"type": "story_accept", "seat": None, "story_id": story_id}
    return {"type": "story_reject", "seat": None, "story_id": story_id, "reason": reason}


def _vote(seat, story_id, accept):
    return {"type": "story_vote", "seat": seat, "story_id": story_id, "accept": accept}


def _decided_in(events, story_id):
    """(accepted, reason) once the engine decided the story, else None."""
    decided = next((e for e in events if e["type"] in ("StoryAccepted", "StoryRejected")
                    and e.get("story") == story_id), None)
    if decided is None:
        return None
    return decided["type"] == "StoryAccepted", decided.get("reason")


STORY = ApprovalKind(
    key="story", label=_("Story"), waiting_heading=_("Stories waiting"),
    none_waiting=_("No stories waiting."), request_action=_request, decide_action=_decide,
    decided_in=_decided_in, vote_action=_vote, text_limit=TITLE_MAX_LENGTH,
    action_types=("story_request", "story_vote"),
    waiting_badge=lambda n: ngettext("%(n)s story waiting", "%(n)s stories waiting", n) % {"n": n},
)
