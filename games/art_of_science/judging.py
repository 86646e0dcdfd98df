"""Open answers as a teacher approval (AS-31, AS-34, AS-G07): the engine opens the judgement
when a seat types an open answer (from its tablet, or a robot playing it); the other seats vote
on their tablets, and the teacher may decide from the cockpit's queue at any moment, as sole
judge or over the table's vote. Every vote and decision is an action in the game's log; the
queue's row follows whichever verdict the engine gives (games/approvals.py)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.approvals import EXPIRED
from games.packages import ApprovalKind

PREFIX = "answer-"


def request_id(n):
    return f"{PREFIX}{n}"


def _opened(events):
    """A judgement the engine opened: the seat, the question's number as the request's id and
    the typed answer as its text."""
    given = {e["n"]: e.get("value") for e in events if e["type"] == "AnswerGiven"}
    return [{"seat": e["seat"], "request_id": request_id(e["n"]), "round": e.get("round"),
             "text": str(given.get(e["n"]) or "")}
            for e in events if e["type"] == "JudgingOpened"]


def _decide(request, accept, reason):
    """The teacher's judgement; a judgement nobody gave in time counts as correct (AS-31's
    benefit of the doubt)."""
    return {"type": "judge", "seat": None, "correct": True if reason == EXPIRED else accept}


def _decided_in(events, request):
    judged = next((e for e in events if e["type"] == "AnswerJudged"
                   and request_id(e.get("n")) == request), None)
    return None if judged is None else (judged["correct"], None)


OPEN_ANSWER = ApprovalKind(
    key="open_answer", label=_("Open answer"), waiting_heading=_("Open answers to judge"),
    none_waiting=_("No open answers waiting."), request_action=None, decide_action=_decide,
    decided_in=_decided_in, opened_in=_opened, text_limit=200,
    waiting_badge=lambda n: ngettext("%(n)s answer to judge", "%(n)s answers to judge", n)
    % {"n": n},
)
