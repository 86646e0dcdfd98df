"""A language per tablet (issue 24): the lesson's language is the default, a student switches
their own tablet from the join, name and play pages without leaving the seat, and every render
for that seat (page, socket, debrief) uses it while the teacher's pages keep theirs."""

import re

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.test import Client

from classroom import auth, cockpit
from classroom import services as classroom
from classroom.models import Student
from config.routing import websocket_urlpatterns
from tests import sockets
from tests.classroom.factories import join, make_lesson
from tests.cockpit.factories import make_playing, student_of
from tests.sockets import session_cookie, student_cookie

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
HTML_LANG = re.compile(r'<html lang="([a-z]+)"')
MENU = {"fi": "Valikko", "sv": "Meny", "en": "Menu"}  # the play page's menu, in each language
PAUSED = {"fi": "Tauko", "sv": "Paus", "en": "Paused"}  # the pause overlay, a seat's own part


def tablet(token):
    client = Client()
    client.cookies[auth.COOKIE_NAME] = auth._signer().sign(token)
    return client


def page_language(response):
    return HTML_LANG.search(response.content.decode()).group(1)


# Switching ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_tablet_shows_the_lessons_language_until_its_student_chooses_another():
    """No choice: the lesson's language; a choice is the student's own, blank gives it back."""
    lesson = make_lesson(language="sv")
    student, _token = join(lesson)
    assert student.language == "" and student.tablet_language == "sv"
    classroom.student_set_language(student, "en")
    student.refresh_from_db()
    assert student.tablet_language == "en"
    classroom.student_set_language(student, "")
    student.refresh_from_db()
    assert student.tablet_language == "sv"


@pytest.mark.django_db
def test_a_language_that_is_not_offered_is_refused_and_changes_nothing():
    """Only fi, sv and en (or blank) are kept."""
    student, _token = join(make_lesson(language="fi"))
    with pytest.raises(classroom.ClassroomError):
        classroom.student_set_language(student, "de")
    student.refresh_from_db()
    assert student.language == ""


@pytest.mark.django_db
def test_the_name_step_switches_language_and_the_student_joins_in_it():
    """On the name step of an sv lesson, "suomi" shows the page in Finnish with the typed name
    kept, and joining keeps that language for the new student."""
    lesson = make_lesson(language="sv")
    client = Client()
    first = client.get("/join/", {"code": lesson.join_code})
    assert page_language(first) == "sv"
    switched = client.post("/join/", {"code": lesson.join_code, "pseudonym": "Kvarkki",
                                      "switch_language": "fi"})
    assert page_language(switched) == "fi"
    assert 'value="Kvarkki"' in switched.content.decode()
    assert 'name="language" value="fi"' in switched.content.decode()
    joined = client.post("/join/", {"code": lesson.join_code, "pseudonym": "Kvarkki",
                                    "language": "fi", "join": "1"})
    assert joined.status_code == 302
    student = Student.objects.get(lesson=lesson, pseudonym="Kvarkki")
    assert student.language == "fi"
    assert page_language(client.get("/lobby/")) == "fi"


@pytest.mark.django_db
def test_switching_on_the_join_page_keeps_the_seat():
    """A seated student back on the join page switches to English: the same student, the same
    seat and token, and the join page comes back in English."""
    lesson, games = make_playing(seats=3, language="sv")
    student = student_of(games[0], 1)
    seat_id, token = student.seat_id, _fresh_token(student)
    client = tablet(token)
    assert 'action="/tablet/language/"' in client.get("/join/").content.decode()
    response = client.post("/tablet/language/", {"language": "en", "next": "/join/"})
    assert response.status_code == 302 and response["Location"] == "/join/"
    assert page_language(client.get("/join/")) == "en"
    student.refresh_from_db()
    assert (student.language, student.seat_id, student.removed_at) == ("en", seat_id, None)
    assert auth.student_for_token(token) == student


@pytest.mark.django_db
def test_switching_in_the_play_menu_keeps_the_seat():
    """The play page's menu switches the tablet: back to /play/ at the same seat, in the new
    language; another seat of the table stays in the lesson's."""
    lesson, games = make_playing(seats=3, language="sv")
    student, other = student_of(games[0], 1), student_of(games[0], 2)
    seat_id, token = student.seat_id, _fresh_token(student)
    client = tablet(token)
    before = client.get("/play/")
    assert page_language(before) == "sv" and MENU["sv"] in before.content.decode()
    assert 'class="tablet-menu"' in before.content.decode()
    response = client.post("/tablet/language/", {"language": "fi"})
    assert response.status_code == 302 and response["Location"] == "/play/"
    after = client.get("/play/")
    assert page_language(after) == "fi" and MENU["fi"] in after.content.decode()
    student.refresh_from_db()
    assert student.seat_id == seat_id and student.removed_at is None
    assert page_language(tablet(_fresh_token(other)).get("/play/")) == "sv"


@pytest.mark.django_db
def test_the_switch_needs_a_tablet_in_the_lesson():
    """Without a student's cookie the switch changes nothing and sends the tablet to join."""
    response = Client().post("/tablet/language/", {"language": "fi"})
    assert response.status_code == 302 and response["Location"] == "/join/"


def _fresh_token(student):
    token = auth.new_token()
    student.token_hash = auth.hash_secret(token)
    student.save(update_fields=["token_hash"])
    return token


# Live HTML -----------------------------------------------------------------------------------


@database_sync_to_async
def paused_lesson_with_tablets():
    """An sv lesson, paused, whose seat 1 reads English and seat 2 Finnish (seat 3: the
    lesson's)."""
    lesson, games = make_playing(seats=3, language="sv")
    tokens = {}
    for seat, language in ((1, "en"), (2, "fi"), (3, "")):
        student = student_of(games[0], seat)
        classroom.student_set_language(student, language)
        tokens[seat] = _fresh_token(student)
    cockpit.lesson_pause(lesson)
    return lesson, tokens


async def part(socket, name):
    """The first `name` part the socket sends (the view on connect carries every part)."""
    for _ in range(10):
        message = await socket.receive_json_from(timeout=5)
        if name in (message.get("parts") or {}):
            return message["parts"][name]
    raise AssertionError(f"no {name} part")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_each_seat_gets_its_live_html_in_its_students_language_the_teacher_keeps_theirs():
    """Over real sockets: the pause overlay reaches seat 1 in English, seat 2 in Finnish and
    seat 3 in the lesson's Swedish, while the teacher's cockpit and projector stay in Swedish."""
    lesson, tokens = await paused_lesson_with_tablets()
    seen = {}
    for seat, language in ((1, "en"), (2, "fi"), (3, "sv")):
        socket = await sockets.open_socket(application, "/ws/play/", student_cookie(tokens[seat]))
        seen[language] = await part(socket, "play-overlay")
        await socket.disconnect()
    for language, overlay in seen.items():
        assert PAUSED[language] in overlay, (language, overlay)
    assert "Tauko" not in seen["sv"] and "Paus<" not in seen["fi"]
    teacher = await database_sync_to_async(lambda: lesson.owner)()
    cookie = f"{await database_sync_to_async(session_cookie)(teacher)}; language=sv"
    socket = await sockets.open_socket(application, f"/ws/lessons/{lesson.pk}/?shown=playing",
                                       cookie)
    await socket.send_json_to({"type": "sync"})
    assert "Speltid kvar" in await part(socket, "cockpit-bar")
    await socket.disconnect()
    projector = await sockets.open_socket(application, f"/ws/lessons/{lesson.pk}/projector/",
                                          cookie)
    await projector.send_json_to({"type": "sync"})
    assert "Speltid kvar" in await part(projector, "projector-board")
    await projector.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_switch_sends_the_students_open_play_page_to_load_again():
    """The student's other open play page hears of the switch and loads again (same seat)."""
    lesson, tokens = await paused_lesson_with_tablets()
    socket = await sockets.open_socket(application, "/ws/play/", student_cookie(tokens[3]))
    await part(socket, "play-overlay")

    @database_sync_to_async
    def switch():
        classroom.student_set_language(auth.student_for_token(tokens[3]), "en")

    await switch()
    for _ in range(5):
        message = await socket.receive_json_from(timeout=5)
        if message.get("type") == "redirect":
            break
    assert message == {"type": "redirect", "url": "/play/"}
    await socket.disconnect()
