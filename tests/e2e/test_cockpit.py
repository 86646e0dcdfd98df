"""The issue's browser test: the teacher's cockpit and two tables of student tablets. A student
about to roll asks for a story and types its title; the teacher accepts it with the A key; the
student's test shows the Insight in its sum and the roll uses it; the teacher calls time, both
games end at their round's Cleanup with a valid score, and every page moves to the debrief."""

import re
import time

import pytest

from classroom.models import Lesson, Student
from games.models import Game
from tests.cockpit.factories import all_bots, make_playing, outcome, run_bots
from tests.e2e.conftest import off_loop, screenshot
from tests.games.factories import engine_state, play_until, tablet_token
from tests.research_programme.stories import Story
from tests.sockets import session_cookie, student_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def wait_for(read, seconds=15):
    """Poll the database (outside the browser's loop) until `read` returns something."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = off_loop(read)
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("nothing came")


def add_cookies(page, live_url, cookie):
    for part in cookie.split("; "):
        name, value = part.split("=", 1)
        page.context.add_cookies([{"name": name, "value": value, "url": live_url}])


def about_to_roll(state):
    step = state["step"] or {}
    return step.get("kind") == "test"


def seat_to_roll(game):
    _engine, state = engine_state(game)
    return state["step"]["seats"][0]


def test_a_story_accepted_with_the_key_adds_insight_and_call_time_ends_both_games(
        live_url, new_page):
    """Two tables of three tablets and the teacher's cockpit, in English, end to end."""
    lesson, games = off_loop(make_playing, seats=3, tables=2)
    owner = off_loop(lambda: lesson.owner)
    off_loop(play_until, games[0], about_to_roll)
    seat = off_loop(seat_to_roll, games[0])

    teacher = new_page("tablet-landscape", locale="en-GB")
    add_cookies(teacher, live_url, session_cookie(owner) + "; language=en")
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.locator("#table-card-2").wait_for()
    teacher.on("dialog", lambda dialog: dialog.accept())

    tablets = {}
    for student in off_loop(lambda: list(Student.objects.filter(lesson=lesson)
                                         .select_related("seat__table"))):
        page = new_page("tablet-portrait", locale="en-GB")
        add_cookies(page, live_url, student_cookie(off_loop(tablet_token, student)))
        page.goto(live_url + "/play/")
        tablets[(student.seat.table.number, student.seat.number)] = page
    teller = tablets[(1, seat)]
    teller.wait_for_function("() => window.live && window.live.state.version !== null")
    teacher.locator(".tablet.is-on").nth(5).wait_for()  # all six tablets show as connected

    insight_before = teller.locator("#play-test .test-sum").inner_text()
    assert "Insight" not in insight_before
    teller.locator("#story-title").fill("Why the Sun bends starlight")
    teller.get_by_role("button", name="Tell a story").click()
    teller.locator(".story-timer").wait_for()
    screenshot(teller, "e2e-cockpit-story-telling")

    item = teacher.locator(".queue-item").first
    item.get_by_text("Why the Sun bends starlight").wait_for()
    assert "Table 1, seat" in item.inner_text()
    teacher.locator("body").click(position={"x": 5, "y": 300})  # focus off any field
    teacher.keyboard.press("a")
    teacher.locator(".queue-empty").wait_for()

    teller.locator(".story-result.story-accepted").wait_for()
    teller.locator("#play-test .test-sum", has_text="Insight +1").wait_for()
    story = off_loop(lambda: Story.objects.get())
    assert story.status == "accepted" and story.text == "Why the Sun bends starlight"
    teacher.evaluate("""() => { window.patched = 0;
        document.addEventListener("live:patch", () => { window.patched += 1; }); }""")
    teller.get_by_role("button", name=re.compile("Roll the die")).click()
    rolled = wait_for(lambda: [e for row in Game.objects.get(pk=games[0].pk).actions.all()
                               for e in row.events if e["type"] == "TestRolled"])
    assert rolled[-1]["seat"] == seat and rolled[-1]["insight"] == 1
    # The roll reaches the teacher's card as a patch: its version, and whose turn it is now.
    version = off_loop(lambda: Game.objects.get(pk=games[0].pk).version)
    teacher.locator(f'#table-card-1 [data-game-version="{version}"]').wait_for()
    acting = off_loop(lambda: engine_state(games[0])[0].current_seats(engine_state(games[0])[1]))
    turn = teacher.locator("#table-card-1 .tc-turn .tc-actor")
    shown = [i for i in range(turn.count()) if turn.nth(i).is_visible()]
    assert len(shown) == len([s for s in acting if s > 0])
    assert teacher.locator("#table-card-1 tr.is-current").count() == len(shown)
    assert teacher.evaluate("window.patched") >= 1
    if not teller.locator("#play-log").is_visible():  # folded away on a portrait tablet
        teller.locator(".log-panel > summary").click()
    teller.locator("#play-log", has_text="tests").wait_for()

    teacher.get_by_role("button", name="Call time").click()
    teacher.locator(".cb-called").wait_for()
    for game in games:
        assert off_loop(engine_state, game)[1]["time_called"] is True
        off_loop(all_bots, game)
    off_loop(run_bots, games)
    for page in tablets.values():
        page.wait_for_url(re.compile("/debrief/$"), timeout=20_000)
    teacher.wait_for_url(re.compile(rf"/lessons/{lesson.pk}/debrief/$"))
    assert off_loop(lambda: Lesson.objects.get(pk=lesson.pk).status) == "debrief"
    for game in games:
        result = off_loop(outcome, game)
        assert result["ended_by"] in ("call_time", "replication_counter")
        for row in result["players"]:
            assert sum(row["breakdown"].values()) == row["vp"]
