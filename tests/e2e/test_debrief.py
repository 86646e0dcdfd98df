"""The debrief in a real browser: four tablets answer, the teacher stars an answer, shows it on
the projector and downloads the XLSX; and every debrief page at tablet and projector sizes, in
Finnish and English, checked for touch-sized, named controls and saved as a screenshot."""

import re

import pytest
from django.contrib.auth import get_user_model
from openpyxl import load_workbook

from classroom import auth, debriefing
from classroom import services as classroom_services
from classroom.models import Lesson
from debrief import services
from debrief.models import Answer
from games.models import Game
from games.services import game_create_for_table
from tests.classroom.factories import join, make_lesson
from tests.debrief.factories import play_to_end, reseed
from tests.e2e.conftest import SIZES
from tests.e2e.test_classroom_pages import LOCALES, look, off_the_browser_loop, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

ANSWERS = [
    "Our theory passed once, but another lab's replication failed: the first hit was luck.",
    "=HYPERLINK(\"http://example.invalid\",\"click\") is not a formula here",
    "Another group has other mistakes, so their success counts for more.",
    "Hype brought money, but without Rigour our success turned into an artefact.",
]


def make_class(language="en", students=4, seed=3):
    """A lesson whose four students sit at one table that played a whole game; the tablets are
    still in the lobby (the teacher has not moved the lesson on)."""
    teacher = get_user_model().objects.filter(username="ope").first() or \
        get_user_model().objects.create_user("ope", "ope@example.fi", "salasana-123")
    lesson = make_lesson(owner=teacher, language=language,
                         title="Fysiikka 8A" if language == "fi" else "Physics 8A")
    joined = [join(lesson, classroom_services.student_suggest_pseudonym(lesson))
              for _ in range(students)]
    classroom_services.lesson_seat_everyone(lesson)
    for table in lesson.tables.all():
        game_create_for_table(table)
    for game in Game.objects.filter(table__lesson=lesson):
        reseed(game, seed)
        play_to_end(game)
    return lesson, joined


def tablet(new_page, live_url, token, size="tablet-portrait", locale="fi-FI"):
    page = new_page(size, locale=locale)
    page.context.add_cookies([{"name": auth.COOKIE_NAME, "value": auth._signer().sign(token),
                               "url": live_url}])
    return page


def test_four_tablets_answer_the_teacher_stars_projects_and_downloads_the_xlsx(
        live_url, new_page, tmp_path):
    """The whole class: tablets switch to the debrief when the teacher opens it, answers save
    while typing and survive a reload, a starred answer reaches the projector without names,
    closing turns the tablets read-only, and the XLSX reads back with every answer."""
    lesson, joined = off_the_browser_loop(make_class)
    pages = []
    for _student, token in joined:
        page = tablet(new_page, live_url, token)
        page.goto(live_url + "/lobby/")
        page.locator(".seat-card").wait_for()
        pages.append(page)

    teacher = new_page("tablet-landscape", locale="en-GB")
    sign_in(teacher, live_url)
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher.get_by_role("button", name="Open debrief").click()
    teacher.wait_for_url(f"**/lessons/{lesson.pk}/debrief/")

    first_question = lesson.debrief_questions.order_by("position").first()
    for page, text in zip(pages, ANSWERS, strict=True):
        page.wait_for_url("**/debrief/")
        box = page.locator(f"#answer-{first_question.pk}")
        box.fill(text)
        page.locator(f"#answer-status-{first_question.pk} .status-saved").wait_for()
    assert any(page.locator(".facts li").count() for page in pages)

    pages[1].reload()
    assert pages[1].locator(f"#answer-{first_question.pk}").input_value() == ANSWERS[1]
    # Typed and reloaded at once, before the draft went out: the tablet's copy comes back and
    # is saved.
    second_question = lesson.debrief_questions.order_by("position")[1]
    pages[3].locator(f"#answer-{second_question.pk}").fill("Typed just before a reload")
    pages[3].reload()
    pages[3].locator(f"#answer-status-{second_question.pk} .status-saved").wait_for()
    assert pages[3].locator(f"#answer-{second_question.pk}").input_value() == \
        "Typed just before a reload"

    teacher.locator(".question-count").first.filter(has_text="4 / 4").wait_for()
    starred_name = joined[2][0].pseudonym
    card = teacher.locator(".review-answer").filter(has_text=starred_name)
    card.get_by_role("button", name=re.compile("Star .* for the projector")).click()
    card.locator(".star.is-on").wait_for()

    projector = teacher.context.new_page()
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.goto(f"{live_url}/lessons/{lesson.pk}/debrief/discussion/")
    projector.locator(".discussion-answers li").filter(has_text=ANSWERS[2]).wait_for()
    shown = projector.locator("#discussion").inner_text()
    assert all(student.pseudonym not in shown for student, _ in joined)
    assert ANSWERS[0] not in shown

    teacher.get_by_role("button", name="Close the debrief").click()
    pages[0].locator("#debrief-page.is-closed").wait_for()
    assert not pages[0].locator(f"#answer-{first_question.pk}").is_visible()
    assert ANSWERS[0] in pages[0].locator("#debrief-readonly").inner_text()

    with teacher.expect_download() as download:
        teacher.get_by_role("link", name="XLSX").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.suffix == ".xlsx"
    book = load_workbook(path)
    sheet = book["Answers"]
    header = [cell.value for cell in sheet[1]]
    rows = [dict(zip(header, (cell.value for cell in row), strict=True))
            for row in sheet.iter_rows(min_row=2)]
    assert len(rows) == 4 * 5
    first_rows = {row["pseudonym"]: row for row in rows if row["question_number"] == 1}
    for (student, _token), text in zip(joined, ANSWERS, strict=True):
        expected = "'" + text if text.startswith("=") else text
        assert first_rows[student.pseudonym]["answer"] == expected
    assert first_rows[starred_name]["starred"] == 1
    assert sum(row["starred"] for row in rows) == 1
    assert {row["table"] for row in rows} == {1} and {row["game_over"] for row in rows} == {1}
    assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)
    codebook = [row[0].value for row in book["Codebook"].iter_rows(min_row=2)]
    assert codebook == header
    assert Answer.objects.filter(question__lesson=lesson).exclude(text="").count() == 5


# Every page, every size, both languages --------------------------------------------------------


def make_debrief(language):
    """A lesson in the debrief with answers, a star and a long answer; and a question set."""
    lesson, joined = make_class(language=language, students=4)
    debriefing.lesson_debrief_open(lesson)
    questions = list(lesson.debrief_questions.order_by("position"))
    for n, (student, _token) in enumerate(joined[:3]):
        for question in questions[:2]:
            services.answer_save_draft(student, question.pk, ANSWERS[n] + (" " + ANSWERS[3]) * n)
    starred = Answer.objects.filter(question=questions[0]).exclude(text="").first()
    services.answer_star(lesson, starred.pk, True)
    second = Answer.objects.filter(question=questions[0]).exclude(text="").last()
    services.answer_star(lesson, second.pk, True)
    services.question_set_create(lesson.owner, "7B" if language == "en" else "7B syksy",
                                 lesson=lesson)
    fresh = make_lesson(owner=lesson.owner, language=language,
                        title="Kemia 9C" if language == "fi" else "Chemistry 9C",
                        seat_mode=Lesson.SeatMode.TEAM)
    return lesson, joined, fresh


@pytest.fixture
def debriefs(transactional_db):
    return {language: off_the_browser_loop(lambda lang=language: make_debrief(lang))
            for language in LOCALES}


@pytest.mark.parametrize("size", ["tablet-landscape", "tablet-portrait"])
@pytest.mark.parametrize("language", LOCALES)
def test_student_debrief_page_looks_right(live_url, new_page, debriefs, size, language):
    """The questions with facts, saved answers and the limit; then read-only after close."""
    lesson, joined, _fresh = debriefs[language]
    page = tablet(new_page, live_url, joined[1][1], size=size, locale=LOCALES[language])
    page.goto(live_url + "/debrief/")
    page.locator(".answer-card").nth(4).wait_for()
    page.locator(".timer").filter(has_text=re.compile(r"\d+:\d\d")).wait_for()
    look(page, f"{size}-{language}-debrief-student")
    box = page.locator("textarea").nth(2)
    box.fill("x" * 2001)
    page.locator(".answer-count.is-over").wait_for()
    look(page, f"{size}-{language}-debrief-student-too-long")
    off_the_browser_loop(lambda: debriefing.lesson_debrief_close(lesson))
    page.locator("#debrief-page.is-closed").wait_for()
    look(page, f"{size}-{language}-debrief-student-closed")
    off_the_browser_loop(lambda: debriefing.lesson_debrief_open(lesson))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LOCALES)
def test_teacher_debrief_pages_look_right(live_url, new_page, debriefs, size, language):
    """Review by question and by table, the projector, the question editors, exports, delete."""
    lesson, _joined, fresh = debriefs[language]
    page = new_page(size, locale=LOCALES[language])
    sign_in(page, live_url)
    page.goto(f"{live_url}/lessons/{lesson.pk}/debrief/")
    page.locator(".review-answer").nth(3).wait_for()
    look(page, f"{size}-{language}-debrief-review")
    page.locator(".view-switch button").nth(1).click()
    page.locator(".student-answers").nth(3).wait_for()
    look(page, f"{size}-{language}-debrief-review-by-table")
    page.goto(f"{live_url}/lessons/{lesson.pk}/debrief/discussion/")
    page.locator(".discussion-answers li").nth(1).wait_for()
    look(page, f"{size}-{language}-debrief-projector")
    page.goto(f"{live_url}/lessons/{fresh.pk}/debrief/")
    look(page, f"{size}-{language}-debrief-review-not-opened")
    page.goto(f"{live_url}/lessons/{fresh.pk}/debrief/questions/")
    look(page, f"{size}-{language}-debrief-lesson-questions")
    page.goto(f"{live_url}/debrief/question-sets/")
    look(page, f"{size}-{language}-debrief-question-sets")
    page.locator(".lesson-link").first.click()
    page.locator(".question-edit").nth(4).wait_for()
    look(page, f"{size}-{language}-debrief-question-set")
    page.goto(f"{live_url}/debrief/exports/")
    look(page, f"{size}-{language}-debrief-exports")
    page.goto(f"{live_url}/lessons/{lesson.pk}/delete/")
    look(page, f"{size}-{language}-debrief-lesson-delete")
    page.goto(f"{live_url}/lessons/{lesson.pk}/")
    look(page, f"{size}-{language}-debrief-lesson-page")
