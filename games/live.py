"""What every live socket of the app shares: a small JSON protocol, limits and language.

Client to server: ``{"type": "...", ...}``; a domain action also carries ``id`` (the client's
action id, for idempotency) and ``version`` (the state the client saw). Server to client:

* ``{"type": "parts", "version": n, "parts": {"element-id": "<html>", ...}}``: replace regions;
* ``{"type": "patch", "version": n, "text": {id: text}, "classes": {id: {class: on}},
  "attrs": {id: {name: value}}}``: set a few figures in place (each map may be left out);
* ``{"type": "ack", "ref": id, "version": n}`` and ``{"type": "error", "code": c, "message": m,
  "ref": id}``: the outcome of one message;
* ``{"type": "redirect", "url": u}`` and ``{"type": "notice", "message": m}``.

static/js/live.js is the client side. Group messages carry ids and versions only; each socket
renders its own view (see docs/live.md).
"""

import contextvars
import json
import os
import time

from asgiref.sync import async_to_sync
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import JsonWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header

from games.flood import CLOSE_FLOODING, TokenBucket, client_of, penalty_box

MAX_MESSAGE_BYTES = 16 * 1024
CLOSE_NOT_ALLOWED = 4003  # the token or login no longer opens this page
CLOSE_GONE = 4004  # what the page showed is gone (a table without a game, another's lesson)
CLOSE_UNSUPPORTED = 1003
CLOSE_TOO_BIG = 1009

QUEUED = 0.002  # seconds: a frame dispatched this soon after the previous one had queued up

# What a consumer's handler sends, to its socket and to groups, while it runs (see `dispatch`).
_outbox = contextvars.ContextVar("live_outbox", default=None)


def language_from_scope(scope):
    """The teacher's chosen language (the language cookie), else their browser's, else Finnish."""
    wanted = [scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")]
    headers = dict(scope.get("headers", []))
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    wanted += [code for code, _q in parse_accept_lang_header(accept)]
    for code in wanted:
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


class LiveConsumer(JsonWebsocketConsumer):
    """Base consumer: parses, limits and dispatches messages by their `type`.

    Subclasses list the message types they accept in `handlers` (type -> method name) and set
    `language` in `connect`. A client that floods is told to slow down, then closed; a binary or
    oversized frame closes the socket. Those limits are applied on the event loop, so a flood
    never queues work for the one thread that runs every sync consumer of the process.
    """

    handlers: dict[str, str] = {"sync": "handle_sync"}
    # {a client's or a group's message type: a method}: asked on the event loop first, it says
    # whether the message is settled there (a tick with nothing due, a change that waits for
    # the next tick), sparing the hop to the sync thread, which costs more than such a message.
    # It must not block or query; it runs between this socket's handlers, never beside one, so
    # it may read and set the socket's own attributes.
    settled_on_loop: dict[str, str] = {}
    language = settings.LANGUAGE_CODE
    rate_per_second = 10
    rate_burst = 10
    strikes_before_close = 20

    @property
    def base_send(self):
        return self._send_later

    @base_send.setter
    def base_send(self, blocking_send):
        """Channels hands a sync consumer a blocking send; keep its coroutine function too."""
        self._send_blocking, self._send_now = blocking_send, blocking_send.awaitable

    def _send_later(self, message):
        outbox = _outbox.get()
        if outbox is None:  # a subclass dispatched by itself
            self._send_blocking(message)
        else:
            outbox.append((None, message))

    async def dispatch(self, message):
        if getattr(self, "closed", False) and message["type"] != "websocket.disconnect":
            return  # frames and group messages still on their way when the socket was closed
        if message["type"] != "websocket.receive":
            if not self.settled_here(message["type"], message):
                await self.dispatch_here(message)
            return
        refusal = self.refusal(message, queued=time.monotonic() - self.done < QUEUED)
        if refusal:
            await self._send_now(refusal)
        elif refusal is None:
            message["content"] = _parsed(message["text"])  # once, here, for both sides
            if not self.settled_here(_kind(message["content"]), message["content"]):
                await self.dispatch_received(message)
        self.done = time.monotonic()

    async def dispatch_received(self, message):
        started = time.monotonic()
        try:
            await self.dispatch_here(message)
        finally:
            self.busy += time.monotonic() - started

    def settled_here(self, kind, message):
        check = self.settled_on_loop.get(kind)
        return check is not None and getattr(self, check)(message)

    def waiting_clock(self):
        """Time this socket's server side spent waiting for the client: the message rate is
        measured on it, so a client that sends faster than its messages are handled (they queue
        up) is found out however slowly the server works."""
        return time.monotonic() - self.busy

    async def dispatch_here(self, message):
        """Run the handler on the sync thread, then send what it sent, in order, from here.

        Every sync consumer of a process shares one thread. Were each send and group message
        made from that thread, it would wait on the event loop (and on Redis) once per message,
        and every socket of the process would wait behind it.
        """
        outbox = []
        token = _outbox.set(outbox)
        try:
            await database_sync_to_async(self._dispatch_here)(message)
        finally:
            _outbox.reset(token)
            for group, item in outbox:
                if group is None:
                    await self._send_now(item)
                else:
                    await self.channel_layer.group_send(group, item)

    def _dispatch_here(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            self.unhandled(message)
        else:
            handler(message)

    def unhandled(self, message):
        raise ValueError(f"No handler for message type {message['type']}")

    def websocket_connect(self, message):
        self.busy = 0.0
        self.done = time.monotonic()
        self.bucket = TokenBucket(self.rate_per_second, self.rate_burst, self.waiting_clock)
        self.strikes = 0
        self.closed = False
        super().websocket_connect(message)

    def close(self, code=None, reason=None):
        self.closed = True
        super().close(code)

    def refusal(self, message, queued=True):
        """None when a client's frame goes on to its handler; otherwise what to send instead ({}
        for nothing). A binary or oversized frame closes the socket; one beyond the rate is told
        to slow down, or closes it. Only a `queued` frame (it was there as soon as the previous
        one was done) counts against the rate: a client that waits for each answer, as a person
        or a test's bot does, has one message at a time in the sync thread's queue."""
        text = message.get("text")
        if text is None or len(text) > MAX_MESSAGE_BYTES:
            self.closed = True
            return {"type": "websocket.close",
                    "code": CLOSE_UNSUPPORTED if text is None else CLOSE_TOO_BIG}
        if not queued or self.bucket.take():
            return None
        self.strikes += 1
        if self.strikes >= self.strikes_before_close:
            self.closed = True
            client = client_of(self.scope)
            if client is not None:
                penalty_box.add(client)
            return {"type": "websocket.close", "code": CLOSE_FLOODING}
        with translation.override(self.language):
            return _text_frame(_error("slow_down", _("Too many messages. Wait a moment.")))

    def websocket_receive(self, message):
        """A text frame, already parsed by `dispatch` (None if it is not JSON)."""
        self.receive_json(message["content"])

    def receive_json(self, content, **kwargs):
        kind = content.get("type") if isinstance(content, dict) else None
        handler = self.handlers.get(kind) if isinstance(kind, str) else None
        with translation.override(self.language):
            if handler is None:
                ref = content.get("id") if isinstance(content, dict) else None
                self.send_error("bad_message", _("The app did not understand that message."), ref)
            else:
                getattr(self, handler)(content)

    def handle_sync(self, content):
        """The client (re)connected or woke up: subclasses send it the whole current view."""

    def send_error(self, code, message, ref=None):
        self.send_json(_error(code, message, ref))

    def send_ack(self, ref, version=None):
        self.send_json({"type": "ack", "ref": _ref(ref), "version": version})

    def send_parts(self, parts, version=None):
        self.send_json({"type": "parts", "version": version, "parts": parts})

    def send_patch(self, changes, version=None):
        self.send_json({"type": "patch", "version": version, **changes})

    def send_redirect(self, url):
        self.send_json({"type": "redirect", "url": url})

    def join_group(self, group):
        async_to_sync(self.channel_layer.group_add)(group, self.channel_name)
        self.groups.append(group)


def _parsed(text):
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep
        return None


def _kind(content):
    """A client's message type, for `settled_on_loop` (None if it has none)."""
    kind = content.get("type") if isinstance(content, dict) else None
    return kind if isinstance(kind, str) else None


def _error(code, message, ref=None):
    return {"type": "error", "code": code, "message": str(message), "ref": _ref(ref)}


def _text_frame(content):
    return {"type": "websocket.send", "text": json.dumps(content)}


def _ref(ref):
    """Echo a client's action id only if it is a short string."""
    return ref if isinstance(ref, str) and len(ref) <= 64 else None


def group_send(group, message):
    """Send a group message from synchronous code (services, tasks, views); inside a live
    consumer's handler, once the handler has returned."""
    outbox = _outbox.get()
    if outbox is not None:
        outbox.append((group, message))
        return
    async_to_sync(get_channel_layer().group_send)(group, message)


class DiagnosticsConsumer(LiveConsumer):
    """Relays a broadcast to every diagnostics socket of every process.

    Open only with TUTKIMUS_LIVE_DIAGNOSTICS=1.

    Operators use it to prove that the processes behind a load balancer share one channel layer.
    """

    group = "diagnostics"
    handlers = {**LiveConsumer.handlers, "broadcast": "handle_broadcast"}

    def connect(self):
        self.accept()
        self.join_group(self.group)

    def handle_broadcast(self, content):
        text = str(content.get("text", ""))[:200]
        group_send(self.group, {"type": "diagnostics.message", "text": text, "pid": os.getpid()})

    def diagnostics_message(self, event):
        self.send_json(
            {"type": "diagnostic", "text": event["text"], "from_pid": event["pid"],
             "to_pid": os.getpid()}
        )
