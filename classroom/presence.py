"""Which tablets are connected: one row per open play socket, in the database, so every ASGI
process sees the sockets of all of them.

A socket adds its row when it connects and removes it when it closes; the tablet's heartbeat
(`data-live-heartbeat`, every HEARTBEAT_SECONDS) refreshes `seen_at`. A row nobody has refreshed
for SILENT_AFTER_SECONDS is swept: its tablet vanished (asleep, out of the network, a hidden tab),
or its process died. So a vanished tablet shows as away within a minute whether or not the ASGI
server closes its socket (uvicorn's ping does, after 40 s with the Makefile's flags; a proxy or
another server may not). A hidden tab whose row was swept is counted again at its next heartbeat.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from classroom import notify
from classroom.models import TabletPresence

HEARTBEAT_SECONDS = 25
SILENT_AFTER_SECONDS = 45  # one heartbeat missed, and most of the next


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


def presence_beat(channel_name, student):
    """The tablet is still there; a row swept while it was hidden comes back."""
    if not TabletPresence.objects.filter(channel_name=channel_name).update(seen_at=timezone.now()):
        presence_open(channel_name, student)


def presence_beats(beats):
    """Heartbeats heard together ({channel name: student}), in one write: the rows there are
    seen now, and a row swept while its tab was hidden comes back."""
    rows = TabletPresence.objects.filter(channel_name__in=list(beats))
    there = set(rows.values_list("channel_name", flat=True))
    rows.update(seen_at=timezone.now())
    for channel_name in beats.keys() - there:
        presence_open(channel_name, beats[channel_name])


def presence_close(channel_name):
    with transaction.atomic():
        row = TabletPresence.objects.filter(channel_name=channel_name).first()
        if row is not None:
            row.delete()
            notify.cockpit_changed(row.lesson_id, "presence", row.table_id)


def presences_sweep(now=None):
    """The periodic job: forget the rows of silent sockets and tell their teachers; returns how
    many rows went."""
    silent_since = (now or timezone.now()) - timedelta(seconds=SILENT_AFTER_SECONDS)
    silent = TabletPresence.objects.filter(seen_at__lt=silent_since)
    with transaction.atomic():
        tables = set(silent.values_list("lesson_id", "table_id"))
        deleted, _ = silent.delete()
        for lesson_id, table_id in tables:
            notify.cockpit_changed(lesson_id, "presence", table_id)
    return deleted


def connected_students(lesson, now=None):
    """{student id: connected} for the lesson's students who have a play socket row."""
    now = now or timezone.now()
    fresh = now - timedelta(seconds=SILENT_AFTER_SECONDS)
    state = {}
    for student_id, seen_at in lesson.presences.values_list("student_id", "seen_at"):
        state[student_id] = state.get(student_id, False) or seen_at >= fresh
    return state
