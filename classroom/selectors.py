"""Reading lessons. Who may see a lesson is decided here and nowhere else.

A co-teacher will be one more condition in `lessons_for_teacher`; every view and socket asks it.
"""

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q
from django.http import Http404

from classroom.models import Lesson, Seat, Student
from games.models import Game

PLAY_URL = "/play/"
LOBBY_URL = "/lobby/"
DEBRIEF_URL = "/debrief/"


def lessons_for_teacher(user):
    if not (user and user.is_authenticated and user.is_active):
        return Lesson.objects.none()
    return Lesson.objects.filter(owner=user)


def lesson_for_teacher(user, pk):
    """The teacher's lesson `pk`; anyone else's lesson, or none, is a 404."""
    try:
        return lessons_for_teacher(user).get(pk=pk)
    except (Lesson.DoesNotExist, ValueError, TypeError):
        raise Http404("No such lesson") from None


def lesson_list_for_teacher(user):
    return lessons_for_teacher(user).annotate(
        student_count=Count("students", filter=Q(students__removed_at__isnull=True))
    )


def active_students(lesson):
    return lesson.students.filter(removed_at__isnull=True)


def student_page_url(student):
    """Where a student's tablet belongs: the debrief while it runs, the play page while their
    table plays, else the lobby (which says goodbye once the lesson has ended)."""
    lesson = student.lesson
    if lesson.status == Lesson.Status.DEBRIEF:
        return DEBRIEF_URL
    if lesson.status == Lesson.Status.PLAYING and student.seat_id and _seat_has_game(student):
        return PLAY_URL
    return LOBBY_URL


def _seat_has_game(student):
    if hasattr(student, "table_game_id"):  # read with the student (auth.student_for_token)
        return student.table_game_id is not None
    return student.seat.table.has_game


@dataclass
class SeatingTable:
    table: object
    seats: list  # [(seat, [students])]
    can_grow: bool
    open_seats: int = 0


@dataclass
class Seating:
    lobby: list
    tables: list = field(default_factory=list)

    @property
    def seated_count(self):
        return sum(len(students) for t in self.tables for _, students in t.seats)


def lesson_seating(lesson):
    """The lobby and every table with its seats and students, in two queries and a prefetch."""
    students = Prefetch(
        "students", queryset=Student.objects.filter(removed_at__isnull=True).order_by("joined_at")
    )
    seats = Prefetch("seats", queryset=Seat.objects.order_by("number").prefetch_related(students))
    tables = lesson.tables.select_related("game").prefetch_related(seats).order_by("number")
    seating = Seating(lobby=list(active_students(lesson).filter(seat__isnull=True)))
    for table in tables:
        rows = [(seat, list(seat.students.all())) for seat in table.seats.all()]
        seating.tables.append(SeatingTable(
            table=table, seats=rows, can_grow=not table.has_game and len(rows) < 4,
            open_seats=sum(1 for _, people in rows if len(people) < lesson.seats_per_student),
        ))
    return seating


def table_mates(student):
    """The other students at the student's table, by seat, for their lobby page."""
    if not student.seat_id:
        return []
    return list(
        Student.objects.filter(seat__table_id=student.seat.table_id, removed_at__isnull=True)
        .exclude(pk=student.pk).select_related("seat").order_by("seat__number", "joined_at")
    )


def game_for_student(student):
    """The id of the game at the student's table, or None."""
    if not student.seat_id:
        return None
    if hasattr(student, "table_game_id"):  # read with the student (classroom.auth)
        return student.table_game_id
    return Game.objects.filter(table_id=student.seat.table_id).values_list("pk", flat=True).first()
