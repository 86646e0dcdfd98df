"""Live sockets of the debrief: the student's answers, the teacher's review, the discussion on
the projector and the teacher's export progress.

Each socket identifies who is connected (classroom/auth.py for students, classroom.selectors for
teachers), calls services for changes, and renders its own parts when told that something moved.
"""

import logging
import time

from django.http import Http404
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from classroom import debrief_views as views
from classroom import debriefing
from classroom import selectors as classroom_selectors
from classroom.consumers import StudentSocket
from classroom.models import Lesson
from debrief import services
from debrief.models import exports_group
from debrief.services import DebriefError
from games.live import CLOSE_GONE, LiveConsumer, language_from_scope

logger = logging.getLogger(__name__)
REVIEW_RENDER_SECONDS = 1.0


class DebriefSocket(LiveConsumer):
    """Ignores group messages it has no handler for, so another app's new message type on a
    shared group never breaks these pages."""

    def unhandled(self, message):
        logger.debug("%s ignores %s", type(self).__name__, message.get("type"))

    def render_parts(self, parts, context, version=None):
        with translation.override(self.language):
            html = {part: render_to_string(template, context) for part, template in parts.items()}
        self.send_parts(html, version)


# Students ----------------------------------------------------------------------------------------


class StudentDebriefConsumer(DebriefSocket, StudentSocket):
    """A student's answers: drafts save while typing; the page turns read-only on close."""

    handlers = {**LiveConsumer.handlers, "draft": "handle_draft"}
    parts = {"debrief-state": "debrief/parts/student_state.html",
             "debrief-readonly": "debrief/parts/student_readonly.html"}

    def render(self):
        student = self.current_student()
        if student is None:
            return
        lesson = student.lesson
        if lesson.status not in (Lesson.Status.DEBRIEF, Lesson.Status.ENDED):
            self.send_redirect(classroom_selectors.student_page_url(student))
            return
        self.version_sent = lesson.version
        self.render_parts(self.parts, views.student_context(student), lesson.version)
        if lesson.status == Lesson.Status.ENDED:
            self.close(code=CLOSE_GONE)

    def handle_draft(self, content):
        student = self.current_student()
        if student is None:
            return
        question, value = _int(content.get("question")), content.get("value")
        if not isinstance(value, str):
            self.send_error("bad_message", _("The app did not understand that message."),
                            content.get("id"))
            return
        try:
            answer = services.answer_save_draft(student, question, value)
        except DebriefError as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
            self.send_status(question, error=refusal.message)
            if refusal.code in ("closed", "not_open"):
                self.render()
            return
        self.send_status(question, answer=answer)
        self.send_ack(content.get("id"))

    def send_status(self, question, answer=None, error=None):
        if question is None:
            return
        context = {"answer": answer, "error": error}
        self.render_parts({f"answer-status-{question}": "debrief/parts/answer_status.html"},
                          context)


# Teachers ----------------------------------------------------------------------------------------


class TeacherDebriefSocket(DebriefSocket):
    """The owner check; the lesson's group (its status) and its debrief group (answers, stars,
    the projector's question)."""

    def connect(self):
        self.accept()
        try:
            self.lesson = classroom_selectors.lesson_for_teacher(
                self.scope.get("user"), self.scope["url_route"]["kwargs"]["pk"]
            )
        except Http404:
            self.close(code=CLOSE_GONE)
            return
        self.language = language_from_scope(self.scope)
        self.join_group(self.lesson.group_name)
        self.join_group(f"{self.lesson.group_name}-debrief")

    def handle_sync(self, content):
        self.render()

    def lesson_updated(self, event):
        self.render()

    def debrief_changed(self, event):
        self.render()

    def fresh_lesson(self):
        """The lesson as it is now; a deleted lesson closes the socket."""
        lesson = classroom_selectors.lessons_for_teacher(self.scope.get("user")).filter(
            pk=self.lesson.pk).first()
        if lesson is None:
            self.close(code=CLOSE_GONE)
        else:
            self.lesson = lesson
        return lesson

    def act(self, content, change, *args, **kwargs):
        try:
            change(self.lesson, *args, **kwargs)
        except DebriefError as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
        self.render(now=True)


class ReviewConsumer(TeacherDebriefSocket):
    """The live review: counts, answers by question or by table, stars, the projector and the
    open/close controls. While students type, it renders at most once a second; the page's
    `tick` brings the last change in."""

    handlers = {
        **LiveConsumer.handlers, "tick": "handle_tick", "view": "handle_view",
        "star": "handle_star", "show": "handle_show", "open": "handle_open",
        "close": "handle_close",
    }
    parts = {"review-head": "debrief/parts/review_head.html",
             "review-counts": "debrief/parts/review_counts.html",
             "review-answers": "debrief/parts/review_answers.html"}

    def connect(self):
        self.by, self.key = "question", None
        self.rendered_at, self.dirty = 0.0, False
        super().connect()

    def handle_sync(self, content):
        self.render(now=True)

    def handle_tick(self, content):
        if self.dirty:
            self.render(now=True)

    def render(self, now=False):
        if not now and time.monotonic() - self.rendered_at < REVIEW_RENDER_SECONDS:
            self.dirty = True
            return
        if self.fresh_lesson() is None:
            return
        self.rendered_at, self.dirty = time.monotonic(), False
        self.render_parts(self.parts, views.review_context(self.lesson, self.by, self.key))

    def handle_view(self, content):
        self.by = "table" if content.get("by") == "table" else "question"
        self.key = _int(content.get("key"))
        self.render(now=True)

    def handle_star(self, content):
        self.act(content, services.answer_star, _int(content.get("answer")),
                 bool(content.get("starred")))

    def handle_show(self, content):
        self.act(content, services.discussion_show, _int(content.get("question")))

    def handle_open(self, content):
        self.act(content, debriefing.lesson_debrief_open)

    def handle_close(self, content):
        self.act(content, debriefing.lesson_debrief_close)


class DiscussionConsumer(TeacherDebriefSocket):
    """The projector: one question and its starred answers, without names."""

    handlers = {**LiveConsumer.handlers, "next": "handle_next", "previous": "handle_previous"}
    parts = {"discussion": "debrief/parts/discussion.html"}

    def debrief_changed(self, event):
        """Drafts do not change what the projector shows: it shows answers as starred."""
        if event.get("what") != "answers":
            self.render()

    def render(self, now=False):
        if self.fresh_lesson() is None:
            return
        self.render_parts(self.parts, views.discussion_context(self.lesson))

    def handle_next(self, content):
        self.act(content, services.discussion_show, offset=1)

    def handle_previous(self, content):
        self.act(content, services.discussion_show, offset=-1)


class ExportsConsumer(DebriefSocket):
    """A teacher's large exports: progress bars, then the download link."""

    def connect(self):
        self.accept()
        self.user = self.scope.get("user")
        if not (self.user and self.user.is_authenticated and self.user.is_active):
            self.close(code=CLOSE_GONE)
            return
        self.language = language_from_scope(self.scope)
        self.join_group(exports_group(self.user.pk))

    def handle_sync(self, content):
        self.render()

    def export_progress(self, event):
        self.render()

    def render(self):
        self.render_parts({"export-jobs": "debrief/parts/export_jobs.html"},
                          views.exports_context(self.user))


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
