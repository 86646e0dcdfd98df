"""Reading debriefs. The lesson passed in was found by its owner's selectors (the classroom decides
ownership); its students and seats are read through it."""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Count, Prefetch, Q
from django.http import Http404

from debrief.models import Answer, Debrief, ExportJob, LessonQuestion, QuestionSet
from games.models import Game


def debrief_of(lesson):
    return Debrief.objects.filter(lesson=lesson).select_related("shown_question").first()


def lesson_questions(lesson):
    return list(lesson.debrief_questions.order_by("position", "pk"))


def games_of_seats(seat_ids):
    """[(game, [seats])] for the tables of these seats that have a game."""
    wanted = set(seat_ids)
    games = Game.objects.filter(table__seats__pk__in=wanted).distinct()
    result = []
    for game in games.select_related("table").prefetch_related("table__seats"):
        seats = [seat for seat in game.table.seats.all() if seat.pk in wanted]
        result.append((game, seats))
    return result


def active_students(lesson):
    """The lesson's students who have not been removed."""
    return lesson.students.filter(removed_at__isnull=True)


def question_sets_for_teacher(user):
    if not (user and user.is_authenticated and user.is_active):
        return QuestionSet.objects.none()
    return QuestionSet.objects.filter(owner=user).annotate(question_count=Count("questions"))


def question_set_for_teacher(user, pk):
    """The teacher's question set `pk`; anyone else's, or none, is a 404."""
    try:
        return question_sets_for_teacher(user).get(pk=pk)
    except (QuestionSet.DoesNotExist, ValueError, TypeError):
        raise Http404("No such question set") from None


# The student's page ------------------------------------------------------------------------------


def student_answers(student):
    """[(question, answer)] of the student's lesson, in order (answers may be missing)."""
    questions = lesson_questions(student.lesson)
    answers = {a.question_id: a for a in Answer.objects.filter(student=student)}
    return [(question, answers.get(question.pk)) for question in questions]


# The teacher's review ----------------------------------------------------------------------------


@dataclass
class QuestionCount:
    question: LessonQuestion
    answered: int
    students: int
    starred: int

    @property
    def percent(self):
        return round(100 * self.answered / self.students) if self.students else 0


def answer_counts(lesson):
    """Per question: how many of the lesson's present students have answered, and stars."""
    students = active_students(lesson).count()
    answered = Q(answers__student__removed_at__isnull=True) & ~Q(answers__text="")
    questions = lesson.debrief_questions.annotate(
        answered=Count("answers", filter=answered),
        starred=Count("answers", filter=Q(answers__starred=True)),
    ).order_by("position", "pk")
    return [QuestionCount(q, q.answered, students, q.starred) for q in questions]


def _answers(lesson):
    return (Answer.objects.filter(question__lesson=lesson)
            .select_related("student__seat__table", "question")
            .order_by("question__position", "student__seat__table__number",
                      "student__seat__number", "student__joined_at"))


def answers_for_question(lesson, question_id):
    """Every present student's answer to one question, answered ones first, by table."""
    answers = list(_answers(lesson).filter(question_id=question_id,
                                           student__removed_at__isnull=True))
    return sorted(answers, key=lambda a: not a.answered)


def answers_for_table(lesson, table_id):
    """[(student, [(question, answer)])] of one table (table_id None: students without one)."""
    students = active_students(lesson).filter(seat__table_id=table_id).select_related(
        "seat").order_by("seat__number", "joined_at") if table_id else \
        active_students(lesson).filter(seat__isnull=True).order_by("joined_at")
    students = list(students.prefetch_related(
        Prefetch("answers", queryset=Answer.objects.select_related("question"))))
    questions = lesson_questions(lesson)
    rows = []
    for student in students:
        by_question = {a.question_id: a for a in student.answers.all()}
        rows.append((student, [(q, by_question.get(q.pk)) for q in questions]))
    return rows


def review_tables(lesson):
    """The lesson's tables that have present students, and whether anyone has no table."""
    tables = list(lesson.tables.filter(seats__students__removed_at__isnull=True)
                  .distinct().order_by("number"))
    unseated = active_students(lesson).filter(seat__isnull=True).exists()
    return tables, unseated


def starred_answers(lesson, question):
    """The starred answers of a question, as starred, oldest star first. No names."""
    if question is None:
        return []
    return list(Answer.objects.filter(question=question, starred=True)
                .order_by("starred_at", "pk").values_list("starred_text", flat=True))


# Exports -----------------------------------------------------------------------------------------


def export_jobs_for_teacher(user):
    if not (user and user.is_authenticated and user.is_active):
        return ExportJob.objects.none()
    return ExportJob.objects.filter(owner=user).prefetch_related("lessons")


def export_job_for_teacher(user, pk):
    """The teacher's export `pk`; anyone else's, or none, is a 404."""
    try:
        return export_jobs_for_teacher(user).get(pk=pk)
    except (ExportJob.DoesNotExist, ValidationError, ValueError, TypeError):
        raise Http404("No such export") from None


def lesson_students_for_export(lesson):
    """Present students, and removed ones who answered something, with their seats."""
    answered = Q(answers__text__gt="")
    return (lesson.students
            .filter(Q(removed_at__isnull=True) | answered).distinct()
            .select_related("seat__table").order_by("seat__table__number", "seat__number",
                                                    "joined_at", "pk"))
