"""Item 2: every page and every socket message as the seat itself, another seat at the table, a
seat at another table, another lesson's student, a removed student, an anonymous visitor,
another teacher and the owning teacher: only the allowed succeed, and a refused attempt changes
nothing.

The matrices are checked against the URL resolver, the WebSocket routes and every consumer's
message types, so a page, socket or message added without an entry here fails the test.
"""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib import admin
from django.urls import URLResolver, get_resolver
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from config.asgi import application
from config.routing import websocket_urlpatterns
from games.live import LiveConsumer
from tests.games.factories import bot_move
from tests.reliability.authzkit import (
    ACTORS,
    EVERYONE,
    LESSON_TITLE,
    NOBODY,
    OTHER_TABLE,
    OTHER_TEACHER,
    OWNER,
    SAME_TABLE,
    SEAT,
    STUDENTS,
    TEACHERS,
    Classroom,
    lesson_fingerprint,
)

pytestmark = [pytest.mark.django_db(transaction=True)]

ONLY_OWNER = frozenset({OWNER})
REFUSED_TARGETS = ("/accounts/login/", "/accounts/school/login/", "/join/", "/admin/login/")

# Pages: route -> ({method: actors who may}, what a POST sends). The owner's own POSTs that
# change the lesson (open and close the debrief, delete) are made at their moment in the flow.
PAGES = {
    "healthz": ({"GET": EVERYONE, "POST": EVERYONE}, {}),
    "i18n/setlang/": ({"GET": EVERYONE, "POST": EVERYONE}, {"language": "en"}),
    "admin/": ({"GET": NOBODY, "POST": NOBODY}, {"title": "changed by a stranger"}),
    "": ({"GET": EVERYONE, "POST": EVERYONE}, {}),
    "accounts/signup/": ({"GET": NOBODY, "POST": NOBODY}, {}),  # closed outside the demo
    "accounts/login/": ({"GET": EVERYONE, "POST": EVERYONE}, {}),
    "accounts/logout/": ({"GET": NOBODY, "POST": EVERYONE}, {}),
    "accounts/password_change/": ({"GET": TEACHERS, "POST": TEACHERS}, {}),
    "accounts/password_change/done/": ({"GET": TEACHERS, "POST": NOBODY}, {}),
    "accounts/password_reset/": ({"GET": EVERYONE, "POST": EVERYONE}, {}),
    "accounts/password_reset/done/": ({"GET": EVERYONE, "POST": NOBODY}, {}),
    "accounts/reset/<uidb64>/<token>/": ({"GET": EVERYONE, "POST": EVERYONE},
                                         {"new_password1": "Stranger-123", "new_password2":
                                          "Stranger-123"}),
    "accounts/reset/done/": ({"GET": EVERYONE, "POST": NOBODY}, {}),
    # Invitations: without a usable invitation in the session the page says so (410).
    "accounts/invitation/": ({"GET": EVERYONE, "POST": EVERYONE},
                             {"username": "stranger", "password1": "Stranger-123",
                              "password2": "Stranger-123"}),
    "accounts/invitation/<str:token>/": ({"GET": EVERYONE, "POST": EVERYONE}, {}),
    "accounts/school-accounts/": ({"GET": TEACHERS, "POST": TEACHERS}, {}),
    # School sign-in (allauth): its sign-in page and an unfinished sign-up lead to ours; no
    # provider is configured here, so a provider's pages are not found.
    "accounts/school/login/": ({"GET": NOBODY, "POST": NOBODY}, {}),
    "accounts/school/signup/": ({"GET": EVERYONE, "POST": EVERYONE}, {}),
    "accounts/school/inactive/": ({"GET": EVERYONE, "POST": NOBODY}, {}),
    "accounts/school/login/cancelled/": ({"GET": EVERYONE, "POST": NOBODY}, {}),
    "accounts/school/login/error/": ({"GET": EVERYONE, "POST": NOBODY}, {}),
    "accounts/school/signup/account/": ({"GET": NOBODY, "POST": NOBODY}, {}),
    "accounts/school/linked/": ({"GET": EVERYONE, "POST": EVERYONE}, {}),
    "accounts/school/oidc/^(?P<provider_id>[^/]+)/login/": ({"GET": NOBODY, "POST": NOBODY}, {}),
    "accounts/school/oidc/^(?P<provider_id>[^/]+)/login/callback/": (
        {"GET": NOBODY, "POST": NOBODY}, {"code": "stolen", "state": "forged"}),
    "lessons/": ({"GET": TEACHERS, "POST": TEACHERS}, {}),
    "teacher/": ({"GET": TEACHERS, "POST": TEACHERS}, {}),
    "lessons/new/": ({"GET": TEACHERS, "POST": TEACHERS}, {}),
    "lessons/<int:pk>/": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER}, {}),
    "lessons/<int:pk>/projector/": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER}, {}),
    "join/": ({"GET": EVERYONE, "POST": EVERYONE}, {"code": "WRONG1"}),
    "lobby/": ({"GET": STUDENTS, "POST": STUDENTS}, {}),
    # A student's own tablet language (blank: the lesson's, as every student has it here).
    "tablet/language/": ({"GET": NOBODY, "POST": STUDENTS}, {"language": ""}),
    "play/": ({"GET": STUDENTS, "POST": STUDENTS}, {}),
    "lessons/<int:pk>/tables/<int:number>/": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER}, {}),
    "debrief/": ({"GET": STUDENTS, "POST": STUDENTS}, {}),
    "lessons/<int:pk>/debrief/": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER}, {}),
    "lessons/<int:pk>/debrief/open/": ({"GET": NOBODY, "POST": NOBODY}, {}),
    "lessons/<int:pk>/debrief/close/": ({"GET": NOBODY, "POST": NOBODY}, {}),
    "lessons/<int:pk>/debrief/discussion/": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER}, {}),
    "lessons/<int:pk>/debrief/questions/": ({"GET": ONLY_OWNER, "POST": NOBODY},
                                            {"action": "add", "text": "A stranger's question?"}),
    "lessons/<int:pk>/debrief/export.<str:format>": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER}, {}),
    "lessons/<int:pk>/delete/": ({"GET": ONLY_OWNER, "POST": NOBODY}, {}),
    "debrief/question-sets/": ({"GET": TEACHERS, "POST": TEACHERS}, {"title": "Another set"}),
    "debrief/question-sets/<int:pk>/": ({"GET": ONLY_OWNER, "POST": NOBODY},
                                        {"action": "rename", "title": "Renamed by a stranger"}),
    "debrief/exports/": ({"GET": TEACHERS, "POST": TEACHERS}, {"format": "csv",
                                                               "lessons": "LESSON"}),
    "debrief/exports/<uuid:pk>/": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER}, {}),
    # The Art of Science's question bank: any teacher's bank, a private question its owner's.
    "games/art_of_science/questions/": ({"GET": TEACHERS, "POST": TEACHERS}, {}),
    "games/art_of_science/questions/import/": ({"GET": NOBODY, "POST": TEACHERS}, {}),
    "games/art_of_science/questions/approve/": ({"GET": NOBODY, "POST": TEACHERS},
                                                {"question": "QUESTION"}),
    "games/art_of_science/questions/export.<str:kind>": ({"GET": TEACHERS, "POST": TEACHERS},
                                                         {}),
    "games/art_of_science/questions/new/": ({"GET": TEACHERS, "POST": TEACHERS}, {}),
    "games/art_of_science/questions/<int:pk>/": ({"GET": ONLY_OWNER, "POST": ONLY_OWNER},
                                                 {"prompt": "Changed by a stranger?"}),
    "games/art_of_science/questions/<int:pk>/delete/": ({"GET": NOBODY, "POST": ONLY_OWNER},
                                                        {}),
}
# POSTs the matrix makes only as strangers: as their owner they would change the lesson.
OWNER_POST_LATER = {"lessons/<int:pk>/debrief/open/", "lessons/<int:pk>/debrief/close/",
                    "lessons/<int:pk>/delete/", "lessons/<int:pk>/debrief/questions/",
                    "debrief/question-sets/<int:pk>/", "debrief/exports/",
                    "debrief/question-sets/",
                    "games/art_of_science/questions/approve/",
                    "games/art_of_science/questions/<int:pk>/delete/"}

# Sockets: route -> actors who may connect.
SOCKETS = {
    "ws/lessons/<int:pk>/": ONLY_OWNER,
    "ws/lessons/<int:pk>/projector/": ONLY_OWNER,
    "ws/lobby/": STUDENTS,
    "ws/play/": STUDENTS,
    "ws/lessons/<int:pk>/tables/<int:number>/": ONLY_OWNER,
    "ws/debrief/": STUDENTS,
    "ws/lessons/<int:pk>/debrief/": ONLY_OWNER,
    "ws/lessons/<int:pk>/debrief/discussion/": ONLY_OWNER,
    "ws/debrief/exports/": TEACHERS,
}


def page_routes():
    """Every route of the URL resolver; the admin site counts as one (it is all staff-only)."""
    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver) and pattern.namespace == "admin":
                yield prefix + str(pattern.pattern)
            elif isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern)
    return list(walk(get_resolver().url_patterns))


def socket_consumers():
    return {str(route.pattern): route.callback.consumer_class for route in websocket_urlpatterns}


def message_types():
    types = set()
    for consumer in socket_consumers().values():
        types |= set(consumer.handlers)
    return types


def admin_paths(classroom):
    paths = ["/admin/", "/admin/classroom/", "/admin/auth/"]
    for model in admin.site._registry:
        base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        row = model.objects.order_by("pk").first()
        paths += [base, base + "add/"]
        if row is not None:
            paths += [f"{base}{row.pk}/change/", f"{base}{row.pk}/delete/",
                      f"{base}{row.pk}/history/"]
    return paths


def concrete_paths(route, classroom, table=1):
    lesson = classroom.lesson.pk
    if route == "admin/":
        return admin_paths(classroom)
    if route == "accounts/reset/<uidb64>/<token>/":
        uid = urlsafe_base64_encode(force_bytes(classroom.owner.pk))
        return [f"/accounts/reset/{uid}/not-a-valid-token/"]
    if "(?P<provider_id>" in route:
        return ["/" + re.sub(r"\^\(\?P<provider_id>[^)]+\)", "school", route)]
    if route == "join/":  # a reseat code in a link must not move the student (POST does)
        return ["/join/", f"/join/?code={classroom.reseat_code}"]
    if route.endswith("export.<str:format>"):
        return [f"/lessons/{lesson}/debrief/export.{f}" for f in ("csv", "xlsx", "json")]
    if route.endswith("export.<str:kind>"):
        return [f"/games/art_of_science/questions/export.{k}" for k in ("csv", "xlsx", "yaml")]
    pk = {"debrief/question-sets/<int:pk>/": classroom.question_set.pk,
          "debrief/exports/<uuid:pk>/": classroom.export.pk,
          "games/art_of_science/questions/<int:pk>/": classroom.bank_question.pk,
          "games/art_of_science/questions/<int:pk>/delete/": classroom.bank_question.pk,
          }.get(route, lesson)
    path = route.replace("<int:pk>", str(pk)).replace("<uuid:pk>", str(pk))
    return ["/" + path.replace("<int:number>", str(table))]


def refused(response):
    if response.status_code in (400, 403, 404, 405):
        return True
    location = response.get("Location", "")
    return response.status_code in (301, 302) and location.split("?")[0].startswith(
        REFUSED_TARGETS)


class Tally:
    def __init__(self):
        self.attempts = self.wrong = self.allowed = 0
        self.faults = []
        self.kinds = {"pages": 0, "connects": 0, "messages": 0, "unchanged_checks": 0}

    def record(self, what, allowed, succeeded, changed=False):
        kind = {"GET": "pages", "POST": "pages", "connect": "connects",
                "lesson unchanged": "unchanged_checks"}.get(what[1], "messages")
        self.kinds[kind] += 1
        self.attempts += 1
        self.allowed += allowed
        if allowed and not succeeded:
            self.faults.append(("allowed one refused", *what))
        if not allowed and (succeeded or changed):
            self.wrong += 1
            self.faults.append(("wrong success", *what, "changed" if changed else ""))


# Pages --------------------


def page_matrix(classroom, tally, phase):
    """Lesson A is compared before and after each page's attempts by one method."""
    for route, (allowed, data) in PAGES.items():
        data = {key: {"LESSON": classroom.lesson.pk,
                      "QUESTION": classroom.bank_question.pk}.get(value, value)
                for key, value in data.items()}
        for method in ("GET", "POST"):
            before = lesson_fingerprint(classroom)
            for actor in ACTORS:
                if method == "POST" and actor == OWNER and route in OWNER_POST_LATER:
                    continue
                for path in concrete_paths(route, classroom):
                    page_attempt(classroom, tally, phase, path, method, actor,
                                 actor in allowed[method], data)
            tally.record((phase, method, route, "lesson unchanged"), False, False,
                         lesson_fingerprint(classroom) != before)


def page_attempt(classroom, tally, phase, path, method, actor, allowed, data):
    client = classroom.http_client(actor)
    response = client.get(path) if method == "GET" else client.post(path, data)
    assert response.status_code < 500, (path, method, actor)
    body = b"" if getattr(response, "streaming", False) else response.content
    leaked = actor not in (OWNER, SEAT, SAME_TABLE, OTHER_TABLE) and \
        LESSON_TITLE.encode() in body
    tally.record((phase, method, path, actor), allowed, not refused(response) or leaked)


def test_every_page_is_in_the_matrix():
    assert sorted(page_routes()) == sorted(PAGES)


def test_every_socket_and_message_type_is_in_the_matrix():
    assert sorted(socket_consumers()) == sorted(SOCKETS)
    assert message_types() - {"sync"} == set(MESSAGES)


# Sockets --------------------

# Every message type, with arguments that point at lesson A's seat under test, its table and its
# teacher's objects (filled in per attempt by `message_for`).
MESSAGES = {
    "select": {"student": "SEAT_STUDENT"}, "cancel": {}, "move": {"student": "SEAT_STUDENT",
                                                                 "seat": "OTHER_SEAT"},
    "new_table": {"student": "SEAT_STUDENT"}, "add_seat": {"student": "SEAT_STUDENT",
                                                           "table": "TABLE_ID"},
    "unseat": {"student": "SEAT_STUDENT"}, "remove": {"student": "SEAT_STUDENT"},
    "reseat_code": {"student": "SEAT_STUDENT"}, "seat_everyone": {}, "start_tables": {},
    "end_lesson": {}, "tick": {}, "pause": {"message": "stranger"}, "resume": {},
    "extend": {"minutes": 5}, "call_time": {}, "approve": {"approval": "STORY"},
    "reject": {"approval": "STORY", "reason": "no"}, "nudge": {"table": 1, "seat": "SEAT"},
    "seat_bot": {"table": 1, "seat": "SEAT", "bot": "greedy"},
    "switch": {"name": "projector_story_titles", "on": True}, "pick": {"kind": "nothing"},
    "act": {"action": "MOVE", "version": "VERSION"},
    "act_inputs": {"kind": "nothing", "picks": [], "version": "VERSION"},
    "request": {"kind": "story", "text": "a stranger's story"},
    "vote": {"approval": "STORY", "accept": True},
    "nudge_seen": {}, "heartbeat": {}, "view": {"by": "table", "key": 1},
    "star": {"answer": "ANSWER", "starred": True}, "show": {"question": "QUESTION"},
    "open": {}, "close": {}, "next": {}, "previous": {},
    "draft": {"question": "QUESTION", "value": "written by a stranger"},
    "adjourn": {}, "look": {"seat": "SEAT"},
    "inputs": {"kind": "nothing", "picks": [], "values": {}},
    "check_inputs": {"kind": "nothing", "picks": [], "values": {}},
    "note": {"note": "a stranger's note"},
}

def message_for(kind, targets, ref):
    values = {key: targets.get(value, value) if isinstance(value, str) else value
              for key, value in MESSAGES[kind].items()}
    return {"type": kind, "id": ref, **values}


@database_sync_to_async
def socket_targets(classroom):
    from classroom.models import Seat
    from debrief.models import Answer

    seat_student = classroom.student(SEAT)
    seat_student.refresh_from_db()
    game = classroom.games[1]
    game.refresh_from_db()
    answer = Answer.objects.filter(student=seat_student).first()
    story = classroom.story
    other_seat = Seat.objects.filter(table__lesson=classroom.lesson).exclude(
        pk=seat_student.seat_id).first()
    try:
        move = bot_move(game, seat_student.seat.number)
    except Exception:  # not the seat's turn any more: its last legal move, now stale
        move = {"type": "pass"}
    return {"SEAT_STUDENT": seat_student.pk, "OTHER_SEAT": other_seat.pk,
            "TABLE_ID": seat_student.seat.table_id, "STORY": story.pk,
            "SEAT": seat_student.seat.number, "MOVE": move, "VERSION": game.version,
            "ANSWER": answer.pk if answer else 1,
            "QUESTION": classroom.lesson.debrief_questions.order_by("position").first().pk}


def socket_paths(route, classroom, actor, allowed):
    """[(path, may connect)]: lesson A's socket; the other teacher also opens the same socket
    of their own lesson B, from where they send lesson A's ids."""
    def path(lesson):
        return "/" + route.replace("<int:pk>", str(lesson.pk)).replace("<int:number>", "1")
    paths = [(path(classroom.lesson), actor in allowed)]
    if actor == OTHER_TEACHER and "<int:pk>" in route:
        paths.append((path(classroom.other_lesson), True))
    return paths


async def open_socket(classroom, path, actor):
    cookie = await database_sync_to_async(classroom.socket_cookie)(actor)
    headers = [(b"host", b"testserver"), (b"origin", b"http://testserver")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _code = await socket.connect(timeout=5)
    if not connected:
        return None
    await socket.send_json_to({"type": "sync"})
    while True:
        message = await socket.receive_output(timeout=5)
        if message["type"] == "websocket.close":
            return None
        if json.loads(message.get("text", "{}")).get("type") in ("parts", "redirect"):
            return socket


async def outcome(socket, ref):
    """The socket's answer to one message: "ack", "error", "closed" or "none" (a marker
    message, which every socket refuses, tells that the answer is complete)."""
    await socket.send_json_to({"type": "marker", "id": f"{ref}-marker"})
    seen = "none"
    while True:
        message = await socket.receive_output(timeout=5)
        if message["type"] == "websocket.close":
            return "closed"
        content = json.loads(message["text"])
        if content.get("ref") == f"{ref}-marker":
            return seen
        if content.get("ref") == ref and content["type"] in ("ack", "error"):
            seen = content["type"]


async def socket_matrix(classroom, tally, phase):
    """Each actor opens each socket it can and sends every message type at lesson A's seat under
    test; lesson A (less the actor's own rows) is compared before and after each socket."""
    targets = await socket_targets(classroom)
    fingerprint = database_sync_to_async(lesson_fingerprint)
    for route, allowed in SOCKETS.items():
        for actor in ACTORS:
            for path, may in socket_paths(route, classroom, actor, allowed):
                if actor == OWNER:
                    socket = await open_socket(classroom, path, actor)
                    tally.record((phase, "connect", path, actor), may, socket is not None)
                    if socket is not None:
                        await socket.disconnect()
                    continue
                await stranger_socket(classroom, tally, phase, path, actor, may, targets,
                                      fingerprint)


async def stranger_socket(classroom, tally, phase, path, actor, may, targets, fingerprint):
    spare = await database_sync_to_async(classroom.student)(actor)
    before = await fingerprint(classroom, spare)
    socket = await open_socket(classroom, path, actor)
    tally.record((phase, "connect", path, actor), may, socket is not None)
    acked = []
    for n, kind in enumerate(MESSAGES):
        if socket is None:  # refused at connect: the message cannot reach the app
            tally.record((phase, kind, path, actor), False, False)
            continue
        ref = f"{phase}-{n}"
        await socket.send_json_to(message_for(kind, targets, ref))
        answer = await outcome(socket, ref)
        if answer == "closed":
            socket = None
        elif answer == "ack":
            acked.append(kind)
        tally.record((phase, kind, path, actor), False, False)
    if socket is not None:
        await socket.disconnect()
    changed = await fingerprint(classroom, spare) != before
    tally.record((phase, "lesson unchanged", path, actor, tuple(acked)), False, False, changed)


async def seat_moves_itself(classroom, tally, phase):
    """The seat's own move, the one `act` the matrix sends for it, is applied."""
    socket = await open_socket(classroom, "/ws/play/", SEAT)
    targets = await socket_targets(classroom)
    await socket.send_json_to(message_for("act", targets, "own-move"))
    answer = await outcome(socket, "own-move")
    tally.record((phase, "act", "ws/play/", SEAT), True, answer == "ack")
    await socket.disconnect()


# The whole matrix --------------------


@pytest.mark.asyncio
async def test_only_the_allowed_succeed_and_refusals_change_nothing(settings, tmp_path,
                                                                    monkeypatch):
    """Playing, then in the debrief, then deleted: every page (GET and POST) and every socket
    and message type as each of the eight actors."""
    settings.EXPORTS_DIR = tmp_path
    monkeypatch.setattr(LiveConsumer, "rate_per_second", 10_000)
    monkeypatch.setattr(LiveConsumer, "rate_burst", 10_000)
    classroom = await database_sync_to_async(Classroom)(tmp_path)
    tally = Tally()
    for phase in ("playing", "debrief"):
        if phase == "playing":
            await seat_moves_itself(classroom, tally, phase)
        await database_sync_to_async(page_matrix)(classroom, tally, phase)
        await socket_matrix(classroom, tally, phase)
        if phase == "playing":
            await database_sync_to_async(owner_opens_the_debrief)(classroom, tally)
    await database_sync_to_async(owner_deletes_the_lesson)(classroom, tally)
    print(f"FIGURE authz_attempts={tally.attempts} allowed={tally.allowed} "
          f"refused={tally.attempts - tally.allowed} wrong_successes={tally.wrong} "
          + " ".join(f"{kind}={count}" for kind, count in tally.kinds.items()))
    assert tally.faults == [], "\n".join(map(repr, tally.faults[:40]))
    assert tally.wrong == 0


def owner_opens_the_debrief(classroom, tally):
    from classroom.models import Lesson

    path = f"/lessons/{classroom.lesson.pk}/debrief/open/"
    response = classroom.http_client(OWNER).post(path)
    classroom.lesson.refresh_from_db()
    tally.record(("playing", "POST", path, OWNER), True,
                 response.status_code == 302 and classroom.lesson.status == Lesson.Status.DEBRIEF)


def owner_deletes_the_lesson(classroom, tally):
    from classroom.models import Lesson

    path = f"/lessons/{classroom.lesson.pk}/delete/"
    for actor in ACTORS:
        if actor == OWNER:
            continue
        response = classroom.http_client(actor).post(path)
        tally.record(("ended", "POST", path, actor), False,
                     not Lesson.objects.filter(pk=classroom.lesson.pk).exists()
                     or not refused(response))
    response = classroom.http_client(OWNER).post(path)
    tally.record(("ended", "POST", path, OWNER), True,
                 response.status_code == 302 and
                 not Lesson.objects.filter(pk=classroom.lesson.pk).exists())
