"""The projector over real sockets during play: every table, seat numbers and scores, no names;
a move redraws it from the tables alone, and a move that changes nothing it shows sends nothing."""

import asyncio
import time
from collections import Counter

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from classroom import dashboard
from classroom import services as classroom
from classroom.cockpit import lesson_pause
from classroom.models import Lesson, Student
from classroom.timeline import CLOCK_STEP_SECONDS
from config.routing import websocket_urlpatterns
from games.models import Game
from tests import sockets
from tests.classroom.factories import join_many
from tests.cockpit.factories import make_playing
from tests.games.factories import play_move
from tests.sockets import session_cookie, until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


async def projector(lesson, cookie):
    """The projector's socket, synced: returns (socket, the board it drew)."""
    socket = await sockets.open_socket(
        application, f"/ws/lessons/{lesson.pk}/projector/?shown=playing", cookie)
    await socket.send_json_to({"type": "sync"})
    return socket, (await until(socket, has_board))["parts"]["projector-board"]


def has_board(message):
    return message.get("type") == "parts" and "projector-board" in message["parts"]


@database_sync_to_async
def playing(tables):
    lesson, games = make_playing(tables=tables)
    return lesson, games, session_cookie(lesson.owner) + "; language=en"


def tables_shown(lesson):
    revisions = dict(Game.objects.filter(table__lesson=lesson).values_list("pk", "revision"))
    return dashboard.projector_board(lesson, revisions=revisions)["tables"]


@database_sync_to_async
def play_changing_the_board(lesson, game, limit=60):
    """Play the game's moves until one changes what the projector shows of the tables."""
    before = tables_shown(lesson)
    for _ in range(limit):
        play_move(game)
        if tables_shown(lesson) != before:
            return
    raise AssertionError("no move changed the board")


@database_sync_to_async
def play_not_changing_the_board(lesson, game, limit=60):
    """Play the game's moves until one leaves what the projector shows of the tables as it was."""
    for _ in range(limit):
        before = tables_shown(lesson)
        play_move(game)
        if tables_shown(lesson) == before:
            return
    raise AssertionError("every move changed the board")


async def test_the_projector_during_play_shows_tables_and_no_names():
    """The projector's board has every table, seat numbers and VP, and no pseudonym."""
    lesson, games, cookie = await playing(tables=2)
    socket, board = await projector(lesson, cookie)
    names = await database_sync_to_async(lambda: list(
        Student.objects.filter(lesson=lesson).values_list("pseudonym", flat=True)))()
    assert board.count('class="pb-table"') == 2
    assert not [name for name in names if name in board]
    await play_changing_the_board(lesson, games[0])
    await socket.send_json_to({"type": "tick"})  # drawn at most once a second: the tick brings it
    assert (await until(socket, has_board))["parts"]["projector-board"] != board
    await socket.disconnect()


async def test_the_projector_draws_a_move_without_reading_the_lesson_again(monkeypatch):
    """The lesson's every change comes as `lesson.updated`, which reads it again; a move at a
    table (the projector's most frequent drawing) reads only the tables."""
    reads = Counter()
    refresh_from_db = Lesson.refresh_from_db

    def counted(self, *args, **kwargs):
        reads["lesson"] += 1
        return refresh_from_db(self, *args, **kwargs)

    monkeypatch.setattr(Lesson, "refresh_from_db", counted)
    lesson, games, cookie = await playing(tables=2)
    socket, _board = await projector(lesson, cookie)
    synced = reads["lesson"]
    await play_changing_the_board(lesson, games[0])
    await socket.send_json_to({"type": "tick"})  # the move waits for it: nothing else is due
    await until(socket, has_board)
    assert reads["lesson"] == synced
    await database_sync_to_async(lesson_pause)(lesson)
    await until(socket, lambda m: m.get("type") == "parts")
    assert reads["lesson"] == synced + 1
    await socket.disconnect()


async def test_a_move_that_changes_nothing_the_projector_shows_sends_it_nothing():
    """Most moves change no table's scores, round or stage: with its clock drawn to the step
    (the page counts down by itself), the board after such a move is the one the projector
    shows, and nothing is sent; the next move that changes it is sent."""
    lesson, games, cookie = await playing(tables=2)
    if time.time() % CLOCK_STEP_SECONDS > CLOCK_STEP_SECONDS - 3:  # the clock steps meanwhile
        await asyncio.sleep(3)
    socket, board = await projector(lesson, cookie)
    await play_not_changing_the_board(lesson, games[1])
    await socket.send_json_to({"type": "tick"})
    assert await socket.receive_nothing(timeout=1)
    await play_changing_the_board(lesson, games[1])
    await socket.send_json_to({"type": "tick"})
    assert (await until(socket, has_board))["parts"]["projector-board"] != board
    await socket.disconnect()


async def test_a_move_is_drawn_from_the_tables_messages_without_reading_the_games(monkeypatch):
    """Each table's message names its game's revision: the board after a move reads no game
    row, only the snapshot every table's page shares."""
    reads = Counter()
    game_revisions = dashboard.game_revisions

    def counted(lesson):
        reads["games"] += 1
        return game_revisions(lesson)

    monkeypatch.setattr(dashboard, "game_revisions", counted)
    lesson, games, cookie = await playing(tables=2)
    socket, board = await projector(lesson, cookie)
    assert reads["games"] == 1
    await play_changing_the_board(lesson, games[1])
    await socket.send_json_to({"type": "tick"})
    assert (await until(socket, has_board))["parts"]["projector-board"] != board
    assert reads["games"] == 1
    await socket.disconnect()


async def test_a_table_started_during_play_comes_on_the_board():
    lesson, _games, cookie = await playing(tables=1)
    socket, board = await projector(lesson, cookie)
    assert board.count('class="pb-table"') == 1

    @database_sync_to_async
    def start_a_late_table():
        join_many(lesson, 3)
        classroom.lesson_seat_everyone(lesson)
        classroom.lesson_start_tables(lesson)

    await start_a_late_table()
    message = await until(socket, lambda m: has_board(m) and m["parts"]["projector-board"].count(
        'class="pb-table"') == 2)
    assert "Table 2" in message["parts"]["projector-board"]
    await socket.disconnect()
