"""The classroom's live sockets with Channels' WebsocketCommunicator: who may connect, and what
each socket hears when students join, are seated, removed or moved to another tablet."""

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from classroom import auth, services
from classroom.routing import websocket_urlpatterns
from tests import sockets
from tests.classroom.factories import join, make_lesson, make_teacher
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


async def open_socket(path, cookie=""):
    return await sockets.open_socket(application, path, cookie)


async def synced(communicator):
    await communicator.send_json_to({"type": "sync"})
    return await communicator.receive_json_from(timeout=5)


async def expect_close(communicator, code):
    message = await communicator.receive_output(timeout=5)
    assert message == {"type": "websocket.close", "code": code}


@database_sync_to_async
def lesson_with_teacher(**fields):
    teacher = make_teacher()
    return make_lesson(owner=teacher, **fields), session_cookie(teacher)


@database_sync_to_async
def another_teacher_cookie():
    return session_cookie(make_teacher())


join_async = database_sync_to_async(join)


async def test_teacher_b_socket_for_teacher_a_lesson_is_closed_as_not_found():
    """Another teacher's seating and projector sockets close with 4004 and say nothing."""
    lesson, _ = await lesson_with_teacher()
    intruder = await another_teacher_cookie()
    for path in (f"/ws/lessons/{lesson.pk}/", f"/ws/lessons/{lesson.pk}/projector/"):
        socket = await open_socket(path, intruder)
        await expect_close(socket, 4004)
        await socket.disconnect()


async def test_anonymous_socket_for_a_lesson_is_closed_as_not_found():
    """Without a signed-in teacher, the lesson socket closes with 4004."""
    lesson, _ = await lesson_with_teacher()
    socket = await open_socket(f"/ws/lessons/{lesson.pk}/")
    await expect_close(socket, 4004)
    await socket.disconnect()


async def test_join_appears_live_on_the_seating_page_and_the_projector():
    """A student joining updates the teacher's lobby list and the projector without a reload."""
    lesson, cookie = await lesson_with_teacher()
    seating = await open_socket(f"/ws/lessons/{lesson.pk}/", cookie + "; language=en")
    projector = await open_socket(f"/ws/lessons/{lesson.pk}/projector/", cookie)
    assert "Nobody is waiting" in (await synced(seating))["parts"]["seating"]
    await synced(projector)
    await join_async(lesson, "Lively Astronomer")
    seen = await seating.receive_json_from(timeout=5)
    shown = await projector.receive_json_from(timeout=5)
    assert "Lively Astronomer" in seen["parts"]["seating"] and seen["version"] == 1
    assert "Lively Astronomer" in shown["parts"]["projector-students"]
    await seating.disconnect()
    await projector.disconnect()


async def test_projector_shows_pseudonyms_and_nothing_that_identifies_a_student():
    """The projector's live part names students by pseudonym only: no ids, tokens or seats."""
    lesson, cookie = await lesson_with_teacher()
    student, token = await join_async(lesson, "Quiet Physicist")
    projector = await open_socket(f"/ws/lessons/{lesson.pk}/projector/", cookie)
    html = (await synced(projector))["parts"]["projector-students"]
    assert "Quiet Physicist" in html
    assert token not in html and student.token_hash not in html
    assert f'"student":{student.pk}' not in html and "data-send" not in html
    await projector.disconnect()


async def test_teacher_taps_seat_everyone_and_the_lobby_shows_the_seat():
    """Seat everyone over the socket seats the student; their lobby socket shows table 1."""
    lesson, cookie = await lesson_with_teacher(language="fi")
    student, token = await join_async(lesson, "Rohkea Kemisti")
    lobby = await open_socket("/ws/lobby/", student_cookie(token))
    assert "seat-card" not in (await synced(lobby))["parts"]["lobby-status"]
    seating = await open_socket(f"/ws/lessons/{lesson.pk}/", cookie)
    await synced(seating)
    await seating.send_json_to({"type": "seat_everyone", "id": "a1"})
    assert "Pöytä 1" in (await seating.receive_json_from(timeout=5))["parts"]["seating"]
    html = (await lobby.receive_json_from(timeout=5))["parts"]["lobby-status"]
    assert "Pöytä" in html and 'class="seat-place-number">1<' in html
    await seating.disconnect()
    await lobby.disconnect()


async def test_tap_a_student_then_a_seat_moves_them():
    """Select shows the seat targets; move puts the student in that seat."""
    lesson, cookie = await lesson_with_teacher()
    first, _ = await join_async(lesson, "First")
    await join_async(lesson, "Second")
    await join_async(lesson, "Third")
    await database_sync_to_async(services.lesson_seat_everyone)(lesson)
    seating = await open_socket(f"/ws/lessons/{lesson.pk}/", cookie + "; language=en")
    await synced(seating)
    await seating.send_json_to({"type": "select", "student": first.pk})
    selected = (await seating.receive_json_from(timeout=5))["parts"]["seating"]
    assert 'aria-pressed="true"' in selected and '"type":"move"' in selected
    await seating.send_json_to({"type": "new_table", "student": first.pk, "id": "m1"})
    moved = (await seating.receive_json_from(timeout=5))["parts"]["seating"]
    assert "Table 2" in moved and 'aria-pressed="true"' not in moved
    await seating.disconnect()


async def test_refused_tap_gets_an_error_in_the_teachers_language():
    """Moving a student who was removed meanwhile is refused with a clear message."""
    lesson, cookie = await lesson_with_teacher()
    student, _ = await join_async(lesson, "Gone Soon")
    await database_sync_to_async(services.student_remove)(lesson, student.pk)
    seating = await open_socket(f"/ws/lessons/{lesson.pk}/", cookie + "; language=fi")
    await synced(seating)
    await seating.send_json_to({"type": "new_table", "student": student.pk, "id": "x1"})
    error = await seating.receive_json_from(timeout=5)
    assert error == {"type": "error", "code": "no_student", "ref": "x1",
                     "message": "Oppilas ei ole enää tunnilla."}
    await seating.disconnect()


async def test_starting_the_tables_sends_seated_students_to_the_play_page():
    """When their table's game starts, the lobby socket redirects to /play/."""
    lesson, cookie = await lesson_with_teacher()
    student, token = await join_async(lesson, "Nimble Inventor")
    await database_sync_to_async(services.lesson_seat_everyone)(lesson)
    lobby = await open_socket("/ws/lobby/", student_cookie(token))
    await synced(lobby)
    await database_sync_to_async(services.lesson_start_tables)(lesson)
    assert await lobby.receive_json_from(timeout=5) == {"type": "redirect", "url": "/play/"}
    await lobby.disconnect()


async def test_teacher_removes_a_student_and_their_tablet_is_closed_as_not_allowed():
    """Remove on the seating page closes the student's lobby socket with 4003."""
    lesson, cookie = await lesson_with_teacher()
    student, token = await join_async(lesson, "Plucky Zoologist")
    lobby = await open_socket("/ws/lobby/", student_cookie(token))
    await synced(lobby)
    seating = await open_socket(f"/ws/lessons/{lesson.pk}/", cookie)
    await synced(seating)
    await seating.send_json_to({"type": "remove", "student": student.pk, "id": "r1"})
    after = await seating.receive_json_from(timeout=5)
    assert "Plucky Zoologist" not in after["parts"]["seating"]
    await expect_close(lobby, 4003)
    await lobby.disconnect()
    await seating.disconnect()


async def test_reseat_closes_the_old_tablet_and_the_new_one_continues():
    """After the move the old socket closes with 4003; the new tablet's socket shows the seat."""
    lesson, _ = await lesson_with_teacher()
    student, old_token = await join_async(lesson, "Steady Engineer")
    old = await open_socket("/ws/lobby/", student_cookie(old_token))
    await synced(old)
    code = await database_sync_to_async(services.student_reseat_code)(lesson, student.pk)
    _, new_token = await database_sync_to_async(services.student_reseat)(code)
    await expect_close(old, 4003)
    new = await open_socket("/ws/lobby/", student_cookie(new_token))
    assert "Steady Engineer" in (await synced(new))["parts"]["lobby-status"]
    await old.disconnect()
    await new.disconnect()


async def test_lobby_socket_without_a_student_cookie_is_closed_as_not_allowed():
    """No cookie, or a forged one: 4003."""
    for cookie in ("", f"{auth.COOKIE_NAME}=made-up:signature"):
        socket = await open_socket("/ws/lobby/", cookie)
        await expect_close(socket, 4003)
        await socket.disconnect()


async def test_ending_the_lesson_says_goodbye_and_closes_the_lobby():
    """The student sees that the lesson ended, then the socket closes with 4004."""
    lesson, _ = await lesson_with_teacher()
    _, token = await join_async(lesson, "Merry Botanist")
    lobby = await open_socket("/ws/lobby/", student_cookie(token))
    await synced(lobby)
    await database_sync_to_async(services.lesson_end)(lesson)
    goodbye = await lobby.receive_json_from(timeout=5)
    assert "The lesson has ended" in goodbye["parts"]["lobby-status"]
    await expect_close(lobby, 4004)
    await lobby.disconnect()
