"""Retention: every lesson has a delete-after date from the school's setting; the periodic purge
and a teacher's delete leave no trace of the lesson's students in any table."""

from datetime import timedelta

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core import serializers
from django.test import Client
from django.utils import timezone

from classroom import debriefing
from classroom.models import ClassroomSettings, Lesson, Student
from config.clock import run_job
from debrief import exports_storage, services
from debrief.models import ExportJob
from tests.classroom.factories import make_lesson, make_teacher
from tests.debrief.factories import opened_lesson

pytestmark = pytest.mark.django_db(transaction=True)


def answered_lesson(owner=None, seed=5):
    """A played lesson whose students answered, starred, with an admin log line about one."""
    lesson, joined, _games = opened_lesson(students=3, seeds=(seed,), owner=owner)
    question = lesson.debrief_questions.order_by("position").first()
    secrets = []
    for n, (student, _token) in enumerate(joined):
        secret = f"Secret answer {lesson.pk}-{n} about entanglement"
        answer = services.answer_save_draft(student, question.pk, secret)
        secrets.append(secret)
    services.answer_star(lesson, answer.pk, True)
    LogEntry.objects.create(
        user_id=lesson.owner_id, content_type=ContentType.objects.get_for_model(Student),
        object_id=str(joined[0][0].pk), object_repr=joined[0][0].pseudonym, action_flag=CHANGE)
    return lesson, [student.pseudonym for student, _ in joined], secrets


def every_row_as_text():
    """Every row of every table of the app, serialised."""
    text = []
    for model in apps.get_models():
        if model._meta.proxy or not model._meta.managed:
            continue
        text.append(serializers.serialize("json", model.objects.all()))
    return "\n".join(text)


def test_a_new_lesson_is_deleted_after_the_schools_retention_period():
    """Default 30 days (settings.DATA_RETENTION_DAYS); the admin's setting changes new lessons."""
    before = timezone.now()
    lesson = make_lesson()
    assert settings.DATA_RETENTION_DAYS == 30
    assert timedelta(days=30) <= lesson.delete_after - before < timedelta(days=30, minutes=1)
    school = ClassroomSettings.load()
    school.retention_days = 7
    school.save()
    assert make_lesson().delete_after - timezone.now() < timedelta(days=7, minutes=1)


def test_the_purge_deletes_expired_lessons_and_leaves_no_trace_of_their_students():
    """After the purge no table holds the expired lesson's pseudonyms, answers, games or logs;
    the other lesson is untouched."""
    expired, names, answers = answered_lesson()
    kept, kept_names, kept_answers = answered_lesson(seed=7)
    Lesson.objects.filter(pk=expired.pk).update(delete_after=timezone.now() - timedelta(hours=1))
    assert all(name in every_row_as_text() for name in names)

    run_job("classroom.tasks.purge_expired")

    assert not Lesson.objects.filter(pk=expired.pk).exists()
    dump = every_row_as_text()
    for trace in [*names, *answers]:
        assert trace not in dump
    for model_name in ("classroom.Table", "classroom.Seat", "classroom.Student", "games.Game",
                       "games.GameAction", "debrief.Answer", "debrief.LessonQuestion",
                       "debrief.Debrief"):
        model = apps.get_model(model_name)
        lesson_field = {"classroom.Table": "lesson", "classroom.Seat": "table__lesson",
                        "classroom.Student": "lesson", "games.Game": "table__lesson",
                        "games.GameAction": "game__table__lesson",
                        "debrief.Answer": "question__lesson",
                        "debrief.LessonQuestion": "lesson", "debrief.Debrief": "lesson"}
        assert not model.objects.filter(**{f"{lesson_field[model_name]}_id": expired.pk}).exists()
        assert model.objects.filter(**{f"{lesson_field[model_name]}_id": kept.pk}).exists()
    assert all(trace in dump for trace in [*kept_names, *kept_answers])


def test_the_purge_is_a_periodic_job_for_the_clock_and_celery_beat():
    """settings.PERIODIC_JOBS names the task, hourly; Celery registers it."""
    from config.celery import app

    task, seconds = settings.PERIODIC_JOBS["data-retention"]
    assert task == "classroom.tasks.purge_expired" and seconds == 3600
    app.loader.import_default_modules()
    assert task in app.tasks


def test_a_lesson_not_yet_due_survives_the_purge():
    lesson = make_lesson()
    assert debriefing.lessons_purge_expired() == 0
    assert Lesson.objects.filter(pk=lesson.pk).exists()


def test_teacher_deletes_a_lesson_at_once_after_confirming(tmp_path, settings):
    """The confirmation page names what goes; the POST deletes everything, export files of
    that lesson included."""
    settings.EXPORTS_DIR = tmp_path
    lesson, names, answers = answered_lesson()
    job = ExportJob.objects.create(owner=lesson.owner, format="csv", language="en",
                                   status=ExportJob.Status.READY, file_name="old-export.csv")
    job.lessons.set([lesson])
    (tmp_path / "old-export.csv").write_text(answers[0])
    client = Client()
    client.force_login(lesson.owner)
    client.cookies["language"] = "en"
    page = client.get(f"/lessons/{lesson.pk}/delete/")
    assert page.status_code == 200 and b"Delete for good" in page.content
    assert Lesson.objects.filter(pk=lesson.pk).exists()
    response = client.post(f"/lessons/{lesson.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == "/lessons/"
    assert not Lesson.objects.filter(pk=lesson.pk).exists()
    assert not ExportJob.objects.exists()
    assert not exports_storage.storage().exists("old-export.csv")
    dump = every_row_as_text()
    assert not [trace for trace in [*names, *answers] if trace in dump]


def test_teacher_b_cannot_delete_teacher_as_lesson():
    """Another teacher gets a 404 and the lesson stays."""
    lesson = make_lesson()
    client = Client()
    client.force_login(make_teacher())
    assert client.get(f"/lessons/{lesson.pk}/delete/").status_code == 404
    assert client.post(f"/lessons/{lesson.pk}/delete/").status_code == 404
    assert Lesson.objects.filter(pk=lesson.pk).exists()


def test_old_export_files_are_purged(tmp_path, settings):
    """Export files live EXPORT_KEEP_HOURS; the retention job removes older ones."""
    settings.EXPORTS_DIR = tmp_path
    owner = make_teacher()
    job = ExportJob.objects.create(owner=owner, format="csv", language="en",
                                   status=ExportJob.Status.READY, file_name="stale.csv")
    (tmp_path / "stale.csv").write_text("x")
    ExportJob.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(hours=25))
    fresh = ExportJob.objects.create(owner=owner, format="csv", language="en")
    assert services.export_jobs_purge_expired() == 1
    assert not (tmp_path / "stale.csv").exists()
    assert list(ExportJob.objects.all()) == [fresh]
