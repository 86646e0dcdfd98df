"""Simulated tablets and dashboards: real WebSocket clients speaking static/js/live.js's protocol.

A `Client` keeps a socket open the way live.js does: it sends `sync` on connect, keeps the last
`version` any message carried, puts `parts` in place, and remembers when it first saw each new
version. A `Table` groups the tablets of one game (and its lesson's dashboard); at each of its
taps (bench/loadkit/pace.py) one seat acts: the app's tablets choose among the `data-send`
buttons the server rendered for them (stepping through picks, as a student taps), the baselines'
tablets send an `act` with the next version. Each action is timed from sending it until the last
socket at the table, and the lesson's dashboard (the cockpit's card of the table,
`data-game-version`, drawn or patched), has the version the action produced.
"""

import asyncio
import html
import json
import random
import re
import time
import uuid
from bisect import bisect_left
from dataclasses import dataclass, field

from websockets.asyncio.client import connect

BUTTON = re.compile(r"<button\b[^>]*>")
DATA_SEND = re.compile(r'data-send="([^"]*)"')
CARD_VERSION = re.compile(r'data-table="(\d+)" data-game-version="(\d+)"')
CARD_HEAD = re.compile(r"card-(\d+)-head")
MAX_PICKS = 12
REPLY_TIMEOUT = 30.0


class Client:
    """One socket. `versions`/`times`: each new version seen in a `parts` message, and when."""

    def __init__(self, url, *, cookie=None, origin=None, table=None, seat=None):
        self.url, self.cookie, self.origin = url, cookie, origin
        self.table, self.seat = table, seat
        self.parts, self.version = {}, None
        self.versions, self.times = [], []
        self.table_versions = {}  # a dashboard's {table: ([versions], [times])}
        self.replies = {}
        self.parts_seen = asyncio.Event()
        self.errors = []
        self.closed_code = None
        self.messages = 0
        self.parts_bytes = self.parts_count = 0
        self.parts_at = None  # when the last `parts` came
        self.socket = None
        self.reader = None

    async def open(self):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        self.parts_seen.clear()
        self.socket = await connect(self.url, origin=self.origin, additional_headers=headers,
                                    max_size=2 ** 22, open_timeout=60, ping_interval=None)
        self.reader = asyncio.get_running_loop().create_task(self.read())
        await self.send({"type": "sync", "version": self.version})

    async def send(self, message):
        await self.socket.send(json.dumps(message))

    async def read(self):
        try:
            async for text in self.socket:
                at = time.perf_counter()
                message = json.loads(text)
                if message.get("type") == "parts":
                    self.parts_bytes += len(text)
                    self.parts_count += 1
                self.receive(message, at)
        except Exception:  # a closed or broken socket ends the reader; `closed_code` tells
            pass
        self.closed_code = self.socket.close_code

    def receive(self, message, at):
        self.messages += 1
        version = message.get("version")
        if version is not None:
            self.version = version
        kind = message.get("type")
        if kind == "parts":
            self.parts_at = at
            self.parts.update(message.get("parts") or {})
            if "table" in message:
                seen = self.table_versions.setdefault(message["table"], ([], []))
                _note(seen[0], seen[1], version, at)
            else:
                _note(self.versions, self.times, version, at)
            for html in (message.get("parts") or {}).values():
                for table, card_version in CARD_VERSION.findall(html):  # the cockpit's cards
                    seen = self.table_versions.setdefault(int(table), ([], []))
                    _note(seen[0], seen[1], int(card_version), at)
            self.parts_seen.set()
        elif kind == "patch":  # the cockpit's figures of a card, the game's version among them
            for element, attrs in (message.get("attrs") or {}).items():
                head = CARD_HEAD.fullmatch(element)
                if head and "data-game-version" in attrs:
                    seen = self.table_versions.setdefault(int(head[1]), ([], []))
                    _note(seen[0], seen[1], int(attrs["data-game-version"]), at)
        elif kind in ("ack", "error"):
            if kind == "error":
                self.errors.append(message.get("code"))
            reply = self.replies.pop(message.get("ref"), None)
            if reply is not None and not reply.done():
                reply.set_result((message, at))

    async def request(self, message):
        """Send a message with a fresh id and wait for its `ack` or `error`."""
        message = {**message, "id": str(uuid.uuid4())}
        reply = asyncio.get_running_loop().create_future()
        self.replies[message["id"]] = reply
        started = time.perf_counter()
        await self.send(message)
        answer, at = await asyncio.wait_for(reply, REPLY_TIMEOUT)
        return started, answer, at

    async def first_parts(self, timeout=REPLY_TIMEOUT):
        """The first `parts` since `open` (the app's play sockets send it on connect)."""
        await asyncio.wait_for(self.parts_seen.wait(), timeout)

    async def next_parts(self, timeout=REPLY_TIMEOUT):
        self.parts_seen.clear()
        await asyncio.wait_for(self.parts_seen.wait(), timeout)

    def first_seen(self, version, table=None):
        """When this socket first had `version` or a later one (None: never)."""
        versions, times = (self.versions, self.times) if table is None else \
            self.table_versions.get(table, ([], []))
        index = bisect_left(versions, version)
        return times[index] if index < len(times) else None

    def last_version(self, table=None):
        versions = self.versions if table is None else self.table_versions.get(table, ([],))[0]
        return versions[-1] if versions else None

    async def close(self):
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            await self.reader


def _note(versions, times, version, at):
    """Keep the first arrival of each version greater than any before."""
    if isinstance(version, int) and (not versions or version > versions[-1]):
        versions.append(version)
        times.append(at)


def offered_choices(actions_html):
    """The messages of the buttons a student could tap now (the Back button left out)."""
    choices = []
    for tag in BUTTON.findall(actions_html or ""):
        found = DATA_SEND.search(tag)
        if found and "data-nav" not in tag and " disabled" not in tag:
            choices.append(json.loads(html.unescape(found.group(1))))
    return choices


@dataclass
class Action:
    table: object
    started: float
    version: int | None = None
    acked: float | None = None
    error: str | None = None
    picks: int = 0


@dataclass
class Table:
    """The sockets of one game and the lesson's dashboard; `key` names the table to dashboards."""

    key: object
    clients: list
    dashboard: Client | None = None
    game_id: int | None = None
    lesson: int | None = None
    version: int = 0  # the baselines' last acknowledged version
    actions: list = field(default_factory=list)


class AppPlayer:
    """A student who taps one of the buttons the server offers, step by step, then acts."""

    def __init__(self, rng):
        self.rng = rng

    def actor(self, table):
        ready = [c for c in table.clients if offered_choices(c.parts.get("play-actions"))]
        return self.rng.choice(ready) if ready else None

    async def act(self, table, client):
        for picks in range(MAX_PICKS):
            choices = offered_choices(client.parts.get("play-actions"))
            if not choices:
                return None
            choice = self.rng.choice(choices)
            if choice.get("type") == "act":
                started, answer, at = await client.request({**choice, "version": client.version})
                action = Action(table.key, started, picks=picks)
                if answer["type"] == "ack":
                    action.version, action.acked = answer["version"], at
                else:
                    action.error = answer.get("code")
                return action
            await client.send({**choice, "id": str(uuid.uuid4()), "version": client.version})
            await client.next_parts()
        return None


class BaselinePlayer:
    """A seat that sends the next version; the baseline servers only fan it out."""

    def __init__(self, rng, pad):
        self.rng, self.pad = rng, pad

    def actor(self, table):
        return self.rng.choice(table.clients)

    async def act(self, table, client):
        started, answer, at = await client.request({"type": "act", "version": table.version + 1,
                                                     "pad": self.pad})
        table.version = answer["version"]
        return Action(table.key, started, version=answer["version"], acked=at)


async def open_all(clients, concurrency=50):
    gate = asyncio.Semaphore(concurrency)

    async def open_one(client):
        async with gate:
            await client.open()
            await client.first_parts()

    await asyncio.gather(*(open_one(c) for c in clients))


async def close_all(clients):
    await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


async def quiet(clients, seconds=1.0, limit=20.0):
    """Wait until no socket has received anything for `seconds` (at most `limit`)."""
    deadline = time.perf_counter() + limit
    before = sum(c.messages for c in clients)
    while time.perf_counter() < deadline:
        await asyncio.sleep(seconds)
        now = sum(c.messages for c in clients)
        if now == before:
            return
        before = now


def latencies(tables, measure_dashboard):
    """Per acknowledged action, milliseconds until: the last table socket had its version, the
    dashboard had it, the last of both; and until the actor's ack and the first socket."""
    table_ms, dashboard_ms, last_ms, missing = [], [], [], 0
    ack_ms, first_ms = [], []
    for table in tables:
        for action in table.actions:
            if action.version is None:
                continue
            seen = [c.first_seen(action.version) for c in table.clients]
            if None in seen:
                missing += 1
                continue
            table_at = max(seen)
            last = table_at
            ack_ms.append((action.acked - action.started) * 1000)
            first_ms.append((min(seen) - action.started) * 1000)
            table_ms.append((table_at - action.started) * 1000)
            if measure_dashboard and table.dashboard is not None:
                at = table.dashboard.first_seen(action.version, table.key)
                if at is None:
                    missing += 1
                    continue
                dashboard_ms.append((at - action.started) * 1000)
                last = max(last, at)
            last_ms.append((last - action.started) * 1000)
    return {"": last_ms, "table_": table_ms, "dashboard_": dashboard_ms, "ack_": ack_ms,
            "first_": first_ms}, missing


def new_rng(seed):
    return random.Random(seed)
