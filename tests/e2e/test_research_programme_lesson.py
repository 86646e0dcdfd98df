"""A 90-minute lesson of Research Programme's full game in real browsers at tablet size: the teacher
creates it with the form's offered plan, four tablets join and play a whole game through the
page's own buttons (a greedy bot decides what each student taps), one defence is decided on a
tablet and one by the deadline's fallback, the teacher watches the table, and the lesson ends
with the debrief answered on the tablets and the XLSX export with the full game's columns."""

import json
import random
import re
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from openpyxl import load_workbook

from classroom.models import Lesson
from games.engines.base import ENGINES
from games.models import Game, GameAction
from games.selectors import game_state
from tests.e2e.conftest import off_loop, screenshot
from tests.e2e.test_classroom_pages import look, sign_in
from tests.e2e.test_play import ENABLED, settled

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

SEED = 28  # a greedy game of 4 seats with every way of blocking, ending in round 5
NAMES = ("Aino", "Bertta", "Cecilia", "Daniel")


def make_teacher():
    get_user_model().objects.create_user("ope", "ope@example.fi", "salasana-123")


def current(lesson_id):
    game = Game.objects.get(table__lesson_id=lesson_id)
    engine = ENGINES[game.engine_key]
    return engine, engine.state_from_json(game_state(game)), game.version


def defences(lesson_id):
    """The defence decisions of the game, by who made them (a seat's tablet or the timer)."""
    return list(GameAction.objects.filter(game__table__lesson_id=lesson_id,
                                          action__type="defend")
                .values_list("actor_kind", flat=True))


def matches(message, action):
    """Whether a button's message leads to `action`: the action itself, or a pick on its way."""
    if message.get("type") == "act":
        return message["action"] == action
    if message.get("type") != "pick" or message.get("kind") != action["type"]:
        return False
    return all(action.get(param) == value for param, value in message.get("picks", []))


def tap_towards(page, action):
    """Tap the page's buttons that lead to `action` until it is sent."""
    for _ in range(12):
        buttons = page.locator(ENABLED)
        chosen = None
        for n in range(buttons.count()):
            message = json.loads(buttons.nth(n).get_attribute("data-send"))
            if matches(message, action):
                chosen = buttons.nth(n)
                break
        assert chosen is not None, f"no button leads to {action}"
        final = json.loads(chosen.get_attribute("data-send"))["type"] == "act"
        chosen.click()
        settled(page)
        if final:
            return
    raise AssertionError(f"{action} took too many taps")


def wait_for_version(pages, version):
    for page in pages:
        page.wait_for_function(
            "v => Number(document.querySelector('main[data-live]').dataset.version) >= v",
            arg=version, timeout=60_000)


def create_the_lesson(teacher, live_url):
    """The form says the full game does not fit 45 minutes and offers its 90-minute plan."""
    sign_in(teacher, live_url)
    teacher.goto(live_url + "/lessons/new/")
    teacher.locator("#id_title").fill("Physics 9A: the full game")
    teacher.locator("input[name=language][value=en]").check()
    teacher.locator("input[name=game][value='research_programme:full']").check()
    warning = teacher.locator("[data-length-warning]")
    warning.wait_for()
    assert "minutes of play; the plan gives it 30" in warning.inner_text()
    offer = teacher.locator("[data-use-plan]")
    assert "90-minute lesson" in offer.inner_text()
    look(teacher, "rp-full-lesson-form-offer-en-tablet-landscape")
    offer.click()
    assert [teacher.locator(f"[name={name}_minutes]").input_value()
            for name in ("briefing", "play", "debrief")] == ["10", "65", "15"]
    assert warning.is_hidden()
    teacher.get_by_role("button", name="Create the lesson").click()
    teacher.wait_for_url(re.compile(r"/lessons/\d+/$"))
    return int(re.search(r"/lessons/(\d+)/$", teacher.url).group(1))


def join_all(new_page, live_url, code):
    pages = []
    for n, name in enumerate(NAMES):
        page = new_page("tablet-portrait" if n % 2 else "tablet-landscape", locale="en-GB")
        page.goto(f"{live_url}/join/?code={code}")
        page.locator("#id_pseudonym").fill(name)
        page.get_by_role("button", name="Join", exact=True).click()
        page.wait_for_url(re.compile("/lobby/$"))
        pages.append(page)
    return pages


def test_a_90_minute_lesson_of_the_full_game_from_the_form_to_the_export(
        live_url, new_page, tmp_path):
    off_loop(make_teacher)
    teacher = new_page("tablet-landscape", locale="en-GB")
    lesson_id = create_the_lesson(teacher, live_url)
    code = off_loop(lambda: Lesson.objects.get(pk=lesson_id).join_code)
    students = join_all(new_page, live_url, code)
    teacher.get_by_role("button", name="Seat everyone").click()
    with mock.patch("games.services.secrets.randbits", return_value=SEED):
        teacher.get_by_role("button", name="Start tables").click()
        for page in students:
            page.wait_for_url(re.compile("/play/$"))
    by_seat = {int(page.locator("body").get_attribute("data-me")): page for page in students}
    assert sorted(by_seat) == [1, 2, 3, 4]
    screenshot(by_seat[1], "rp-full-start-hidden-ring-en-tablet-landscape")

    watch = new_page("tablet-landscape", locale="en-GB")
    watch.context.add_cookies(teacher.context.cookies())
    watch.goto(f"{live_url}/lessons/{lesson_id}/tables/1/")

    fallback_seen = tablet_defence_seen = False
    for _ in range(600):
        engine, state, version = off_loop(current, lesson_id)
        wait_for_version(students, version)
        if state["phase"] == "over":
            break
        step = state["step"]
        if step["kind"] == "defend":
            target = by_seat[step["seats"][0]]
            panel = target.locator("#play-interference .interference.is-live")
            assert "plays a card on" in panel.inner_text()
            assert "What can block it" in panel.inner_text()
            assert target.locator("#play-actions [data-countdown]").count() == 1
            if not fallback_seen:  # nobody taps: the deadline's fallback decides
                screenshot(target, f"rp-full-defend-target-en-{_size(target)}")
                other = by_seat[1 if step["seats"][0] != 1 else 2]
                screenshot(other, f"rp-full-defend-watcher-en-{_size(other)}")
                screenshot(watch, "rp-full-defend-teacher-table-en-tablet-landscape")
                wait_for_version(students, version + 1)
                fallback_seen = True
                continue
            tablet_defence_seen = True
        for seat in engine.current_seats(state)[:1]:
            action = engine.bots["greedy"](state, seat,
                                           random.Random(f"{SEED}:{version}:{seat}"))
            tap_towards(by_seat[seat], action)
    _engine, state, _version = off_loop(current, lesson_id)
    assert state["phase"] == "over"
    kinds = off_loop(defences, lesson_id)
    assert fallback_seen and tablet_defence_seen
    assert GameAction.Actor.TIMER in kinds and GameAction.Actor.SEAT in kinds, kinds
    for page in students:
        page.locator("#play-end .end-panel").wait_for()
    screenshot(by_seat[2], "rp-full-end-en-tablet-portrait")
    screenshot(watch, "rp-full-end-teacher-table-en-tablet-landscape")

    teacher.goto(f"{live_url}/lessons/{lesson_id}/")
    card = teacher.locator(".tc-figures").first
    assert "Disruptions played" in card.inner_text() and "Synthesis attempts" in card.inner_text()
    screenshot(teacher, "rp-full-cockpit-en-tablet-landscape")
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher.get_by_role("button", name="Open debrief").click()
    teacher.wait_for_url(f"**/lessons/{lesson_id}/debrief/")
    met = 0
    for page in students:
        page.wait_for_url("**/debrief/", timeout=20_000)
        facts = " ".join(page.locator(".facts li").all_inner_texts())
        met += "played" in facts
        box = page.locator("textarea").first
        box.fill("The card hit us because our data was not preregistered.")
        page.locator(".status-saved").first.wait_for()
    assert met > 0, "no tablet's debrief told a Disruption card"
    screenshot(by_seat[1], "rp-full-debrief-en-tablet-landscape")
    with teacher.expect_download() as download:
        teacher.get_by_role("link", name="XLSX").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    book = load_workbook(path)
    header = [cell.value for cell in book["Answers"][1]]
    assert {"rp_disruptions_played", "rp_disruptions_blocked", "rp_hexes_revealed",
            "rp_synthesis_attempts"} <= set(header)
    codebook = [row[0].value for row in book["Codebook"].iter_rows(min_row=2)]
    assert codebook == header


def _size(page):
    return "tablet-portrait" if page.viewport_size["width"] < 900 else "tablet-landscape"
