"""Build classroom positions directly: teachers, lessons, joined and seated students."""

import itertools

from django.contrib.auth import get_user_model

from classroom import services
from classroom.models import Lesson

_names = itertools.count(1)


def make_teacher(username=None):
    username = username or f"teacher{next(_names)}"
    return get_user_model().objects.create_user(username, f"{username}@example.fi", "pw-Secret-123")


GAME_SETTINGS = ("stories_per_round", "story_judge", "projector_story_titles")


def make_lesson(owner=None, **fields):
    """A lesson of Research Programme's school game unless the fields say another; its own
    settings (stories per round, who judges them) may be given as plain fields."""
    values = {
        "owner": owner or make_teacher(), "title": "Science 7B", "language": "en",
        "engine_key": "research_programme", "variant": "school",
        "seat_mode": Lesson.SeatMode.SINGLE, "planned_minutes": 45,
    }
    settings = {name: fields.pop(name) for name in GAME_SETTINGS if name in fields}
    if "story_expiry_minutes" in fields:
        fields["approval_expiry_minutes"] = fields.pop("story_expiry_minutes")
    values.update(fields)
    values["game_settings"] = {**values.get("game_settings", {}), **settings}
    return services.lesson_create(**values)


def join(lesson, name=None):
    """A student joins by the code; returns (student, token)."""
    return services.student_join(code=lesson.join_code, pseudonym=name or f"Student {next(_names)}")


def join_many(lesson, count):
    return [join(lesson)[0] for _ in range(count)]


def seats_of(lesson):
    """{table number: [students per seat, in seat order]} for assertions."""
    lesson.refresh_from_db()
    return {
        table.number: [seat.students.filter(removed_at__isnull=True).count()
                       for seat in table.seats.order_by("number")]
        for table in lesson.tables.order_by("number")
    }
