"""A whole Scientia lesson in Chromium at tablet size: the teacher picks Scientia with "First
Step" (the form warns that a natural game outlasts the play time, and the teacher creates it
anyway), three tablets join and are seated, every move goes through the pages' own buttons
(each rotation confirmed in one tap), the teacher calls time from the cockpit and the tablets
say it is the last round, the table plays to the scores, answers the debrief, and the teacher
downloads the export with Scientia's columns. Screenshots in fi and en at both tablet sizes,
the teacher's views and the projector, each checked with axe."""

import random
import re

import pytest
from django.contrib.auth import get_user_model
from openpyxl import load_workbook

from classroom.models import Lesson
from games.models import Game
from games.selectors import game_state
from tests.e2e.conftest import in_step, off_loop, screenshot, settled
from tests.e2e.test_classroom_flow import TEXT, join_by_typing
from tests.games.factories import play_until, seat_tokens
from tests.scientia.helpers import scientia_game
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

ACTIONS = "#play-actions"
ENABLED = f"{ACTIONS} [data-send]:not([disabled]):not([data-nav])"
CONFIRM = f"{ACTIONS} [data-send*='\"confirm\"']"


def state_of(lesson_id):
    return game_state(Game.objects.get(table__lesson_id=lesson_id))


def take_a_turn(page, rng):
    """Tap through the stepper until the game moves: a rotation is always carried out."""
    before = page.evaluate("() => window.live.state.version")
    for _ in range(8):
        if page.locator(CONFIRM).count():
            page.locator(CONFIRM).click()
        else:
            buttons = page.locator(ENABLED).filter(has_not=page.locator("[data-send*='back']"))
            if not buttons.count():
                return
            buttons.nth(rng.randrange(buttons.count())).click()
        settled(page)
        if page.evaluate("() => window.live.state.version") != before:
            return


@pytest.fixture
def teacher_user():
    return get_user_model().objects.create_user("opettaja", "ope@example.fi", "salasana-123")


def create_lesson(teacher, live_url, words):
    teacher.goto(live_url + "/lessons/new/")
    teacher.get_by_label(re.compile("Käyttäjätunnus|Username")).fill("opettaja")
    teacher.get_by_label(re.compile("Salasana|Password")).fill("salasana-123")
    teacher.get_by_role("button", name=words["sign_in"]).click()
    teacher.locator("input[name=game][value='scientia:lesson']").check()
    teacher.get_by_label(re.compile("Otsikko|Title")).fill("8A Scientia")
    teacher.locator("input[name=language][value=fi]").check()
    settings = teacher.locator("details[data-game-settings=scientia]")
    settings.locator("summary").click()
    assert settings.locator("input[value=first_step]").is_checked()
    teacher.get_by_role("button", name=words["create"]).click()
    # "First Step" at 3-4 seats outlasts 30 minutes of play: the form says so first.
    teacher.get_by_label(re.compile("Luo silti")).check()
    teacher.get_by_role("button", name=words["create"]).click()
    teacher.wait_for_url(re.compile(r"/lessons/\d+/$"))
    return off_loop(Lesson.objects.get)


def play(tablets, lesson, rng, until, limit=500):
    for _ in range(limit):
        in_step(tablets, lesson.pk)
        if until():
            return
        mine = [p for p in tablets if p.locator(".status-turn.is-mine").count()]
        if not mine:
            return
        take_a_turn(mine[0], rng)
    raise AssertionError("the table did not get there")


def test_a_class_plays_scientia_to_the_end_and_through_the_debrief(
        live_url, new_page, teacher_user, tmp_path):
    words = TEXT["fi"]
    teacher = new_page("tablet-landscape", locale=words["locale"])
    teacher.on("dialog", lambda dialog: dialog.accept())
    lesson = create_lesson(teacher, live_url, words)
    assert (lesson.engine_key, lesson.variant) == ("scientia", "lesson")
    assert lesson.game_settings == {"combination": "first_step"}
    tablets = [new_page("tablet-portrait", locale="fi-FI"),
               new_page("tablet-landscape", locale="fi-FI"),
               new_page("tablet-landscape", locale="fi-FI")]
    for page in tablets:
        join_by_typing(page, live_url, lesson.join_code, words, "fi")
    teacher.get_by_role("button", name=words["seat_everyone"]).click()
    teacher.get_by_role("button", name="Aloita pelit").click()
    for page in tablets:
        page.wait_for_url(re.compile("/play/$"))
        page.locator("#sc-mine .sc-board").wait_for()
    rng = random.Random(5)
    play(tablets, lesson, rng, lambda: off_loop(state_of, lesson.pk)["round"] >= 6)
    look_at_everything(tablets, teacher, live_url, lesson)

    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.get_by_role("button", name="Viimeinen kierros").click()
    teacher.locator(".cb-called").wait_for()
    for page in tablets:
        page.locator(".status-bar .badge-warn", has_text="Aika loppui").wait_for()
    assert "viimeinen" in tablets[0].locator("#sc-supplies").inner_text()
    screenshot(tablets[0], "scientia-fi-tablet-portrait-time-called")

    play(tablets, lesson, rng, lambda: off_loop(state_of, lesson.pk)["stage"] == "over")
    state = off_loop(state_of, lesson.pk)
    assert state["stage"] == "over" and state["end_reason"] == "called"
    for page in tablets:
        page.wait_for_url(re.compile("/debrief/$"), timeout=30_000)
    first = off_loop(lambda: lesson.debrief_questions.order_by("position").first())
    for n, page in enumerate(tablets):
        page.locator(f"#answer-{first.pk}").fill(f"Vastaus {n}: kokeet vievät aikaa.")
        page.locator(f"#answer-status-{first.pk} .status-saved").wait_for()
    assert tablets[0].locator(".facts li").count()
    screenshot(tablets[0], "scientia-fi-tablet-portrait-debrief")
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/debrief/")
    with teacher.expect_download() as download:
        teacher.get_by_role("link", name="XLSX").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    book = load_workbook(path)
    header = [cell.value for cell in book.worksheets[0][1]]
    assert "sc_longest_chain" in header and "sc_first_completion_turn" in header
    codebook = [row[0].value for sheet in book.worksheets for row in sheet.iter_rows()]
    assert "sc_completions" in codebook


def look_at_everything(tablets, teacher, live_url, lesson):
    """Screenshots of a game in its sixth round: both tablet sizes, the cockpit, the teacher's
    table view and the projector."""
    screenshot(tablets[0], "scientia-fi-tablet-portrait")
    screenshot(tablets[1], "scientia-fi-tablet-landscape")
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.locator(".cb-controls").wait_for()
    screenshot(teacher, "scientia-fi-cockpit")
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/tables/1/")
    teacher.locator("#sc-mine .sc-board").first.wait_for()
    screenshot(teacher, "scientia-fi-teacher-table")
    projector = teacher.context.new_page()
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.goto(f"{live_url}/lessons/{lesson.pk}/projector/")
    projector.locator(".pb-table .sc-pb").first.wait_for()
    screenshot(projector, "scientia-fi-projector")
    projector.close()


def at_a_confirm_step(language):
    """A 3-seat game in round 3 whose seat waits at the confirm step of a rotation."""
    game = scientia_game(seats=3, language=language)
    state = play_until(game, lambda s: s["round"] >= 3 and (s["step"] or {}).get("kind") ==
                       "confirm")
    return game, state["step"]["seat"], seat_tokens(game), session_cookie(
        game.table.lesson.owner)


@pytest.mark.parametrize("language", ["en", "fi"])
def test_scientia_pages_at_tablet_and_projector_sizes(live_url, new_page, language):
    """The confirm step with its preview at both tablet sizes (the carry-out button visible
    without scrolling), the teacher's table view and the projector."""
    game, seat, tokens, cookie = off_loop(at_a_confirm_step, language)
    locale = "fi-FI" if language == "fi" else "en-GB"
    for size in ("tablet-portrait", "tablet-landscape"):
        page = new_page(size, locale=locale)
        name, value = student_cookie(tokens[seat][0]).split("=", 1)
        page.context.add_cookies([{"name": name, "value": value, "url": live_url}])
        page.goto(live_url + "/play/")
        page.locator(CONFIRM).wait_for()
        assert page.locator(CONFIRM).is_visible() and page.locator(".is-previewed").count()
        box = page.locator(CONFIRM).bounding_box()
        assert box["y"] + box["height"] <= page.viewport_size["height"]
        assert box["height"] >= 44
        screenshot(page, f"scientia-{language}-{size}-confirm")
    teacher = new_page("tablet-landscape", locale=locale)
    name, value = cookie.split("=", 1)
    teacher.context.add_cookies([{"name": name, "value": value, "url": live_url},
                                 {"name": "language", "value": language, "url": live_url}])
    teacher.goto(f"{live_url}/lessons/{game.table.lesson_id}/tables/1/")
    teacher.locator("#sc-mine .sc-board").first.wait_for()
    screenshot(teacher, f"scientia-{language}-teacher-table")
    teacher.set_viewport_size({"width": 1920, "height": 1080})
    teacher.goto(f"{live_url}/lessons/{game.table.lesson_id}/projector/")
    teacher.locator(".pb-table .sc-pb").first.wait_for()
    screenshot(teacher, f"scientia-{language}-projector")
