"""The cockpit, the tablet's story timer and pause overlay, and the projector during play, at
1024×768, 768×1024 and 1920×1080 in Finnish and English: screenshots for a person to look at,
and checks that every control is big enough to touch and nothing spills sideways."""

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom import cockpit, presence
from classroom.models import Student
from games.models import Game
from tests.cockpit.factories import all_bots, make_playing, run_bots, tell, until_may_tell
from tests.e2e.conftest import off_loop
from tests.e2e.test_play_pages import looks_right
from tests.games.factories import play_until, tablet_token
from tests.research_programme import stories
from tests.sockets import session_cookie, student_cookie

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = ("tablet-landscape", "tablet-portrait", "projector")
OUT_OF_CARD = """() => [...document.querySelectorAll('.table-card')].flatMap(card => {
    const box = card.getBoundingClientRect();
    return [...card.querySelectorAll('button, a, .tablet')].filter(el => {
        const r = el.getBoundingClientRect();
        return r.right > box.right + 0.5 || r.left < box.left - 0.5;
    }).map(el => `${card.id}: ${el.textContent.trim().slice(0, 20)}`);
})"""
# The seat table's column headings and robot buttons, if a word of theirs is broken over lines
# ("TAB LET IT" in a narrow column).
BROKEN_WORDS = """() => [...document.querySelectorAll('.tc-seats thead th, .tc-robot-button')]
    .filter(el => el.checkVisibility()).flatMap(el => {
        const text = [...el.childNodes].find(n => n.nodeType === Node.TEXT_NODE
                                                  && n.textContent.trim());
        if (!text) return [];
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        return lines.size > 1 ? [text.textContent.trim()] : [];
    })"""
LOCALES = {"fi": "fi-FI", "en": "en-GB"}
TITLES = {"fi": ["Miksi pimeä aine ei näy?", "Paskaa tuuria nopan kanssa", "Galilein kuut"],
          "en": ["Why can we not see dark matter?", "Such sh1t luck with the die",
                 "Galileo's moons"]}


def eight_tables(language):
    """A lesson of eight tables in mid-play: stories waiting, one idle seat, one game over,
    some tablets connected and some away."""
    lesson, games = make_playing(seats=3, tables=8, language=language, idle_seconds=60)
    for n, game in enumerate(games[:7]):
        play_until(game, lambda state, rounds=1 + n // 2: state["round"] >= rounds
                   and state["phase"] in ("actions", "funding"))
    all_bots(games[7])
    run_bots([games[7]])
    for game, title in zip(games[1:4], TITLES[language], strict=True):
        tell(game, until_may_tell(game), title)
    Game.objects.filter(pk=games[4].pk).update(
        turn_started_at=timezone.now() - timedelta(minutes=3))
    for n, student in enumerate(Student.objects.filter(lesson=lesson).order_by("pk")):
        if n % 5:
            presence.presence_open(f"screenshot-{student.pk}", student)
    accepted = tell(games[0], until_may_tell(games[0]), TITLES[language][2])
    stories.story_accept(lesson, accepted.pk)
    cockpit.lesson_set_game_switch(lesson, "projector_story_titles", True)
    lesson.refresh_from_db()
    lesson.started_at = timezone.now() - timedelta(minutes=14)
    lesson.play_ends_at = lesson.started_at + timedelta(minutes=30)
    lesson.save(update_fields=["started_at", "play_ends_at"])
    return lesson, games


def teacher_page(new_page, live_url, lesson, size, language, path=""):
    cookie = session_cookie(lesson.owner) + f"; language={language}"
    page = new_page(size, locale=LOCALES[language])
    for part in cookie.split("; "):
        name, value = part.split("=", 1)
        page.context.add_cookies([{"name": name, "value": value, "url": live_url}])
    page.goto(f"{live_url}/lessons/{lesson.pk}/{path}")
    return page


def tablet_page(new_page, live_url, student, size, language):
    page = new_page(size, locale=LOCALES[language])
    name, value = student_cookie(tablet_token(student)).split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": live_url}])
    page.goto(live_url + "/play/")
    page.wait_for_function("() => window.live && window.live.state.version !== null")
    return page


@pytest.mark.parametrize("language", ["fi", "en"])
def test_the_cockpit_tablet_and_projector_during_play_fit_every_screen(
        live_url, new_page, language):
    """Eight table cards with stories waiting, an idle seat and a finished game; then paused;
    the tablet telling a story and under the pause; the projector's board."""
    lesson, games = off_loop(eight_tables, language)
    owner = off_loop(lambda: lesson.owner)
    lesson.owner = owner
    for size in SIZES:
        page = teacher_page(new_page, live_url, lesson, size, language)
        page.locator("#table-card-8").wait_for()
        assert page.locator(".queue-item").count() == 3
        assert page.locator(".table-card .badge-bad").count() >= 1  # idle
        looks_right(page, f"cockpit-{language}-{size}")
        assert page.evaluate(OUT_OF_CARD) == []
        assert page.evaluate(BROKEN_WORDS) == []
        page.context.close()
    teller = off_loop(lambda: stories_teller(games[1]))
    for size in ("tablet-landscape", "tablet-portrait"):
        page = tablet_page(new_page, live_url, teller, size, language)
        page.locator(".story-timer").first.wait_for()
        looks_right(page, f"tablet-story-{language}-{size}")
        page.context.close()
    for size in SIZES[:3]:
        page = teacher_page(new_page, live_url, lesson, size, language, "projector/")
        page.locator(".pb-table").nth(7).wait_for()
        looks_right(page, f"projector-play-{language}-{size}")
        page.context.close()
    off_loop(cockpit.lesson_pause, lesson, "Silmät opettajaan!" if language == "fi"
             else "Eyes on me!")
    for size in SIZES:
        page = teacher_page(new_page, live_url, lesson, size, language)
        page.locator(".cb-paused").wait_for()
        looks_right(page, f"cockpit-paused-{language}-{size}")
        page.context.close()
    for size in ("tablet-landscape", "tablet-portrait"):
        page = tablet_page(new_page, live_url, teller, size, language)
        page.locator(".overlay-pause").wait_for()
        looks_right(page, f"tablet-paused-{language}-{size}")
        page.context.close()


def stories_teller(game):
    from tests.research_programme.stories import Story

    story = Story.objects.get(game=game, status="pending")
    return story.student
