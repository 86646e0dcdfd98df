"""Hidden hexes are server-only on the platform too (FG-02, G-25): two lessons of the full game
with the same seed, names and moves but two different placements of the hidden markers give every
seat's tablet and the teacher's table view byte-identical messages through their live sockets,
the same refusals, and the same pages, until a success reveals a hex; over whole seeded games.

(The engine's own test, tests/research_programme/engine/test_fg_secrecy.py, compares views and
events; this one compares what the sockets and pages actually send.)"""

import json
import random
import re
from unittest import mock

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.test import Client

from classroom import services as classroom
from classroom.play_socket import PlayConsumer
from config.routing import websocket_urlpatterns
from games import render_cache
from games.engines.base import resolve_chance
from games.models import Game
from tests import sockets
from tests.classroom.factories import join, make_lesson
from tests.games.factories import engine_state, seat_tokens
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.slow]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
NAMES = ("Aino", "Bertta", "Cecilia", "Daniel")
BOTS = ("greedy", "random")
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?")
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=|nonce=)"[^"]*"')


def placing(pick):
    """resolve_chance, except that the markers of every region take outcome `pick`."""
    def resolve(engine, state, seed=None):
        step = state.get("step") or {}
        if step.get("chance") == "markers":
            return {"type": "chance", "outcome": engine.chance_outcomes(state)[pick]}
        return resolve_chance(engine, state, seed)
    return resolve


@database_sync_to_async
def full_lesson(seed, seats, pick):
    with mock.patch("games.services.secrets.randbits", return_value=seed), \
            mock.patch("games.services.resolve_chance", side_effect=placing(pick)):
        lesson = make_lesson(variant="full")
        for name in NAMES[:seats]:
            join(lesson, name)
        classroom.lesson_seat_everyone(lesson)
        classroom.lesson_start_tables(lesson)
    game = Game.objects.get(table__lesson=lesson)
    tokens = {seat: found[0] for seat, found in seat_tokens(game).items()}
    return game, tokens, session_cookie(lesson.owner), (lesson.pk, game.pk, lesson.owner.username)


@database_sync_to_async
def current(game):
    engine, state = engine_state(game)
    return engine, state, game.version


def plain(text, ids):
    """What may differ between two lessons that look alike: ids, times, tokens, the teacher's
    account name."""
    lesson_id, game_id, teacher = ids
    text = TIME.sub("T", TOKEN.sub(r"\1-", text))
    return text.replace(f"/lessons/{lesson_id}/", "/lessons/L/").replace(
        f'"game":{game_id}', '"game":G').replace(f">{teacher}<", ">T<")


@database_sync_to_async
def pages(tokens, teacher, ids):
    """Every seat's play page and the teacher's table page, as they would be drawn now."""
    shown = []
    for token in tokens.values():
        client = Client()
        client.cookies.load(student_cookie(token))
        shown.append(client.get("/play/").content.decode())
    client = Client()
    client.cookies.load(teacher + "; language=en")
    shown.append(client.get(f"/lessons/{ids[0]}/tables/1/").content.decode())
    return [plain(page, ids) for page in shown]


async def until_error(socket):
    seen = []
    while not seen or seen[-1].get("type") != "error":
        seen.append(await socket.receive_json_from(timeout=10))
    return seen


async def until_version(socket, version):
    seen = []
    while True:
        message = await socket.receive_json_from(timeout=10)
        seen.append(message)
        if message.get("type") == "parts" and message["version"] >= version:
            return seen


async def play_until_a_reveal(seed, seats, pick):
    """Play the seeded lesson by bots through the tablets' sockets to its end; returns what every
    socket showed at each version, the refusals and the pages until a hex was to be revealed."""
    render_cache.forget()  # nothing drawn for an earlier test's game of the same id
    game, tokens, teacher, ids = await full_lesson(seed, seats, pick)
    watchers = {seat: await sockets.open_socket(application, "/ws/play/", student_cookie(token))
                for seat, token in tokens.items()}
    watchers["teacher"] = await sockets.open_socket(
        application, f"/ws/lessons/{ids[0]}/tables/1/", teacher + "; language=en")
    shown = {who: [] for who in watchers}
    first_pages = await pages(tokens, teacher, ids)
    for who, socket in watchers.items():
        await socket.send_json_to({"type": "sync", "version": None})
        shown[who].append(await socket.receive_json_from(timeout=10))
    rng, refusals, last_pages = random.Random(f"bots:{seed}"), [], None
    engine, state, version = await current(game)
    for step in range(3000):
        to_act = engine.current_seats(state)
        if last_pages is None and (not to_act or state["step"]["kind"] == "reveal"):
            last_pages = await pages(tokens, teacher, ids)  # compared up to here
        if not to_act:
            break
        seat = to_act[0]
        if last_pages is None:  # revealing a hidden hex now is refused alike
            hidden = sorted(h for h, cell in state["hexes"].items() if cell.get("hidden"))
            await watchers[seat].send_json_to({
                "type": "act", "version": version, "id": f"probe{step}",
                "action": {"type": "reveal", "seat": seat, "hex": hidden[step % len(hidden)]}})
            answer = await until_error(watchers[seat])
            shown[seat] += answer[:-1]
            refusals.append(answer[-1])
        action = engine.bots[BOTS[seat % 2]](state, seat, rng)
        await watchers[seat].send_json_to({"type": "act", "action": action, "version": version,
                                           "id": f"tap{step}"})
        engine, state, new_version = await current_after(game, version)
        for who, socket in watchers.items():
            messages = await until_version(socket, new_version)
            if last_pages is None:
                shown[who] += messages
        version = new_version
    for socket in watchers.values():
        await socket.disconnect()
    return {"shown": {who: _by_version(messages, ids) for who, messages in shown.items()},
            "refusals": [plain(json.dumps(r, sort_keys=True), ids) for r in refusals],
            "pages": first_pages + last_pages, "state": state, "game": game}


async def current_after(game, version):
    """The game once the tap was applied (the socket applies it before it answers)."""
    for _ in range(200):
        engine, state, new_version = await current(game)
        if new_version > version:
            return engine, state, new_version
        await database_sync_to_async(lambda: None)()
    raise AssertionError("the tap was not applied")


def _by_version(messages, ids):
    """What a socket showed at each version: its parts as they stood, and every ack or refusal."""
    shown, parts = [], {}
    for message in messages:
        if message.get("type") == "parts":
            parts.update(message["parts"])
            shown.append((message["version"], plain(json.dumps(parts, sort_keys=True), ids)))
        else:
            shown.append((None, plain(json.dumps(message, sort_keys=True), ids)))
    # The acting tablet may get its ack before or after the parts: compare the states reached.
    return sorted(set(shown), key=lambda item: (item[0] is None, item[0] or 0, item[1]))


@pytest.mark.parametrize("seed, seats", [(11, 4), (12, 3), (13, 2)])
async def test_two_placements_look_alike_on_every_tablet_and_page_until_a_reveal(
        seed, seats, monkeypatch):
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    first = await play_until_a_reveal(seed, seats, 0)
    second = await play_until_a_reveal(seed, seats, -1)
    assert first["state"]["hidden_markers"] != second["state"]["hidden_markers"]
    for who in first["shown"]:
        assert first["shown"][who] == second["shown"][who], f"{who} could tell them apart"
    assert first["refusals"] == second["refusals"]
    assert all(json.loads(r)["type"] == "error" for r in first["refusals"])
    for page_a, page_b in zip(first["pages"], second["pages"], strict=True):
        assert page_a == page_b
    steps = len(first["refusals"])
    assert first["state"]["phase"] == second["state"]["phase"] == "over"
    assert steps > 10, "too short a stretch to prove anything"


async def test_a_leaky_page_would_be_caught(monkeypatch):
    """The comparison has teeth: a tablet that showed the markers would differ."""
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    from games.research_programme import parts

    original = parts.shared_parts

    def leaky(snapshot):
        shared = original(snapshot)
        shared["play-end"] += str(sorted(snapshot.state["hidden_markers"].items()))
        return shared

    monkeypatch.setattr(parts, "shared_parts", leaky)
    first = await play_until_a_reveal(14, 2, 0)
    second = await play_until_a_reveal(14, 2, -1)
    assert first["pages"] != second["pages"] and first["shown"] != second["shown"]
