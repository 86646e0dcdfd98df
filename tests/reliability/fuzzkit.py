"""Shared by the fuzzing, idempotency and flood tests: tablets in this process (Channels'
communicator on the whole ASGI application, one event loop in a thread) and over real sockets
to uvicorn processes, and the checks a game's log must pass afterwards."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings

from games import selectors
from games.engines.base import ENGINES
from games.models import Game
from tests.servers import BASE_DIR, free_port, wait_for_http
from tests.services.test_scaled_out import scaled_env
from tests.sockets import student_cookie

HOST = "127.0.0.1"
ORIGIN = f"http://{HOST}"
PROBE = "probe"


def needs_services():
    """A mark: the test runs on PostgreSQL and Redis (make test-reliability), else is skipped."""
    ready = bool(settings.REDIS_URL) and "postgresql" in settings.DATABASES["default"]["ENGINE"]
    return pytest.mark.skipif(not ready, reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL")


def figure(name, **values):
    """Print a measured figure the way docs/reliability.md quotes it."""
    print(f"FIGURE {name} " + " ".join(f"{key}={value}" for key, value in values.items()))


# Tablets in this process --------------------------------------------------------------------------


class LoopThread:
    """One event loop in its own thread, so sync tests (and Hypothesis) can drive sockets."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine, timeout=60):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


class Tablet:
    """A student's tablet on /ws/play/ through config.asgi's whole stack (origin check, session
    and cookie middleware, routing). `exchange` sends one frame and returns what came back for it:
    the frame is followed by a probe that is always acknowledged, so everything received before
    the probe's ack (or a close) answers the frame."""

    def __init__(self, loop, token):
        from config.asgi import application

        self.loop, self.token, self.application = loop, token, application
        self.probes = 0
        self.socket = None
        self.connect()

    def connect(self):
        headers = [(b"host", HOST.encode()), (b"origin", ORIGIN.encode()),
                   (b"cookie", student_cookie(self.token).encode())]
        self.socket = WebsocketCommunicator(self.application, "/ws/play/", headers=headers)
        connected, _ = self.loop.run(self.socket.connect(timeout=10))
        assert connected, "the tablet could not connect"

    def exchange(self, text=None, data=None):
        """Send a text (or binary) frame; returns (messages, close code or None)."""
        return self.loop.run(self._exchange(text, data))

    async def _exchange(self, text, data):
        self.probes += 1
        probe = f"{PROBE}-{self.probes}"
        frame = {"type": "websocket.receive"}
        frame.update({"text": text} if data is None else {"bytes": data})
        await self.socket.send_input(frame)  # as it came off the wire, even an empty text
        await self.socket.send_to(text_data=json.dumps({"type": "nudge_seen", "id": probe}))
        received = []
        while True:
            output = await self.socket.receive_output(timeout=20)
            if output["type"] == "websocket.close":
                return received, output.get("code")
            message = json.loads(output["text"])
            if message.get("type") == "ack" and message.get("ref") == probe:
                return received, None
            received.append(message)

    def drain(self):
        """Everything already sent to the tablet (group updates after another seat's move)."""
        return self.exchange(json.dumps({"type": "heartbeat"}))[0]

    def close(self):
        self.loop.run(self.socket.disconnect())


# Real servers -------------------------------------------------------------------------------------

SERVE_LIMITS = ["--ws-max-size", "65536", "--ws-ping-interval", "20", "--ws-ping-timeout", "20"]


@contextmanager
def uvicorn_server(port=None, env=None):
    """uvicorn serving config.asgi with the Makefile's limits, in scaled-out mode on this test's
    PostgreSQL database and Redis; yields (base url, process). Once stopped, `process.output`
    is what it printed."""
    port = port or free_port()
    environment = {**os.environ, **scaled_env(), **(env or {})}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(port), "--lifespan", "on", "--log-level", "warning", *SERVE_LIMITS],
            cwd=BASE_DIR, env=environment, stdout=log, stderr=subprocess.STDOUT, text=True,
        )
        base_url = f"http://127.0.0.1:{port}"
        try:
            wait_for_http(f"{base_url}/healthz")
            yield base_url, process
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
            log.seek(0)
            process.output = log.read()


def server_errors(output):
    """Lines of a server's output that report an error or a traceback."""
    return [line for line in output.splitlines()
            if "Traceback" in line or " ERROR" in line or line.startswith("ERROR")]


def socket_url(base_url):
    return base_url.replace("http", "ws", 1) + "/ws/play/"


# A game's log ------------------------------------------------------------------------------------


def log_faults(game):
    """What is wrong with a game's record: the snapshot or the state is not the replay of (seed,
    log), a logged action is not in the rules' own form, an engine invariant is broken, a client
    action id is logged twice. [] for a sound game."""
    game = Game.objects.get(pk=game.pk)
    engine = ENGINES[game.engine_key]
    faults = []
    rows = list(game.actions.order_by("seq"))
    if [row.seq for row in rows] != list(range(1, game.version + 1)):
        faults.append(f"game {game.pk}: log rows do not number 1..{game.version}")
    ids = [row.client_action_id for row in rows if row.client_action_id]
    if len(ids) != len(set(ids)):
        faults.append(f"game {game.pk}: a client action id logged twice")
    players = [{"seat": p["seat"], "name": p["name"]} for p in game.snapshot["players"]]
    replay = engine.new_game(players, game.options, game.seed)
    for row in rows:
        faults += _snapshot_faults(game, engine, replay, row.seq - 1)
        canonical = engine.canonical_action(replay, row.action)
        if json.dumps(canonical, sort_keys=True) != json.dumps(row.action, sort_keys=True):
            faults.append(f"game {game.pk} seq {row.seq}: logged {row.action} not {canonical}")
        replay, events = engine.apply_action(replay, row.action)
        if events != row.events:
            faults.append(f"game {game.pk} seq {row.seq}: events differ on replay")
        faults += [f"game {game.pk} seq {row.seq}: {fault}"
                   for fault in engine.check_invariants(replay)]
    faults += _snapshot_faults(game, engine, replay, game.version)
    if engine.state_to_json(replay) != selectors.game_state(game):
        faults.append(f"game {game.pk}: the state is not the replay of its log")
    return faults


def _snapshot_faults(game, engine, replay, version):
    if version == game.snapshot_version and engine.state_to_json(replay) != game.snapshot:
        return [f"game {game.pk}: the snapshot is not the replay of its log"]
    return []


class SocketTablet:
    """A tablet on a real socket to a server: sends frames, waits for the answers to one id."""

    def __init__(self, base_url, token):
        self.base_url, self.token = base_url, token
        self.socket = None
        self.connect()

    def connect(self):
        from websockets.sync.client import connect

        self.socket = connect(socket_url(self.base_url), origin=self.base_url,
                              additional_headers={"Cookie": student_cookie(self.token)},
                              open_timeout=30, max_size=2**22)

    def send(self, content):
        self.socket.send(content if isinstance(content, str) else json.dumps(content))

    def answers(self, ref, count=1, timeout=30):
        """The first `count` acks or errors that answer `ref` (other messages are skipped)."""
        found = []
        while len(found) < count:
            message = json.loads(self.socket.recv(timeout=timeout))
            if message.get("type") in ("ack", "error") and message.get("ref") == ref:
                found.append(message)
            elif message.get("code") == "slow_down":
                found.append(message)  # the tap was not looked at: the test reports it
        return found

    def close(self):
        self.socket.close()
