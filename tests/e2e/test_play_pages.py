"""The play page and the teacher's table view at tablet and projector sizes, in Finnish and
English: screenshots of the moments of a game for a person to look at, and checks that every
control is big enough to touch and nothing spills sideways."""

import pytest

from classroom.models import Student
from games.models import Game
from games.selectors import game_state
from tests.e2e.conftest import off_loop, screenshot
from tests.games.factories import make_game, play_until, tablet_token
from tests.sockets import session_cookie, student_cookie

pytestmark = pytest.mark.django_db(transaction=True)

TABLET_SIZES = ("tablet-landscape", "tablet-portrait")

MOMENTS = {
    "funding": lambda s: s["step"]["kind"] == "funding",
    "actions": lambda s: s["step"]["kind"] == "actions" and s["round"] == 2,
    "test": lambda s: s["step"]["kind"] == "test" and s["round"] >= 2,
    "result": lambda s: s["phase"] == "funding" and s["round"] >= 3,
    "end": lambda s: s["phase"] == "over",
}

CONTROLS = "header button, header a[href], main button, main a[href]"
TOO_SMALL = """() => [...document.querySelectorAll('""" + CONTROLS + """')]
    .filter(el => el.offsetParent !== null).map(el => [el, el.getBoundingClientRect()])
    .filter(([el, r]) => r.height < 44 || r.width < 44).map(([el, r]) =>
    `${el.textContent.trim().slice(0, 30)} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
SPILLS = "() => document.documentElement.scrollWidth > window.innerWidth + 1"


def acting_seat_cookie(game):
    """A tablet cookie for the seat that acts now (seat 1 when nobody does)."""
    game.refresh_from_db()
    state = game_state(game)
    seats = state["step"]["seats"] if state.get("step") and state["step"].get("seats") else [1]
    student = Student.objects.get(seat__table=game.table, seat__number=seats[0])
    return student_cookie(tablet_token(student))


def open_tablet(new_page, live_url, size, cookie, language):
    page = new_page(size, locale="fi-FI" if language == "fi" else "en-GB")
    name, value = cookie.split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": live_url}])
    page.goto(live_url + "/play/")
    page.locator("#play-actions").wait_for()
    page.wait_for_function("() => window.live && window.live.state.version !== null")
    return page


def looks_right(page, name):
    screenshot(page, name)
    assert page.evaluate(TOO_SMALL) == [], name
    assert not page.evaluate(SPILLS), f"{name} is wider than the screen"


@pytest.mark.parametrize("language", ["fi", "en"])
def test_the_play_page_at_every_moment_of_a_game_fits_a_tablet(live_url, new_page, language):
    """Funding, Actions (with a Prediction begun), a test about to roll, a test's result and the
    end screen, at 1024×768 and 768×1024: every control ≥ 44 px, nothing wider than the screen."""
    game = off_loop(make_game, seats=3, language=language)
    for moment, reached in MOMENTS.items():
        off_loop(play_until, game, reached)
        cookie = off_loop(acting_seat_cookie, game)
        for size in TABLET_SIZES:
            page = open_tablet(new_page, live_url, size, cookie, language)
            looks_right(page, f"play-{moment}-{language}-{size}")
            if moment == "actions":
                page.locator("#play-actions .kind-button:not([disabled])").nth(2).click()
                page.locator("#play-actions .option-button").first.wait_for()
                looks_right(page, f"play-choice-{language}-{size}")
            page.context.close()
    assert Game.objects.get(pk=game.pk).finished_at is not None


@pytest.mark.parametrize("language", ["fi", "en"])
def test_the_teachers_table_view_fits_tablets_and_a_projector(live_url, new_page, language):
    """The teacher's read-only view of a table in mid-game, at both tablet sizes and 1920×1080."""
    game = off_loop(make_game, seats=4, language=language)
    off_loop(play_until, game, MOMENTS["test"])
    teacher = off_loop(lambda: game.table.lesson.owner)
    cookie = off_loop(session_cookie, teacher) + f"; language={language}"
    number = off_loop(lambda: game.table.number)
    for size in (*TABLET_SIZES, "projector"):
        page = new_page(size, locale="fi-FI" if language == "fi" else "en-GB")
        for part in cookie.split("; "):
            name, value = part.split("=", 1)
            page.context.add_cookies([{"name": name, "value": value, "url": live_url}])
        page.goto(f"{live_url}/lessons/{game.table.lesson_id}/tables/{number}/")
        page.locator(".board").nth(3).wait_for()
        looks_right(page, f"table-view-{language}-{size}")
