"""The Art of Science in a real browser: a teacher imports questions from an XLSX file, approves
them, creates a lesson drawing only them, and a 3-seat table plays a whole game on tablets
through the page's own buttons and forms; then the debrief, its export and the bank's export.
Every page is checked by axe, for touch-sized named controls and by the CSP listener; and the
pages are saved as screenshots at tablet sizes in Finnish and English, the projector at 1920 ×
1080."""

import random
import re

import pytest
import yaml
from django.contrib.auth import get_user_model
from openpyxl import Workbook, load_workbook

from classroom import auth
from classroom.models import Lesson
from games.art_of_science.engine.bots import right_value
from games.engines.base import ENGINES
from games.models import Game
from games.selectors import game_state
from tests.art_of_science.factories import load_starter_bank
from tests.e2e.conftest import accessibility_problems, in_step, off_loop, screenshot, settled
from tests.e2e.test_classroom_pages import FIND_PROBLEMS, sign_in
from tests.e2e.test_cockpit_pages import BROKEN_WORDS

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

ENABLED = "#play-actions [data-send]:not([disabled]):not([data-nav])"
FORM = "#play-actions form[data-live-form]"
CATEGORIES = ("mathematics", "biology", "chemistry", "physics", "engineering",
              "other_science")
LOCALES = {"fi": "fi-FI", "en": "en-GB"}


def checked(page, name):
    """A screenshot of the page as it is, with no control too small or unnamed and nothing axe
    finds wrong."""
    page.wait_for_load_state("load")
    problems = page.evaluate(FIND_PROBLEMS)
    screenshot(page, name)
    assert problems == [], (name, problems)
    assert accessibility_problems(page) == [], name


def question_rows():
    """Three questions per category: multiple choice, true/false and a number."""
    rows = []
    for n, category in enumerate(CATEGORIES):
        rows += [
            {"lang": "en", "category": category, "difficulty": 1, "format": "multiple_choice",
             "prompt": f"Test question {n}a: which of these is the number {n + 2}?",
             "options": f"{n + 1} | {n + 2} | {n + 3}", "answer": "B",
             "explanation": f"{n + 2} is {n + 2}.", "source": "A test", "licence": "CC0-1.0"},
            {"lang": "en", "category": category, "difficulty": 2, "format": "true_false",
             "prompt": f"Test question {n}b: {n} + 1 = {n + 1}.", "options": "", "answer": "true",
             "explanation": "Counting on by one.", "source": "A test", "licence": "CC0-1.0"},
            {"lang": "en", "category": category, "difficulty": 1, "format": "numeric",
             "prompt": f"Test question {n}c: what is {n} + {n}?", "options": "",
             "answer": 2 * n, "explanation": f"{n} + {n} = {2 * n}.", "source": "A test",
             "licence": "CC0-1.0"},
        ]
    return rows


def xlsx_file(path):
    book = Workbook()
    sheet = book.active
    rows = question_rows()
    sheet.append(list(rows[0]))
    for row in rows:
        sheet.append(list(row.values()))
    book.save(path)
    return path


def make_teacher():
    load_starter_bank()
    return get_user_model().objects.create_user("ope", "ope@example.fi", "salasana-123")


def game_of(lesson_id):
    game = Game.objects.get(table__lesson_id=lesson_id)
    engine = ENGINES[game.engine_key]
    return game, engine, engine.state_from_json(game_state(game))


def answer_well(page, state, rng):
    """Most of the time the right answer, as a student who knows it: the option button whose
    label is the right one, or the number typed."""
    value = right_value(state)
    if page.locator(FORM).count():
        page.locator(f"{FORM} input[type=text]").fill(str(value) if rng.random() < 0.8 else "1")
        page.locator(f"{FORM} button[type=submit]").click()
        return True
    words = {True: "True", False: "False"}.get(value, f"{value}:")
    right = page.locator(ENABLED).filter(has_text=re.compile(rf"^\s*{re.escape(words)}"))
    if right.count() and rng.random() < 0.8:
        right.first.click()
        return True
    return False


def fill_form(page, state, seat):
    """A form of the stepper: a score card keeps its order, a split puts each point where it
    fits, a typed answer gets a number."""
    form = page.locator(FORM)
    numbers = form.locator("input[type=number]")
    if numbers.count():
        mine = next(a for a in state["allocations"] if a["seat"] == seat)
        left = mine["total"]
        for n in range(numbers.count()):
            box = numbers.nth(n)
            given = min(left, int(box.get_attribute("max")))
            box.fill(str(given))
            left -= given
    for n in range(form.locator("input[type=text]").count()):
        form.locator("input[type=text]").nth(n).fill("3")
    form.locator("button[type=submit]").click()


def take_a_turn(page, seat, lesson_id, rng):
    """The tablet of `seat` acts once: through to the action's last step."""
    for _ in range(6):
        _game, _engine, state = off_loop(game_of, lesson_id)
        before = page.evaluate("() => window.live.state.version")
        step = state["step"]["kind"]
        if step in ("answer", "duel") and answer_well(page, state, rng):
            pass
        elif page.locator(FORM).count():
            fill_form(page, state, seat)
        elif page.locator(ENABLED).count():
            buttons = page.locator(ENABLED)
            buttons.nth(rng.randrange(buttons.count())).click()
        else:
            return
        settled(page)
        if page.evaluate("() => window.live.state.version") != before:
            return


def test_a_teacher_imports_and_approves_questions_and_a_table_plays_them_to_the_debrief(
        live_url, new_page, tmp_path):
    teacher_user = off_loop(make_teacher)
    teacher = new_page("tablet-landscape", locale="en-GB")
    teacher.on("dialog", lambda dialog: dialog.accept())
    sign_in(teacher, live_url)
    teacher.get_by_role("link", name="Questions for The Art of Science").click()
    teacher.wait_for_url("**/games/art_of_science/questions/")
    checked(teacher, "aos-bank-en-tablet-landscape")

    teacher.locator("#id_file").set_input_files(str(xlsx_file(tmp_path / "questions.xlsx")))
    teacher.get_by_role("button", name="Import", exact=True).click()
    teacher.locator(".message-success").wait_for()
    assert "18 questions imported as drafts" in teacher.locator(".messages").inner_text()
    checked(teacher, "aos-bank-drafts-en-tablet-landscape")
    teacher.get_by_role("button", name="Approve all 18 shown").click()
    teacher.locator(".message-success").filter(has_text="18 questions approved").wait_for()

    teacher.goto(live_url + "/lessons/new/")
    teacher.locator("#id_title").fill("Science quiz 8B")
    teacher.get_by_label(re.compile("The Art of Science: Lesson")).check()
    teacher.locator("[data-game-settings=art_of_science] summary").click()
    teacher.get_by_label("Only my own approved questions").check()
    teacher.locator("#id_art_of_science-time_limit_s").fill("90")
    teacher.locator("#id_play_minutes").fill("40")
    checked(teacher, "aos-lesson-new-en-tablet-landscape")
    teacher.get_by_role("button", name="Create the lesson").click()
    teacher.wait_for_url(re.compile(r"/lessons/\d+/$"))
    lesson = off_loop(lambda: Lesson.objects.get(owner=teacher_user))

    students = []
    for n in range(3):
        page = new_page("tablet-portrait" if n == 1 else "tablet-landscape", locale="en-GB")
        page.goto(f"{live_url}/join/?code={lesson.join_code}")
        page.get_by_role("button", name="Join", exact=True).click()
        page.wait_for_url(re.compile("/lobby/$"))
        students.append(page)
    teacher.get_by_role("button", name="Seat everyone").click()
    teacher.get_by_role("button", name="Start tables").click()
    for page in students:
        page.wait_for_url(re.compile("/play/$"))
        page.locator("#play-actions").wait_for()
    checked(students[0], "aos-play-order-en-tablet-landscape")
    checked(students[1], "aos-play-order-en-tablet-portrait")

    rng = random.Random(7)
    shots = set()
    for _ in range(1500):
        in_step(students, lesson.pk)
        game, engine, state = off_loop(game_of, lesson.pk)
        if state["over"]:
            break
        to_act = [s for s in engine.current_seats(state) if isinstance(s, int)]
        if not to_act:  # the teacher judges (not in this lesson: no open questions)
            raise AssertionError("the table waits for nobody")
        seat = rng.choice(to_act)
        page = students[seat - 1]
        stage = state["step"]["kind"]
        if stage not in shots and stage in ("answer", "move", "reward", "wager", "allocate"):
            shots.add(stage)
            size = "tablet-portrait" if seat == 2 else "tablet-landscape"
            checked(page, f"aos-play-{stage}-en-{size}")
        if len(shots) == 2 and "cockpit" not in shots:
            shots.add("cockpit")
            teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
            teacher.locator(".aos-tc").first.wait_for()
            checked(teacher, "aos-cockpit-en-tablet-landscape")
            projector = new_page("projector", locale="en-GB")
            sign_in(projector, live_url)
            projector.goto(f"{live_url}/lessons/{lesson.pk}/projector/")
            projector.locator(".aos-projector").first.wait_for()
            checked(projector, "aos-projector-en")
            projector.close()
        take_a_turn(page, seat, lesson.pk, rng)
    game, engine, state = off_loop(game_of, lesson.pk)
    assert state["over"] and game.finished_at is not None
    drawn = set(state["asked"])
    assert drawn and all(not qid.endswith(("-fi", "-sv")) and int(qid[4:]) > 30 for qid in drawn)
    for page in students:
        page.locator("#play-end .end-panel").wait_for()
    checked(students[1], "aos-play-end-en-tablet-portrait")

    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.get_by_role("button", name="Open debrief").click()
    teacher.wait_for_url(f"**/lessons/{lesson.pk}/debrief/")
    first = off_loop(lambda: lesson.debrief_questions.order_by("position").first())
    for n, page in enumerate(students):
        page.wait_for_url("**/debrief/")
        page.locator(f"#answer-{first.pk}").fill(f"Row 1 was my best subject, student {n}.")
        page.locator(f"#answer-status-{first.pk} .status-saved").wait_for()
    assert students[0].locator(".facts li").count()
    checked(students[0], "aos-debrief-en-tablet-landscape")
    with teacher.expect_download() as download:
        teacher.get_by_role("link", name="XLSX").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    header = [cell.value for cell in load_workbook(path)["Answers"][1]]
    assert {"aos_order", "aos_filled", "aos_duels_won", "aos_replications"} <= set(header)

    teacher.goto(f"{live_url}/games/art_of_science/questions/?mine=on")
    with teacher.expect_download() as download:
        teacher.get_by_role("link", name="YAML").click()
    exported = yaml.safe_load(open(download.value.path(), encoding="utf-8"))
    assert len(exported) == 18 and {q["status"] for q in exported} == {"approved"}


# Every page at tablet sizes in Finnish and English, the projector at 1920 × 1080 ------------------


def judging_class(language):
    """A lesson of the teacher whose table waits for the votes on an open answer, and the
    tablets' tokens by seat."""
    from tests.art_of_science.factories import judging_game
    from tests.games.factories import seat_tokens

    teacher = get_user_model().objects.filter(username="ope").first() or make_teacher()
    for _attempt in range(5):
        game, state = judging_game(3, language=language, owner=teacher)
        if state["step"]["judges"]:
            break
    return game.table.lesson, state, seat_tokens(game)


@pytest.fixture
def classes(transactional_db):
    return {language: off_loop(judging_class, language) for language in LOCALES}


def tablet_of(new_page, live_url, token, size, language):
    page = new_page(size, locale=LOCALES[language])
    page.context.add_cookies([{"name": auth.COOKIE_NAME, "value": auth._signer().sign(token),
                               "url": live_url}])
    return page


@pytest.mark.parametrize("size", ["tablet-landscape", "tablet-portrait"])
@pytest.mark.parametrize("language", list(LOCALES))
def test_the_pages_look_right(live_url, new_page, classes, size, language):
    """A judge's tablet and the answering seat's, the teacher's cockpit with the open answer in
    the queue, the table view, the question bank and a question's page; the projector."""
    lesson, state, tokens = classes[language]
    judge = state["step"]["judges"][0]
    page = tablet_of(new_page, live_url, tokens[judge][0], size, language)
    page.goto(live_url + "/play/")
    page.locator(".aos-key.is-secret").wait_for()
    checked(page, f"aos-{size}-{language}-judge")
    answering = tablet_of(new_page, live_url, tokens[state["step"]["seat"]][0], size, language)
    answering.goto(live_url + "/play/")
    answering.locator("#aos-now .aos-question").wait_for()
    assert not answering.locator(".aos-key").count()
    checked(answering, f"aos-{size}-{language}-waiting-for-judges")

    teacher = new_page(size, locale=LOCALES[language])
    sign_in(teacher, live_url)
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.locator(".aos-tc-judging").wait_for()
    checked(teacher, f"aos-{size}-{language}-cockpit")
    assert teacher.evaluate(BROKEN_WORDS) == []  # "TÄYT." above its column
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/tables/1/")
    teacher.locator(".aos-key.is-secret").wait_for()
    checked(teacher, f"aos-{size}-{language}-table-view")
    teacher.goto(f"{live_url}/games/art_of_science/questions/?category=physics&lang={language}")
    checked(teacher, f"aos-{size}-{language}-bank")
    teacher.locator(".bank-table a").first.click()
    teacher.wait_for_url(re.compile(r"/questions/\d+/$"))
    checked(teacher, f"aos-{size}-{language}-question")
    teacher.goto(f"{live_url}/games/art_of_science/questions/new/")
    checked(teacher, f"aos-{size}-{language}-question-new")
    if size == "tablet-landscape":
        projector = new_page("projector", locale=LOCALES[language])
        sign_in(projector, live_url)
        projector.goto(f"{live_url}/lessons/{lesson.pk}/projector/")
        projector.locator(".aos-projector").wait_for()
        checked(projector, f"aos-projector-{language}")
