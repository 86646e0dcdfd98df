"""Which tablets are connected: one row per open play socket, in the database, so every ASGI
process sees the sockets of all of them.

A socket adds its row when it connects and removes it when it closes; the tablet's heartbeat
(`data-live-heartbeat`, every HEARTBEAT_SECONDS) refreshes `seen_at`. A tablet is *connected* when
one of its rows was seen within AWAY_AFTER_SECONDS; a row left behind by a process that died is
therefore away at once and swept later.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from classroom import notify
from classroom.models import TabletPresence

HEARTBEAT_SECONDS = 25
AWAY_AFTER_SECONDS = 70
SWEEP_AFTER = timedelta(minutes=10)


def presence_open(channel_name, student):
    """The student's tablet opened its play socket."""
    with transaction.atomic():
        TabletPresence.objects.update_or_create(
            channel_name=channel_name,
            defaults={"lesson_id": student.lesson_id, "student": student,
                      "table_id": student.seat.table_id, "seat": student.seat.number,
                      "seen_at": timezone.now()},
        )
        notify.cockpit_changed(student.lesson_id, "presence", student.seat.table_id)


def presence_beat(channel_name):
    """The tablet is still there. A row swept meanwhile is not brought back (nothing breaks:
    the tablet shows as away until it reconnects)."""
    TabletPresence.objects.filter(channel_name=channel_name).update(seen_at=timezone.now())


def presence_close(channel_name):
    with transaction.atomic():
        row = TabletPresence.objects.filter(channel_name=channel_name).first()
        if row is not None:
            row.delete()
            notify.cockpit_changed(row.lesson_id, "presence", row.table_id)


def presences_sweep(now=None):
    """The periodic job: forget rows nobody has refreshed for a long while; returns how many."""
    now = now or timezone.now()
    deleted, _ = TabletPresence.objects.filter(seen_at__lt=now - SWEEP_AFTER).delete()
    return deleted


def connected_students(lesson, now=None):
    """{student id: connected} for the lesson's students who have a play socket row."""
    now = now or timezone.now()
    fresh = now - timedelta(seconds=AWAY_AFTER_SECONDS)
    state = {}
    for student_id, seen_at in lesson.presences.values_list("student_id", "seen_at"):
        state[student_id] = state.get(student_id, False) or seen_at >= fresh
    return state
