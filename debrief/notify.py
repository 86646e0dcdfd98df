"""Tell the debrief's live pages that something changed, after the commit.

Students' pages follow the lesson (`lesson.updated` on `lesson-<id>`, which the lesson's own
services send when its debrief opens or closes); the teacher's review and projector pages follow
`lesson-<id>-debrief`; a teacher's export pages follow `exports-<user id>`. Messages carry ids and
versions only.
"""

from django.db import transaction

from games.live import group_send


def debrief_changed(debrief, what):
    """`what` changed: "answers", "stars", "discussion" (the projector's question) or "status"."""
    message = {"type": "debrief.changed", "lesson_id": debrief.lesson_id,
               "version": debrief.version, "what": what}
    transaction.on_commit(lambda: group_send(debrief.group_name, message))


def lesson_deleted(lesson_id, group_name):
    """Every socket of a deleted lesson re-checks what it shows, finds nothing, and closes."""
    message = {"type": "lesson.updated", "lesson_id": lesson_id, "version": 2**31}
    transaction.on_commit(lambda: group_send(group_name, message))


def export_progress(job):
    group_send(job.group_name, {"type": "export.progress", "job": str(job.pk)})
