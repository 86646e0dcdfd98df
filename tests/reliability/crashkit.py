"""What the crash and reconnect tests share: the app served by a real uvicorn process in the
scaled-out mode (the test's PostgreSQL database, Redis), which a test may SIGKILL and start again
on the same port; a class that joins through the join page and is started by its teacher's
socket; and tablets that keep their socket open the way static/js/live.js does.
"""

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.conf import settings
from django.test import Client as WebClient
from websockets.asyncio.client import connect

from bench.loadkit.classes import join, start_tables
from tests.servers import BASE_DIR, free_port, wait_for_http

# The flags of the Makefile's SERVE.
SERVE_FLAGS = ["--ws-max-size", "65536", "--ws-ping-interval", "20", "--ws-ping-timeout", "20",
               "--lifespan", "on", "--log-level", "warning"]
CLOSE_FOR_GOOD = (4003, 4004)


def database_url():
    db = settings.DATABASES["default"]
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def scaled_env():
    """The scaled-out mode on the test's database and Redis."""
    return {"DATABASE_URL": database_url(), "REDIS_URL": settings.REDIS_URL,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "TUTKIMUS_CLOCK_IN_PROCESS": "0"}


class Server:
    """One uvicorn process of the app on a fixed port: started, SIGKILLed, started again."""

    def __init__(self, env=None, port=None):
        self.port = port or free_port()
        self.env = {**os.environ, **scaled_env(), **(env or {})}
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.log = tempfile.NamedTemporaryFile("w+", prefix="crashkit-uvicorn-", suffix=".log")
        self.process = None
        self.starts = 0

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, path):
        return f"ws://127.0.0.1:{self.port}{path}"

    def start(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(self.port), *SERVE_FLAGS],
            cwd=BASE_DIR, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        self.starts += 1
        wait_for_http(f"{self.base_url}/healthz", timeout=90)

    def kill(self):
        """SIGKILL: no shutdown, no closing handshake, no last write."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def output(self):
        self.log.seek(0)
        return self.log.read()


@contextmanager
def running(server):
    server.start()
    try:
        yield server
    finally:
        server.stop()
        output = server.output()
        server.log.close()
        if "Traceback" in output:
            sys.stderr.write(output[-6000:])


@dataclass
class Seat:
    cookie: str
    game: int
    table: int
    seat: int
    student: int


def make_class(server, students, language="en"):
    """A teacher's lesson, `students` tablets joined through the join page; returns the lesson,
    the teacher's session cookie and the students' cookies."""
    from classroom import services
    from classroom.models import Lesson
    from tests.classroom.factories import make_teacher

    teacher = make_teacher()
    lesson = services.lesson_create(
        owner=teacher, title="Reliability", language=language, engine_key="research_programme",
        variant="school", seat_mode=Lesson.SeatMode.SINGLE, planned_minutes=45)
    web = WebClient()
    web.force_login(teacher)
    session = web.cookies[settings.SESSION_COOKIE_NAME].value
    cookies = [join(server.port, lesson.join_code, f"Tablet {n + 1}") for n in range(students)]
    return lesson, session, cookies


async def start_lesson(server, lesson, session):
    """The teacher's page seats everyone and starts the tables through its socket."""
    from bench.loadkit.classes import Lesson as LoadLesson

    teacher = await start_tables(LoadLesson(lesson.pk, lesson.join_code, session, []),
                                 server.port)
    await teacher.close()


def seats_of(cookies):
    """Where each joined tablet sits, read from the database."""
    from classroom import auth
    from games.models import Game

    seats = []
    for cookie in cookies:
        student = auth.student_for_token(auth.token_from_cookie(cookie))
        game = Game.objects.get(table_id=student.seat.table_id)
        seats.append(Seat(cookie, game.pk, student.seat.table_id, student.seat.number, student.pk))
    return seats


@dataclass
class Tablet:
    """A student's tablet on /ws/play/ that behaves like live.js: `sync` with its version on every
    (re)connect, messages queued while offline, back-off from 0.5 s doubling to 10 s, and no
    reconnecting after 4003/4004. Unlike live.js it sends an unanswered action again (same id)
    after reconnecting, which must be harmless."""

    server: Server
    seat: Seat
    rng: random.Random
    version: int | None = None
    parts: dict = field(default_factory=dict)
    acked: dict = field(default_factory=dict)  # action id -> version the ack reported
    refused: dict = field(default_factory=dict)  # action id -> error code
    connects: int = 0
    resent: int = 0  # actions sent again after a reconnect, unanswered before
    closed_for_good: int | None = None
    synced_at: float | None = None  # when the first full view after the last connect came
    asleep: bool = False  # the test took its network away: nobody taps on it

    def __post_init__(self):
        self.socket = None
        self.online = asyncio.Event()
        self.pending = {}  # id -> (message, future)
        self.stopping = False
        self.task = None
        self.awaiting_sync = False

    def start(self):
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self):
        backoff = 0.5
        while not self.stopping:
            try:
                self.socket = await connect(
                    self.server.ws_url("/ws/play/"), origin=self.server.base_url,
                    additional_headers={"Cookie": f"student={self.seat.cookie}"},
                    max_size=2 ** 22, open_timeout=10, ping_interval=20, ping_timeout=20)
            except Exception:  # the server is down or starting: try again later
                await self.back_off(backoff)
                backoff = min(backoff * 2, 10.0)
                continue
            backoff = 0.5
            await self.serve()
            if self.closed_for_good or self.stopping:
                return
            await self.back_off(backoff)

    async def back_off(self, backoff):
        await asyncio.sleep(backoff * (0.75 + self.rng.random() / 2))

    async def serve(self):
        self.connects += 1
        self.awaiting_sync = True
        try:
            await self.socket.send(json.dumps({"type": "sync", "version": self.version}))
            for message, _reply in list(self.pending.values()):
                self.resent += 1
                await self.socket.send(json.dumps(message))
            self.online.set()
            async for text in self.socket:
                self.receive(json.loads(text))
        except Exception:  # a killed server: the socket breaks; reconnect
            pass
        finally:
            self.online.clear()
            code = self.socket.close_code
            if code in CLOSE_FOR_GOOD:
                self.closed_for_good = code

    def receive(self, message):
        if message.get("version") is not None:
            self.version = message["version"]
        kind = message.get("type")
        if kind == "parts":
            self.parts.update(message["parts"])
            if self.awaiting_sync:
                self.awaiting_sync = False
                self.synced_at = time.monotonic()
        elif kind in ("ack", "error"):
            ref = message.get("ref")
            if kind == "ack":
                self.acked[ref] = message.get("version")
            else:
                self.refused[ref] = message.get("code")
            message_reply = self.pending.pop(ref, None)
            if message_reply is not None and not message_reply[1].done():
                message_reply[1].set_result(message)

    async def act(self, action, version, timeout=120):
        """Tap: send the action (now, or once back online) and wait for its ack or error."""
        tap = str(uuid.uuid4())
        message = {"type": "act", "action": action, "version": version, "id": tap}
        reply = asyncio.get_running_loop().create_future()
        self.pending[tap] = (message, reply)
        if self.online.is_set():
            try:
                await self.socket.send(json.dumps(message))
            except Exception:
                pass  # sent again on reconnecting
        return await asyncio.wait_for(reply, timeout)

    async def stop(self):
        self.stopping = True
        if self.socket is not None:
            await self.socket.close()
        if self.task is not None:
            await self.task


def game_state(game_id):
    """(engine, state, version) of a game, read from the database."""
    from games import selectors
    from games.engines.base import ENGINES
    from games.models import Game

    game = Game.objects.get(pk=game_id)
    engine = ENGINES[game.engine_key]
    return engine, engine.state_from_json(selectors.game_state(game)), game.version


def replays_to_snapshot(game_id):
    """(seed, log) replayed through the engine gives the stored snapshot at its version, and the
    state at the last."""
    from games import selectors
    from games.engines.base import ENGINES
    from games.models import Game

    game = Game.objects.get(pk=game_id)
    engine = ENGINES[game.engine_key]
    log = list(game.actions.order_by("seq"))
    if [row.seq for row in log] != list(range(1, game.version + 1)):
        return False
    names = [{"seat": p["seat"], "name": p["name"]} for p in game.snapshot["players"]]
    replay = engine.new_game(names, game.options, game.seed)
    for row in log:
        if row.seq - 1 == game.snapshot_version and engine.state_to_json(replay) != game.snapshot:
            return False
        replay, events = engine.apply_action(replay, row.action)
        if events != row.events:
            return False
    return engine.state_to_json(replay) == selectors.game_state(game)


async def in_thread(function, *args):
    """Run ORM code off the event loop (its own connection, closed after)."""
    from django.db import connection

    def call():
        try:
            return function(*args)
        finally:
            connection.close()

    return await asyncio.to_thread(call)
