"""The secret, kept through what the platform sends (rules part 3.4): two seeded games that
differ only in the mapping, played in lockstep through every seat's tablet socket and the
teacher's table socket, send every client the same messages up to the first reveal that
depends on the mapping; refusals are the same; no raw log row, server-only field or another
seat's mix reaches a client over a whole game; the projector and the cockpit figures agree."""

import json
import random
import re
import uuid

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from classroom.play_socket import PlayConsumer
from config.routing import websocket_urlpatterns
from games import render_cache
from games.alchemists.engine.content import INGREDIENTS
from games.engines.base import ENGINES
from games.models import Game, GameAction
from games.packages import package
from games.selectors import forget_caches, game_snapshot, game_state
from tests import sockets
from tests.alchemists.helpers import alchemists_game
from tests.games.factories import seat_tokens
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
ENGINE = ENGINES["alchemists"]
REVEALS = {"PotionMixed", "AspectRevealed", "PotionSold", "PotionExhibited",
           "DemonstrationAnswered", "PeriscopeSighted", "GreatTruthRevealed", "GameOver"}
TIMES = re.compile(r'data-countdown=\\?"[^"\\]*\\?"')
RAW = ("server_only", "private_to", "MappingDrawn", '"secret"', "only_to")


def _twin_mapping(mapping):
    """Another mapping: every ingredient moved to the next one's alchemical."""
    order = list(mapping)
    return {i: mapping[order[(n + 1) % len(order)]] for n, i in enumerate(order)}


@database_sync_to_async
def twin_games(seats, language):
    """Two tables' games alike in everything (seed, names, log, state) but the mapping."""
    first = alchemists_game(seats=seats, language=language)
    second = alchemists_game(seats=seats, language=language)
    state = game_state(first)
    mapping = _twin_mapping(state["secret"]["mapping"])
    second.seed, second.version, second.revision = first.seed, first.version, first.revision
    second.players = [{**p, "students": q["students"]}
                      for p, q in zip(first.players, second.players, strict=True)]
    second.snapshot = {**state, "secret": {**state["secret"], "mapping": mapping}}
    second.snapshot_version = first.version
    second.deadlines = first.deadlines
    second.save()
    GameAction.objects.filter(game=second).delete()
    rows = []
    for row in first.actions.order_by("seq"):
        events = [{**e, "alchemical": mapping[e["ingredient"]]} if e["type"] == "MappingDrawn"
                  else e for e in row.events]
        rows.append(GameAction(game=second, seq=row.seq, action=row.action, events=events,
                               actor_kind=row.actor_kind, actor_seat=row.actor_seat))
    GameAction.objects.bulk_create(rows)
    forget_caches()
    render_cache.forget()
    return [(game, seat_tokens(game), session_cookie(game.table.lesson.owner),
             game.table.lesson_id, game.table.number) for game in (first, second)]


@database_sync_to_async
def current(game):
    game.refresh_from_db()
    return ENGINE.state_from_json(game_state(game)), game.version


@database_sync_to_async
def events_after(game, seq):
    return [e for row in game.actions.filter(seq__gt=seq).order_by("seq") for e in row.events]


async def open_table(game, tokens, cookie, lesson_id, number):
    seats = {seat: await sockets.open_socket(application, "/ws/play/", student_cookie(t[0]))
             for seat, t in tokens.items()}
    seats["teacher"] = await sockets.open_socket(
        application, f"/ws/lessons/{lesson_id}/tables/{number}/", cookie + "; language=en")
    return seats


async def until(socket, predicate, timeout=5):
    seen = []
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        seen.append(message)
        if predicate(message):
            return seen


def _shows(version):
    return lambda m: m.get("type") == "parts" and m.get("version") == version


async def drain(table, version):
    """Every socket's messages up to the parts of `version`."""
    return {who: await until(socket, _shows(version)) for who, socket in table.items()}


def normalised(messages):
    text = json.dumps([{k: v for k, v in m.items() if k != "ref"} for m in messages],
                      sort_keys=True, ensure_ascii=False)
    return TIMES.sub("data-countdown", text)


def raw_free(messages):
    text = json.dumps(messages, ensure_ascii=False)
    return not any(word in text for word in RAW)


async def act(table, seat, action, version):
    tap = str(uuid.uuid4())
    await table[seat].send_json_to({"type": "act", "action": action, "version": version,
                                    "id": tap})
    return await until(table[seat], lambda m: m.get("ref") == tap)


async def test_two_mappings_send_every_client_the_same_until_the_first_reveal(monkeypatch):
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    (game_a, *rest_a), (game_b, *rest_b) = await twin_games(3, "en")
    tables = [await open_table(game_a, *rest_a), await open_table(game_b, *rest_b)]
    for table in tables:
        for socket in table.values():
            await socket.send_json_to({"type": "sync", "version": None})
    first = [{who: [await s.receive_json_from(timeout=5)] for who, s in t.items()}
             for t in tables]
    rng = random.Random(7)
    steps = 0
    for _step in range(400):
        state, version = await current(game_a)
        seats = ENGINE.current_seats(state)
        if not seats:
            break
        seat = seats[0]
        action = ENGINE.bots["greedy"](state, seat, rng)
        probe = {"type": "test", "ingredients": ["mushroom", "toad"]}
        refusals = [await act(t, seat, probe, version) for t in tables]
        assert normalised(refusals[0]) == normalised(refusals[1]), "a refusal differed"
        answers = [await act(t, seat, action, version) for t in tables]
        new_state, new_version = await current(game_a)
        revealed = {e["type"] for e in await events_after(game_a, version)} & REVEALS
        shown = [await drain(t, new_version) for t in tables]
        if revealed:
            break
        steps += 1
        for who in tables[0]:
            ours = first[0][who] + refusals[0] * (who == seat) + answers[0] * (who == seat) + \
                shown[0][who]
            theirs = first[1][who] + refusals[1] * (who == seat) + answers[1] * (who == seat) + \
                shown[1][who]
            assert normalised(ours) == normalised(theirs), f"{who} saw the mapping"
            assert raw_free(ours)
        first = [{who: [] for who in t} for t in tables]
    assert steps >= 5, "the games revealed something at once"
    assert await database_sync_to_async(_projector_and_cards_alike)(game_a, game_b)
    for table in tables:
        for socket in table.values():
            await socket.disconnect()


def _projector_and_cards_alike(game_a, game_b):
    """Before any reveal the projector's part of each table and the cockpit's figures agree."""
    shown = []
    for game in (game_a, game_b):
        game.refresh_from_db()
        snapshot = game_snapshot(game.pk)
        summary = ENGINE.summary(ENGINE.state_from_json(game_state(game)))
        shown.append((package("alchemists").projector_context(snapshot, summary),
                      summary["figures"], [s["figures"] for s in summary["seats"]]))
    return shown[0] == shown[1]


async def test_a_whole_game_sends_no_raw_row_and_no_other_seats_mix(monkeypatch):
    """Every tablet and the teacher over a whole game: no server-only or private field, and
    no other seat's mixed ingredients (its own log line of a mix appears on its tablets only)."""
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    (game, *rest), _twin = await twin_games(2, "fi")
    table = await open_table(game, *rest)
    received = {who: [] for who in table}
    rng = random.Random(3)
    own_lines = {seat: set() for seat in rest[0]}
    for _step in range(600):
        state, version = await current(game)
        seats = ENGINE.current_seats(state)
        if not seats:
            break
        seat = seats[0]
        received[seat] += await act(table, seat, ENGINE.bots["random"](state, seat, rng), version)
        _state, new_version = await current(game)
        for who, messages in (await drain(table, new_version)).items():
            received[who] += messages
        for e in await events_after(game, version):
            if e["type"] in ("PotionMixed", "PotionSold", "PotionExhibited"):
                own_lines[e["seat"]].add(json.dumps(
                    [INGREDIENTS[i]["name"]["fi"] for i in e["ingredients"]],
                    ensure_ascii=False)[1:-1].replace('", "', " + ").strip('"'))
    state, _version = await current(game)
    assert state["phase"] == "over"
    for who, messages in received.items():
        assert raw_free(messages), who
        logs = " ".join(m["parts"].get(part, "") for m in messages if m["type"] == "parts"
                        for part in ("play-log", "play-log-earlier"))
        for seat, lines in own_lines.items():
            for line in lines - (own_lines.get(who) or set()):
                assert line not in logs, f"{who} read {seat}'s mix {line}"
        if who in own_lines:
            assert own_lines[who] and all(line in logs for line in own_lines[who])
    for socket in table.values():
        await socket.disconnect()
    assert await database_sync_to_async(Game.objects.filter(pk=game.pk).count)() == 1
