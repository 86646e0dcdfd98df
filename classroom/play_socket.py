"""The live sockets of play in a lesson: a student's tablet at its seat (`/ws/play/`) and the
teacher's view of one table. The game's side (rendering, taps, requests) is games/consumers.py;
this module says who may use a socket, and adds the lesson's pause overlay, the turn's reminder
and the tablet's presence for the teacher's cockpit (classroom/presence.py).
"""

import asyncio
import logging
from datetime import timedelta
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.http import Http404

from classroom import auth, presence, selectors
from games import rendering
from games.consumers import SeatSocket, TableWatchSocket
from games.live import CLOSE_GONE, CLOSE_NOT_ALLOWED, language_from_scope

BEATS_WRITTEN_EVERY = 2.0  # seconds; far below presence.SILENT_AFTER_SECONDS

logger = logging.getLogger(__name__)


class Heartbeats:
    """The heartbeats of a process's tablets, written together every few seconds (one update
    for them all) instead of a write, and a hop to the sync thread, for each."""

    def __init__(self):
        self.sockets, self.loop, self.task = {}, None, None

    def add(self, socket):
        loop = asyncio.get_running_loop()
        if self.loop is not loop:  # a new event loop (a test's): the old one's are gone
            self.sockets, self.loop = {}, loop
        if not self.sockets:
            loop.call_later(BEATS_WRITTEN_EVERY, self.write_soon)
        self.sockets[socket.channel_name] = socket

    def write_soon(self):
        self.task = self.loop.create_task(self.write())

    async def write(self):
        sockets, self.sockets = self.sockets, {}
        try:
            await database_sync_to_async(_write_beats)(list(sockets.values()))
        except Exception:  # the next heartbeats try again; a tablet is away only after 45 s
            logger.exception("Heartbeats of %d tablets not written", len(sockets))


def _write_beats(sockets):
    """On the sync thread, where sockets close: a socket closed since its heartbeat stays away."""
    beats = {socket.channel_name: socket.student for socket in sockets if socket.present}
    if beats:
        presence.presence_beats(beats)


heartbeats = Heartbeats()


class PlayConsumer(SeatSocket):
    """A student's tablet at a table whose game runs."""

    handlers = {**SeatSocket.handlers, "nudge_seen": "handle_nudge_seen",
                "heartbeat": "handle_heartbeat"}
    settled_on_loop = {"heartbeat": "beat_later"}
    present = False
    allowed = False  # whether the tablet may act for its seat (see `still_here`)

    def connect(self):
        self.accept()
        self.token = auth.token_of_scope(self.scope)
        student = auth.student_for_token(self.token)
        if student is None:
            self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.setup_rendering(selectors.game_for_student(student))
        self.student = student
        self.nudged = False
        self.language = student.tablet_language
        self.join_group(student.lesson.group_name)
        self.join_group(student.group_name)
        if self.game_id is not None:
            self.join_seat(student.seat.number)
            self.join_group(f"table-{student.seat.table_id}")
            presence.presence_open(self.channel_name, student)
            self.present = True
        self.allowed = self.belongs_here(student)
        if self.allowed:  # the view at once: one round trip less on slow wifi
            self.send_view(full=True, shown=_int(_query(self.scope).get("shown")))

    def disconnect(self, code):
        if self.present:
            presence.presence_close(self.channel_name)
            self.present = False

    def handle_heartbeat(self, content):
        if self.present:
            presence.presence_beat(self.channel_name, self.student)

    def beat_later(self, content):
        """A heartbeat, asked on the event loop: written with the process's others."""
        if self.present:
            heartbeats.add(self)
        return True

    def extra_parts(self):
        lesson = self.student.lesson
        return {"play-overlay": rendering.overlay_html(self.language, lesson.is_paused,
                                                       lesson.pause_message, self.nudged)}

    def send_overlay(self):
        html = self.extra_parts()["play-overlay"]
        if self.sent.get("play-overlay") != html:
            self.sent["play-overlay"] = html
            self.send_parts({"play-overlay": html})

    def seat_nudged(self, event):
        if event.get("game_id") == self.game_id and self.seat in event.get("seats", ()):
            self.nudged = True
            self.send_overlay()

    def handle_nudge_seen(self, content):
        self.nudged = False
        self.send_overlay()
        self.send_ack(content.get("id"))

    def acted(self):
        self.nudged = False

    def request_context(self):
        lesson = self.student.lesson
        return {"student_id": self.student.pk,
                "expires_in": timedelta(minutes=lesson.approval_expiry_minutes)}

    def handle_sync(self, content):
        """Also a sign of life: a page that comes back into view asks for a sync first."""
        if self.still_here():
            self.handle_heartbeat(content)
            super().handle_sync(content)

    def still_here(self):
        """Whether the tablet may still act for its seat, without a query: decided at connect,
        and decided again (`recheck`) only when a message says the lesson, its seating or the
        student's access changed. Every way a seat is taken away sends one of those
        (classroom/notify.py), and the message closes the socket or sends the tablet on."""
        return self.allowed

    def recheck(self):
        """Read the student again: whether the tablet still belongs to this seat of a lesson
        that plays; if not, it is closed or sent where it belongs."""
        student = auth.student_for_token(self.token)
        if student is None:
            self.allowed = False
            self.close(code=CLOSE_NOT_ALLOWED)
            return False
        self.student = student
        self.allowed = self.belongs_here(student)
        return self.allowed

    def belongs_here(self, student):
        """Whether the student's tablet belongs on this seat's play page; if not, it is sent
        where it belongs."""
        if selectors.student_page_url(student) != selectors.PLAY_URL:
            self.send_redirect(selectors.student_page_url(student))
            return False
        if selectors.game_for_student(student) != self.game_id or \
                student.seat.number != self.seat:
            self.send_redirect(selectors.PLAY_URL)  # moved to another seat: load its page
            return False
        return True

    def lesson_updated(self, event):
        """Paused or resumed, seats changed, the lesson moved on to its debrief or ended."""
        if self.recheck():
            self.send_overlay()

    def student_access_changed(self, event):
        """Removed, or moved to another tablet: this tablet's token no longer opens the seat."""
        self.recheck()

    def student_language_changed(self, event):
        """The student chose another language: the page loads again in it, at the same seat."""
        if self.recheck():
            self.send_redirect(selectors.PLAY_URL)


class TableWatchConsumer(TableWatchSocket):
    """The teacher's read-only view of one table of their lesson."""

    def who(self):
        return f"user {self.user_id}"

    def connect(self):
        self.accept()
        kwargs = self.scope["url_route"]["kwargs"]
        try:
            lesson = selectors.lesson_for_teacher(self.scope.get("user"), kwargs["pk"])
        except Http404:
            self.close(code=CLOSE_GONE)
            return
        table = lesson.tables.filter(number=kwargs["number"], game__isnull=False).first()
        if table is None:
            self.close(code=CLOSE_GONE)
            return
        self.setup_rendering(table.game.pk)
        self.user_id = self.scope["user"].pk
        self.language = language_from_scope(self.scope)
        self.join_group(f"table-{table.pk}")
        self.send_view(full=True)


def _query(scope):
    return {key: values[-1] for key, values in
            parse_qs(scope.get("query_string", b"").decode("latin-1")).items()}


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: Infinity
        return None
