"""Debrief services: questions and templates, opening and closing, answers, stars and the
projector's question."""

import pytest
from django.utils import translation

from classroom import debriefing
from classroom import selectors as classroom_selectors
from classroom import services as classroom_services
from classroom.models import Lesson
from debrief import facts, selectors, services
from debrief.models import ANSWER_MAX_LENGTH, Answer, Debrief, QuestionSet
from debrief.services import DebriefError
from games.packages import package
from tests.classroom.factories import join, make_lesson, make_teacher
from tests.debrief.factories import opened_lesson, played_lesson

FACT_KEYS = [key for key, _text in package("research_programme").debrief_questions]

pytestmark = pytest.mark.django_db

RULEBOOK_FI = [
    "Miksi teoriasi läpäisi testin mutta ei replikaatiota (tai miksi se läpäisi)?",
    "Mikä Vinouma osui sinuun, ja miten oikea laboratorio suojautuisi siltä?",
    "Miksi toisella laitteella tai toisen ryhmän tekemä replikaatio painaa enemmän kuin saman "
    "datan uusi analyysi?",
    "Milloin nollatuloksen julkaiseminen kannatti, ja miksi Hype ilman Huolellisuutta kostautui?",
    "Miten erotit tahattoman harhan ja tahallisen häirinnän, ja mikä suojasi teitä parhaiten?",
]


def texts(container):
    return [q.text for q in services._questions(container).order_by("position")]


# Questions ---------------------------------------------------------------------------------------


def test_a_lesson_starts_with_the_rulebooks_five_questions_in_its_language():
    """A Finnish lesson gets the rulebook's own wording; each default question has its key."""
    lesson = make_lesson(language="fi")
    questions = services.lesson_questions_ensure(lesson)
    assert [q.text for q in questions] == RULEBOOK_FI
    assert [q.fact_key for q in questions] == FACT_KEYS
    english = services.lesson_questions_ensure(make_lesson(language="en"))
    assert english[0].text == (
        "Why did your theory pass the test but not the replication (or why did it pass)?")


def test_teacher_rewords_adds_removes_and_reorders_a_lessons_questions():
    """Reworded keeps its facts key; added has none; positions stay 0…n-1."""
    lesson = make_lesson()
    first, second, *_rest = services.lesson_questions_ensure(lesson)
    services.question_update(lesson, first.pk, "  What  happened to your theory? ")
    added = services.question_add(lesson, "What surprised you most?")
    services.question_move(lesson, added.pk, -1)
    services.question_remove(lesson, second.pk)
    questions = list(lesson.debrief_questions.order_by("position"))
    assert [q.position for q in questions] == [0, 1, 2, 3, 4]
    assert questions[0].text == "What happened to your theory?"
    assert questions[0].fact_key == "replication"
    assert questions[3].text == "What surprised you most?" and questions[3].fact_key == ""
    assert "bias" not in [q.fact_key for q in questions]


@pytest.mark.parametrize(("text", "code"), [("   ", "question_empty"),
                                            ("x" * 401, "question_too_long")])
def test_an_empty_or_too_long_question_is_refused(text, code):
    """Bad input gets a clear error and changes nothing."""
    lesson = make_lesson()
    services.lesson_questions_ensure(lesson)
    before = texts(lesson)
    with pytest.raises(DebriefError) as refusal:
        services.question_add(lesson, text)
    assert refusal.value.code == code and texts(lesson) == before


def test_save_as_a_question_set_and_use_it_in_another_lesson():
    """A set copies the lesson's questions with their keys; another lesson takes a copy, so
    editing the set later changes no lesson."""
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher)
    services.lesson_questions_ensure(lesson)
    services.question_add(lesson, "Own question")
    question_set = services.question_set_create(teacher, "My seventh grade", lesson=lesson)
    assert texts(question_set) == texts(lesson)
    assert [q.fact_key for q in question_set.questions.all()] == [*FACT_KEYS, ""]
    other = make_lesson(owner=teacher)
    services.lesson_questions_load(other, question_set)
    services.question_remove(question_set, question_set.questions.first().pk)
    assert texts(other) == texts(lesson) and len(texts(question_set)) == 5


def test_the_last_question_cannot_be_removed():
    """A debrief needs a question: removing the only one left is refused."""
    lesson = make_lesson()
    questions = services.lesson_questions_ensure(lesson)
    for question in questions[1:]:
        services.question_remove(lesson, question.pk)
    with pytest.raises(DebriefError) as refusal:
        services.question_remove(lesson, questions[0].pk)
    assert refusal.value.code == "last_question" and lesson.debrief_questions.count() == 1


def test_questions_are_fixed_once_the_debrief_opens():
    """After opening, rewording or loading another set is refused."""
    lesson = make_lesson()
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.first()
    with pytest.raises(DebriefError) as refusal:
        services.question_update(lesson, question.pk, "Changed")
    assert refusal.value.code == "questions_fixed"
    with pytest.raises(DebriefError):
        services.lesson_questions_reset(lesson)


def test_question_set_selector_is_a_404_for_another_teacher():
    """Teacher B cannot open teacher A's question set."""
    from django.http import Http404

    owner, intruder = make_teacher(), make_teacher()
    question_set = services.question_set_create(owner, "Mine")
    assert selectors.question_set_for_teacher(owner, question_set.pk) == question_set
    with pytest.raises(Http404):
        selectors.question_set_for_teacher(intruder, question_set.pk)


# Opening and closing ---------------------------------------------------------------------------


def test_opening_the_debrief_switches_the_lesson_and_gives_everyone_answers_with_facts():
    """Status DEBRIEF, every tablet's page is /debrief/, and each student has an answer per
    question holding the facts of their own seat's game, from the log."""
    lesson, joined, games = played_lesson(students=3, seeds=(5,))
    debriefing.lesson_debrief_open(lesson)
    lesson.refresh_from_db()
    assert lesson.status == Lesson.Status.DEBRIEF
    students = [student for student, _token in joined]
    for student in students:
        student.refresh_from_db()
        assert classroom_selectors.student_page_url(student) == classroom_selectors.DEBRIEF_URL
    answers = Answer.objects.filter(question__lesson=lesson).select_related("student__seat",
                                                                            "question")
    assert answers.count() == 3 * 5
    with translation.override(lesson.language):
        for answer in answers:
            seat_game = facts.seat_game(games[0], answer.student.seat.number)
            assert answer.facts == facts.facts_for(answer.question.fact_key, seat_game)
    assert sum(len(answer.facts) for answer in answers) >= 5


def test_opening_twice_changes_nothing_and_an_ended_lesson_cannot_open():
    """A double tap is harmless; an ended lesson is refused."""
    lesson = make_lesson()
    first = debriefing.lesson_debrief_open(lesson)
    lesson.refresh_from_db()
    version = lesson.version
    assert debriefing.lesson_debrief_open(lesson).pk == first.pk
    lesson.refresh_from_db()
    assert lesson.version == version
    ended = make_lesson()
    classroom_services.lesson_end(ended)
    with pytest.raises(DebriefError) as refusal:
        debriefing.lesson_debrief_open(ended)
    assert refusal.value.code == "lesson_ended"


def test_closing_keeps_the_lesson_in_debrief_and_reopening_allows_answers_again():
    """Closed: read-only. Reopened: answers can change again."""
    lesson, joined, _games = opened_lesson(students=2)
    student = joined[0][0]
    question = lesson.debrief_questions.first()
    debriefing.lesson_debrief_close(lesson)
    lesson.refresh_from_db()
    assert lesson.status == Lesson.Status.DEBRIEF and not lesson.debrief.is_open
    with pytest.raises(DebriefError):
        services.answer_save_draft(student, question.pk, "late")
    debriefing.lesson_debrief_open(lesson)
    assert services.answer_save_draft(student, question.pk, "in time").text == "in time"


# Answers ---------------------------------------------------------------------------------------


def test_a_draft_saves_and_each_save_replaces_the_last():
    """Typing saves; the newest text is the answer, with the time it was saved."""
    lesson = make_lesson()
    student, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.first()
    services.answer_save_draft(student, question.pk, "Because")
    answer = services.answer_save_draft(student, question.pk, "Because the die was kind")
    assert Answer.objects.get(pk=answer.pk).text == "Because the die was kind"
    assert answer.updated_at is not None


def test_an_answer_at_the_limit_saves_and_one_over_is_refused_not_cut():
    """2,000 characters save; 2,001 are refused with the count and the limit, and the last
    saved version stays as it was."""
    lesson = make_lesson()
    student, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.first()
    services.answer_save_draft(student, question.pk, "ä" * ANSWER_MAX_LENGTH)
    with translation.override("en"), pytest.raises(DebriefError) as refusal:
        services.answer_save_draft(student, question.pk, "b" * (ANSWER_MAX_LENGTH + 1))
    assert refusal.value.code == "too_long"
    assert "2001" in str(refusal.value.message) and "2000" in str(refusal.value.message)
    assert Answer.objects.get(student=student, question=question).text == "ä" * 2000


def test_control_characters_are_dropped_and_line_ends_kept():
    """NUL and other control characters go (PostgreSQL refuses NUL); newlines and tabs stay."""
    lesson = make_lesson()
    student, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.first()
    answer = services.answer_save_draft(student, question.pk, "a\x00b\r\nc\td\x07")
    assert answer.text == "ab\nc\td"


def test_a_question_of_another_lesson_is_refused():
    """A forged question id changes nothing anywhere."""
    lesson, other = make_lesson(), make_lesson()
    student, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    debriefing.lesson_debrief_open(other)
    foreign = other.debrief_questions.first()
    with pytest.raises(DebriefError) as refusal:
        services.answer_save_draft(student, foreign.pk, "sneaky")
    assert refusal.value.code == "no_question"
    assert not Answer.objects.filter(question=foreign).exists()


def test_a_removed_student_can_no_longer_answer_but_their_answers_stay():
    """Removing ends access; the saved answer is kept for the debrief and the export."""
    lesson = make_lesson()
    student, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.first()
    services.answer_save_draft(student, question.pk, "kept")
    classroom_services.student_remove(lesson, student.pk)
    with pytest.raises(DebriefError) as refusal:
        services.answer_save_draft(student, question.pk, "more")
    assert refusal.value.code == "not_in_lesson"
    assert Answer.objects.get(student=student, question=question).text == "kept"


def test_team_members_answer_individually_with_their_seats_facts():
    """In team seats each student has their own answer; both see the seat's facts."""
    lesson, joined, _games = opened_lesson(students=4, seeds=(5,),
                                           seat_mode=Lesson.SeatMode.TEAM)
    students = [student for student, _ in joined]
    seats = {}
    for student in students:
        student.refresh_from_db()
        seats.setdefault(student.seat_id, []).append(student)
    mates = next(group for group in seats.values() if len(group) > 1)
    question = lesson.debrief_questions.first()
    services.answer_save_draft(mates[0], question.pk, "mine")
    services.answer_save_draft(mates[1], question.pk, "theirs")
    first, second = (Answer.objects.get(student=s, question=question) for s in mates[:2])
    assert (first.text, second.text) == ("mine", "theirs")
    assert first.facts == second.facts


def test_a_late_joiner_gets_answers_without_facts():
    """A student who joins during the debrief answers too; with no seat, no facts."""
    lesson, _joined, _games = opened_lesson(students=2)
    late, _ = join(lesson, "Late Comer")
    services.answers_ensure(lesson, [late])
    assert Answer.objects.filter(student=late).count() == 5
    assert all(a.facts == [] for a in Answer.objects.filter(student=late))


def test_counts_are_answered_over_present_students():
    """Only non-empty answers of present students count."""
    lesson = make_lesson()
    a, _ = join(lesson)
    b, _ = join(lesson)
    c, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    first = lesson.debrief_questions.order_by("position").first()
    services.answer_save_draft(a, first.pk, "yes")
    services.answer_save_draft(b, first.pk, "   ")
    services.answer_save_draft(c, first.pk, "gone soon")
    classroom_services.student_remove(lesson, c.pk)
    counts = selectors.answer_counts(lesson)
    assert (counts[0].answered, counts[0].students) == (1, 2)
    assert [count.answered for count in counts[1:]] == [0, 0, 0, 0]


# Stars and the projector -----------------------------------------------------------------------


def test_a_star_keeps_the_text_as_starred_for_the_projector():
    """The projector shows the starred version even if the student edits afterwards."""
    lesson = make_lesson()
    student, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.first()
    answer = services.answer_save_draft(student, question.pk, "Replication needs new data")
    services.answer_star(lesson, answer.pk, True)
    services.answer_save_draft(student, question.pk, "something else")
    answer.refresh_from_db()
    assert answer.starred and answer.edited_since_starred
    assert selectors.starred_answers(lesson, question) == ["Replication needs new data"]
    services.answer_star(lesson, answer.pk, False)
    assert selectors.starred_answers(lesson, question) == []


def test_an_empty_or_foreign_answer_cannot_be_starred():
    lesson, other = make_lesson(), make_lesson()
    student, _ = join(lesson)
    debriefing.lesson_debrief_open(lesson)
    debriefing.lesson_debrief_open(other)
    answer = Answer.objects.filter(student=student).first()
    with pytest.raises(DebriefError) as refusal:
        services.answer_star(lesson, answer.pk, True)
    assert refusal.value.code == "empty_answer"
    with pytest.raises(DebriefError) as refusal:
        services.answer_star(other, answer.pk, True)
    assert refusal.value.code == "no_answer"


def test_the_projector_steps_through_the_questions_and_stops_at_the_ends():
    """Next and previous move one question; past the last or first nothing moves."""
    lesson = make_lesson()
    debrief = debriefing.lesson_debrief_open(lesson)
    questions = list(lesson.debrief_questions.order_by("position"))
    assert debrief.shown_question == questions[0]
    services.discussion_show(lesson, offset=-1)
    assert Debrief.objects.get(lesson=lesson).shown_question == questions[0]
    for _ in range(7):
        services.discussion_show(lesson, offset=1)
    assert Debrief.objects.get(lesson=lesson).shown_question == questions[-1]
    services.discussion_show(lesson, question_id=questions[2].pk)
    assert Debrief.objects.get(lesson=lesson).shown_question == questions[2]
    foreign = services.lesson_questions_ensure(make_lesson())[0]
    with pytest.raises(DebriefError):
        services.discussion_show(lesson, question_id=foreign.pk)


def test_deleting_a_question_set_leaves_lessons_alone():
    teacher = make_teacher()
    question_set = services.question_set_create(teacher, "Set")
    lesson = make_lesson(owner=teacher)
    services.lesson_questions_load(lesson, question_set)
    services.question_set_delete(question_set)
    assert not QuestionSet.objects.exists() and lesson.debrief_questions.count() == 5
