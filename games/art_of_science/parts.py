"""The Art of Science's parts of the play page and the teacher's table view.

Shared by every viewer (from the public view): the board and the end. A seat's own (from its
view, so the answer key is never in them before the judgement, AS-33, and a running duel's
question only for the duellists, AS-G09): the status line, what is happening now with the
question, the score cards (a seat's own order is private until every order is revealed, AS-04)
and its tools (advice, reporting a question). The teacher's view shows the key, for judging.
"""

import json

from django.template.loader import render_to_string

from games.art_of_science import labels, presentation
from games.art_of_science.presentation import seat_chip
from games.engines.base import PUBLIC, TEACHER
from games.rendering import cached_for_revision, menu_of, part, view_of
from games.selectors import game_log

SHARED = {"aos-board": "art_of_science/parts/board.html",
          "play-end": "art_of_science/parts/end.html"}
OWN = {"play-status": "art_of_science/parts/status.html",
       "aos-now": "art_of_science/parts/now.html",
       "aos-cards": "art_of_science/parts/cards.html",
       "aos-tools": "art_of_science/parts/tools.html"}
VERDICT_EVENTS = ("AnswerJudged", "DuelAnswerReceived", "JudgementOverridden")


def shared_parts(snapshot):
    view = view_of(snapshot, PUBLIC)
    return {
        "aos-board": part(SHARED["aos-board"], {"board": presentation.board(view,
                                                                           snapshot.names)}),
        "play-end": part(SHARED["play-end"], {"final": presentation.final(view,
                                                                         snapshot.names)}),
    }


def own_parts(snapshot, seat, teacher):
    viewer = TEACHER if teacher else seat
    view = view_of(snapshot, viewer)
    names, bots = snapshot.names, snapshot.bots
    question = presentation.question(view, viewer, names, verdicts(snapshot),
                                     question_deadline(snapshot, view))
    return {
        "play-status": part(OWN["play-status"], {
            "status": presentation.status(view, seat, names, bots, teacher)}),
        "aos-now": part(OWN["aos-now"], {
            "q": question, "now": presentation.situation(view, names), "teacher": teacher}),
        "aos-cards": part(OWN["aos-cards"], {
            "cards": presentation.cards(view, names, bots, seat)}),
        "aos-tools": part(OWN["aos-tools"], tools(snapshot, view, seat, teacher)),
    }


def verdicts(snapshot):
    """{question number: [{seat, correct, by}]} of the current question, from the log: public
    facts only (who was right, judged by whom), the same for every viewer."""
    def read():
        view = view_of(snapshot, PUBLIC)
        n = (view["question"] or {}).get("n")
        found = []
        for row in reversed(game_log(snapshot.game_id, snapshot.version)):
            events = [e for e in row.events if e.get("n") == n]
            if any(e["type"] == "QuestionAsked" for e in events):
                break
            found = [_verdict(e) for e in events if e["type"] in VERDICT_EVENTS] + found
        latest = {}
        for verdict in found:  # an override replaces the first judgement of that seat
            latest[verdict["seat"]] = verdict
        return {n: list(latest.values())} if n is not None else {}

    return cached_for_revision(snapshot, "verdicts", read)


def _verdict(event):
    by = "teacher" if event["type"] == "JudgementOverridden" else event.get("by", "engine")
    return {"seat": event["seat"], "correct": event["correct"], "by": by}


def question_deadline(snapshot, view):
    """When the running answer, advice or vote must be in (the same moment for everyone)."""
    if view["stage"] not in ("answer", "duel", "advise", "judge"):
        return None
    return min((d["due_at"] for d in snapshot.deadlines), default=None)


def tools(snapshot, view, seat, teacher):
    """A seat's advice and report buttons (from its menu); the teacher's list of flags."""
    if teacher:
        return {"teacher": True, "flags": teacher_flags(view, snapshot.names)}
    if seat in snapshot.bots or view["over"]:
        return {}
    menu = {entry["kind"]: entry for entry in menu_of(snapshot, seat)}
    return seat_tools(menu, snapshot.names)


def _send(action):
    return json.dumps({"type": "act", "action": action})


def seat_tools(menu, names):
    """Buttons beside the stepper: ask an opponent for advice (AS-25), report the latest
    question (AS-35); each sends the menu's own action."""
    advice = menu.get("ask_advice") or {}
    report = menu.get("flag") or {}
    return {
        "advisers": [{"who": seat_chip(a["action"]["adviser"], names),
                      "message": _send(a["action"])}
                     for a in advice.get("actions", ()) if advice.get("enabled")],
        "reports": [{"label": labels.FLAG_REASONS[a["action"]["reason"]],
                     "question": a["action"]["question"], "message": _send(a["action"])}
                    for a in report.get("actions", ()) if report.get("enabled")],
    }


def teacher_flags(view, names):
    return [{"who": seat_chip(f["seat"], names), "question": f["question"],
             "reason": labels.FLAG_REASONS.get(f["reason"], f["reason"]), "round": f["round"]}
            for f in view["flags"]]


def page_context(snapshot):
    return {}


def projector(snapshot):
    """One table on the projector: its board and the current question, big; public only, and
    seats by number and colour, never by name."""
    view = view_of(snapshot, PUBLIC)
    return {"board": render_to_string(SHARED["aos-board"], {
                "board": presentation.board(view, {}, f"aos-board-{snapshot.table_number}"),
                "small": True}),
            "q": presentation.question(view, PUBLIC, {}, verdicts(snapshot)),
            "now": presentation.situation(view, {})}
