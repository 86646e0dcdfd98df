"""The teacher's controls of a playing lesson and the lesson's clock: pause and resume, extend the
play time, call time, nudge a seat, the game's switches (what its projector shows), and the
periodic jobs that move a lesson on (docs/cockpit.md).

Like classroom/services.py, each service locks the lesson row, writes, and tells the live pages
after the commit; game changes go through `games.services.game_apply_action`. Timers are due
times in the database (`Lesson.play_ends_at`, `Game.idle_due_at`, `Approval.expires_at`) that the
periodic jobs of settings.PERIODIC_JOBS sweep, on the embedded clock or on Celery beat.
"""

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from classroom import notify
from classroom.models import PAUSE_MESSAGE_MAX_LENGTH, Lesson
from classroom.services import ClassroomError
from games import services as games
from games.approvals import ApprovalError, approvals_delay, clean_text
from games.deadlines import games_delay_deadlines
from games.engines.base import CALL_TIME, ENGINES
from games.live import group_send
from games.models import Game, GameAction
from games.selectors import game_state
from games.services import GameRefusal

logger = logging.getLogger(__name__)
MAX_EXTENSION_MINUTES = 30
ADJOURNED_MESSAGE = _("This game goes on in the next lesson. Your teacher will tell you when.")
Actor = GameAction.Actor


def _locked_playing(lesson):
    lesson = Lesson.objects.select_for_update().get(pk=lesson.pk)
    if lesson.status != Lesson.Status.PLAYING:
        raise ClassroomError("not_playing", _("The tables of this lesson are not playing."))
    return lesson


def _touched(lesson, fields):
    lesson.version += 1
    lesson.save(update_fields=[*fields, "version"])
    notify.lesson_changed(lesson)


# Pause -----------------------------------------------------------------------------------------


def lesson_pause(lesson, message=""):
    """Every tablet shows the message over the game; no student's or bot's action applies."""
    try:
        message = clean_text(message, PAUSE_MESSAGE_MAX_LENGTH, "message_too_long")
    except ApprovalError as refusal:
        raise ClassroomError(refusal.code, refusal.message) from None
    with transaction.atomic():
        lesson = _locked_playing(lesson)
        lesson.paused_at = lesson.paused_at or timezone.now()
        lesson.pause_message = message
        _touched(lesson, ["paused_at", "pause_message"])
    return lesson


def lesson_adjourn(lesson, message=""):
    """Stop play to go on in the next lesson ("continue next lesson"): like a pause, every
    tablet shows the message and nothing is applied, and the games, tables, seats and join code
    stay; unlike a pause, the play clock waits too. The retention clock runs on."""
    lesson = lesson_pause(lesson, message or str(ADJOURNED_MESSAGE))
    with transaction.atomic():
        lesson = _locked_playing(lesson)
        lesson.adjourned_at = lesson.adjourned_at or lesson.paused_at
        _touched(lesson, ["adjourned_at"])
    return lesson


def lesson_resume(lesson):
    """The tablets play on. Undecided requests and idle timers get back the time the pause took;
    the play time does not (the lesson's bell does not wait), unless play was adjourned to
    another lesson: then the play time left is what it was when play stopped."""
    with transaction.atomic():
        lesson = Lesson.objects.select_for_update().get(pk=lesson.pk)
        if lesson.paused_at is None:
            return lesson
        now = timezone.now()
        lesson_games = Game.objects.filter(table__lesson=lesson)
        approvals_delay(lesson_games, now - lesson.paused_at)
        games_delay_deadlines(lesson_games, now - lesson.paused_at)
        games.games_restart_idle_timers(lesson_games,
                                        now + timedelta(seconds=lesson.idle_seconds))
        fields = ["paused_at", "resumed_at"]
        if lesson.adjourned_at is not None:
            if lesson.play_ends_at is not None:
                lesson.play_ends_at += now - lesson.paused_at
            lesson.adjourned_at = None
            fields += ["play_ends_at", "adjourned_at"]
        lesson.paused_at, lesson.resumed_at = None, now
        _touched(lesson, fields)
    return lesson


# Play time -------------------------------------------------------------------------------------


def lesson_extend_play(lesson, minutes=5):
    """Move the end of play time later (before time is called)."""
    if not isinstance(minutes, int) or not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise ClassroomError("bad_minutes", _("Extend by 1 to 30 minutes."))
    with transaction.atomic():
        lesson = _locked_playing(lesson)
        if lesson.time_called_at:
            raise ClassroomError("time_called", _("Time has already been called."))
        lesson.play_ends_at = max(lesson.play_ends_at or timezone.now(), timezone.now()) \
            + timedelta(minutes=minutes)
        _touched(lesson, ["play_ends_at"])
    return lesson


def lesson_call_time(lesson):
    """Every table plays its current round to the end, then its game ends and is scored; when
    every game has ended the debrief opens (`lessons_follow_clock`)."""
    with transaction.atomic():
        lesson = _locked_playing(lesson)
        if lesson.time_called_at is None:
            lesson.time_called_at = timezone.now()
            _touched(lesson, ["time_called_at"])
    games_call_time(lesson)
    lesson_follow_clock(lesson)
    return lesson


def games_call_time(lesson):
    """Send the moderator's `call_time` to each running game of the lesson (once per game: a
    second call finds its client action id and changes nothing)."""
    for game in Game.objects.filter(table__lesson=lesson, finished_at__isnull=True):
        try:
            games.game_apply_action(game.pk, {"type": CALL_TIME, "seat": None},
                                    expected_version=None, client_action_id="call-time",
                                    actor=Actor.TEACHER)
        except GameRefusal as refusal:
            logger.warning("Calling time at game %s failed: %s", game.pk, refusal.code)


def lesson_follow_clock(lesson, now=None):
    """Move one playing lesson on when its clock says so; returns what happened or None.

    At the end of play time the lesson does what the teacher chose (call time, open the debrief,
    or only remind). Once time is called, tables started later get it too, and when every game
    has ended the debrief opens and the tablets switch to it.
    """
    from classroom.debriefing import lesson_debrief_open
    from debrief.services import DebriefError

    now = now or timezone.now()
    lesson.refresh_from_db()
    if lesson.status != Lesson.Status.PLAYING or lesson.is_paused:
        return None
    over = lesson.play_ends_at is not None and lesson.play_ends_at <= now
    if over and lesson.at_play_end == Lesson.AtPlayEnd.DEBRIEF or lesson.time_called_at and \
            not Game.objects.filter(table__lesson=lesson, finished_at__isnull=True).exists():
        try:
            lesson_debrief_open(lesson)
        except DebriefError as refusal:
            logger.warning("Lesson %s did not move to the debrief: %s", lesson.pk, refusal.code)
            return None
        return "debrief"
    if over and lesson.at_play_end == Lesson.AtPlayEnd.CALL_TIME and not lesson.time_called_at:
        lesson_call_time(lesson)
        return "call_time"
    if lesson.time_called_at:
        games_call_time(lesson)
    return None


def lessons_follow_clock(now=None):
    """The periodic job: every playing lesson whose play time is up or whose time is called."""
    now = now or timezone.now()
    due = Lesson.objects.filter(status=Lesson.Status.PLAYING, paused_at__isnull=True).filter(
        play_ends_at__lte=now) | Lesson.objects.filter(
        status=Lesson.Status.PLAYING, time_called_at__isnull=False)
    moved = 0
    for lesson in due.distinct():
        try:
            moved += lesson_follow_clock(lesson, now) is not None
        except Exception:  # one lesson's trouble must not stop the others' clocks
            logger.exception("The clock of lesson %s failed", lesson.pk)
    return moved


# Nudges ------------------------------------------------------------------------------------------


def seat_nudge(lesson, table_number, seat=None):
    """Remind the seat whose turn it is (or `seat`): its tablets show a gentle prompt. Returns
    the seats nudged."""
    table = lesson.tables.filter(number=table_number, game__isnull=False) \
        .select_related("game").first()
    if table is None or lesson.status != Lesson.Status.PLAYING:
        raise ClassroomError("no_table", _("That table is not playing."))
    seats = _students_to_act(table.game)
    if seat is not None:
        seats = [seat] if seat in seats else []
    if seats:
        _send_nudge(table.game, seats, by="teacher")
    return seats


def _students_to_act(game):
    engine = ENGINES[game.engine_key]
    bots = games.bot_seats(game)
    return [seat for seat in engine.current_seats(engine.state_from_json(game_state(game)))
            if isinstance(seat, int) and seat not in bots]


def _send_nudge(game, seats, by):
    message = {"type": "seat.nudged", "game_id": game.pk, "seats": seats, "by": by}
    transaction.on_commit(lambda: group_send(game.group_name, message))


def games_nudge_idle(now=None):
    """The periodic job: a student's seat that has had its turn for the lesson's idle time is
    nudged once a turn, and the teacher's card shows it idle. Returns how many seats."""
    now = now or timezone.now()
    due = Game.objects.filter(
        idle_due_at__lte=now, finished_at__isnull=True,
        table__lesson__status=Lesson.Status.PLAYING, table__lesson__paused_at__isnull=True,
    ).select_related("table")
    nudged = 0
    for game in due:
        if not games.game_idle_nudged(game.pk, game.idle_due_at):
            continue  # another clock took it, or the turn moved on
        seats = _students_to_act(game)
        with transaction.atomic():
            if seats:
                _send_nudge(game, seats, by="clock")
            notify.cockpit_changed(game.table.lesson_id, "idle", game.table_id)
        nudged += len(seats)
    return nudged


# The projector -----------------------------------------------------------------------------------


def lesson_set_game_switch(lesson, name, on):
    """One of the game's cockpit switches (its package's `cockpit_switches`, e.g. whether the
    projector lists accepted story titles), kept in the lesson's game settings."""
    if name not in lesson.game.cockpit_switches:
        raise ClassroomError("no_switch", _("This game has no such switch."))
    with transaction.atomic():
        lesson = Lesson.objects.select_for_update().get(pk=lesson.pk)
        lesson.game_settings = {**lesson.game_settings, name: bool(on)}
        _touched(lesson, ["game_settings"])
    return lesson
