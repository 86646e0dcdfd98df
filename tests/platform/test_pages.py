"""Every page a teacher or a student opens renders whole: found, with one main heading, and
no template comment shown as text (Django's `{# … #}` does not span lines)."""

import pytest
from django.test import Client

from classroom import debriefing
from classroom import services as classroom
from tests.classroom.factories import join, join_many, make_lesson, make_teacher
from tests.games.factories import seat_tokens
from tests.sockets import student_cookie

pytestmark = pytest.mark.django_db


@pytest.fixture
def lessons():
    """A teacher with a playing lesson and one in its debrief, and a tablet of each."""
    teacher = make_teacher()
    playing = make_lesson(owner=teacher)
    join_many(playing, 3)
    classroom.lesson_seat_everyone(playing)
    classroom.lesson_start_tables(playing)
    in_debrief = make_lesson(owner=teacher, title="Physics 8A")
    join_many(in_debrief, 2)
    classroom.lesson_seat_everyone(in_debrief)
    classroom.lesson_start_tables(in_debrief)
    debriefing.lesson_debrief_open(in_debrief)
    waiting = make_lesson(owner=teacher, title="Biology 9C")
    _student, lobby_token = join(waiting)
    return teacher, playing, in_debrief, lobby_token


def teacher_pages(playing, in_debrief):
    return ["/", "/teacher/", "/lessons/", "/lessons/new/", f"/lessons/{playing.pk}/",
            f"/lessons/{playing.pk}/projector/", f"/lessons/{playing.pk}/tables/1/",
            f"/lessons/{in_debrief.pk}/debrief/", f"/lessons/{in_debrief.pk}/debrief/discussion/",
            f"/lessons/{playing.pk}/debrief/questions/", "/debrief/question-sets/",
            "/debrief/exports/", f"/lessons/{playing.pk}/delete/"]


def rendered(client, path):
    response = client.get(path, follow=True)
    assert response.status_code == 200, path
    return response.content.decode()


def test_every_teacher_and_student_page_has_a_heading_and_no_template_comment(lessons):
    teacher, playing, in_debrief, lobby_token = lessons
    teacher_client = Client()
    teacher_client.force_login(teacher)
    pages = {path: rendered(teacher_client, path) for path in teacher_pages(playing, in_debrief)}
    anonymous = Client()
    pages.update({path: rendered(anonymous, path) for path in ("/join/", "/accounts/login/")})
    for path, token in (("/play/", seat_tokens(playing.tables.first().game)[1][0]),
                        ("/debrief/", seat_tokens(in_debrief.tables.first().game)[1][0]),
                        ("/lobby/", lobby_token)):
        tablet = Client()
        tablet.cookies.load(student_cookie(token))
        pages[path] = rendered(tablet, path)
    assert {path for path, html in pages.items() if "{#" in html} == set()
    assert {path for path, html in pages.items() if html.count("<h1") != 1} == set()


def test_teacher_slash_leads_a_signed_in_teacher_to_the_lesson_list(lessons):
    teacher, *_rest = lessons
    client = Client()
    client.force_login(teacher)
    response = client.get("/teacher/")
    assert response.status_code == 302 and response.url == "/lessons/"
