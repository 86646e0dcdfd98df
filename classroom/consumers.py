"""Live sockets of the classroom: the teacher's seating page, the projector and the student lobby.

Each socket identifies who is connected (selectors for teachers, classroom/auth.py for students),
calls services for changes, and renders its own parts when the lesson's version moves on.
"""

import time
from urllib.parse import parse_qs

from django.conf import settings
from django.http import Http404
from django.template.loader import render_to_string
from django.utils import translation

from classroom import auth, dashboard, selectors, services
from classroom import cockpit_drawing as drawing
from classroom.cockpit_socket import HANDLERS as COCKPIT_HANDLERS
from classroom.cockpit_socket import CockpitMixin
from classroom.models import Lesson
from classroom.services import ClassroomError
from classroom.views import lobby_context, seating_context
from games.live import CLOSE_GONE, CLOSE_NOT_ALLOWED, LiveConsumer, language_from_scope

PROJECTOR_SECONDS = 1.0


class LessonSocket(LiveConsumer):
    """What the teacher's sockets share: the owner check and re-rendering on each new version.

    A page says which status of the lesson it shows (`?shown=<status>` on the socket's path);
    when the lesson moves on, the page is loaded again (`page_url`), since the lobby, play and
    debrief pages differ in more than their parts.
    """

    def connect(self):
        self.accept()
        try:
            self.lesson = selectors.lesson_for_teacher(
                self.scope.get("user"), self.scope["url_route"]["kwargs"]["pk"]
            )
        except Http404:
            self.close(code=CLOSE_GONE)
            return
        self.language = language_from_scope(self.scope)
        self.version_sent = None
        self.shown = parse_qs(self.scope.get("query_string", b"").decode()).get("shown", [None])[0]
        for group in self.group_names():
            self.join_group(group)

    def page_url(self):
        return f"/lessons/{self.lesson.pk}/"

    def moved_on(self):
        """The lesson's status changed since the page was loaded: load the page again."""
        if self.shown is None or self.shown == self.lesson.status:
            return False
        self.shown = self.lesson.status
        self.send_redirect(self.page_url())
        return True

    def group_names(self):
        return [self.lesson.group_name]

    def handle_sync(self, content):
        self.render()

    def lesson_updated(self, event):
        if self.version_sent is None or event["version"] > self.version_sent:
            self.render()

    def render(self, fresh=True):
        """Send the page's parts; False if the page was closed or sent elsewhere instead. Unless
        `fresh`, the lesson is not read again: its every change comes as `lesson.updated`."""
        if fresh:
            try:
                self.lesson.refresh_from_db()
            except Lesson.DoesNotExist:  # the teacher deleted the lesson
                self.close(code=CLOSE_GONE)
                return False
        if self.moved_on():
            return False
        with translation.override(self.language):
            parts = self.draw(fresh)
        self.version_sent = self.lesson.version
        if parts:
            self.send_parts(parts, self.lesson.version)
        return True

    def draw(self, fresh):
        """The parts to send, {element id: HTML}: all of the page's, unless a subclass knows the
        page shows some already."""
        context = self.context()
        return {part: render_to_string(template, context) for part, template in self.parts.items()}


class TeacherLessonConsumer(CockpitMixin, LessonSocket):
    """The lesson page: seating (tap a student, then a seat; seat everyone; start the tables)
    and, while the tables play, the cockpit (classroom/cockpit_socket.py)."""

    parts = {"seating": "classroom/parts/seating.html"}
    handlers = {
        **LiveConsumer.handlers,
        "select": "handle_select", "cancel": "handle_cancel",
        "move": "handle_move", "new_table": "handle_new_table", "add_seat": "handle_add_seat",
        "unseat": "handle_unseat", "remove": "handle_remove", "reseat_code": "handle_reseat_code",
        "seat_everyone": "handle_seat_everyone", "start_tables": "handle_start_tables",
        "end_lesson": "handle_end_lesson", **COCKPIT_HANDLERS,
    }

    def connect(self):
        self.selected = None
        self.reseat = None
        self.cockpit_setup()
        super().connect()

    def group_names(self):
        return [self.lesson.group_name, self.lesson.teacher_group_name]

    def page_url(self):
        """Where the teacher belongs now: the debrief's live review once it has opened (also
        where *Open debrief* leads, so a click racing this message ends on the same page)."""
        if self.lesson.status == Lesson.Status.DEBRIEF:
            return f"/lessons/{self.lesson.pk}/debrief/"
        return super().page_url()

    def render(self):
        if super().render() and self.playing:
            self.send_cockpit()

    def context(self):
        return seating_context(self.lesson, self.selected, self.reseat)

    def act(self, content, change, *args):
        try:
            change(self.lesson, *args)
        except ClassroomError as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
        self.selected = self.reseat = None
        self.render()

    def handle_select(self, content):
        student = _int(content.get("student"))
        self.selected = None if student == self.selected else student
        self.render()

    def handle_cancel(self, content):
        self.selected = self.reseat = None
        self.render()

    def handle_move(self, content):
        self.act(content, services.student_move, _int(content.get("student")),
                 _int(content.get("seat")))

    def handle_new_table(self, content):
        self.act(content, services.student_move_to_new_table, _int(content.get("student")))

    def handle_add_seat(self, content):
        self.act(content, services.student_add_seat, _int(content.get("student")),
                 _int(content.get("table")))

    def handle_unseat(self, content):
        self.act(content, services.student_unseat, _int(content.get("student")))

    def handle_remove(self, content):
        self.act(content, services.student_remove, _int(content.get("student")))

    def handle_seat_everyone(self, content):
        self.act(content, services.lesson_seat_everyone)

    def handle_start_tables(self, content):
        self.act(content, services.lesson_start_tables)

    def handle_end_lesson(self, content):
        self.act(content, services.lesson_end)

    def handle_reseat_code(self, content):
        student = _int(content.get("student"))
        try:
            code = services.student_reseat_code(self.lesson, student)
        except ClassroomError as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
        else:
            self.reseat = {"student": student, "code": code,
                           "minutes": settings.RESEAT_CODE_MINUTES}
        self.render()


class ProjectorConsumer(LessonSocket):
    """The projector follows the lesson. Joining: the code and the pseudonyms of everyone who
    has joined, nothing else about them. Playing: the timeline, every table's stage and its seats
    by score, and what the game shows the class (e.g. accepted story titles if the teacher wants
    them), never names (drawn at most once a second, the page's tick bringing the last change
    in; sent only when it changed). Debrief: the discussion page."""

    parts = {"projector-students": "classroom/parts/projector_students.html",
             "projector-code": "classroom/parts/projector_code.html"}
    handlers = {**LiveConsumer.handlers, "tick": "handle_tick"}
    settled_on_loop = {"tick": "nothing_due", "game.updated": "update_waits"}

    def connect(self):
        self.drawn_at, self.dirty = 0.0, False
        self.drawn = {}  # the board last drawn, for cockpit_drawing.board_html
        self.board_sent = None
        self.revisions = None  # {game id: the newest revision heard of}; None: read them
        super().connect()

    def group_names(self):
        return [self.lesson.group_name, self.lesson.teacher_group_name]

    def page_url(self):
        if self.lesson.status == Lesson.Status.DEBRIEF:
            return f"/lessons/{self.lesson.pk}/debrief/discussion/"
        return f"/lessons/{self.lesson.pk}/projector/"

    def draw(self, fresh):
        """While the tables play, the board; nothing after a move or a tick that left it as the
        page shows it."""
        if self.lesson.status != Lesson.Status.PLAYING:
            return super().draw(fresh)
        self.drawn_at, self.dirty = time.monotonic(), False
        if fresh or self.revisions is None:
            self.revisions = dashboard.game_revisions(self.lesson)
        board = drawing.board_html(self.lesson, self.drawn, revisions=self.revisions)
        if board is self.board_sent and not fresh:
            return {}
        self.board_sent = board
        return {"projector-board": board}

    def context(self):
        host = dict(self.scope.get("headers", [])).get(b"host", b"").decode("latin-1")
        return {"lesson": self.lesson, "students": selectors.active_students(self.lesson),
                "join_page": f"{host}/join/"}

    def game_updated(self, event):
        if not self.update_waits(event):
            self.render(fresh=False)

    def update_waits(self, event):
        """A change within a second of the last drawing waits for the next tick."""
        self.heard(event)
        if time.monotonic() - self.drawn_at >= PROJECTOR_SECONDS:
            return False
        self.dirty = True
        return True

    def heard(self, event):
        """Keep the newest revision of each table's game, from the tables' messages; a game the
        board has not drawn (a table started since) has the games read again."""
        game_id = event.get("game_id")
        if self.revisions is None or game_id not in self.revisions:
            self.revisions = None
        else:
            self.revisions[game_id] = max(self.revisions[game_id], event.get("revision", 0))

    def cockpit_changed(self, event):
        if event.get("what") == "approvals":
            self.render()

    def handle_tick(self, content):
        if self.dirty:
            self.render(fresh=False)

    def nothing_due(self, content):
        return not self.dirty


class StudentSocket(LiveConsumer):
    """What a student's lobby and debrief sockets share: the tablet's token opens its student,
    the lesson's groups, re-rendering on each new version, and closing when the token no longer
    opens the seat (removed, or moved to another tablet). Subclasses define `render`."""

    def connect(self):
        self.accept()
        self.token = auth.token_of_scope(self.scope)
        self.student = auth.student_for_token(self.token)
        if self.student is None:
            self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.language = self.student.tablet_language
        self.version_sent = None
        self.join_group(self.student.lesson.group_name)
        self.join_group(self.student.group_name)

    def handle_sync(self, content):
        self.render()

    def lesson_updated(self, event):
        if self.version_sent is None or event["version"] > self.version_sent:
            self.render()

    def student_access_changed(self, event):
        if auth.student_for_token(self.token) is None:
            self.close(code=CLOSE_NOT_ALLOWED)

    def student_language_changed(self, event):
        """The student chose another language: the page loads again in it."""
        student = self.current_student()
        if student is not None:
            self.send_redirect(selectors.student_page_url(student))

    def current_student(self):
        """The student as now stored, or None (and the socket closed) when the token is void."""
        student = auth.student_for_token(self.token)
        if student is None:
            self.close(code=CLOSE_NOT_ALLOWED)
        else:
            self.student = student
        return student

    def render(self):
        raise NotImplementedError


class LobbyConsumer(StudentSocket):
    """A student's lobby: their name, table and seat, live; off to play when their table starts."""

    def render(self):
        student = self.current_student()
        if student is None:
            return
        url = selectors.student_page_url(student)
        if url != selectors.LOBBY_URL:
            self.send_redirect(url)
            return
        with translation.override(self.language):
            html = render_to_string("classroom/parts/lobby_status.html", lobby_context(student))
        self.version_sent = student.lesson.version
        self.send_parts({"lobby-status": html}, student.lesson.version)
        if student.lesson.status == Lesson.Status.ENDED:
            self.close(code=CLOSE_GONE)


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
