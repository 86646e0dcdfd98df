"""A lesson's way out of play: into its debrief and out of it, and its deletion with every trace
of its students (at once, or by the retention purge). The lesson's own services: each locks the
lesson row, and the debrief's services (debrief/services.py) do their part under that lock.
"""

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from classroom import notify
from classroom.models import Lesson, Student
from classroom.selectors import active_students
from debrief import selectors as debriefs
from debrief import services as debrief
from debrief.services import DebriefError

OPEN_FROM = (Lesson.Status.LOBBY, Lesson.Status.PLAYING, Lesson.Status.DEBRIEF)


def _locked(lesson):
    return Lesson.objects.select_for_update().get(pk=lesson.pk)


def _changed(lesson):
    lesson.version += 1
    lesson.save(update_fields=["status", "version"])
    notify.lesson_changed(lesson)


def lesson_debrief_open(lesson):
    """Open the debrief (or reopen a closed one): every tablet of the lesson switches to it."""
    with transaction.atomic():
        lesson = _locked(lesson)
        if lesson.status not in OPEN_FROM:
            raise DebriefError("lesson_ended", _("This lesson has ended."))
        was_open = lesson.status == Lesson.Status.DEBRIEF and \
            getattr(debriefs.debrief_of(lesson), "is_open", False)
        opened = debrief.debrief_open(lesson, list(active_students(lesson)))
        if not was_open:
            lesson.status = Lesson.Status.DEBRIEF
            _changed(lesson)
    return opened


def lesson_debrief_close(lesson):
    """Close the debrief: answers can no longer change; the tablets show them read-only."""
    with transaction.atomic():
        lesson = _locked(lesson)
        was_open = getattr(debriefs.debrief_of(lesson), "is_open", False)
        closed = debrief.debrief_close(lesson)
        if was_open:
            _changed(lesson)
    return closed


def lesson_delete(lesson):
    """Delete a lesson at once, and with it every trace of its students: tables, seats, games,
    logs, requests, answers, export files that hold it, and admin log lines about them."""
    lesson_id, group = lesson.pk, lesson.group_name
    with transaction.atomic():
        lesson = _locked(lesson)
        debrief.lesson_forget(lesson)
        _forget_admin_log(lesson)
        lesson.delete()
        notify.lesson_deleted(lesson_id, group)


def _forget_admin_log(lesson):
    targets = {Lesson: [lesson.pk], Student: list(lesson.students.values_list("pk", flat=True))}
    for model, ids in targets.items():
        LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(model),
                                object_id__in=[str(pk) for pk in ids]).delete()


def lessons_purge_expired(now=None):
    """Delete every lesson whose retention period has passed; returns how many."""
    now = now or timezone.now()
    expired = list(Lesson.objects.filter(delete_after__lte=now).only("pk"))
    for lesson in expired:
        lesson_delete(lesson)
    return len(expired)
