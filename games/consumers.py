"""Live sockets of play: a student's tablet (`/ws/play/`) and the teacher's view of one table.

Both are thin. A socket joins its table's group; a group message says only which version the
game reached, and each socket renders its own seat's parts (games/rendering.py), so no seat's hand
reaches another seat's socket. A tablet's taps go to `game_apply_action`; its half-made choice
(the draft of games/stepper.py) stays in the socket and is rendered for it alone.
"""

import json
from urllib.parse import parse_qs

from django.http import Http404

from classroom import auth, presence, selectors
from classroom.consumers import CLOSE_GONE, CLOSE_NOT_ALLOWED, language_from_scope
from classroom.stories import STORY_ACTIONS, StoryError, story_request, story_vote
from config.live import LiveConsumer
from games import labels, rendering, services
from games.models import GameAction
from games.selectors import game_for_student, game_snapshot
from games.services import GameRefusal
from games.stepper import Draft, draft_from

MAX_ACTION_KEYS = 12
MAX_ACTION_BYTES = 2048


class TableSocket(LiveConsumer):
    """What both sockets share: render on each new revision, sending only the parts that changed."""

    seat = None
    teacher = False
    game_id = None

    def setup_rendering(self):
        self.draft = Draft()
        self.sent = {}
        self.revision_sent = None
        self.version_sent = None

    def handle_sync(self, content):
        """The view was sent on connect: a sync then gets only what changed since, if anything
        (live.js's first message, or a tablet that woke up)."""
        self.send_view(full=self.revision_sent is None, quiet=True)

    def extra_parts(self):
        """Parts that do not follow the game's revision (a student's pause overlay)."""
        return {}

    def seat_nudged(self, event):
        """The teacher or the clock reminded a seat of its turn; only its tablets show it."""

    def game_updated(self, event):
        if event.get("game_id") != self.game_id:
            return
        if self.revision_sent is not None and event["revision"] <= self.revision_sent:
            return
        self.send_view(revision=event["revision"])

    def send_view(self, full=False, revision=None, quiet=False, shown=None):
        """The parts of the current view that this socket has not sent yet (all, when `full`,
        but those of revision `shown`, which the page was rendered with). `quiet`: nothing at
        all when nothing changed (a sync answered already)."""
        snapshot = game_snapshot(self.game_id, revision)
        parts = rendering.render_parts(snapshot, self.seat, self.language, teacher=self.teacher)
        if full:
            self.sent = dict(parts) if shown == snapshot.revision else {}
        if self.draft != Draft():
            choices = rendering.render_choices(snapshot, self.seat, self.language, self.draft,
                                               self.teacher)
            if choices is None:
                self.draft = Draft()
            else:
                parts.update(choices)
        parts.update(self.extra_parts())
        changed = {part: html for part, html in parts.items() if self.sent.get(part) != html}
        if quiet and not changed and self.version_sent == snapshot.version:
            return
        self.sent.update(changed)
        self.revision_sent, self.version_sent = snapshot.revision, snapshot.version
        self.send_parts(changed, snapshot.version)


class PlayConsumer(TableSocket):
    """A student's tablet at a table whose game runs; also its story panel, the pause overlay,
    the teacher's reminders, and its presence for the teacher's cockpit (classroom/presence.py)."""

    handlers = {**LiveConsumer.handlers, "pick": "handle_pick", "act": "handle_act",
                "story_request": "handle_story_request", "story_vote": "handle_story_vote",
                "nudge_seen": "handle_nudge_seen", "heartbeat": "handle_heartbeat"}
    present = False

    def connect(self):
        self.accept()
        self.token = auth.token_of_scope(self.scope)
        student = auth.student_for_token(self.token)
        if student is None:
            self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.setup_rendering()
        self.student = student
        self.nudged = False
        self.language = student.lesson.language
        self.join_group(student.lesson.group_name)
        self.join_group(student.group_name)
        self.game_id = game_for_student(student)
        if self.game_id is not None:
            self.seat = student.seat.number
            self.join_group(f"table-{student.seat.table_id}")
            presence.presence_open(self.channel_name, student)
            self.present = True
        if self.belongs_here(student):  # the view at once: one round trip less on slow wifi
            self.send_view(full=True, shown=_int(_query(self.scope).get("shown")))

    def disconnect(self, code):
        if self.present:
            presence.presence_close(self.channel_name)
            self.present = False

    def handle_heartbeat(self, content):
        if self.present:
            presence.presence_beat(self.channel_name, self.student)

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

    def handle_story_request(self, content):
        ref = content.get("id")
        if not self.still_here():
            return
        try:
            story_request(self.student, content.get("title", ""), ref)
        except (StoryError, GameRefusal) as refusal:
            self.send_error(refusal.code, refusal.message, ref)
            self.send_view(full=True)
            return
        self.nudged = False
        self.send_ack(ref)

    def handle_story_vote(self, content):
        ref = content.get("id")
        if not self.still_here():
            return
        try:
            story_vote(self.student, _int(content.get("story")), content.get("accept") is True)
        except (StoryError, GameRefusal) as refusal:
            self.send_error(refusal.code, refusal.message, ref)
            return
        self.send_ack(ref)

    def handle_sync(self, content):
        """Also a sign of life: a page that comes back into view asks for a sync first."""
        if self.still_here():
            self.handle_heartbeat(content)
            super().handle_sync(content)

    def still_here(self):
        """The tablet still belongs to this seat; otherwise it is sent where it belongs."""
        student = auth.student_for_token(self.token)
        if student is None:
            self.close(code=CLOSE_NOT_ALLOWED)
            return False
        self.student = student
        return self.belongs_here(student)

    def belongs_here(self, student):
        """Whether the student's tablet belongs on this seat's play page; if not, it is sent
        where it belongs."""
        if selectors.student_page_url(student) != selectors.PLAY_URL:
            self.send_redirect(selectors.student_page_url(student))
            return False
        if game_for_student(student) != self.game_id or student.seat.number != self.seat:
            self.send_redirect(selectors.PLAY_URL)  # moved to another seat: load its page
            return False
        return True

    def lesson_updated(self, event):
        if self.still_here():
            self.send_overlay()  # paused or resumed

    def student_access_changed(self, event):
        """Removed, or moved to another tablet: this tablet's token no longer opens the seat."""
        if auth.student_for_token(self.token) is None:
            self.close(code=CLOSE_NOT_ALLOWED)

    def handle_pick(self, content):
        kind = content.get("kind")
        self.draft = Draft() if kind is None else draft_from(kind, content.get("picks"))
        self.send_view(revision=self.revision_sent)  # a step of a choice: the view shown

    def handle_act(self, content):
        ref = content.get("id")
        if not self.still_here():  # removed or moved since this socket connected
            return
        action = _action_from(content.get("action"), self.seat)
        if action is None:
            self.send_error("bad_message", labels.error_message("illegal_choice"), ref)
            return
        try:
            result = services.game_apply_action(
                self.game_id, action, expected_version=content.get("version"),
                client_action_id=_client_id(ref), actor=GameAction.Actor.SEAT)
        except GameRefusal as refusal:
            self.send_error(refusal.code, refusal.message, ref)
            self.draft = Draft()
            self.send_view(full=refusal.code == "stale")
            return
        self.draft = Draft()
        self.nudged = False
        self.send_ack(ref, result.version)


class TableWatchConsumer(TableSocket):
    """The teacher's read-only view of one table: every hand, and who plays each seat."""

    teacher = True
    handlers = {**LiveConsumer.handlers, "seat_bot": "handle_seat_bot"}

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
        self.setup_rendering()
        self.language = language_from_scope(self.scope)
        self.game_id = table.game.pk
        self.join_group(f"table-{table.pk}")
        self.send_view(full=True)

    def handle_seat_bot(self, content):
        seat, bot = content.get("seat"), content.get("bot")
        try:
            services.game_set_seat_bot(self.game_id, seat if isinstance(seat, int) else None,
                                       bot if isinstance(bot, str) else None)
        except GameRefusal as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
            return
        self.send_ack(content.get("id"))


def _action_from(action, seat):
    """The tapped action as the seat's own, or None when it is not a small plain dict of a
    game's turn (a story goes through its own messages, which keep the lesson's record)."""
    if not isinstance(action, dict) or len(action) > MAX_ACTION_KEYS:
        return None
    if action.get("type") in STORY_ACTIONS:
        return None
    if len(json.dumps(action)) > MAX_ACTION_BYTES:
        return None
    if not all(isinstance(key, str) and len(key) <= 20 for key in action):
        return None
    return {**action, "seat": seat}


def _query(scope):
    return {key: values[-1] for key, values in
            parse_qs(scope.get("query_string", b"").decode("latin-1")).items()}


def _client_id(ref):
    return ref if isinstance(ref, str) and 0 < len(ref) <= 64 else None


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: Infinity
        return None
