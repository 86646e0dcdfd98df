"""Everything that changes a debrief: questions, opening and closing, answers, stars, the
projector, exports and the deletion of lessons. Views, consumers and tasks call these.

A refusal raises `DebriefError` and writes nothing. Live pages hear of a change after the commit
(debrief/notify.py).
"""

import re

from django.db import transaction
from django.db.models import Max
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from debrief import exports_storage, facts, notify
from debrief.defaults import default_questions
from debrief.models import (
    ANSWER_MAX_LENGTH,
    MAX_QUESTIONS,
    QUESTION_MAX_LENGTH,
    Answer,
    Debrief,
    ExportJob,
    LessonQuestion,
    QuestionSet,
    TemplateQuestion,
)
from games.packages import package
from games.registry import GAMES

# Control characters other than tab and newline never belong in an answer (PostgreSQL refuses NUL).
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class DebriefError(Exception):
    """A refused request: `code` for tests and logs, `message` (lazy) for people."""

    def __init__(self, code, message):
        super().__init__(code)
        self.code = code
        self.message = message


# Questions -----------------------------------------------------------------------------------
# A *container* is a teacher's QuestionSet or a Lesson; both hold numbered questions.


def _questions(container):
    if not isinstance(container, QuestionSet):
        return container.debrief_questions.all()
    return container.questions.all()


def _new_question(container, **fields):
    if not isinstance(container, QuestionSet):
        return LessonQuestion(lesson=container, **fields)
    return TemplateQuestion(question_set=container, **fields)


def _check_editable(container):
    if not isinstance(container, QuestionSet) and \
            Debrief.objects.filter(lesson=container).exists():
        raise DebriefError("questions_fixed", _(
            "The debrief has been opened, so its questions can no longer change."))


def _clean_question(text):
    text = " ".join((text or "").split())
    if not text:
        raise DebriefError("question_empty", _("Write the question first."))
    if len(text) > QUESTION_MAX_LENGTH:
        raise DebriefError("question_too_long", _(
            "That question is %(count)s characters long; the limit is %(limit)s.")
            % {"count": len(text), "limit": QUESTION_MAX_LENGTH})
    return text


def _renumber(container):
    for position, question in enumerate(_questions(container).order_by("position", "pk")):
        if question.position != position:
            question.position = position
            question.save(update_fields=["position"])


def _replace(container, rows):
    """Replace the container's questions with [(fact_key, text)]."""
    _questions(container).delete()
    type(_new_question(container)).objects.bulk_create(
        _new_question(container, position=n, text=text, fact_key=key)
        for n, (key, text) in enumerate(rows)
    )


def lesson_questions_ensure(lesson):
    """The lesson's own questions; the rulebook's five in its language when it has none yet."""
    questions = list(lesson.debrief_questions.all())
    if not questions:
        _replace(lesson, default_questions(lesson.engine_key, lesson.language))
        questions = list(lesson.debrief_questions.all())
    return questions


@transaction.atomic
def question_add(container, text):
    _check_editable(container)
    text = _clean_question(text)
    questions = _questions(container)
    if questions.count() >= MAX_QUESTIONS:
        raise DebriefError("too_many_questions", _(
            "A debrief has at most %(limit)s questions.") % {"limit": MAX_QUESTIONS})
    last = questions.aggregate(last=Max("position"))["last"]
    question = _new_question(container, position=0 if last is None else last + 1, text=text)
    question.save()
    return question


def _question(container, question_id):
    question = _questions(container).filter(pk=question_id).first()
    if question is None:
        raise DebriefError("no_question", _("That question is no longer there."))
    return question


@transaction.atomic
def question_update(container, question_id, text):
    """Reword a question. A default question keeps its facts: the topic is still the same."""
    _check_editable(container)
    question = _question(container, question_id)
    question.text = _clean_question(text)
    question.save(update_fields=["text"])
    return question


@transaction.atomic
def question_remove(container, question_id):
    """Remove a question; the last one stays, because a debrief needs a question."""
    _check_editable(container)
    question = _question(container, question_id)
    if _questions(container).count() <= 1:
        raise DebriefError("last_question", _("A debrief needs at least one question."))
    question.delete()
    _renumber(container)


@transaction.atomic
def question_move(container, question_id, offset):
    """Move a question up (offset -1) or down (+1) by swapping it with its neighbour."""
    _check_editable(container)
    question = _question(container, question_id)
    ordered = list(_questions(container).order_by("position", "pk"))
    index = ordered.index(question)
    other = index + (1 if offset > 0 else -1)
    if not 0 <= other < len(ordered):
        return question
    ordered[index], ordered[other] = ordered[other], ordered[index]
    for position, item in enumerate(ordered):
        if item.position != position:
            item.position = position
            item.save(update_fields=["position"])
    return question


@transaction.atomic
def lesson_questions_reset(lesson):
    """Back to the rulebook's five, in the lesson's language."""
    _check_editable(lesson)
    _replace(lesson, default_questions(lesson.engine_key, lesson.language))


@transaction.atomic
def lesson_questions_load(lesson, question_set):
    """Use a copy of one of the teacher's question sets for this lesson."""
    _check_editable(lesson)
    rows = [(q.fact_key, q.text) for q in question_set.questions.order_by("position", "pk")]
    if not rows:
        raise DebriefError("empty_set", _("That question set has no questions."))
    _replace(lesson, rows)


def _clean_title(title):
    title = " ".join((title or "").split())
    if not title:
        raise DebriefError("title_empty", _("Give the question set a name."))
    return title[:120]


@transaction.atomic
def question_set_create(owner, title, lesson=None, language="fi", engine_key=GAMES[0]):
    """A new question set: a copy of a lesson's questions, or a game's five."""
    question_set = QuestionSet.objects.create(owner=owner, title=_clean_title(title))
    if lesson is not None:
        rows = [(q.fact_key, q.text) for q in lesson_questions_ensure(lesson)]
    else:
        rows = default_questions(engine_key, language)
    _replace(question_set, rows)
    return question_set


def question_set_rename(question_set, title):
    question_set.title = _clean_title(title)
    question_set.save(update_fields=["title", "updated_at"])
    return question_set


def question_set_delete(question_set):
    """Lessons keep their own copies, so deleting a set changes no lesson."""
    question_set.delete()


# Opening, closing, answering -------------------------------------------------------------------


def debrief_open(lesson, students):
    """Open the lesson's debrief (or reopen a closed one), with every student's answers; returns
    it. The caller (the lesson's own service) has locked the lesson and moves it on."""
    questions = lesson_questions_ensure(lesson)
    debrief, created = Debrief.objects.select_for_update().get_or_create(
        lesson=lesson, defaults={"opened_at": timezone.now(), "shown_question": questions[0]}
    )
    if created or not debrief.is_open:
        debrief.closed_at = None
        debrief.version += 1
        debrief.save(update_fields=["closed_at", "version"])
        notify.debrief_changed(debrief, "status")
    answers_ensure(lesson, students, questions)
    return debrief


def debrief_close(lesson):
    """Close the debrief: answers can no longer change; the tablets show them read-only. The
    caller has locked the lesson."""
    debrief = Debrief.objects.select_for_update().filter(lesson=lesson).first()
    if debrief is None:
        raise DebriefError("not_open", _("The debrief has not been opened yet."))
    if debrief.is_open:
        debrief.closed_at = timezone.now()
        debrief.version += 1
        debrief.save(update_fields=["closed_at", "version"])
        notify.debrief_changed(debrief, "status")
    return debrief


def answers_ensure(lesson, students, questions=None):
    """Create the missing answers of these students, each with the facts of their own game."""
    questions = questions or list(lesson.debrief_questions.all())
    have = set(Answer.objects.filter(student__in=students, question__in=questions)
               .values_list("student_id", "question_id"))
    missing = [(s, q) for s in students for q in questions if (s.pk, q.pk) not in have]
    if not missing:
        return
    seats_by_language = {}  # each student reads the facts in their tablet's language
    for student, _q in missing:
        if student.seat_id:
            seats_by_language.setdefault(_language_of(student, lesson), set()).add(student.seat_id)
    facts_in = {language: facts_by_seat(lesson, seats, language)
                for language, seats in seats_by_language.items()}
    Answer.objects.bulk_create(
        [Answer(student=s, question=q, facts=facts_in.get(_language_of(s, lesson), {})
                .get(s.seat_id, {}).get(q.fact_key, []))
         for s, q in missing],
        ignore_conflicts=True,
    )


def _language_of(student, lesson):
    return student.language or lesson.language


def facts_by_seat(lesson, seat_ids, language=None):
    """{seat id: {fact_key: [sentences]}} for the seats' games, in `language` (default: the
    lesson's)."""
    from debrief.selectors import games_of_seats

    result = {}
    with translation.override(language or lesson.language):
        for game, seats in games_of_seats(seat_ids):
            events, outcome = facts.game_events(game), facts.game_outcome(game)
            for seat in seats:
                seat_game = facts.seat_game(game, seat.number, events, outcome)
                result[seat.pk] = {key: facts.facts_for(key, seat_game)
                                   for key in package(game.engine_key).fact_generators}
    return result


def clean_answer(text):
    """Line ends as newlines, no control characters, blank as empty; the length check comes
    after."""
    text = (text if isinstance(text, str) else "").replace("\r\n", "\n").replace("\r", "\n")
    text = CONTROL_CHARACTERS.sub("", text)
    return text if text.strip() else ""


def answer_save_draft(student, question_id, text):
    """Save what the student has typed so far. Refused, with nothing changed, when the debrief is
    not open, the question is not the lesson's, or the text is over the limit (never cut)."""
    text = clean_answer(text)
    if len(text) > ANSWER_MAX_LENGTH:
        raise DebriefError("too_long", _(
            "Your answer is %(count)s characters long; the limit is %(limit)s. Shorten it: "
            "the last saved version is kept.") % {"count": len(text), "limit": ANSWER_MAX_LENGTH})
    with transaction.atomic():
        debrief = Debrief.objects.select_for_update().select_related("lesson").filter(
            lesson_id=student.lesson_id).first()
        _check_answering(student, debrief)
        question = debrief.lesson.debrief_questions.filter(pk=question_id).first()
        if question is None:
            raise DebriefError("no_question", _("That question is not in this debrief."))
        answer = Answer.objects.filter(student=student, question=question).first()
        if answer is None:
            answers_ensure(debrief.lesson, [student], [question])
            answer = Answer.objects.get(student=student, question=question)
        if answer.text != text:
            answer.text = text
            answer.language = _language_of(student, debrief.lesson)
            answer.updated_at = timezone.now()
            answer.save(update_fields=["text", "language", "updated_at"])
            debrief.version += 1
            debrief.save(update_fields=["version"])
            notify.debrief_changed(debrief, "answers")
    return answer


def _check_answering(student, debrief):
    fresh = student.lesson.students.filter(pk=student.pk, removed_at__isnull=True).first()
    if fresh is None:
        raise DebriefError("not_in_lesson", _("This tablet is no longer in the lesson."))
    if debrief is None or debrief.lesson.status != debrief.lesson.Status.DEBRIEF:
        raise DebriefError("not_open", _("The debrief is not open."))
    if not debrief.is_open:
        raise DebriefError("closed", _(
            "The debrief is closed, so answers can no longer change. Your saved answer is kept."))


def answer_star(lesson, answer_id, starred):
    """Star an answer for the projector (keeping its text as it is now), or unstar it."""
    with transaction.atomic():
        debrief = Debrief.objects.select_for_update().filter(lesson=lesson).first()
        answer = Answer.objects.filter(pk=answer_id, question__lesson=lesson).first()
        if debrief is None or answer is None:
            raise DebriefError("no_answer", _("That answer is no longer there."))
        if starred and not answer.answered:
            raise DebriefError("empty_answer", _("An empty answer cannot be starred."))
        answer.starred = bool(starred)
        answer.starred_text = answer.text if starred else ""
        answer.starred_at = timezone.now() if starred else None
        answer.save(update_fields=["starred", "starred_text", "starred_at"])
        debrief.version += 1
        debrief.save(update_fields=["version"])
        notify.debrief_changed(debrief, "stars")
    return answer


def discussion_show(lesson, question_id=None, offset=0):
    """Put a question on the projector: this one, or the one `offset` places from the shown."""
    with transaction.atomic():
        debrief = Debrief.objects.select_for_update().filter(lesson=lesson).first()
        if debrief is None:
            raise DebriefError("not_open", _("The debrief has not been opened yet."))
        questions = list(lesson.debrief_questions.order_by("position", "pk"))
        if question_id is not None:
            shown = next((q for q in questions if q.pk == question_id), None)
            if shown is None:
                raise DebriefError("no_question", _("That question is not in this debrief."))
        else:
            index = next((i for i, q in enumerate(questions)
                          if q.pk == debrief.shown_question_id), 0)
            shown = questions[max(0, min(len(questions) - 1, index + offset))]
        if shown.pk != debrief.shown_question_id:
            debrief.shown_question = shown
            debrief.version += 1
            debrief.save(update_fields=["shown_question", "version"])
            notify.debrief_changed(debrief, "discussion")
    return debrief


# Forgetting a lesson ------------------------------------------------------------------------------


def lesson_forget(lesson):
    """Before a lesson is deleted: the export files that hold it go too, and the debrief's pages
    of the lesson close. The caller deletes the lesson (and with it answers and questions)."""
    for job in ExportJob.objects.filter(lessons=lesson):
        export_job_delete(job)
    notify.lesson_deleted(lesson.pk, f"{lesson.group_name}-debrief")


# Exports ---------------------------------------------------------------------------------------


def export_job_create(owner, lessons, format, language):
    """Queue a large export of the teacher's lessons; the task starts after the commit."""
    from debrief.tasks import export_lessons

    if not lessons:
        raise DebriefError("no_lessons", _("Choose at least one lesson."))
    with transaction.atomic():
        job = ExportJob.objects.create(owner=owner, format=format, language=language)
        job.lessons.set(lessons)
        transaction.on_commit(lambda: export_lessons.delay(str(job.pk)))
    return job


def export_job_delete(job):
    if job.file_name:
        exports_storage.delete(job.file_name)
    job.delete()


def export_jobs_purge_expired(now=None):
    """Delete export files after EXPORT_KEEP_HOURS; returns how many."""
    cutoff = (now or timezone.now()) - exports_storage.keep_for()
    old = list(ExportJob.objects.filter(created_at__lte=cutoff))
    for job in old:
        export_job_delete(job)
    return len(old)
