"""Scientia through the platform's sockets over a whole game (SC-58: nothing is hidden, but
nothing server-only leaks either): every tablet and the teacher's table view receive no seed
and no raw state; the table's shared parts are the same for every seat and the teacher; a
seat that taps out of turn is refused with the same words whoever it is."""

import json
import random
import uuid

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from classroom.play_socket import PlayConsumer
from config.routing import websocket_urlpatterns
from games.engines.base import ENGINES
from games.selectors import game_state
from tests import sockets
from tests.games.factories import seat_tokens
from tests.scientia.helpers import scientia_game
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.slow]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
ENGINE = ENGINES["scientia"]
RAW = ('"seed"', "chance_n", "drafters", "turn_index", "server_only", "private_to")
SHARED = ("sc-projects", "sc-supplies", "play-seats", "play-end")


@database_sync_to_async
def new_table():
    game = scientia_game(seats=2)
    return (game, seat_tokens(game), session_cookie(game.table.lesson.owner),
            game.table.lesson_id, game.table.number)


@database_sync_to_async
def current(game):
    game.refresh_from_db()
    return ENGINE.state_from_json(game_state(game)), game.version


async def until(socket, predicate, timeout=5):
    seen = []
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        seen.append(message)
        if predicate(message):
            return seen


def _shows(message, version):
    return message.get("type") == "parts" and message.get("version") == version


async def act(socket, action, version):
    tap = str(uuid.uuid4())
    await socket.send_json_to({"type": "act", "action": action, "version": version, "id": tap})
    return await until(socket, lambda m: m.get("ref") == tap)


async def test_a_whole_game_sends_no_seed_or_raw_state_and_the_same_table_to_all(monkeypatch):
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    game, tokens, cookie, lesson_id, number = await new_table()
    table = {seat: await sockets.open_socket(application, "/ws/play/", student_cookie(t[0]))
             for seat, t in tokens.items()}
    table["teacher"] = await sockets.open_socket(
        application, f"/ws/lessons/{lesson_id}/tables/{number}/", cookie + "; language=en")
    for socket in table.values():
        await socket.send_json_to({"type": "sync", "version": None})
    received = {who: [] for who in table}
    shared = {who: {} for who in table}
    rng = random.Random(2)

    def record(who, messages):
        received[who] += messages
        for m in messages:
            if m["type"] == "parts":
                shared[who].update({k: v for k, v in m["parts"].items() if k in SHARED})

    refusals = set()
    for _step in range(400):
        state, version = await current(game)
        seats = ENGINE.current_seats(state)
        if not seats:
            break
        seat, other = seats[0], 3 - seats[0]
        refused = await act(table[other], {"type": "take", "seat": other, "stack": 1}, version)
        refusals.add(json.dumps([m.get("message") for m in refused if m["type"] == "error"]))
        record(other, refused)
        answer = await act(table[seat], ENGINE.bots["greedy"](state, seat, rng), version)
        _state, new_version = await current(game)
        for who, socket in table.items():
            messages = answer if who == seat else []
            if not any(_shows(m, new_version) for m in messages):
                messages += await until(socket, lambda m, v=new_version: _shows(m, v))
            record(who, messages)
        views = {json.dumps(shared[w], sort_keys=True) for w in shared}
        assert len(views) == 1, "the table's shared parts differ between viewers"
    state, _version = await current(game)
    assert state["stage"] == "over"
    for who, messages in received.items():
        text = json.dumps(messages, ensure_ascii=False)
        assert not any(word in text for word in RAW), who
    assert len(refusals) == 1 and "not your turn" in refusals.pop()
    for socket in table.values():
        await socket.disconnect()
