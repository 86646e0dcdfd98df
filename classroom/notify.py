"""Tell live pages that something changed, after the commit. Messages carry ids and versions."""

from django.db import transaction

from games.live import group_send


def lesson_changed(lesson):
    message = {"type": "lesson.updated", "lesson_id": lesson.pk, "version": lesson.version}
    transaction.on_commit(lambda: group_send(lesson.group_name, message))


def student_access_changed(student):
    """The student was removed or moved tablets: their sockets re-check their token."""
    message = {"type": "student.access_changed", "student_id": student.pk}
    transaction.on_commit(lambda: group_send(student.group_name, message))


def student_language_changed(student):
    """The student chose another language for their tablet: their pages load again in it."""
    message = {"type": "student.language_changed", "student_id": student.pk}
    transaction.on_commit(lambda: group_send(student.group_name, message))


def cockpit_changed(lesson_id, what, table_id=None):
    """Something only the teacher's pages show changed: `what` is "approvals", "presence" or
    "idle"; `table_id` says which table's card to draw again (None: no card)."""
    message = {"type": "cockpit.changed", "lesson_id": lesson_id, "what": what,
               "table_id": table_id}
    transaction.on_commit(lambda: group_send(f"lesson-{lesson_id}-teacher", message))


def lesson_deleted(lesson_id, group_name):
    """Every socket of a deleted lesson re-checks what it shows, finds nothing, and closes."""
    message = {"type": "lesson.updated", "lesson_id": lesson_id, "version": 2**31}
    transaction.on_commit(lambda: group_send(group_name, message))
