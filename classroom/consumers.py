"""Live sockets of the classroom: the teacher's seating page, the projector and the student lobby.

Each socket identifies who is connected (selectors for teachers, classroom/auth.py for students),
calls services for changes, and renders its own parts when the lesson's version moves on.
"""

from django.conf import settings
from django.http import Http404
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

from classroom import auth, selectors, services
from classroom.models import Lesson
from classroom.services import ClassroomError
from classroom.views import lobby_context, seating_context
from config.live import LiveConsumer

CLOSE_NOT_ALLOWED = 4003
CLOSE_GONE = 4004


def language_from_scope(scope):
    """The teacher's chosen language (the language cookie), else their browser's, else Finnish."""
    wanted = [scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")]
    headers = dict(scope.get("headers", []))
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    wanted += [code for code, _q in parse_accept_lang_header(accept)]
    for code in wanted:
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


class LessonSocket(LiveConsumer):
    """What the teacher's sockets share: the owner check and re-rendering on each new version."""

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
        for group in self.group_names():
            self.join_group(group)

    def group_names(self):
        return [self.lesson.group_name]

    def handle_sync(self, content):
        self.render()

    def lesson_updated(self, event):
        if self.version_sent is None or event["version"] > self.version_sent:
            self.render()

    def render(self):
        try:
            self.lesson.refresh_from_db()
        except Lesson.DoesNotExist:  # the teacher deleted the lesson
            self.close(code=CLOSE_GONE)
            return
        with translation.override(self.language):
            parts = {part: render_to_string(template, self.context())
                     for part, template in self.parts.items()}
        self.version_sent = self.lesson.version
        self.send_parts(parts, self.lesson.version)


class TeacherLessonConsumer(LessonSocket):
    """The seating page: tap a student, then a seat; seat everyone; start the tables."""

    parts = {"seating": "classroom/parts/seating.html"}
    handlers = {
        **LiveConsumer.handlers,
        "select": "handle_select", "cancel": "handle_cancel",
        "move": "handle_move", "new_table": "handle_new_table", "add_seat": "handle_add_seat",
        "unseat": "handle_unseat", "remove": "handle_remove", "reseat_code": "handle_reseat_code",
        "seat_everyone": "handle_seat_everyone", "start_tables": "handle_start_tables",
        "end_lesson": "handle_end_lesson",
    }

    def connect(self):
        self.selected = None
        self.reseat = None
        super().connect()

    def group_names(self):
        return [self.lesson.group_name, self.lesson.teacher_group_name]

    def game_updated(self, event):
        """A table's game moved on (games/notify.py). The seating page shows no game state."""

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
    """The projector: the pseudonyms of everyone who has joined, live. Nothing else about them."""

    parts = {"projector-students": "classroom/parts/projector_students.html",
             "projector-code": "classroom/parts/projector_code.html"}

    def context(self):
        host = dict(self.scope.get("headers", [])).get(b"host", b"").decode("latin-1")
        return {"lesson": self.lesson, "students": selectors.active_students(self.lesson),
                "join_page": f"{host}/join/"}


class LobbyConsumer(LiveConsumer):
    """A student's lobby: their name, table and seat, live; off to play when their table starts."""

    def connect(self):
        self.accept()
        self.token = auth.token_of_scope(self.scope)
        self.student = auth.student_for_token(self.token)
        if self.student is None:
            self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.language = self.student.lesson.language
        self.version_sent = None
        self.join_group(self.student.lesson.group_name)
        self.join_group(self.student.group_name)

    def handle_sync(self, content):
        self.render()

    def lesson_updated(self, event):
        if self.version_sent is None or event["version"] > self.version_sent:
            self.render()

    def student_access_changed(self, event):
        """Removed, or moved to another tablet: this tablet's token no longer opens the seat."""
        if auth.student_for_token(self.token) is None:
            self.close(code=CLOSE_NOT_ALLOWED)

    def render(self):
        student = auth.student_for_token(self.token)
        if student is None:
            self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.student = student
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
