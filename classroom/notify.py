"""Tell live pages that something changed, after the commit. Messages carry ids and versions."""

from django.db import transaction

from config.live import group_send


def lesson_changed(lesson):
    message = {"type": "lesson.updated", "lesson_id": lesson.pk, "version": lesson.version}
    transaction.on_commit(lambda: group_send(lesson.group_name, message))


def student_access_changed(student):
    """The student was removed or moved tablets: their sockets re-check their token."""
    message = {"type": "student.access_changed", "student_id": student.pk}
    transaction.on_commit(lambda: group_send(student.group_name, message))
