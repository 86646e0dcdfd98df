"""Item 8: WebSockets from foreign origins are refused on every route (in the embedded mode too,
where any Host is allowed); seat tokens never appear in a URL after joining, nor in log output.

A handshake without `Origin` is refused as well: browsers always send it, and every client of the
app (tablets, the load kit, the tests) sends it; a client that leaves it out is not a browser page
of this app (config/origins.py).
"""

import copy
import json
import logging
import logging.config
import os
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from classroom import auth, debriefing
from classroom import services as classroom
from config.asgi import application
from config.routing import websocket_urlpatterns
from tests.classroom.factories import make_lesson, make_teacher
from tests.games.factories import bot_move
from tests.servers import BASE_DIR, uvicorn_process
from tests.sockets import session_cookie

FOREIGN_ORIGINS = [
    "http://evil.example", "https://evil.example", "null", None, "http://testserver.evil.example",
    "http://evil.example/testserver", "http://testserver:8443", "file://", "chrome-extension://x",
    "http://user@evil.example",
]


def socket_paths():
    return ["/" + str(route.pattern).replace("<int:pk>", "1").replace("<int:number>", "1")
            for route in websocket_urlpatterns]


async def handshake(path, origin, host="testserver"):
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _code = await socket.connect(timeout=5)
    if connected:
        await socket.disconnect()
    return connected


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("hosts", [["*"], ["tutkimus.example.fi", "testserver"]],
                         ids=["embedded", "production"])
async def test_foreign_origins_are_refused_on_every_socket_route(settings, hosts):
    settings.ALLOWED_HOSTS = hosts
    accepted_foreign = attempts = same_origin = 0
    for path in socket_paths():
        for origin in FOREIGN_ORIGINS:
            attempts += 1
            accepted_foreign += await handshake(path, origin)
        same_origin += await handshake(path, "http://testserver")
    rebinding = 0 if hosts == ["*"] else \
        await handshake("/ws/lobby/", "http://evil.example", host="evil.example")
    print(f"FIGURE origin_mode={'embedded' if hosts == ['*'] else 'production'} "
          f"socket_routes={len(socket_paths())} foreign_handshakes={attempts} "
          f"foreign_accepted={accepted_foreign + rebinding} "
          f"same_origin_accepted={same_origin}")
    assert accepted_foreign == 0 and rebinding == 0
    assert same_origin == len(socket_paths())


@pytest.fixture(scope="module")
def embedded_server(tmp_path_factory):
    env = {"TUTKIMUS_VAR_DIR": str(tmp_path_factory.mktemp("var")), "DATABASE_URL": "",
           "REDIS_URL": "", "DJANGO_ALLOWED_HOSTS": "", "TUTKIMUS_LIVE_DIAGNOSTICS": "1",
           "DJANGO_LOG_LEVEL": "DEBUG"}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                   cwd=BASE_DIR, env={**os.environ, **env}, check=True, timeout=300)
    with uvicorn_process(env) as (base_url, process):
        yield base_url, process


def test_the_real_server_refuses_foreign_origins_and_logs_no_cookie(embedded_server):
    """Uvicorn in embedded mode (any host): every route refuses every foreign origin with 403;
    the app's own origin opens the diagnostics socket. The handshakes carry a student's and a
    teacher's cookie, and neither appears in the server's output."""
    base_url, process = embedded_server
    secret_cookie = f"{auth.COOKIE_NAME}=student-token-that-must-not-be-logged; " \
                    f"{django_settings.SESSION_COOKIE_NAME}=session-key-that-must-not-be-logged"
    refused = attempts = 0
    for path in [*socket_paths(), "/ws/diagnostics/"]:
        for origin in FOREIGN_ORIGINS:
            attempts += 1
            try:
                with connect(base_url.replace("http", "ws") + path, origin=origin,
                             additional_headers={"Cookie": secret_cookie}, open_timeout=5):
                    pass
            except InvalidStatus as refusal:
                refused += refusal.response.status_code == 403
    with connect(base_url.replace("http", "ws") + "/ws/diagnostics/", origin=base_url,
                 additional_headers={"Cookie": secret_cookie}, open_timeout=5) as socket:
        socket.send(json.dumps({"type": "broadcast", "text": "hello"}))
        assert json.loads(socket.recv(timeout=5))["type"] == "diagnostic"
    process.terminate()
    output = process.stdout.read().decode(errors="replace")
    print(f"FIGURE server_foreign_handshakes={attempts} refused_403={refused}")
    assert refused == attempts
    assert "must-not-be-logged" not in output


# Tokens in URLs and logs --------------------


class Links(HTMLParser):
    """Every URL a page holds: links, sources, form targets and the live sockets' paths."""

    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value and (name in ("href", "src", "action", "formaction", "data-live")
                          or name.endswith("-url")):
                self.urls.append(value)


class Journey:
    """A class's whole lesson through the pages, recording every URL a student's tablet saw and
    every secret that could leak: tokens, signed cookies, session keys, reseat codes."""

    def __init__(self):
        self.urls, self.secrets, self.session_keys, self.pages = [], set(), set(), 0
        self.teacher = make_teacher()
        self.lesson = make_lesson(owner=self.teacher, language="en")
        self.teacher_client = Client()
        self.teacher_client.force_login(self.teacher)
        self.session_keys.add(
            self.teacher_client.cookies[django_settings.SESSION_COOKIE_NAME].value)
        self.secrets |= self.session_keys
        self.tablets = [self.join(f"Pupil {n}") for n in range(4)]

    def visit(self, client, method, path, data=None):
        response = client.get(path) if method == "GET" else client.post(path, data)
        self.pages += 1
        self.urls.append(path)
        if response.get("Location"):
            self.urls.append(response["Location"])
        if not getattr(response, "streaming", False):
            links = Links()
            links.feed(response.content.decode(errors="replace"))
            self.urls += links.urls
            self.bodies = getattr(self, "bodies", []) + [response.content.decode(errors="replace")]
        self.remember(client)
        return response

    def remember(self, client):
        session = client.cookies.get(django_settings.SESSION_COOKIE_NAME)
        if session is not None and session.value:
            self.session_keys.add(session.value)
            self.secrets.add(session.value)
        student = client.cookies.get(auth.COOKIE_NAME)
        if student is not None and student.value:
            self.secrets.add(student.value)
            token = auth.token_from_cookie(student.value)
            if token:
                self.secrets.add(token)

    def join(self, name):
        client = Client()
        self.visit(client, "GET", f"/join/?code={self.lesson.join_code}")
        response = self.visit(client, "POST", "/join/",
                              {"code": self.lesson.join_code, "pseudonym": name})
        assert response.status_code == 302
        assert client.cookies[auth.COOKIE_NAME]["httponly"]
        self.tour(client)
        return client

    def tour(self, client):
        for path in ("/lobby/", "/play/", "/debrief/", "/join/"):
            self.visit(client, "GET", path)

    def reseat(self, student_client):
        student = auth.student_from_request(type("R", (), {"COOKIES": {
            auth.COOKIE_NAME: student_client.cookies[auth.COOKIE_NAME].value}})())
        code = classroom.student_reseat_code(self.lesson, student.pk)
        self.secrets.add(code)
        fresh = Client()
        self.visit(fresh, "GET", f"/join/?code={self.lesson.join_code}")
        self.visit(fresh, "POST", "/join/", {"code": code})
        self.tour(fresh)
        return fresh

    def run(self, between=None):
        """Lobby, seating, play, a reseat, debrief, end: every student page at every step."""
        classroom.lesson_seat_everyone(self.lesson)
        for client in self.tablets:
            self.tour(client)
        classroom.lesson_start_tables(self.lesson)
        self.lesson.refresh_from_db()
        for client in self.tablets:
            self.tour(client)
        self.tablets[0] = self.reseat(self.tablets[0])
        if between:
            between(self)
        debriefing.lesson_debrief_open(self.lesson)
        for client in self.tablets:
            self.tour(client)
        for path in (f"/lessons/{self.lesson.pk}/", f"/lessons/{self.lesson.pk}/projector/",
                     f"/lessons/{self.lesson.pk}/debrief/",
                     f"/lessons/{self.lesson.pk}/debrief/discussion/",
                     f"/lessons/{self.lesson.pk}/tables/1/"):
            self.visit(self.teacher_client, "GET", path)
        classroom.lesson_end(self.lesson)
        for client in self.tablets:
            self.tour(client)

    def student_cookies(self):
        return [client.cookies[auth.COOKIE_NAME].value for client in self.tablets]


def leaks(texts, secrets):
    return [(secret[:12], text[:80]) for text in texts for secret in secrets
            if secret and secret in text]


@pytest.mark.django_db
def test_seat_tokens_never_appear_in_a_url_after_joining():
    """Every Location header, link, form target and socket path a student's tablet or the
    teacher's pages get, from joining to the end of the lesson, checked for every token,
    signed cookie, session key and reseat code; the student cookie is HttpOnly."""
    journey = Journey()
    journey.run()
    secrets = journey.secrets - {""}
    found = leaks(journey.urls, secrets) + leaks(journey.bodies, secrets - {
        journey.lesson.join_code})
    print(f"FIGURE pages_crawled={journey.pages} urls_checked={len(journey.urls)} "
          f"secrets={len(secrets)} secrets_in_urls_or_pages={len(found)}")
    assert len(secrets) >= 10 and len(journey.urls) >= 100
    assert found == []


class Captured(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.lines = []

    def emit(self, record):
        self.lines.append(self.format(record))


def play_and_answer(journey):
    """The tablets' sockets at work while the logs listen: moves, a story, heartbeats, and
    later the debrief's drafts (through the same socket code the tablets use)."""
    from asgiref.sync import async_to_sync

    async def tablets():
        for cookie in journey.student_cookies():
            socket = WebsocketCommunicator(application, "/ws/play/", headers=[
                (b"host", b"testserver"), (b"origin", b"http://testserver"),
                (b"cookie", f"{auth.COOKIE_NAME}={cookie}".encode())])
            assert (await socket.connect(timeout=5))[0]
            await socket.send_json_to({"type": "sync"})
            await socket.receive_json_from(timeout=5)
            game = await database_sync_to_async(
                lambda: journey.lesson.tables.first().game)()
            try:
                move = await database_sync_to_async(bot_move)(game)
            except Exception:
                move = {"type": "pass"}
            for message in ({"type": "act", "id": "a1", "action": move, "version": game.version},
                            {"type": "heartbeat"}, {"type": "story_request", "id": "s1"}):
                await socket.send_json_to(message)
            await socket.receive_nothing(timeout=0.5)
            await socket.disconnect()
        cookie = await database_sync_to_async(session_cookie)(journey.teacher)
        journey.session_keys.add(cookie.split("=", 1)[1])
        journey.secrets |= journey.session_keys
        teacher = WebsocketCommunicator(application, f"/ws/lessons/{journey.lesson.pk}/", headers=[
            (b"host", b"testserver"), (b"origin", b"http://testserver"),
            (b"cookie", cookie.encode())])
        assert (await teacher.connect(timeout=5))[0]
        for message in ({"type": "sync"}, {"type": "pause", "message": "x"}, {"type": "resume"}):
            await teacher.send_json_to(message)
        await teacher.receive_nothing(timeout=0.5)
        await teacher.disconnect()

    async_to_sync(tablets)()


@pytest.mark.django_db(transaction=True)
def test_no_token_cookie_or_session_key_reaches_the_logs(settings):
    """The app's logging at DEBUG (DJANGO_LOG_LEVEL=DEBUG) through the whole lesson: no token,
    signed cookie, session key or reseat code in any line. SQL is logged too, apart, with every
    query's parameters (the app's configuration never emits it): no student token, signed
    student cookie or reseat code there either; session keys are what Django's session table is
    looked up by, so they are only in those SQL lines that never reach a log."""
    config = copy.deepcopy(settings.LOGGING)
    config["root"]["level"] = "DEBUG"
    app_lines, sql_lines = Captured(), Captured()
    sql_logger = logging.getLogger("django.db.backends")
    logging.config.dictConfig(config)
    logging.getLogger().addHandler(app_lines)
    sql_logger.addHandler(sql_lines)
    sql_logger.setLevel(logging.DEBUG)
    sql_logger.propagate = False
    connection.force_debug_cursor = True
    try:
        journey = Journey()
        journey.run(between=play_and_answer)
    finally:
        connection.force_debug_cursor = False
        sql_logger.propagate = True
        sql_logger.removeHandler(sql_lines)
        logging.getLogger().removeHandler(app_lines)
        logging.config.dictConfig(settings.LOGGING)
    secrets = {secret for secret in journey.secrets if secret}
    student_secrets = secrets - journey.session_keys
    found = leaks(app_lines.lines, secrets) + leaks(sql_lines.lines, student_secrets)
    print(f"FIGURE log_lines={len(app_lines.lines)} sql_lines={len(sql_lines.lines)} "
          f"secrets={len(secrets)} secrets_in_logs={len(found)}")
    assert len(app_lines.lines) >= 5 and len(sql_lines.lines) >= 100
    assert found == []


def test_the_leak_search_finds_a_secret_where_there_is_one():
    """So that 0 found means 0 there."""
    assert leaks(["GET /lobby/?t=abc123secret"], {"abc123secret"}) == [
        ("abc123secret", "GET /lobby/?t=abc123secret")]
