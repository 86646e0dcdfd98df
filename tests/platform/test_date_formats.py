"""Dates and times as each language writes them in Finland (config/formats/): Finnish
5.12.2026 klo 9.30, Finland-Swedish 5.12.2026 kl. 9.30 (not Sweden's 2026-12-05), English
5 Dec 2026, 09:30 (never the month first)."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import formats, translation

from classroom.models import Lesson
from tests.classroom.factories import make_lesson, make_teacher

MOMENT = datetime(2026, 12, 5, 9, 30, tzinfo=ZoneInfo("Europe/Helsinki"))
SHORT = {"fi": "5.12.2026 klo 9.30", "sv": "5.12.2026 kl. 9.30", "en": "5 Dec 2026, 09:30"}
TIME = {"fi": "9.30", "sv": "9.30", "en": "09:30"}


@pytest.mark.parametrize("language", sorted(SHORT))
def test_short_dates_and_times_follow_the_languages_convention_in_finland(language):
    """SHORT_DATETIME_FORMAT and TIME_FORMAT in each language."""
    with translation.override(language):
        assert formats.date_format(MOMENT, "SHORT_DATETIME_FORMAT") == SHORT[language]
        assert formats.time_format(MOMENT) == TIME[language]


def test_swedish_long_dates_keep_the_day_first():
    """A Swedish date in full: 5 december 2026."""
    with translation.override("sv"):
        assert formats.date_format(MOMENT, "DATE_FORMAT") == "5 december 2026"


@pytest.mark.django_db
@pytest.mark.parametrize("language", sorted(SHORT))
def test_the_lesson_list_dates_each_lesson_in_the_teachers_language(language):
    """The teacher's lesson list shows when each lesson was made as their language writes it."""
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher)
    Lesson.objects.filter(pk=lesson.pk).update(created_at=MOMENT)
    client = Client()
    client.force_login(teacher)
    client.cookies["language"] = language
    assert SHORT[language] in client.get("/lessons/").content.decode()
