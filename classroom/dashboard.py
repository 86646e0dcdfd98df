"""What the teacher's cockpit and the projector show while a lesson plays: the timeline, one card
per table (round and phase, whose turn and since when, each seat's VP, EP and tablets, pace and
badges), the queue of stories, and the projector's board. Reads only.

Game figures come from each game's snapshot and the teacher's view, shared per revision with the
table pages (games.selectors, games.rendering); who sits where, whose tablet is connected and whose
story waits come from a `Roster` read once for the lesson, so a card drawn after a move costs no
query.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from classroom.models import Story, Student
from classroom.presence import connected_students
from games import labels, mapview
from games.models import Game
from games.rendering import view_of
from games.selectors import game_snapshot

# How far into its round a table is, by phase: rounds done = round − 1 + this.
PHASE_PROGRESS = {"setup": 0.0, "funding": 0.1, "actions": 0.4, "tests": 0.8, "cleanup": 0.95,
                  "over": 1.0}
PACE_TOLERANCE = 0.5  # rounds ahead or behind the plan that still count as on time
PACE_MIN_EVIDENCE = 0.4  # rounds played before a table's pace is trusted for the forecast


# The timeline ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timeline:
    briefing: int  # planned minutes
    play: int  # planned minutes, with extensions
    debrief: int
    started_at: datetime | None
    play_ends_at: datetime | None
    now: datetime
    time_called: bool
    paused: bool

    @property
    def total(self):
        return self.briefing + self.play + self.debrief

    @property
    def play_elapsed(self):
        return max(timedelta(0), self.now - self.started_at) if self.started_at else timedelta(0)

    @property
    def play_left(self):
        return max(timedelta(0), self.play_ends_at - self.now) if self.play_ends_at \
            else timedelta(minutes=self.play)

    @property
    def play_left_text(self):
        seconds = round(self.play_left.total_seconds())
        return f"{seconds // 60}:{seconds % 60:02d}"

    @property
    def play_over(self):
        return self.play_ends_at is not None and self.now >= self.play_ends_at

    @property
    def lesson_ends_at(self):
        return self.play_ends_at + timedelta(minutes=self.debrief) if self.play_ends_at else None

    def percent(self, minutes):
        return round(100 * minutes / self.total, 2) if self.total else 0

    @property
    def now_percent(self):
        """Where now is on the bar: the briefing done, then the play time so far."""
        minutes = self.briefing + min(self.play, self.play_elapsed.total_seconds() / 60)
        return self.percent(minutes)

    def segments(self):
        return [{"key": key, "minutes": minutes, "width": self.percent(minutes)}
                for key, minutes in (("briefing", self.briefing), ("play", self.play),
                                     ("debrief", self.debrief))]


def lesson_timeline(lesson, now=None):
    now = now or timezone.now()
    play = lesson.play_minutes
    if lesson.started_at and lesson.play_ends_at:
        play = max(1, round((lesson.play_ends_at - lesson.started_at).total_seconds() / 60))
    return Timeline(briefing=lesson.briefing_minutes, play=play,
                    debrief=lesson.debrief_minutes, started_at=lesson.started_at,
                    play_ends_at=lesson.play_ends_at, now=now,
                    time_called=lesson.time_called_at is not None, paused=lesson.is_paused)


# Pace -----------------------------------------------------------------------------------------


def table_pace(view, started_at, timeline):
    """The table against the plan: rounds done against rounds expected by now, and whether it
    will finish all its rounds in the play time left at the pace it has kept so far."""
    rounds = view["rounds"]
    done = rounds if view["phase"] == "over" else \
        view["round"] - 1 + PHASE_PROGRESS.get(view["phase"], 0)
    if view["phase"] == "over":
        return {"position": "finished", "done": done, "expected": rounds, "warn": False}
    play_seconds = max(60.0, (timeline.play_ends_at - started_at).total_seconds()) \
        if timeline.play_ends_at else timeline.play * 60.0
    elapsed = max(0.0, (timeline.now - started_at).total_seconds())
    per_round = play_seconds / rounds
    expected = min(rounds, elapsed / per_round)
    position = "on_time"
    if done - expected > PACE_TOLERANCE:
        position = "ahead"
    elif expected - done > PACE_TOLERANCE:
        position = "behind"
    left = timeline.play_left.total_seconds()
    if timeline.time_called:
        warn = False
    elif done >= PACE_MIN_EVIDENCE:  # half a planned round of slack, so a near miss is no alarm
        warn = (rounds - done) * elapsed / done > left + PACE_TOLERANCE * per_round
    else:
        warn = elapsed > 1.5 * per_round
    return {"position": position, "done": round(done, 1), "expected": round(expected, 1),
            "warn": warn}


# Table cards ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roster:
    """What a card shows beside its game, by table id: the students at each seat, whose tablet is
    connected, and the seats whose story waits. Read for the whole lesson (or one table) in three
    queries, so drawing a card after a move costs none."""

    students: dict  # table id -> {seat number: [(student id, pseudonym)]}
    online: dict  # student id -> connected
    pending: dict  # table id -> [seat]

    def with_table(self, table, table_id):
        """This roster with one table's part (and everyone's presence) read again."""
        return Roster({**self.students, table_id: table.students.get(table_id, {})},
                      table.online, {**self.pending, table_id: table.pending.get(table_id, [])})


def lesson_roster(lesson, table_id=None):
    students = Student.objects.filter(seat__table__lesson=lesson, removed_at__isnull=True)
    stories = Story.objects.filter(lesson=lesson, status=Story.Status.PENDING)
    if table_id is not None:
        students = students.filter(seat__table_id=table_id)
        stories = stories.filter(game__table_id=table_id)
    seated = {}
    for student_id, pseudonym, table, seat in students.order_by("joined_at", "pk").values_list(
            "pk", "pseudonym", "seat__table_id", "seat__number"):
        seated.setdefault(table, {}).setdefault(seat, []).append((student_id, pseudonym))
    pending = {}
    for table, seat in stories.order_by("requested_at", "pk").values_list("game__table_id",
                                                                         "seat"):
        pending.setdefault(table, []).append(seat)
    return Roster(seated, connected_students(lesson) if seated else {}, pending)


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
    view = view_of(snapshot, None)
    over = view["phase"] == "over"
    current = [s for s in view["current_seats"] if isinstance(s, int)]
    idle_from = _idle_from(lesson, game)
    idle_for = (timeline.now - idle_from).total_seconds() if idle_from else 0
    seats = _seat_rows(view, snapshot, current, roster)
    pending = roster.pending.get(snapshot.table_id, [])
    idle = [] if over or timeline.paused or idle_for < lesson.idle_seconds else \
        [s for s in seats if s["current"] and not s["bot"]]
    return {
        "table_id": snapshot.table_id, "lesson_id": snapshot.lesson_id,
        "number": snapshot.table_number, "game_id": snapshot.game_id,
        "version": snapshot.version, "revision": snapshot.revision,
        "round": view["round"], "rounds": view["rounds"], "phase": labels.PHASES[view["phase"]],
        "over": over, "time_called": view["time_called"],
        "seats": seats, "to_act": [s for s in seats if s["current"]],
        "turn_started_at": game.turn_started_at if current and not over else None,
        "idle": idle, "pending_stories": len(pending), "pending_seats": pending,
        "pace": table_pace(view, game.created_at, timeline),
        "winners": (view["outcome"] or {}).get("winners", []),
        "ended_by": labels.ENDED_BY.get((view["outcome"] or {}).get("ended_by")),
        "can_nudge": bool(current) and not over and any(not s["bot"] for s in seats
                                                          if s["current"]),
    }


def _idle_from(lesson, game):
    """When the seats to act began to wait, not counting a pause they waited through."""
    if game.turn_started_at is None:
        return None
    return max(game.turn_started_at, lesson.resumed_at or game.turn_started_at)


def _seat_rows(view, snapshot, current, roster):
    final = {row["seat"]: row["vp"] for row in (view["outcome"] or {}).get("players", [])}
    students = roster.students.get(snapshot.table_id, {})
    return [{
        "seat": p["seat"], "name": snapshot.names.get(p["seat"], p["name"]),
        "look": mapview.SEAT_LOOK.get(p["seat"]), "bot": p["seat"] in snapshot.bots,
        "current": p["seat"] in current, "vp": final.get(p["seat"], p["vp"]), "ep": p["ep"],
        "insight": p["insight"],
        "tablets": [{"name": name, "connected": roster.online.get(pk, False)}
                    for pk, name in students.get(p["seat"], [])],
    } for p in view["players"]]


# Stories -----------------------------------------------------------------------------------------


def story_queue(lesson):
    """Pending stories, oldest first, with their table, seat and who asked."""
    stories = (Story.objects.filter(lesson=lesson, status=Story.Status.PENDING)
               .select_related("game__table", "student").order_by("requested_at", "pk"))
    return [_story_row(story) for story in stories]


def stories_decided(lesson, limit=6):
    """The latest decisions, newest first, for the teacher's record on the cockpit."""
    stories = (Story.objects.filter(lesson=lesson).exclude(status=Story.Status.PENDING)
               .select_related("game__table", "student").order_by("-decided_at", "-pk"))
    return [_story_row(story) for story in stories[:limit]]


def _story_row(story):
    return {"pk": story.pk, "table": story.game.table.number, "seat": story.seat,
            "look": mapview.SEAT_LOOK.get(story.seat),
            "student": story.student.pseudonym if story.student else "",
            "title": story.title, "flagged": story.flagged_words, "status": story.status,
            "status_label": story.get_status_display(), "reason": story.reason,
            "requested_at": story.requested_at, "expires_at": story.expires_at,
            "decided_at": story.decided_at, "round": story.round}


# The projector ---------------------------------------------------------------------------------


def projector_board(lesson, now=None):
    """The projector during play: the timeline, every table's round, each table's seats ranked
    by VP (seat numbers and colours only, never names) and, if the teacher wants, the titles of
    accepted stories (without names)."""
    timeline = lesson_timeline(lesson, now)
    tables = []
    for game in _games(lesson).order_by("table__number"):
        snapshot = game_snapshot(game.pk, game.revision)
        view = view_of(snapshot, None)
        final = {row["seat"]: row["vp"] for row in (view["outcome"] or {}).get("players", [])}
        ranked = sorted(({"seat": p["seat"], "look": mapview.SEAT_LOOK.get(p["seat"]),
                          "vp": final.get(p["seat"], p["vp"]), "ep": p["ep"]}
                         for p in view["players"]), key=lambda row: (-row["vp"], row["seat"]))
        over = view["phase"] == "over"
        track = [(n, "is-done" if n < view["round"] or over else
                  "is-current" if n == view["round"] else "")
                 for n in range(1, view["rounds"] + 1)]
        tables.append({"number": snapshot.table_number, "round": view["round"],
                       "rounds": view["rounds"], "phase": labels.PHASES[view["phase"]],
                       "over": over, "time_called": view["time_called"],
                       "seats": ranked, "track": track,
                       "winners": (view["outcome"] or {}).get("winners", [])})
    titles = []
    if lesson.projector_story_titles:
        titles = list(Story.objects.filter(lesson=lesson, status=Story.Status.ACCEPTED)
                      .exclude(title="").order_by("-decided_at")
                      .values_list("title", flat=True)[:8])
    return {"timeline": timeline, "tables": tables, "titles": titles}

