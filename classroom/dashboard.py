"""What the teacher's cockpit and the projector show while a lesson plays: one card per table
(its stage, whose turn and since when, each seat's score, the game's key figures and tablets,
pace and badges), the queue of requests waiting for the teacher, and the projector's board; the
clock and the pace they draw are classroom/timeline.py's. Reads only.

Game figures come from the engine's `summary` of each game's snapshot, shared per revision with
the table pages (games.selectors, games.rendering), and are named by the game's package; who sits
where, whose tablet is connected and whose request waits come from a `Roster` read once for the
lesson, so a card drawn after a move costs no query.
"""

from dataclasses import dataclass
from operator import attrgetter

from django.utils import timezone
from django.utils.translation import ngettext

from classroom.models import Student
from classroom.presence import connected_students
from classroom.timeline import drawn_timeline, lesson_timeline, table_pace
from games import seats as seat_looks
from games.models import Approval, Game
from games.packages import package
from games.rendering import summary_of
from games.selectors import game_snapshot

# Table cards ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roster:
    """What a card shows beside its game, by table id: the students at each seat, whose tablet is
    connected, and the seats whose request waits. Read for the whole lesson (or one table) in
    three queries, so drawing a card after a move costs none."""

    students: dict  # table id -> {seat number: [(student id, pseudonym)]}
    online: dict  # student id -> connected
    pending: dict  # table id -> [seat]

    def with_table(self, table, table_id):
        """This roster with one table's part (and everyone's presence) read again."""
        return Roster({**self.students, table_id: table.students.get(table_id, {})},
                      table.online, {**self.pending, table_id: table.pending.get(table_id, [])})


def lesson_roster(lesson, table_id=None):
    students = Student.objects.filter(seat__table__lesson=lesson, removed_at__isnull=True)
    waiting = _pending(lesson)
    if table_id is not None:
        students = students.filter(seat__table_id=table_id)
        waiting = waiting.filter(game__table_id=table_id)
    seated = {}
    for student_id, pseudonym, table, seat in students.order_by("joined_at", "pk").values_list(
            "pk", "pseudonym", "seat__table_id", "seat__number"):
        seated.setdefault(table, {}).setdefault(seat, []).append((student_id, pseudonym))
    pending = {}
    for table, seat in waiting.order_by("requested_at", "pk").values_list("game__table_id",
                                                                         "seat"):
        pending.setdefault(table, []).append(seat)
    return Roster(seated, connected_students(lesson) if seated else {}, pending)


def _pending(lesson):
    return Approval.objects.filter(game__table__lesson=lesson, status=Approval.Status.PENDING)


def table_cards(lesson, now=None, roster=None):
    """One card per table whose game runs, in table order."""
    now = now or timezone.now()
    timeline = lesson_timeline(lesson, now)
    roster = roster or lesson_roster(lesson)
    games = _games(lesson).order_by("table__number")
    return [table_card(lesson, game, game_snapshot(game.pk, game.revision), timeline, roster)
            for game in games]


def _games(lesson):
    """The lesson's games without their state and players: the figures come from each game's
    snapshot (shared with the table pages), so a card does not decode the state again."""
    return Game.objects.filter(table__lesson=lesson).only(
        "pk", "revision", "table_id", "turn_started_at", "created_at")


def table_card(lesson, game, snapshot, timeline, roster):
    """The card of `snapshot`'s table. `game` gives when the turn and the game began: the game's
    row, or the snapshot itself, which holds them as of its revision."""
    summary = summary_of(snapshot)
    played = package(snapshot.engine_key)
    over = summary["over"]
    current = summary["to_act"]
    idle_from = _idle_from(lesson, game)
    idle_for = (timeline.now - idle_from).total_seconds() if idle_from else 0
    seat_keys = _seat_figure_keys(summary, played)
    seats = _seat_rows(summary, snapshot, current, roster, played, seat_keys)
    pending = roster.pending.get(snapshot.table_id, [])
    idle = [] if over or timeline.paused or idle_for < lesson.idle_seconds else \
        [s for s in seats if s["current"] and not s["bot"]]
    return {
        "table_id": snapshot.table_id, "lesson_id": snapshot.lesson_id,
        "number": snapshot.table_number, "game_id": snapshot.game_id,
        "version": snapshot.version, "revision": snapshot.revision,
        "round": summary["round"], "rounds": summary["rounds"],
        "stage": played.stage_label(summary), "over": over,
        "time_called": bool(lesson.time_called_at),
        "figures": [{"label": label, "value": summary["figures"][key]}
                    for key, label in played.table_figures.items() if key in summary["figures"]],
        "score_label": played.score_label,
        "figure_labels": [played.seat_figures[key] for key in seat_keys],
        "seats": seats, "to_act": [s for s in seats if s["current"]],
        "turn_started_at": game.turn_started_at if current and not over else None,
        "idle": idle, "pending_requests": len(pending), "pending_seats": pending,
        "pending_badge": _waiting_badge(played, len(pending)) if pending else "",
        "ended_by": played.ended_text(snapshot) if over else "",
        "pace": _drawn_pace(table_pace(summary, game.created_at, timeline)),
        "winners": _winners(summary),
        "can_nudge": bool(current) and not over and any(not s["bot"] for s in seats
                                                          if s["current"]),
        "game_template": played.card_template,
        "game": played.card_context(snapshot, summary) if played.card_template else {},
    }


def _drawn_pace(pace):
    """What a card and the timeline draw of the pace: the shares it is decided from move with
    the clock, and a card that held them would be drawn again at every refresh for nothing."""
    return {"position": pace["position"], "warn": pace["warn"]}


def _waiting_badge(played, count):
    kinds = list(played.approvals.values())
    if len(kinds) == 1 and kinds[0].waiting_badge:
        return kinds[0].waiting_badge(count)
    return ngettext("%(n)s request waiting", "%(n)s requests waiting", count) % {"n": count}


def _winners(summary):
    if not summary["over"] or not summary["seats"]:
        return []
    best = max(s["score"] for s in summary["seats"])
    return [s["seat"] for s in summary["seats"] if s["score"] == best]


def _idle_from(lesson, game):
    """When the seats to act began to wait, not counting a pause they waited through."""
    if game.turn_started_at is None:
        return None
    return max(game.turn_started_at, lesson.resumed_at or game.turn_started_at)


def _seat_figure_keys(summary, played):
    """The game's seat figures this table's summary has: a variant may count other things (a
    figure no seat has gets no column)."""
    return [key for key in played.seat_figures
            if any(key in s["figures"] for s in summary["seats"])]


def _seat_rows(summary, snapshot, current, roster, played, seat_keys):
    students = roster.students.get(snapshot.table_id, {})
    return [{
        "seat": s["seat"], "name": snapshot.names.get(s["seat"], ""),
        "look": seat_looks.look(s["seat"]), "bot": s["seat"] in snapshot.bots,
        "current": s["seat"] in current, "score": s["score"],
        "figures": [s["figures"].get(key) for key in seat_keys],
        "tablets": [{"name": name, "connected": roster.online.get(pk, False)}
                    for pk, name in students.get(s["seat"], [])],
    } for s in summary["seats"]]


# Requests waiting for the teacher --------------------------------------------------------------


def cockpit_lesson(lesson):
    """What the lesson's game shows the teacher about the whole class: (template, context), or
    None when it shows nothing."""
    played = lesson.game
    if not played.cockpit_lesson_template:
        return None
    game_ids = list(_games(lesson).values_list("pk", flat=True))
    extra = played.cockpit_lesson(game_ids, lesson.game_settings)
    return None if extra is None else (played.cockpit_lesson_template, extra)


def approval_queue(lesson):
    """Pending requests, oldest first, with their table, seat and who asked."""
    approvals = (_pending(lesson).select_related("game__table", "student")
                 .order_by("requested_at", "pk"))
    return [_approval_row(lesson, approval) for approval in approvals]


def approvals_decided(lesson, limit=6):
    """The latest decisions, newest first, for the teacher's record on the cockpit."""
    approvals = (Approval.objects.filter(game__table__lesson=lesson)
                 .exclude(status=Approval.Status.PENDING)
                 .select_related("game__table", "student").order_by("-decided_at", "-pk"))
    return [_approval_row(lesson, approval) for approval in approvals[:limit]]


def approval_kinds(lesson):
    """The game's kinds of request, for the queue's headings."""
    return list(lesson.game.approvals.values())


def _approval_row(lesson, approval):
    kind = lesson.game.approvals.get(approval.kind)
    return {"pk": approval.pk, "table": approval.game.table.number, "seat": approval.seat,
            "look": seat_looks.look(approval.seat), "kind": approval.kind,
            "kind_label": kind.label if kind else approval.kind,
            "student": approval.student.pseudonym if approval.student else "",
            "text": approval.text, "flagged": approval.flagged_words,
            "status": approval.status, "status_label": approval.get_status_display(),
            "reason": approval.reason, "requested_at": approval.requested_at,
            "expires_at": approval.expires_at, "decided_at": approval.decided_at,
            "round": approval.round}


# The projector ---------------------------------------------------------------------------------


def projector_board(lesson, now=None, revisions=None):
    """The projector during play: the timeline, every table's stage, each table's seats ranked
    by score (seat numbers and colours only, never names), and what the game adds for the whole
    class (e.g. accepted story titles, never with names). `revisions` ({game id: revision}, the
    newest of each table's game its socket heard of) spares reading the lesson's games."""
    timeline = drawn_timeline(lesson, now)
    played = lesson.game
    revisions = game_revisions(lesson) if revisions is None else revisions
    snapshots = sorted((game_snapshot(game_id, revision) for game_id, revision in
                        revisions.items()), key=attrgetter("table_number"))
    tables = [_projector_table(played, snapshot, summary_of(snapshot)) for snapshot in snapshots]
    extra = played.projector_lesson([s.game_id for s in snapshots], lesson.game_settings)
    return {"timeline": timeline, "tables": tables, "score_label": played.score_label,
            "table_template": played.projector_template,
            "lesson_template": played.projector_lesson_template if extra else "",
            "extra": extra}


def game_revisions(lesson):
    """{game id: revision} of the lesson's games, as stored now."""
    return dict(Game.objects.filter(table__lesson=lesson).values_list("pk", "revision"))


def _projector_table(played, snapshot, summary):
    ranked = sorted(({"seat": s["seat"], "look": seat_looks.look(s["seat"]),
                      "score": s["score"]} for s in summary["seats"]),
                    key=lambda row: (-row["score"], row["seat"]))
    over = summary["over"]
    rounds = summary["rounds"] or 0
    track = [(n, "is-done" if n < (summary["round"] or 0) or over else
              "is-current" if n == summary["round"] else "") for n in range(1, rounds + 1)]
    return {"number": snapshot.table_number, "round": summary["round"], "rounds": rounds,
            "stage": played.stage_label(summary), "over": over, "seats": ranked,
            "track": track, "winners": _winners(summary),
            "game": played.projector_context(snapshot, summary)}
