"""Seams of the platform any game may use (shown with the stub game): a seat's private notes
beside its game, a half-made inputs form checked by the game before it is sent, the teacher's
logged look at one seat, and play adjourned to the next lesson."""

import logging
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.utils import timezone

from classroom import cockpit
from classroom import services as classroom
from classroom.models import Lesson
from classroom.timeline import lesson_timeline
from config.routing import websocket_urlpatterns
from games.models import Game, SeatNotes
from games.notes import NoteRefused, seat_note_write, seat_notes
from tests.games.factories import seat_tokens
from tests.platform.test_stub_game import stub_lesson
from tests.sockets import open_socket, session_cookie, student_cookie, until

pytestmark = pytest.mark.django_db(transaction=True)
application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


def _game(game):
    game.refresh_from_db()
    return game.version, game.revision


# Notes ----------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_note_reaches_only_its_seats_tablets_and_changes_no_version(stub_game):
    """Two tablets of seat 1 and one of seat 2: a note from seat 1 shows on both of its tablets,
    seat 2's tablet hears nothing at all, and the game's version and revision stay."""
    _lesson, game = await sync_to_async(stub_lesson)(seats=2)
    tokens = await sync_to_async(seat_tokens)(game)
    mine = [await open_socket(application, "/ws/play/", student_cookie(tokens[1][0]))
            for _ in range(2)]
    other = await open_socket(application, "/ws/play/", student_cookie(tokens[2][0]))
    for socket in (*mine, other):
        await socket.receive_json_from(timeout=3)
    before = await sync_to_async(_game)(game)
    await mine[0].send_json_to({"type": "note", "text": "maybe 2", "id": "n1"})
    await until(mine[0], lambda m: m["type"] == "ack")
    shown = await until(mine[1], lambda m: "stub-notes" in m.get("parts", {}))
    assert shown["parts"]["stub-notes"] == "maybe 2"
    assert await other.receive_nothing(timeout=0.5)
    assert await sync_to_async(_game)(game) == before
    assert await sync_to_async(seat_notes)(game.pk, 1) == {"lines": ["maybe 2"]}
    assert await sync_to_async(seat_notes)(game.pk, 2) == {}
    for socket in (*mine, other):
        await socket.disconnect()


def test_a_note_the_game_does_not_know_is_refused_and_nothing_is_kept(stub_game):
    _lesson, game = stub_lesson(seats=2)
    with pytest.raises(NoteRefused) as refused:
        seat_note_write(game.pk, 1, {"text": ""})
    assert refused.value.code == "bad_note"
    with pytest.raises(NoteRefused):
        seat_note_write(game.pk, 9, {"text": "x"})
    assert not SeatNotes.objects.filter(game=game, data__lines__isnull=False).exists()


# Inputs checked before they are sent -----------------------------------------------------------


@pytest.mark.asyncio
async def test_a_half_filled_form_shows_the_games_problems_and_confirm_waits(stub_game):
    """+ on the number redraws the form with the value and what the game says is wrong."""
    _lesson, game = await sync_to_async(stub_lesson)(seats=2)
    tokens = await sync_to_async(seat_tokens)(game)
    socket = await open_socket(application, "/ws/play/", student_cookie(tokens[1][0]))
    first = await socket.receive_json_from(timeout=3)
    assert "One more" in first["parts"]["play-actions"]
    await socket.send_json_to({"type": "inputs", "kind": "pick", "picks": [],
                               "values": {"number": 3}})
    shown = await until(socket, lambda m: "play-actions" in m.get("parts", {}))
    form = shown["parts"]["play-actions"]
    assert "Three is too many." in form and 'value="3"' in form and "disabled>Confirm" in form
    await socket.send_json_to({"type": "inputs", "kind": "pick", "picks": [],
                               "values": {"number": 2}})
    form = (await until(socket, lambda m: "play-actions" in m.get("parts", {})))["parts"][
        "play-actions"]
    assert "Three is too many." not in form and 'value="2"' in form
    await socket.disconnect()


# The teacher's look at one seat ------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_teacher_looks_at_one_seat_only_on_request_and_the_look_is_logged(
        stub_game, caplog):
    lesson, game = await sync_to_async(stub_lesson)(seats=2)
    await sync_to_async(seat_note_write)(game.pk, 2, {"text": "secret idea"})
    cookie = await sync_to_async(session_cookie)(await sync_to_async(lambda: lesson.owner)())
    number = await sync_to_async(lambda: game.table.number)()
    watch = await open_socket(application, f"/ws/lessons/{lesson.pk}/tables/{number}/",
                              cookie + "; language=en")
    first = await watch.receive_json_from(timeout=3)
    assert "Look at seat 2" in first["parts"]["play-look"]
    assert "secret idea" not in str(first)
    with caplog.at_level(logging.INFO, logger="games.consumers"):
        await watch.send_json_to({"type": "look", "seat": 2, "id": "l2"})
        shown = await until(watch, lambda m: "stub-notes" in m.get("parts", {}))
    assert shown["parts"]["stub-notes"] == "secret idea"
    assert "You are looking at seat 2" in shown["parts"]["play-look"]
    assert any("looks at game" in r.message and "seat 2" in r.message for r in caplog.records)
    await watch.send_json_to({"type": "look", "seat": None, "id": "l0"})
    cleared = await until(watch, lambda m: "stub-notes" in m.get("parts", {}))
    assert cleared["parts"]["stub-notes"] == ""
    await watch.send_json_to({"type": "look", "seat": 7, "id": "l7"})
    assert (await until(watch, lambda m: m["type"] == "error"))["code"] == "not_a_seat"
    await watch.disconnect()


# Two lessons ------------------------------------------------------------------------------------


def test_continue_next_lesson_keeps_the_games_and_the_play_clock_waits(stub_game):
    """Adjourned: the tablets are paused with a message, nothing runs on the clock; resumed a
    week later with the same tables, seats, code and games, the play time left is what it was;
    the retention clock did not move."""
    lesson, game = stub_lesson(seats=2)
    code, delete_after = lesson.join_code, lesson.delete_after
    lesson = cockpit.lesson_adjourn(lesson)
    assert lesson.is_paused and lesson.is_adjourned and lesson.pause_message
    left = lesson.play_ends_at - lesson.adjourned_at
    next_week = timezone.now() + timedelta(days=7)
    assert cockpit.lesson_follow_clock(lesson, next_week) is None
    assert lesson_timeline(lesson, next_week).play_left == left
    Lesson.objects.filter(pk=lesson.pk).update(
        paused_at=lesson.paused_at - timedelta(days=7),
        adjourned_at=lesson.adjourned_at - timedelta(days=7),
        play_ends_at=lesson.play_ends_at - timedelta(days=7))
    lesson = cockpit.lesson_resume(Lesson.objects.get(pk=lesson.pk))
    assert not lesson.is_paused and not lesson.is_adjourned
    assert abs((lesson.play_ends_at - timezone.now()) - left) < timedelta(seconds=30)
    assert lesson.status == Lesson.Status.PLAYING and lesson.join_code == code
    assert lesson.delete_after == delete_after
    game.refresh_from_db()
    assert game.finished_at is None and Game.objects.filter(table__lesson=lesson).count() == 1
    student = lesson.students.first()
    reseated, _token = classroom.student_reseat(classroom.student_reseat_code(lesson, student.pk))
    assert reseated.seat_id == student.seat_id
