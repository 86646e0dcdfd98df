"""The story panel of the play page (`play-story`): asking to tell an interlude story, its
60-second timer, the decision, and (where the table decides) the votes (SV-78 to SV-81).

Built from the engine's view (who may ask now, each story's status and votes) and the lesson's
story rows (titles, when asked, reasons), read once per game revision.
"""

import json
from datetime import timedelta

from django.utils.translation import gettext as _

from games import seats
from games.models import Approval

STORY_SECONDS = 60  # the app's timer for telling a story (SV-79)
WAIT_AFTER_TIMER_SECONDS = 30  # a seat about to roll may wait this long for the decision (SV-78)


def story_rows(game_id):
    """{engine story id: row} of the game's stories, for the panel."""
    rows = Approval.objects.filter(game_id=game_id, kind="story").values(
        "pk", "request_id", "seat", "text", "status", "reason", "requested_at", "round",
        "decided_by")
    return {row["request_id"]: {**row, "story_id": row["request_id"], "title": row["text"]}
            for row in rows}


def seat_panel(view, options, seat, names, rows, bot_plays=False):
    """What one seat's tablet shows about stories now (nothing while a robot plays the seat)."""
    if bot_plays:
        return {"hidden": True}
    me = next(p for p in view["players"] if p["seat"] == seat)
    mine = [s for s in view["stories"] if s["seat"] == seat]
    this_round = [s for s in mine if s["round"] == view["round"]]
    pending = next((s for s in mine if s["status"] == "pending"), None)
    decided = [s for s in this_round if s["status"] != "pending"]
    limit = options.get("stories_per_round", 2)
    return {
        "seat": seat, "over": view["phase"] == "over", "may_tell": me["may_tell_story"],
        "ep": me["ep"], "insight": me["insight"], "limit": limit,
        "accepted": sum(s["status"] == "accepted" for s in this_round),
        "table_judges": options.get("story_judge") == "table",
        "pending": _story(pending, rows, names) if pending else None,
        "about_to_roll": (view["step"] or {}).get("kind") == "test" and seat in
        view["current_seats"],
        "last": _story(decided[-1], rows, names) if decided else None,
        "votes": [dict(_story(s, rows, names), accept=json.dumps(_vote(rows[s["id"]], True)),
                       reject=json.dumps(_vote(rows[s["id"]], False)))
                  for s in view["stories"]
                  if s["status"] == "pending" and s["seat"] != seat
                  and str(seat) not in s["votes"] and s["id"] in rows
                  and options.get("story_judge") == "table"],
    }


def table_panel(view, names, rows):
    """The teacher's table view: every story of the table, newest first."""
    return {"teacher": True,
            "stories": [_story(s, rows, names) for s in reversed(view["stories"])]}


def _story(story, rows, names):
    row = rows.get(story["id"], {})
    asked = row.get("requested_at")
    return {
        "id": story["id"], "pk": row.get("pk"), "seat": story["seat"],
        "name": names.get(story["seat"], ""), "look": seats.look(story["seat"]),
        "round": story["round"], "status": row.get("status") or story["status"],
        "title": row.get("title", ""), "reason": row.get("reason") or "",
        "votes": len(story.get("votes") or {}),
        "timer_ends": _later(asked, STORY_SECONDS),
        "wait_ends": _later(asked, STORY_SECONDS + WAIT_AFTER_TIMER_SECONDS),
        "status_label": status_label(row.get("status") or story["status"]),
    }


def _later(moment, seconds):
    return (moment + timedelta(seconds=seconds)).isoformat() if moment else None


def _vote(row, accept):
    return {"type": "vote", "approval": row["pk"], "accept": accept}


def status_label(status):
    return {"pending": _("waiting for a decision"), "accepted": _("accepted"),
            "rejected": _("not accepted"),
            "expired": _("expired: nobody decided in time")}.get(status, "")
