"""Live play over real sockets (Channels' WebsocketCommunicator): whole bot-played games through
the tablets' sockets with every message checked for other seats' hands, stale and repeated taps,
team seats, the stepwise choice, and the teacher's read-only table view."""

import json
import random
import re
import uuid

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from classroom import services as classroom
from classroom.models import Lesson, Student
from classroom.play_socket import PlayConsumer
from config.routing import websocket_urlpatterns
from games import services
from games.engines.base import ENGINES
from games.models import Game
from games.research_programme.engine.content import CARDS
from tests import sockets
from tests.classroom.factories import join, make_teacher
from tests.games.factories import engine_state, make_game, seat_tokens
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
CARD_ID = re.compile(r"\b[TMPEA]-[A-Z]{2,}(?:-[A-Z0-9]+)?\b")
RULE_TEXTS = re.compile(r'<(span|p) class=\\"(?:card-text|option-detail|kind-help)\\">.*?</\1>'
                        r'|<div class=\\"event-card.*?</div>', re.S)


async def open_socket(path, cookie=""):
    return await sockets.open_socket(application, path, cookie)


async def synced(socket, version=None):
    await socket.send_json_to({"type": "sync", "version": version})
    return await socket.receive_json_from(timeout=5)


async def until(socket, predicate, timeout=5):
    """Messages up to and including the first one that satisfies `predicate`."""
    seen = []
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        seen.append(message)
        if predicate(message):
            return seen


def act(action, version, tap=None):
    return {"type": "act", "action": action, "version": version, "id": tap or str(uuid.uuid4())}


@database_sync_to_async
def game_with_tokens(seats=3, language="en", **fields):
    game = make_game(seats=seats, language=language, **fields)
    return game, seat_tokens(game)


@database_sync_to_async
def current(game):
    engine, state = engine_state(game)
    return engine, state, game.version


# Whole games --------------------------------------------------------------------------------------


class Privacy:
    """What each seat may know: every card id its own views and events have shown it so far."""

    def __init__(self, game, seats):
        self.engine = ENGINES[game.engine_key]
        self.known = {seat: set() for seat in seats}

    def learn(self, state, rows):
        for seat, known in self.known.items():
            known.update(CARD_ID.findall(json.dumps(self.engine.view_for(state, seat))))
            for row in rows:
                known.update(CARD_ID.findall(json.dumps(self.engine.events_for(row, seat))))

    def check(self, seat, message, state, language):
        """No card of another seat's hand that this seat has not seen appears in the message."""
        text = json.dumps(message, ensure_ascii=False)
        unknown = set(CARD_ID.findall(text)) - self.known[seat]
        assert not unknown, f"seat {seat} was sent {unknown}"
        known_names = {CARDS[c]["name"][language] for c in self.known[seat] if c in CARDS}
        shown = RULE_TEXTS.sub("", text)  # Event and card texts name methods as rules do
        for known in sorted(known_names, key=len, reverse=True):  # "Preregistration service"
            shown = shown.replace(known, "")
        for other in state["players"]:
            if other["seat"] == seat:
                continue
            for card in other["hand"]:
                name = CARDS[card]["name"][language]
                mentioned = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", shown)
                assert name in known_names or not mentioned, (
                    f"seat {seat} saw {name} from seat {other['seat']}'s hand: "
                    f"{shown[max(0, mentioned.start() - 300):mentioned.end() + 80]}")


@database_sync_to_async
def rows_after(game, seq):
    return [row.events for row in game.actions.filter(seq__gt=seq).order_by("seq")]


async def play_whole_game(game, tokens, bot, language):
    """Every seat's tablet plays its bot's moves through its socket until the game ends, while
    server bots play the seats without students; returns the messages each seat received."""
    sockets = {seat: await open_socket("/ws/play/", student_cookie(seat_tokens[0]))
               for seat, seat_tokens in tokens.items()}
    received = {seat: [] for seat in sockets}
    engine, state, version = await current(game)
    privacy = Privacy(game, sockets)
    privacy.learn(state, await rows_after(game, 0))
    for seat, socket in sockets.items():
        first = await synced(socket)
        privacy.check(seat, first, state, language)
        received[seat].append(first)
    rng = random.Random(game.pk)
    for _step in range(3000):
        engine, state, version = await current(game)
        to_act = engine.current_seats(state)
        if not to_act:
            break
        early = {seat: [] for seat in sockets}
        if not await database_sync_to_async(services.game_play_bots)(game.pk):
            seat, tap = to_act[0], str(uuid.uuid4())
            await sockets[seat].send_json_to(act(engine.bots[bot](state, seat, rng), version, tap))
            early[seat] = await until(sockets[seat], lambda m, tap=tap: m.get("ref") == tap)
            assert early[seat][-1]["type"] == "ack", early[seat][-1]
        engine, state, new_version = await current(game)
        assert new_version > version, "the action was not applied"
        privacy.learn(state, await rows_after(game, version))
        for seat, socket in sockets.items():
            messages = early[seat]
            if not any(_shows(m, new_version) for m in messages):
                messages += await until(socket, lambda m, v=new_version: _shows(m, v))
            for message in messages:
                assert message["type"] in ("parts", "ack"), message
                privacy.check(seat, message, state, language)
            received[seat].extend(messages)
    for socket in sockets.values():
        await socket.disconnect()
    return state, received


def _shows(message, version):
    return message.get("type") == "parts" and message["version"] == version


@pytest.mark.parametrize("seats, bot, language", [(3, "greedy", "en"), (4, "random", "fi")])
async def test_a_whole_bot_game_through_the_sockets_never_shows_a_seat_another_seats_hand(
        seats, bot, language, monkeypatch):
    """Each tablet plays its seat to the end; across every message no seat receives a card of
    another seat's hand that it has not seen itself, and every tablet ends on the scores."""
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    game, tokens = await game_with_tokens(seats=seats, language=language)
    state, received = await play_whole_game(game, tokens, bot, language)
    assert state["phase"] == "over"
    final_words = "voittaa" if language == "fi" else "wins"
    for messages in received.values():
        ends = [m["parts"]["play-end"] for m in messages if "play-end" in m.get("parts", {})]
        assert final_words in ends[-1] or "Jaettu" in ends[-1] or "Shared" in ends[-1]


async def test_a_lone_student_plays_a_whole_game_against_a_server_bot_through_the_socket(
        monkeypatch):
    """One student at a table of two: the bot seat acts on the server, the tablet sees it all."""
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    game, tokens = await game_with_tokens(seats=1)
    assert list(tokens) == [1] and services.bot_seats(game) == {2: "random"}
    state, received = await play_whole_game(game, tokens, "greedy", "en")
    assert state["phase"] == "over"
    log = "".join(m["parts"].get("play-log", "") for m in received[1] if m["type"] == "parts")
    assert "Robot 2" in log


# Taps ---------------------------------------------------------------------------------------------


async def test_the_play_socket_sends_the_view_on_connect_and_a_sync_then_adds_nothing():
    """No round trip before the first view: the socket speaks first; the client's sync that
    follows gets nothing when nothing changed, and a later change still reaches it."""
    game, tokens = await game_with_tokens(seats=2)
    engine, state, version = await current(game)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    first = await socket.receive_json_from(timeout=5)
    assert first["type"] == "parts" and first["version"] == version
    assert {"play-status", "play-actions", "map-board"} <= set(first["parts"])
    await socket.send_json_to({"type": "sync", "version": version})
    assert await socket.receive_nothing(timeout=0.5)
    fund = engine.bots["greedy"](state, 2, random.Random(2))
    await database_sync_to_async(services.game_apply_action)(
        game.pk, fund, expected_version=version)
    later = await socket.receive_json_from(timeout=5)
    assert later["type"] == "parts" and later["version"] > version
    await socket.disconnect()


async def test_a_page_rendered_at_the_current_revision_gets_no_game_parts_again():
    """The play page says which revision it was rendered at (`shown`): the socket sends that
    revision's version without its parts; a page of an older revision gets them all."""
    game, tokens = await game_with_tokens(seats=2)
    await database_sync_to_async(game.refresh_from_db)()
    cookie = student_cookie(tokens[1][0])
    current_page = await open_socket(f"/ws/play/?shown={game.revision}", cookie)
    first = await current_page.receive_json_from(timeout=5)
    assert first["version"] == game.version and set(first["parts"]) <= {"play-overlay"}
    older_page = await open_socket(f"/ws/play/?shown={game.revision - 1}", cookie)
    assert "play-status" in (await older_page.receive_json_from(timeout=5))["parts"]
    await current_page.disconnect()
    await older_page.disconnect()


async def test_a_stale_tap_is_refused_and_the_tablet_gets_the_current_view():
    """A tap made on an older view of the Actions phase is refused, with the whole view again."""
    game, tokens = await game_with_tokens(seats=2)
    engine, state, version = await current(game)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(socket)
    seat_one_fund = engine.bots["greedy"](state, 1, random.Random(1))
    seat_two_fund = engine.bots["greedy"](state, 2, random.Random(2))
    await database_sync_to_async(services.game_apply_action)(
        game.pk, seat_two_fund, expected_version=version)
    await until(socket, lambda m: m["type"] == "parts")
    await database_sync_to_async(services.game_apply_action)(
        game.pk, {"type": "call_time", "seat": None}, expected_version=None, actor="teacher")
    await until(socket, lambda m: m["type"] == "parts")
    await socket.send_json_to(act(seat_one_fund, version, "old-tap"))
    error = await socket.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "stale" and error["ref"] == "old-tap"
    view = await socket.receive_json_from(timeout=5)
    assert view["type"] == "parts"
    assert "play-board" in view["parts"] and "map-board" in view["parts"]
    await socket.disconnect()


async def test_a_double_tap_is_applied_once_and_acknowledged_twice():
    """The same client action id sent twice: one log row, and an ack with the same version."""
    game, tokens = await game_with_tokens(seats=2)
    engine, state, version = await current(game)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(socket)
    action = engine.bots["greedy"](state, 1, random.Random(1))
    await socket.send_json_to(act(action, version, "tap-twice"))
    first = await until(socket, lambda m: m["type"] == "ack")
    await socket.send_json_to(act(action, version, "tap-twice"))
    second = await until(socket, lambda m: m["type"] == "ack")
    assert first[-1]["version"] == second[-1]["version"] == version + 1
    rows = await database_sync_to_async(
        lambda: Game.objects.get(pk=game.pk).actions.filter(client_action_id="tap-twice").count())()
    assert rows == 1
    await socket.disconnect()


async def test_a_tap_acts_only_for_the_tablets_own_seat():
    """An action naming another seat is applied as the tablet's own seat's action."""
    game, tokens = await game_with_tokens(seats=2)
    engine, state, version = await current(game)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(socket)
    action = {**engine.bots["greedy"](state, 2, random.Random(2)), "seat": 2}
    await socket.send_json_to(act(action, version, "not-mine"))
    await until(socket, lambda m: m.get("ref") == "not-mine")
    row = await database_sync_to_async(
        lambda: Game.objects.get(pk=game.pk).actions.get(client_action_id="not-mine"))()
    assert row.actor_seat == 1 and row.action["seat"] == 1
    await socket.disconnect()


async def test_an_illegal_tap_gets_a_translated_error_and_changes_nothing():
    """Passing during Funding is refused in the lesson's language."""
    game, tokens = await game_with_tokens(seats=2, language="fi")
    _engine, _state, version = await current(game)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(socket)
    await socket.send_json_to(act({"type": "pass"}, version, "p1"))
    error = await socket.receive_json_from(timeout=5)
    assert (error["code"], error["message"]) == ("wrong_step", "Ei tässä kierroksen vaiheessa.")
    assert (await current(game))[2] == version
    await socket.disconnect()


# The stepwise choice ------------------------------------------------------------------------------


async def test_choosing_a_kind_renders_the_next_question_for_that_tablet_only():
    """Tapping Funding's first option asks the next question on that tablet; its teammate's
    tablet and the others get nothing, and nothing is written."""
    game, tokens = await game_with_tokens(seats=2)
    _engine, _state, version = await current(game)
    mine = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    other = await open_socket("/ws/play/", student_cookie(tokens[2][0]))
    first = (await synced(mine))["parts"]["play-actions"]
    await synced(other)
    assert "Which resource do you take with your income?" in first
    await mine.send_json_to({"type": "pick", "kind": "fund", "picks": [["income", "L"]]})
    picked = await mine.receive_json_from(timeout=5)
    assert "Which deck do you draw from?" in picked["parts"]["play-actions"]
    assert "Compute +1" in picked["parts"]["play-actions"]
    assert await other.receive_nothing(timeout=0.3)
    assert (await current(game))[2] == version
    await mine.disconnect()
    await other.disconnect()


# Seats --------------------------------------------------------------------------------------------


@database_sync_to_async
def team_game():
    """One table, two seats with two students each (team mode)."""
    lesson_fields = {"seat_mode": Lesson.SeatMode.TEAM}
    game = make_game(seats=4, **lesson_fields)
    return game, seat_tokens(game)


async def test_team_tablets_of_one_seat_see_the_same_and_either_can_act(monkeypatch):
    """Two tablets share a seat: a tap on one is applied for the seat and both show it."""
    game, tokens = await team_game()
    seat = next(s for s, team in tokens.items() if len(team) >= 2)
    first = await open_socket("/ws/play/", student_cookie(tokens[seat][0]))
    second = await open_socket("/ws/play/", student_cookie(tokens[seat][1]))
    one, two = await synced(first), await synced(second)
    assert one["parts"]["play-board"] == two["parts"]["play-board"]
    engine, state, version = await current(game)
    action = engine.bots["greedy"](state, seat, random.Random(1))
    await second.send_json_to(act(action, version, "team-tap"))
    shown_first = (await until(first, lambda m: m["type"] == "parts"))[-1]
    shown_second = (await until(second, lambda m: m["type"] == "parts"))[-1]
    assert shown_first["version"] == shown_second["version"] == version + 1
    assert shown_first["parts"]["play-status"] == shown_second["parts"]["play-status"]
    await first.disconnect()
    await second.disconnect()


async def test_a_tablet_whose_seat_a_robot_plays_says_so_and_cannot_act():
    """The teacher hands the seat to a robot: the tablet says so, and a tap is refused."""
    game, tokens = await game_with_tokens(seats=2)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(socket)
    await database_sync_to_async(services.game_set_seat_bot)(game.pk, 1, "greedy")
    update = (await until(socket, lambda m: m["type"] == "parts"))[-1]
    assert "A robot is playing your seat" in update["parts"]["play-actions"]
    engine, state, version = await current(game)
    await socket.send_json_to(act(engine.bots["greedy"](state, 1, random.Random(1)), version, "b"))
    assert (await socket.receive_json_from(timeout=5))["code"] == "bot_plays_seat"
    await socket.disconnect()


async def test_a_removed_students_tablet_is_closed_and_a_moved_one_reloads():
    """Removal closes the play socket with 4003; ending the lesson sends the tablet away."""
    game, tokens = await game_with_tokens(seats=3)
    lesson = await database_sync_to_async(lambda: game.table.lesson)()
    gone = await open_socket("/ws/play/", student_cookie(tokens[3][0]))
    staying = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(gone)
    await synced(staying)
    leaver = await database_sync_to_async(
        lambda: Student.objects.get(seat__table=game.table, seat__number=3))()
    await database_sync_to_async(classroom.student_remove)(lesson, leaver.pk)
    message = await gone.receive_output(timeout=5)
    while message["type"] != "websocket.close":
        message = await gone.receive_output(timeout=5)
    assert message["code"] == 4003
    await database_sync_to_async(classroom.lesson_end)(lesson)
    away = await until(staying, lambda m: m["type"] == "redirect")
    assert away[-1]["url"] == "/lobby/"
    await staying.disconnect()
    await gone.disconnect()


async def test_a_tablet_is_authorised_at_connect_and_its_taps_read_no_student(monkeypatch):
    """Who may act is decided when the socket opens: taps, picks, syncs and heartbeats after
    that do not read the student again (the hot path of a lesson costs no such query)."""
    from classroom import auth

    reads = []
    read_student = auth.student_for_token
    monkeypatch.setattr(auth, "student_for_token",
                        lambda token: reads.append(token) or read_student(token))
    game, tokens = await game_with_tokens(seats=2)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(socket)
    connected = len(reads)
    for _ in range(3):
        engine, state, version = await current(game)
        action = engine.bots["greedy"](state, engine.current_seats(state)[0], random.Random(1))
        if action["seat"] != 1:
            break
        tap = str(uuid.uuid4())
        await socket.send_json_to(act(action, version, tap))
        await until(socket, lambda m, tap=tap: m.get("ref") == tap)
    await socket.send_json_to({"type": "heartbeat"})
    await socket.send_json_to({"type": "sync", "version": None})  # answered only if changed
    await socket.send_json_to({"type": "pick", "kind": None})
    await until(socket, lambda m: m["type"] == "parts")
    assert connected >= 1 and len(reads) == connected
    await socket.disconnect()


async def test_a_seat_taken_away_reaches_the_socket_as_a_message_and_its_taps_stop():
    """Moved to another seat during play: the old socket is sent to load its new seat, and a tap
    it sends meanwhile for the seat it had is not applied."""
    game, tokens = await game_with_tokens(seats=2)
    engine, state, version = await current(game)
    socket = await open_socket("/ws/play/", student_cookie(tokens[1][0]))
    await synced(socket)

    def swap_seats():
        lesson = game.table.lesson
        mover = Student.objects.get(seat__table=game.table, seat__number=1)
        classroom.student_move(lesson, mover.pk, game.table.seats.get(number=2).pk)

    await database_sync_to_async(swap_seats)()
    moved = await until(socket, lambda m: m["type"] == "redirect")
    assert moved[-1]["url"] == "/play/"
    assert 1 in engine.current_seats(state)  # the tap would be legal for the seat it had
    action = engine.bots["greedy"](state, 1, random.Random(3))
    await socket.send_json_to(act(action, version, "after-the-move"))
    await socket.send_json_to({"type": "pick", "kind": None})  # answered: the tap was handled
    await until(socket, lambda m: m["type"] == "parts")
    applied = await database_sync_to_async(
        lambda: Game.objects.get(pk=game.pk).actions.filter(
            client_action_id="after-the-move").exists())()
    assert not applied
    await socket.disconnect()


async def test_a_tablet_without_a_student_is_closed_as_not_allowed():
    """No student cookie: the play socket closes with 4003."""
    socket = await open_socket("/ws/play/")
    assert await socket.receive_output(timeout=5) == {"type": "websocket.close", "code": 4003}
    await socket.disconnect()


async def test_a_seated_student_whose_table_has_no_game_is_sent_to_the_lobby():
    """Before the tables start, /ws/play/ sends the tablet back to the lobby."""
    teacher = await database_sync_to_async(make_teacher)()
    lesson = await database_sync_to_async(
        lambda: classroom.lesson_create(owner=teacher, title="T", language="en",
                                        engine_key="research_programme", variant="school",
                                        seat_mode="single", planned_minutes=45))()
    _student, token = await database_sync_to_async(join)(lesson, "Early Ella")
    socket = await open_socket("/ws/play/", student_cookie(token))
    assert await synced(socket) == {"type": "redirect", "url": "/lobby/"}
    await socket.disconnect()


# The teacher's view -------------------------------------------------------------------------------


async def test_the_teacher_watches_a_table_with_every_hand_and_lets_a_robot_play():
    """The owner's table socket shows every seat's hand; the seat button hands a seat to a bot."""
    game, tokens = await game_with_tokens(seats=3)
    teacher = await database_sync_to_async(lambda: game.table.lesson.owner)()
    lesson_id, number = await database_sync_to_async(
        lambda: (game.table.lesson_id, game.table.number))()
    cookie = await database_sync_to_async(session_cookie)(teacher)
    watch = await open_socket(f"/ws/lessons/{lesson_id}/tables/{number}/",
                              cookie + "; language=en")
    view = await synced(watch)
    _engine, state, _version = await current(game)
    for player in state["players"]:
        for card in player["hand"]:
            assert f'data-card="{card}"' in view["parts"]["play-board"]
    assert "Let a robot play" in view["parts"]["play-actions"]
    await watch.send_json_to({"type": "seat_bot", "seat": 2, "bot": "greedy", "id": "r2"})
    messages = await until(watch, lambda m: m["type"] == "parts")
    if not any(m["type"] == "ack" for m in messages):
        messages += await until(watch, lambda m: m["type"] == "ack")
    assert [m["ref"] for m in messages if m["type"] == "ack"] == ["r2"]
    shown = next(m for m in messages if m["type"] == "parts")
    assert "Give the seat back" in shown["parts"]["play-actions"]
    assert await database_sync_to_async(
        lambda: services.bot_seats(Game.objects.get(pk=game.pk)))() == {2: "greedy"}
    await watch.disconnect()


async def test_another_teacher_cannot_watch_the_table():
    """Teacher B's socket for teacher A's table closes with 4004 and says nothing."""
    game, _tokens = await game_with_tokens(seats=2)
    lesson_id, number = await database_sync_to_async(
        lambda: (game.table.lesson_id, game.table.number))()
    intruder = await database_sync_to_async(lambda: session_cookie(make_teacher()))()
    socket = await open_socket(f"/ws/lessons/{lesson_id}/tables/{number}/", intruder)
    assert await socket.receive_output(timeout=5) == {"type": "websocket.close", "code": 4004}
    await socket.disconnect()
