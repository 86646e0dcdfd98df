"""Item 10: the only personal data kept about a student is the pseudonym they typed and what
they wrote (answers, story titles); no IP address or user agent is stored anywhere; the
retention purge leaves no row past its date; deleting a lesson leaves no trace of its students.
"""

import hashlib
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.apps import apps
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.utils import timezone

from classroom import auth, debriefing
from classroom import services as classroom
from classroom import tasks as classroom_tasks
from classroom.models import Lesson, Student
from config.asgi import application
from debrief import services as debrief
from debrief import tasks
from debrief.models import ExportJob
from games.models import Game
from tests.classroom.factories import make_lesson, make_teacher
from tests.cockpit.factories import tell_and_accept
from tests.games.factories import bot_move

IP = "203.0.113.77"
USER_AGENT = "PrivacyProbe/9.9 (Tablet; agent-5f1c2e)"

# Every field of every model, by what it holds about people.
STUDENT_TYPED = "what a student typed: the pseudonym, answers, story titles"
STUDENT_COPY = "a copy of a pseudonym or of what a student typed"
TEACHER = "the teacher's account (not a student)"
SECRET_HASH = "a hash of a student's tablet token or reseat code (not reversible)"
LINK = "an id or a link between rows"
LESSON = "the lesson, its game and its timing: nothing about a person"
TECHNICAL = "technical: sessions, content types, permissions, settings"
SIGNIN = ("a teacher's failed sign-in: the account name, a keyed pseudonym of the address (no "
          "address, no user agent), the time; deleted after the retention period")
SECRET = "a secret of the site or a hash of one (school sign-in client, invitation token)"
FIELDS = {
    "admin.LogEntry": {"id": LINK, "action_time": TECHNICAL, "user": LINK,
                       "content_type": LINK, "object_id": LINK, "object_repr": STUDENT_COPY,
                       "action_flag": TECHNICAL, "change_message": TECHNICAL},
    "auth.Permission": dict.fromkeys(["id", "name", "content_type", "codename"], TECHNICAL),
    "auth.Group": dict.fromkeys(["id", "name", "permissions"], TECHNICAL),
    "auth.User": dict.fromkeys(["id", "password", "last_login", "is_superuser", "username",
                                "first_name", "last_name", "email", "is_staff", "is_active",
                                "date_joined", "groups", "user_permissions"], TEACHER),
    "contenttypes.ContentType": dict.fromkeys(["id", "app_label", "model"], TECHNICAL),
    "sessions.Session": dict.fromkeys(["session_key", "session_data", "expire_date"], TEACHER),
    "classroom.ClassroomSettings": dict.fromkeys(["id", "self_signup_open", "retention_days"],
                                                 TECHNICAL),
    "classroom.Lesson": {**dict.fromkeys(
        ["title", "language", "engine_key", "variant", "seat_mode", "briefing_minutes",
         "play_minutes", "debrief_minutes", "status", "join_code", "version", "created_at",
         "started_at", "ended_at", "delete_after", "game_settings", "approval_expiry_minutes",
         "idle_seconds", "at_play_end", "play_ends_at", "time_called_at", "paused_at",
         "pause_message", "resumed_at", "adjourned_at"], LESSON),
        "id": LINK, "owner": LINK},
    "classroom.Table": dict.fromkeys(["id", "lesson", "number"], LINK),
    "classroom.Seat": dict.fromkeys(["id", "table", "number"], LINK),
    "classroom.Student": {"id": LINK, "lesson": LINK, "pseudonym": STUDENT_TYPED, "seat": LINK,
                          "token_hash": SECRET_HASH, "reseat_code_hash": SECRET_HASH,
                          "reseat_code_expires_at": LESSON, "joined_at": LESSON,
                          "removed_at": LESSON, "language": LESSON},
    "classroom.TabletPresence": {**dict.fromkeys(["id", "lesson", "student", "table", "seat"],
                                                 LINK),
                                 "channel_name": TECHNICAL, "connected_at": LESSON,
                                 "seen_at": LESSON},
    "games.Game": {**dict.fromkeys(["id", "table"], LINK),
                   **dict.fromkeys(["engine_key", "variant", "options", "seed", "version",
                                    "snapshot_version", "revision", "bot_due_at",
                                    "turn_started_at", "idle_due_at", "created_at",
                                    "finished_at", "deadlines", "deadline_due_at"], LESSON),
                   "players": STUDENT_COPY, "snapshot": STUDENT_COPY},
    "games.GameAction": {**dict.fromkeys(["id", "game", "seq"], LINK),
                         **dict.fromkeys(["action", "events", "actor_kind", "actor_seat",
                                          "client_action_id", "together", "created_at"],
                                         LESSON)},
    "games.Approval": {**dict.fromkeys(["id", "game", "seat", "student", "request_id", "kind"],
                                       LINK),
                       **dict.fromkeys(["round", "flagged_words", "status", "reason",
                                        "decided_by", "requested_at", "decided_at",
                                        "expires_at"], LESSON),
                       "text": STUDENT_TYPED},
    "debrief.QuestionSet": dict.fromkeys(["id", "owner", "title", "created_at", "updated_at"],
                                         TEACHER),
    "debrief.TemplateQuestion": dict.fromkeys(["id", "position", "text", "fact_key",
                                               "question_set"], TEACHER),
    "debrief.LessonQuestion": dict.fromkeys(["id", "position", "text", "fact_key", "lesson"],
                                            LESSON),
    "debrief.Debrief": dict.fromkeys(["id", "lesson", "opened_at", "closed_at",
                                      "shown_question", "version"], LESSON),
    "debrief.Answer": {**dict.fromkeys(["id", "student", "question"], LINK),
                       "text": STUDENT_TYPED, "starred_text": STUDENT_COPY,
                       **dict.fromkeys(["facts", "starred", "starred_at", "created_at",
                                        "updated_at", "language"], LESSON)},
    "classroom.TeacherInvitation": {"id": LINK, "invited_by": LINK, "used_by": LINK,
                                    "email": TEACHER, "token_hash": SECRET,
                                    **dict.fromkeys(["created_at", "expires_at", "used_at"],
                                                    TECHNICAL)},
    "axes.AccessAttempt": {"id": LINK, **dict.fromkeys(
        ["attempt_time", "failures_since_start", "get_data", "http_accept", "ip_address",
         "path_info", "post_data", "user_agent", "username"], SIGNIN)},
    "axes.AccessAttemptExpiration": {"access_attempt": LINK, "expires_at": SIGNIN},
    "axes.AccessFailureLog": {"id": LINK, **dict.fromkeys(
        ["attempt_time", "http_accept", "ip_address", "locked_out", "path_info", "user_agent",
         "username"], SIGNIN)},
    # Successful sign-ins are not recorded (AXES_DISABLE_ACCESS_LOG); the table stays empty.
    "axes.AccessLog": {"id": LINK, **dict.fromkeys(
        ["attempt_time", "http_accept", "ip_address", "logout_time", "path_info",
         "session_hash", "user_agent", "username"], SIGNIN)},
    "account.EmailAddress": {"id": LINK, "user": LINK,
                             **dict.fromkeys(["email", "primary", "verified"], TEACHER)},
    "account.EmailConfirmation": {"id": LINK, "email_address": LINK, "key": SECRET,
                                  **dict.fromkeys(["created", "sent"], TECHNICAL)},
    "socialaccount.SocialApp": {"id": LINK, "secret": SECRET, **dict.fromkeys(
        ["client_id", "key", "name", "provider", "provider_id", "settings"], TECHNICAL)},
    "socialaccount.SocialAccount": {"id": LINK, "user": LINK, **dict.fromkeys(
        ["date_joined", "extra_data", "last_login", "provider", "uid"], TEACHER)},
    "socialaccount.SocialToken": {"id": LINK, "account": LINK, "app": LINK,
                                  "token": SECRET, "token_secret": SECRET,
                                  "expires_at": TECHNICAL},
    "games.SeatNotes": {**dict.fromkeys(["id", "game", "seat"], LINK),
                        **dict.fromkeys(["data", "updated_at"], LESSON)},  # a grid's marks
    # The Art of Science's question bank: what teachers wrote, and seats' flags on it.
    "art_of_science.Question": {**dict.fromkeys(["id", "owner"], LINK), **dict.fromkeys(
        ["public_id", "lang", "translation_of", "category", "difficulty", "format", "prompt",
         "options", "answer", "tolerance", "unit", "accept", "explanation", "source", "licence",
         "image", "time_limit_s", "tags", "author", "provenance", "status", "shared",
         "created_at", "updated_at"], TEACHER)},
    "art_of_science.QuestionFlag": {**dict.fromkeys(["id", "question", "game", "seat"], LINK),
                                    **dict.fromkeys(["reason", "created_at", "resolved_at"],
                                                    LESSON)},
    "debrief.ExportJob": {**dict.fromkeys(["id", "owner", "lessons"], LINK),
                          **dict.fromkeys(["format", "language", "status", "rows", "file_name",
                                           "created_at", "finished_at"], TECHNICAL)},
}


def model_fields():
    return {model._meta.label: {field.name for field in
                                [*model._meta.concrete_fields, *model._meta.many_to_many]}
            for model in apps.get_models()}


def test_every_field_of_every_model_is_classified():
    """A new model or field fails here until someone says what it holds about people."""
    fields = model_fields()
    classified = {label: set(by_field) for label, by_field in FIELDS.items()}
    typed = sorted(f"{label}.{name}" for label, by_field in FIELDS.items()
                   for name, kind in by_field.items() if kind == STUDENT_TYPED)
    count = sum(len(names) for names in fields.values())
    print(f"FIGURE models={len(fields)} fields_classified={count} "
          f"student_typed_fields={len(typed)}")
    assert classified == fields
    assert typed == ["classroom.Student.pseudonym", "debrief.Answer.text", "games.Approval.text"]


# Scanning everything ---------------------------------------------------------------------------


def every_value():
    """(table, text) of every value of every row of every table of the database."""
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            for row in cursor.fetchall():
                for value in row:
                    if value is not None:
                        yield table, value if isinstance(value, str) else str(value)


def cache_texts():
    """Every key and value the cache holds, as text (local memory or Redis)."""
    backend = cache._cache
    if isinstance(backend, dict):  # local memory: pickled values
        return [f"{key} {value!r}" for key, value in backend.items()]
    client = backend.get_client(None, write=False)
    return [f"{key!r} {client.get(key)!r}" for key in client.scan_iter(match="tutkimus*")
            if client.type(key) == b"string"]


def hits(needles):
    rows = [(table, needle) for table, text in every_value() for needle in needles
            if needle in text]
    cached = [("cache", needle) for text in cache_texts() for needle in needles if needle in text]
    return rows + cached


# A whole lesson from one address and browser ------------------------------------------------------


def client_from_school():
    return Client(REMOTE_ADDR=IP, HTTP_USER_AGENT=USER_AGENT, HTTP_X_FORWARDED_FOR=IP,
                  HTTP_X_REAL_IP=IP)


async def socket_from_school(path, cookie):
    socket = WebsocketCommunicator(application, path, headers=[
        (b"host", b"testserver"), (b"origin", b"http://testserver"),
        (b"user-agent", USER_AGENT.encode()), (b"x-forwarded-for", IP.encode()),
        (b"cookie", cookie.encode())])
    socket.scope["client"] = (IP, 50123)
    assert (await socket.connect(timeout=5))[0]
    return socket


class Lesson45:
    """A whole lesson from the school's address: joining (with mistyped codes first), play over
    the tablets' sockets, an accepted story, answers, exports."""

    def __init__(self, tmp_path, prefix="Pupil"):
        self.teacher = make_teacher()
        self.lesson = make_lesson(owner=self.teacher, language="en")
        self.names = [f"{prefix} Qx{n}" for n in range(4)]
        self.tablets = []
        for n, name in enumerate(self.names):
            client = client_from_school()
            if n == 0:  # a miss is counted per address in the cache
                client.post("/join/", {"code": "WRONG9"})
            client.post("/join/", {"code": self.lesson.join_code, "pseudonym": name})
            self.tablets.append(client)
        self.tokens = [auth.token_from_cookie(c.cookies[auth.COOKIE_NAME].value)
                       for c in self.tablets]
        classroom.lesson_seat_everyone(self.lesson)
        classroom.lesson_start_tables(self.lesson)
        self.game = Game.objects.get(table__lesson=self.lesson)
        for client in self.tablets:
            client.get("/play/")
        self.story = f"{prefix} story title zq"
        tell_and_accept(self.game, title=self.story)
        self.reseat_code = classroom.student_reseat_code(
            self.lesson, Student.objects.filter(lesson=self.lesson).first().pk)
        self.answers = [f"{prefix} answer text zq{n}" for n in range(4)]
        self.exports_dir = tmp_path

    async def play(self):
        for client in self.tablets:
            cookie = f"{auth.COOKIE_NAME}={client.cookies[auth.COOKIE_NAME].value}"
            socket = await socket_from_school("/ws/play/", cookie)
            await socket.send_json_to({"type": "sync"})
            await socket.receive_json_from(timeout=5)
            try:
                move = await database_sync_to_async(bot_move)(self.game)
            except Exception:  # not this seat's turn
                move = {"type": "pass"}
            await socket.send_json_to({"type": "act", "id": "t1", "action": move})
            await socket.send_json_to({"type": "heartbeat"})
            await socket.receive_nothing(timeout=0.3)
            await socket.disconnect()

    def debrief(self):
        debriefing.lesson_debrief_open(self.lesson)
        questions = list(self.lesson.debrief_questions.order_by("position"))
        for client, text in zip(self.tablets, self.answers, strict=True):
            client.get("/debrief/")
            student = Student.objects.get(token_hash=auth.hash_secret(
                auth.token_from_cookie(client.cookies[auth.COOKIE_NAME].value)))
            debrief.answer_save_draft(student, questions[0].pk, text)
        owner = Client(REMOTE_ADDR=IP, HTTP_USER_AGENT=USER_AGENT)
        owner.force_login(self.teacher)
        for form in ("csv", "xlsx", "json"):
            owner.get(f"/lessons/{self.lesson.pk}/debrief/export.{form}")
        job = ExportJob.objects.create(owner=self.teacher, format="csv", language="en")
        job.lessons.set([self.lesson])
        tasks.export_lessons(job.pk)
        self.export_file = self.exports_dir / ExportJob.objects.get(pk=job.pk).file_name
        student = Student.objects.filter(lesson=self.lesson).first()
        LogEntry.objects.create(
            user=self.teacher, content_type=ContentType.objects.get_for_model(Student),
            object_id=str(student.pk), object_repr=student.pseudonym, action_flag=CHANGE)
        return owner

    def traces(self):
        """Every string that would betray one of this lesson's students."""
        hashes = [auth.hash_secret(token) for token in self.tokens]
        return {*self.names, *self.answers, self.story, *self.tokens, *hashes,
                auth.hash_secret(self.reseat_code)}


def run_lesson(tmp_path, prefix="Pupil"):
    from asgiref.sync import async_to_sync

    lesson = Lesson45(tmp_path, prefix)
    async_to_sync(lesson.play)()
    return lesson, lesson.debrief()


@pytest.mark.django_db(transaction=True)
def test_no_ip_address_or_user_agent_is_stored_anywhere(settings, tmp_path):
    """After a whole lesson from one address and browser, no row of any table and no cache entry
    holds the address, a plain hash of it, or the user agent."""
    settings.EXPORTS_DIR = tmp_path
    run_lesson(tmp_path)
    needles = [IP, USER_AGENT, "agent-5f1c2e", hashlib.sha256(IP.encode()).hexdigest()[:32]]
    found = hits(needles)
    rows = sum(1 for _ in every_value())
    print(f"FIGURE values_scanned={rows} cache_entries={len(cache_texts())} "
          f"ip_or_agent_hits={len(found)}")
    assert rows > 500
    assert found == []


@pytest.mark.django_db(transaction=True)
def test_retention_purge_leaves_no_row_past_its_date(settings, tmp_path):
    """Two lessons past their date and one within it: the purge job deletes the two with all
    their students' rows and export files, and keeps the third whole."""
    settings.EXPORTS_DIR = tmp_path
    expired = [run_lesson(tmp_path, prefix) for prefix in ("Old", "Older")]
    kept, _owner = run_lesson(tmp_path, "Kept")
    now = timezone.now()
    for lesson, _owner in expired:
        Lesson.objects.filter(pk=lesson.lesson.pk).update(delete_after=now - timedelta(days=1))
    ExportJob.objects.filter(lessons__in=[lesson.lesson for lesson, _ in expired]).update(
        created_at=now - timedelta(hours=settings.EXPORT_KEEP_HOURS + 1))
    result = classroom_tasks.purge_expired()
    past = Lesson.objects.filter(delete_after__lte=timezone.now()).count()
    traces = set().union(*(lesson.traces() for lesson, _ in expired))
    left = hits(traces)
    files = sum(lesson.export_file.exists() for lesson, _ in expired)
    print(f"FIGURE purged_lessons={result['lessons']} rows_past_date={past} "
          f"student_traces_left={len(left)} export_files_left={files}")
    assert result["lessons"] == 2 and past == 0 and left == [] and files == 0
    assert Lesson.objects.filter(pk=kept.lesson.pk).exists()
    assert len(hits(kept.traces())) > 0


@pytest.mark.django_db(transaction=True)
def test_deleting_a_lesson_leaves_no_trace_of_its_students(settings, tmp_path):
    """The teacher deletes the lesson: its pseudonyms, tokens (and their hashes), reseat codes,
    answers, stories, presence, admin log lines, cache entries and export files are gone from
    every table; another lesson is untouched."""
    settings.EXPORTS_DIR = tmp_path
    lesson, owner = run_lesson(tmp_path, "Gone")
    other, _owner = run_lesson(tmp_path, "Stays")
    traces = lesson.traces()
    before = len(hits(traces))
    response = owner.post(f"/lessons/{lesson.lesson.pk}/delete/")
    assert response.status_code == 302
    left = hits(traces)
    print(f"FIGURE traces_before={before} student_traces_left={len(left)} "
          f"export_file_left={int(lesson.export_file.exists())}")
    assert before > 0 and left == [] and not lesson.export_file.exists()
    assert len(hits(other.traces())) > 0
