"""A whole school game in real browsers: three tablets join, the teacher seats and starts them,
and a bot on each tablet plays through the page's own buttons to the end screen; one tablet
reloads in the middle of the game and carries on, another switches itself to Finnish from the
play page's menu and plays on at its seat."""

import random
import re

import pytest

from classroom.models import Lesson
from games.engines.base import ENGINES
from games.models import Game
from games.selectors import game_state
from tests.classroom.factories import make_lesson, make_teacher
from tests.e2e.conftest import in_step, off_loop, screenshot, settled
from tests.sockets import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

ENABLED = "#play-actions [data-send]:not([disabled]):not([data-nav])"


def teacher_and_lesson():
    teacher = make_teacher()
    return make_lesson(owner=teacher, language="en"), session_cookie(teacher)


def join(page, live_url, code):
    page.goto(f"{live_url}/join/?code={code}")
    name = page.locator("#id_pseudonym").input_value()
    page.get_by_role("button", name="Join", exact=True).click()
    page.wait_for_url(re.compile("/lobby/$"))
    return name


def tap_something(page, rng):
    """Tap one of the offered buttons, as a student would; returns its text."""
    buttons = page.locator(ENABLED)
    button = buttons.nth(rng.randrange(buttons.count()))
    text = button.inner_text()
    button.click()
    settled(page)
    return text


def switch_to_finnish(page):
    """Open the play page's menu and choose suomi: the page comes back in Finnish, same seat."""
    seat = page.locator("body").get_attribute("data-me")
    summary = page.locator(".tablet-menu summary")
    box = summary.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    summary.click()
    group = page.get_by_role("group", name="Language of this tablet")
    assert group.get_by_role("button", name="English").get_attribute("aria-current") == "true"
    screenshot(page, "play-menu-en-tablet-portrait")
    finnish = group.get_by_role("button", name="suomi")
    assert finnish.bounding_box()["height"] >= 44
    finnish.click()
    page.wait_for_function("() => document.documentElement.lang === 'fi'")
    page.locator("#play-actions").wait_for()
    page.wait_for_function("() => window.live && window.live.state.version !== null")
    assert page.locator(".tablet-menu summary").inner_text().endswith("Valikko")
    assert page.locator("body").get_attribute("data-me") == seat
    settled(page)


def test_three_students_play_a_whole_game_and_a_reloaded_tablet_carries_on(live_url, new_page):
    """Every move goes through the play page's buttons; after a reload mid-game the tablet gets
    the whole view back and plays on; a tablet switched to Finnish from the play menu keeps its
    seat and plays on; the game ends with the final scores on every tablet."""
    lesson, cookie = off_loop(teacher_and_lesson)
    teacher = new_page("tablet-landscape", locale="en-GB")
    name, value = cookie.split("=", 1)
    teacher.context.add_cookies([{"name": name, "value": value, "url": live_url}])
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    students = [new_page("tablet-landscape" if n % 2 else "tablet-portrait", locale="en-GB")
                for n in range(3)]
    for page in students:
        join(page, live_url, lesson.join_code)
    teacher.get_by_role("button", name="Seat everyone").click()
    teacher.get_by_role("button", name="Start tables").click()
    for page in students:
        page.wait_for_url(re.compile("/play/$"))
        page.locator("#play-actions").wait_for()
    rng = random.Random(5)
    reloaded = switched = False
    taps = 0
    for _ in range(3000):
        in_step(students, lesson.pk)
        if students[0].locator("#play-end .end-panel").count():
            break
        mine = [p for p in students if p.locator(".status-turn.is-mine").count()
                and p.locator(ENABLED).count()]
        assert mine, "nobody can act, but the game is not over"
        page = rng.choice(mine)
        while page.locator(ENABLED).count():  # pick the steps of one action, then it is sent
            before = page.evaluate("() => window.live.state.version")
            tap_something(page, rng)
            taps += 1
            if page.evaluate("() => window.live.state.version") != before:
                break
        if not reloaded and students[1].locator(".round-track .is-current").inner_text() == "3":
            students[1].reload()
            students[1].locator(".status-bar").wait_for()
            reloaded = True
        if not switched and students[2].locator(".round-track .is-current").inner_text() == "2":
            switch_to_finnish(students[2])
            switched = True
    game = off_loop(lambda: Game.objects.get(table__lesson_id=lesson.pk))
    assert reloaded and switched and game.finished_at is not None and taps > 100
    engine = ENGINES[game.engine_key]
    names = {p["seat"]: p["name"] for p in game.players}
    outcome = engine.outcome(engine.state_from_json(game_state(game)))
    winners = [names[s] for s in outcome["winners"]]
    for page in students:
        end = page.locator("#play-end .end-panel")
        end.wait_for()
        assert all(name in end.inner_text() for name in winners)
    screenshot(students[1], "play-end-en-tablet-landscape")
    screenshot(students[2], "play-end-fi-switched-tablet-portrait")
    assert students[2].evaluate("() => document.documentElement.lang") == "fi"
    assert off_loop(lambda: Lesson.objects.get(pk=lesson.pk).status) == "playing"
