"""The debrief's pages: who sees what, the lesson page's controls, the question editors and the
large export with its download link."""

import csv
import io

import pytest
from django.core.cache import cache
from django.test import Client

from classroom import auth, debriefing
from classroom.models import Lesson
from debrief import exports, services, tasks
from debrief.models import ExportJob, QuestionSet
from tests.classroom.factories import join, make_lesson, make_teacher
from tests.debrief.factories import opened_lesson

pytestmark = pytest.mark.django_db


def teacher_client(user, language="en"):
    client = Client()
    client.force_login(user)
    client.cookies["language"] = language
    return client


def student_client(token):
    client = Client()
    client.cookies[auth.COOKIE_NAME] = auth._signer().sign(token)
    return client


# Students ----------------------------------------------------------------------------------------


def test_student_page_shows_questions_facts_and_the_limit_and_the_lobby_sends_there():
    """In the debrief the lobby redirects to /debrief/, which shows every question with the
    student's facts, the saved text and the limit, in the lesson's language."""
    lesson, joined, _games = opened_lesson(students=3, seeds=(5,))
    student, token = joined[0]
    client = student_client(token)
    assert client.get("/lobby/")["Location"] == "/debrief/"
    html = client.get("/debrief/").content.decode()
    for question in lesson.debrief_questions.all():
        assert question.text.replace("'", "&#x27;") in html
    answers = list(student.answers.all())
    for fact in (fact for answer in answers for fact in answer.facts):
        assert fact.replace("'", "&#x27;") in html
    assert "At most 2000 characters an answer" in html
    assert html.count('data-live-input=\'{"type":"draft"') == 5
    assert 'maxlength' not in html.split('class="answers"')[1].split("</textarea>")[0]


def test_student_page_is_read_only_after_close():
    lesson, joined, _games = opened_lesson(students=2, seeds=(5,))
    student, token = joined[0]
    question = lesson.debrief_questions.first()
    services.answer_save_draft(student, question.pk, "What I said")
    debriefing.lesson_debrief_close(lesson)
    html = student_client(token).get("/debrief/").content.decode()
    assert 'data-debrief-open="0"' in html and "is-closed" in html
    assert "The debrief is closed" in html
    assert "What I said" in html.split('id="debrief-readonly"')[1]


def test_student_page_before_the_debrief_sends_back_to_the_lobby():
    lesson = make_lesson()
    _student, token = join(lesson)
    assert student_client(token).get("/debrief/")["Location"] == "/lobby/"
    assert Client().get("/debrief/")["Location"] == "/join/"


# Teachers ----------------------------------------------------------------------------------------


def test_lesson_page_has_the_open_debrief_control_and_opening_goes_to_the_review():
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher)
    client = teacher_client(teacher)
    html = client.get(f"/lessons/{lesson.pk}/").content.decode()
    assert f'action="/lessons/{lesson.pk}/debrief/open/"' in html and "Open debrief" in html
    response = client.post(f"/lessons/{lesson.pk}/debrief/open/")
    assert response["Location"] == f"/lessons/{lesson.pk}/debrief/"
    lesson.refresh_from_db()
    assert lesson.status == Lesson.Status.DEBRIEF
    assert "Live review of the debrief" in client.get(f"/lessons/{lesson.pk}/").content.decode()
    review = client.get(f"/lessons/{lesson.pk}/debrief/").content.decode()
    assert "Close the debrief" in review and "Discussion on the projector" in review
    assert "The app deletes this lesson’s data on" in review


@pytest.mark.parametrize("path", ["debrief/", "debrief/discussion/", "debrief/questions/",
                                  "debrief/export.csv", "delete/"])
def test_teacher_b_gets_404_on_teacher_as_debrief_pages(path):
    lesson = make_lesson()
    debriefing.lesson_debrief_open(lesson)
    client = teacher_client(make_teacher())
    assert client.get(f"/lessons/{lesson.pk}/{path}").status_code == 404
    assert client.post(f"/lessons/{lesson.pk}/debrief/open/").status_code == 404
    assert client.post(f"/lessons/{lesson.pk}/debrief/close/").status_code == 404


def test_review_by_table_lists_each_students_answers():
    lesson, joined, _games = opened_lesson(students=3, seeds=(5,))
    student, _token = joined[0]
    question = lesson.debrief_questions.first()
    services.answer_save_draft(student, question.pk, "Table view answer")
    student.refresh_from_db()
    html = teacher_client(lesson.owner).get(
        f"/lessons/{lesson.pk}/debrief/?by=table&table={student.seat.table_id}").content.decode()
    assert "Table view answer" in html and student.pseudonym in html
    assert html.count('class="card student-answers"') == 3


def test_discussion_page_shows_starred_answers_without_names():
    lesson, joined, _games = opened_lesson(students=2, seeds=(5,))
    student, _token = joined[0]
    question = lesson.debrief_questions.first()
    answer = services.answer_save_draft(student, question.pk, "Independent labs catch errors")
    services.answer_star(lesson, answer.pk, True)
    html = teacher_client(lesson.owner).get(
        f"/lessons/{lesson.pk}/debrief/discussion/").content.decode()
    assert "Independent labs catch errors" in html and "Question 1 of 5" in html
    assert all(s.pseudonym not in html for s, _ in joined)


def test_lesson_question_editor_posts_change_the_questions():
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher)
    client = teacher_client(teacher)
    url = f"/lessons/{lesson.pk}/debrief/questions/"
    assert "with facts from the game" in client.get(url).content.decode()
    first = lesson.debrief_questions.order_by("position").first()
    client.post(url, {"action": "save", "question": first.pk, "text": "Reworded"})
    client.post(url, {"action": "add", "text": "New one"})
    client.post(url, {"action": "save_as_set", "title": "Term 1"})
    assert lesson.debrief_questions.order_by("position").first().text == "Reworded"
    assert lesson.debrief_questions.count() == 6
    question_set = QuestionSet.objects.get(owner=teacher)
    assert question_set.title == "Term 1" and question_set.questions.count() == 6
    response = client.post(url, {"action": "add", "text": ""}, follow=True)
    assert "Write the question first." in response.content.decode()
    client.post(url, {"action": "reset"})
    assert lesson.debrief_questions.count() == 5


def test_question_sets_pages_create_rename_and_delete():
    teacher = make_teacher()
    client = teacher_client(teacher)
    response = client.post("/debrief/question-sets/", {"title": "Physics club"})
    question_set = QuestionSet.objects.get()
    assert response["Location"] == f"/debrief/question-sets/{question_set.pk}/"
    assert question_set.questions.count() == 5
    client.post(response["Location"], {"action": "rename", "title": "Physics club 2"})
    question_set.refresh_from_db()
    assert question_set.title == "Physics club 2"
    assert teacher_client(make_teacher()).get(response["Location"]).status_code == 404
    client.post(response["Location"], {"action": "delete"})
    assert not QuestionSet.objects.exists()


# The large export --------------------------------------------------------------------------------


def test_large_export_runs_as_a_task_and_only_its_teacher_downloads_it(
        tmp_path, settings, django_capture_on_commit_callbacks):
    """Several lessons chosen by date range: the task (eager here) writes the CSV, the progress
    reaches 100 %, the page shows a download link, and the file has every lesson's rows."""
    settings.EXPORTS_DIR = tmp_path
    first, _j1, _g1 = opened_lesson(students=2, seeds=(5,))
    teacher = first.owner
    second, _j2, _g2 = opened_lesson(students=3, seeds=(7,), owner=teacher)
    other_teachers = make_lesson()
    client = teacher_client(teacher)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/debrief/exports/", {
            "date_from": "2000-01-01", "date_to": "2100-01-01", "format": "csv",
            "lessons": [],
        })
    assert response.status_code == 302
    job = ExportJob.objects.get()
    assert job.status == ExportJob.Status.READY and job.rows == (2 + 3) * 5
    assert set(job.lessons.all()) == {first, second} and other_teachers not in job.lessons.all()
    assert tasks.export_progress(job.pk) == 100
    page = client.get("/debrief/exports/").content.decode()
    assert f"/debrief/exports/{job.pk}/" in page
    download = client.get(f"/debrief/exports/{job.pk}/")
    body = b"".join(download.streaming_content).decode("utf-8")
    rows = list(csv.DictReader(io.StringIO(body[1:])))
    assert len(rows) == 25 and {int(r["lesson_id"]) for r in rows} == {first.pk, second.pk}
    assert list(rows[0]) == exports.column_ids([first, second])
    assert teacher_client(make_teacher()).get(f"/debrief/exports/{job.pk}/").status_code == 404
    cache.clear()


def test_large_export_refuses_another_teachers_lesson():
    """A forged lesson id in the form is an invalid choice; no job is made."""
    teacher = make_teacher()
    foreign = make_lesson()
    response = teacher_client(teacher).post("/debrief/exports/", {
        "lessons": [foreign.pk], "format": "xlsx"})
    assert response.status_code == 200 and not ExportJob.objects.exists()
    assert "Select a valid choice" in response.content.decode()
