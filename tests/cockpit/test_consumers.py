"""The cockpit over real sockets (Channels' WebsocketCommunicator): the lesson page draws every
table and the story queue, redraws one card when its game moves, takes the teacher's decisions,
pauses and nudges tablets; tablets ask for stories and show who is connected; a page is reloaded
when its lesson moves on (the projector: tests/cockpit/test_projector.py)."""

import asyncio
import functools
import json
import uuid
from collections import Counter
from datetime import timedelta

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.utils import timezone

from classroom import (
    card_patch,
    cockpit_drawing,
    cockpit_socket,
    dashboard,
    notify,
    play_socket,
    presence,
)
from classroom.models import Lesson, Student, TabletPresence
from config.routing import websocket_urlpatterns
from games.live import LiveConsumer
from tests import sockets
from tests.cockpit.factories import make_playing, until_may_tell
from tests.games.factories import bot_move, play_move, tablet_token
from tests.research_programme.stories import Story
from tests.sockets import session_cookie, student_cookie, until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


async def open_socket(path, cookie):
    return await sockets.open_socket(application, path, cookie)


def has_part(name, text=None):
    return lambda m: m.get("type") == "parts" and name in m["parts"] and (
        text is None or text in m["parts"][name])


@database_sync_to_async
def playing(**fields):
    lesson, games = make_playing(**fields)
    return lesson, games, session_cookie(lesson.owner) + "; language=en"


@database_sync_to_async
def tablet_cookie(game, seat):
    student = Student.objects.get(seat__table=game.table, seat__number=seat)
    return student_cookie(tablet_token(student)), student


async def cockpit(lesson, cookie):
    socket = await open_socket(f"/ws/lessons/{lesson.pk}/?shown=playing", cookie)
    await socket.send_json_to({"type": "sync"})
    await until(socket, has_part("cockpit-tables"))
    return socket


async def tablet(game, seat):
    cookie, student = await tablet_cookie(game, seat)
    socket = await open_socket("/ws/play/", cookie)
    await socket.send_json_to({"type": "sync"})
    await until(socket, has_part("play-status"))
    return socket, student


async def test_the_cockpit_draws_every_table_the_queue_and_the_timeline():
    """On sync: a card per table, the story queue and the bar with the play time."""
    lesson, _games, cookie = await playing(tables=2)
    socket = await open_socket(f"/ws/lessons/{lesson.pk}/?shown=playing", cookie)
    await socket.send_json_to({"type": "sync"})
    drawn = await until(socket, has_part("cockpit-tables"))
    assert 'id="table-card-1"' in drawn["parts"]["cockpit-tables"]
    assert 'id="table-card-2"' in drawn["parts"]["cockpit-tables"]
    assert "Stories waiting" in drawn["parts"]["cockpit-queue"]
    assert "data-countdown" in drawn["parts"]["cockpit-bar"]
    await socket.disconnect()


def has_figures(game):
    return lambda m: m.get("type") == "patch" and f"card-{game.table_id}-head" in m["attrs"]


@database_sync_to_async
def version_of(game):
    game.refresh_from_db()
    return game.version


async def test_a_move_sends_only_its_table_s_figures_not_a_card():
    """A move at table 2 sends table 2's figures (its version, round, scores, whose turn) as a
    patch, and nothing else: no card is drawn again."""
    lesson, games, cookie = await playing(tables=2)
    socket = await cockpit(lesson, cookie)
    await asyncio.sleep(0.35)  # past the card's redraw interval
    await database_sync_to_async(play_move)(games[1])
    message = await socket.receive_json_from(timeout=5)
    assert message["type"] == "patch"
    assert message["attrs"][f"card-{games[1].table_id}-head"] == {
        "data-game-version": str(await version_of(games[1]))}
    named = [*message.get("text", {}), *message.get("classes", {}), *message["attrs"]]
    assert all(name.startswith(f"card-{games[1].table_id}-") for name in named)
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


async def test_a_move_just_after_the_whole_cockpit_was_drawn_is_sent_at_once():
    """Drawing every card (on sync, and every few seconds with the clock) does not hold back
    the next move's figures until the page's tick."""
    lesson, games, cookie = await playing(tables=2)
    socket = await cockpit(lesson, cookie)
    await database_sync_to_async(play_move)(games[1])
    message = await until(socket, has_figures(games[1]), timeout=0.9)
    assert message["version"] == lesson.version
    await socket.disconnect()


async def test_a_story_from_a_tablet_reaches_the_queue_and_a_tap_accepts_it():
    """The tablet asks with a title; the queue shows it; the teacher's accept reaches the
    tablet's story panel with Insight +1 and EP +1."""
    lesson, (game,), cookie = await playing()
    seat = await database_sync_to_async(until_may_tell)(game)
    teacher = await cockpit(lesson, cookie)
    student_socket, _student = await tablet(game, seat)
    tap = str(uuid.uuid4())
    await student_socket.send_json_to({"type": "request", "kind": "story",
                                       "text": "Kepler's orbits", "id": tap, "version": None})
    await until(student_socket, lambda m: m.get("type") == "ack" and m["ref"] == tap)
    queue = await until(teacher, has_part("cockpit-queue", "Kepler&#x27;s orbits"))
    assert 'data-key="a"' in queue["parts"]["cockpit-queue"]
    story = await database_sync_to_async(Story.objects.get)()
    await teacher.send_json_to({"type": "approve", "approval": story.pk, "id": "t1"})
    panel = await until(student_socket, has_part("play-story", "story-accepted"))
    assert "EP</abbr> 1" in panel["parts"]["play-story"]
    await teacher.disconnect()
    await student_socket.disconnect()


async def test_a_story_with_a_long_title_is_refused_on_the_tablet():
    """The tablet hears why (the count and the limit); no story is kept."""
    _lesson, (game,), _cookie = await playing()
    seat = await database_sync_to_async(until_may_tell)(game)
    socket, _student = await tablet(game, seat)
    await socket.send_json_to({"type": "request", "kind": "story", "text": "y" * 141,
                                "id": "tap-long"})
    error = await until(socket, lambda m: m.get("type") == "error")
    assert error["code"] == "text_too_long" and "141" in error["message"]
    assert not await database_sync_to_async(Story.objects.exists)()
    await socket.disconnect()


async def test_pause_covers_every_tablet_and_refuses_their_taps_until_resume():
    """The overlay with the teacher's message arrives; a tap is refused ("paused"); resuming
    takes the overlay away."""
    lesson, (game,), cookie = await playing()
    teacher = await cockpit(lesson, cookie)
    seat = await database_sync_to_async(until_may_tell)(game)
    student_socket, _student = await tablet(game, seat)
    await teacher.send_json_to({"type": "pause", "message": "Eyes on me", "id": "p1"})
    overlay = await until(student_socket, has_part("play-overlay", "Eyes on me"))
    assert 'role="alertdialog"' in overlay["parts"]["play-overlay"]
    move = await database_sync_to_async(bot_move)(game, seat)
    await student_socket.send_json_to({"type": "act", "action": move, "id": "a1",
                                       "version": None})
    refusal = await until(student_socket, lambda m: m.get("type") == "error")
    assert refusal["code"] == "paused"
    await teacher.send_json_to({"type": "resume", "id": "p2"})
    await until(student_socket, lambda m: has_part("play-overlay")(m)
                and m["parts"]["play-overlay"] == "")
    await teacher.disconnect()
    await student_socket.disconnect()


async def test_a_nudge_reaches_only_the_tablet_of_the_seat_to_act():
    """The seat whose turn it is gets the reminder (with a vibration); another seat nothing."""
    lesson, (game,), cookie = await playing()
    seat = await database_sync_to_async(until_may_tell)(game)
    teacher = await cockpit(lesson, cookie)
    to_act, _ = await tablet(game, seat)
    other, _ = await tablet(game, next(s for s in (1, 2, 3) if s != seat))
    await teacher.send_json_to({"type": "nudge", "table": 1, "id": "n1"})
    notice = await until(teacher, lambda m: m.get("type") == "notice")
    assert str(seat) in notice["message"]
    reminder = await until(to_act, has_part("play-overlay", "data-vibrate"))
    assert "overlay-nudge" in reminder["parts"]["play-overlay"]
    assert await other.receive_nothing(timeout=0.3)
    await to_act.send_json_to({"type": "nudge_seen", "id": "ok"})
    await until(to_act, lambda m: has_part("play-overlay")(m) and m["parts"]["play-overlay"] == "")
    for socket in (teacher, to_act, other):
        await socket.disconnect()


async def test_a_tablet_shows_connected_on_its_card_and_away_when_it_closes():
    """Presence follows the play socket: ● connected while open, ○ away once closed."""
    lesson, (game,), cookie = await playing()
    teacher = await cockpit(lesson, cookie)
    student_socket, student = await tablet(game, 1)
    name = json.dumps(student.pseudonym)[1:-1]
    await asyncio.sleep(0.35)  # a change this soon after a drawing waits for the page's tick
    await teacher.send_json_to({"type": "tick"})
    await until(teacher, has_part("table-card-1", f"{name}: connected"))
    await student_socket.send_json_to({"type": "heartbeat"})
    await student_socket.disconnect()
    await asyncio.sleep(0.35)
    await teacher.send_json_to({"type": "tick"})
    await until(teacher, has_part("table-card-1", f"{name}: away"))
    await teacher.disconnect()


async def test_the_lesson_page_reloads_when_the_lesson_moved_on():
    """A page loaded in the lobby is told to load again once the tables play."""
    lesson, _games, cookie = await playing()
    socket = await open_socket(f"/ws/lessons/{lesson.pk}/?shown=lobby", cookie)
    await socket.send_json_to({"type": "sync"})
    message = await socket.receive_json_from(timeout=5)
    assert message == {"type": "redirect", "url": f"/lessons/{lesson.pk}/"}
    await socket.disconnect()


async def test_the_cockpit_refuses_a_teacher_s_bad_input_with_a_message():
    """An extension of 0 minutes and a decision on an unknown story are refused clearly."""
    lesson, _games, cookie = await playing()
    socket = await cockpit(lesson, cookie)
    await socket.send_json_to({"type": "extend", "minutes": 0, "id": "e1"})
    assert (await until(socket, lambda m: m.get("type") == "error"))["code"] == "bad_minutes"
    await socket.send_json_to({"type": "approve", "approval": 999, "id": "s1"})
    assert (await until(socket, lambda m: m.get("type") == "error"))["code"] == "no_request"
    await socket.disconnect()


async def test_the_cockpit_goes_to_the_debrief_review_when_the_debrief_opens():
    """Call time's end (or Open debrief) takes the teacher's page to the live review."""
    from classroom.debriefing import lesson_debrief_open as debrief_open

    lesson, _games, cookie = await playing()
    socket = await cockpit(lesson, cookie)
    await database_sync_to_async(debrief_open)(lesson)
    message = await until(socket, lambda m: m.get("type") == "redirect")
    assert message["url"] == f"/lessons/{lesson.pk}/debrief/"
    await socket.disconnect()


def counting(reads, name, function):
    """`function`, counting its calls in `reads[name]`."""
    def wrapper(*args, **kwargs):
        reads[name] += 1
        return function(*args, **kwargs)
    return wrapper


async def test_the_refresh_every_few_seconds_reads_no_lesson_roster_or_queue(monkeypatch):
    """What moves with the clock is drawn again; the lesson, the roster and the queue, which
    messages keep up to date, are read again only every RECHECK_SECONDS, as a safety net."""
    reads = Counter()
    counted = functools.partial(counting, reads)
    monkeypatch.setattr(dashboard, "lesson_roster", counted("roster", dashboard.lesson_roster))
    monkeypatch.setattr(Lesson, "refresh_from_db", counted("lesson", Lesson.refresh_from_db))
    monkeypatch.setattr(cockpit_drawing, "queue_context",
                        counted("queue", cockpit_drawing.queue_context))
    monkeypatch.setattr(cockpit_drawing, "cockpit_parts",
                        counted("drawing", cockpit_drawing.cockpit_parts))
    monkeypatch.setattr(cockpit_socket, "REFRESH_SECONDS", 0.0)
    lesson, _games, cookie = await playing()
    socket = await cockpit(lesson, cookie)
    seen = dict(reads)
    await socket.send_json_to({"type": "tick"})
    await drawn_again(reads, seen["drawing"] + 1)
    assert (reads["roster"], reads["queue"], reads["lesson"]) == (
        seen["roster"], seen["queue"], seen["lesson"])
    monkeypatch.setattr(cockpit_socket, "RECHECK_SECONDS", 0.0)
    await socket.send_json_to({"type": "tick"})
    await drawn_again(reads, seen["drawing"] + 2)
    assert (reads["roster"], reads["queue"], reads["lesson"]) == (
        seen["roster"] + 1, seen["queue"] + 1, seen["lesson"] + 1)
    await socket.disconnect()


async def test_a_refresh_splits_no_card_that_did_not_change(monkeypatch):
    """Every few seconds the refresh finds most cards as they were: it compares them, and
    neither splits them into frame and figures nor draws them."""
    reads = Counter()
    counted = functools.partial(counting, reads)
    monkeypatch.setattr(card_patch, "shown", counted("split", card_patch.shown))
    monkeypatch.setattr(cockpit_drawing, "card_html", counted("card", cockpit_drawing.card_html))
    monkeypatch.setattr(cockpit_drawing, "cockpit_parts",
                        counted("drawing", cockpit_drawing.cockpit_parts))
    monkeypatch.setattr(cockpit_socket, "REFRESH_SECONDS", 0.0)
    lesson, _games, cookie = await playing(tables=3)
    socket = await cockpit(lesson, cookie)
    seen = dict(reads)
    assert seen["split"] == 3
    for drawings in (1, 2):
        await socket.send_json_to({"type": "tick"})
        await drawn_again(reads, seen["drawing"] + drawings)
    assert (reads["split"], reads["card"]) == (seen["split"], seen["card"])
    await socket.disconnect()


async def drawn_again(reads, drawings):
    for _ in range(250):
        if reads["drawing"] >= drawings:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the tick drew nothing")


async def test_the_rosters_of_tables_that_changed_together_are_read_in_one_go(monkeypatch):
    """A class's tablets connecting together leave many tables' rosters to read again: the
    refresh reads the lesson's roster once (three queries), not each table's."""
    reads = Counter()

    def counted(lesson, table_id=None):
        reads["table" if table_id is not None else "lesson"] += 1
        return roster(lesson, table_id)

    roster = dashboard.lesson_roster
    monkeypatch.setattr(dashboard, "lesson_roster", counted)
    monkeypatch.setattr(cockpit_socket, "CARD_SECONDS", 600.0)
    lesson, games, cookie = await playing(tables=3)
    socket = await cockpit(lesson, cookie)
    for _ in range(2):  # the second change of each table waits for the refresh
        for game in games:
            await database_sync_to_async(notify.cockpit_changed)(lesson.pk, "presence",
                                                                 game.table_id)
    await asyncio.sleep(0.3)
    before = dict(reads)
    monkeypatch.setattr(cockpit_socket, "REFRESH_SECONDS", 0.0)
    await socket.send_json_to({"type": "tick"})
    for _ in range(250):
        if reads["lesson"] > before["lesson"]:
            break
        await asyncio.sleep(0.02)
    assert (reads["lesson"], reads["table"]) == (before["lesson"] + 1, before["table"])
    await socket.disconnect()


async def test_ticks_with_nothing_due_and_moves_that_wait_never_reach_the_sync_thread(
        monkeypatch):
    """The event loop settles what needs no drawing (a tick before the refresh is due, a move
    at a table whose card was drawn a moment ago), sparing the hop to the sync thread that
    every socket of the process shares; the page's next tick draws what waited."""
    handled = Counter()
    dispatch_here = LiveConsumer._dispatch_here

    def counted(self, message):
        kind = message["type"]
        if kind == "websocket.receive":
            kind = json.loads(message["text"])["type"]
        handled[kind] += 1
        return dispatch_here(self, message)

    monkeypatch.setattr(LiveConsumer, "_dispatch_here", counted)
    monkeypatch.setattr(cockpit_socket, "CARD_SECONDS", 2.0)
    lesson, games, cookie = await playing(tables=2)
    socket = await cockpit(lesson, cookie)
    handled.clear()
    await socket.send_json_to({"type": "tick"})
    assert await socket.receive_nothing(timeout=0.2)
    await database_sync_to_async(play_move)(games[1])
    first = await until(socket, has_figures(games[1]))
    await database_sync_to_async(play_move)(games[1])
    assert await socket.receive_nothing(timeout=0.2)
    assert (handled["tick"], handled["game.updated"]) == (0, 1)
    await asyncio.sleep(2.0)
    await socket.send_json_to({"type": "tick"})
    second = await until(socket, has_figures(games[1]))
    assert handled["tick"] == 1
    head = f"card-{games[1].table_id}-head"
    assert second["attrs"][head] != first["attrs"][head]
    await socket.disconnect()


@database_sync_to_async
def seen_long_ago():
    TabletPresence.objects.update(seen_at=timezone.now() - timedelta(seconds=30))


@database_sync_to_async
def seen_lately():
    recently = timezone.now() - timedelta(seconds=5)
    return {row.student_id: row.seen_at > recently for row in TabletPresence.objects.all()}


async def test_heartbeats_are_written_together_and_never_for_a_tablet_closed_since(
        monkeypatch):
    """A process's heartbeats are written in one go a moment later, without the sync thread's
    hop for each; a tablet that closed before the write stays away."""
    writes = []
    beats = presence.presence_beats
    monkeypatch.setattr(presence, "presence_beats",
                        lambda batch: writes.append(sorted(batch)) or beats(batch))
    monkeypatch.setattr(play_socket, "BEATS_WRITTEN_EVERY", 0.3)
    _lesson, (game,), _cookie = await playing(seats=3)
    tablets = [await tablet(game, seat) for seat in (1, 2, 3)]
    await seen_long_ago()
    for socket, _student in tablets:
        await socket.send_json_to({"type": "heartbeat"})
    await tablets[2][0].disconnect()
    assert set((await seen_lately()).values()) == {False}
    await asyncio.sleep(0.6)
    assert len(writes) == 1 and len(writes[0]) == 2
    assert await seen_lately() == {tablets[0][1].pk: True, tablets[1][1].pk: True}
    for socket, _student in tablets[:2]:
        await socket.disconnect()
