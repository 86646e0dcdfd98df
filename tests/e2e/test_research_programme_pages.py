"""Research Programme's full game, page by page, in Finnish and English at both tablet sizes and
on the projector: a table stopped while a card is being defended (the interference panel, the
target's countdown, the hidden ring), the teacher's table view and the cockpit; each page checked
with axe, touch-sized named controls, and saved as a screenshot for a person to look at."""

import random
from unittest import mock

import pytest

from classroom import auth
from classroom import services as classroom
from games import services
from games.engines.base import ENGINES
from games.models import Game
from games.selectors import game_state
from tests.classroom.factories import join, make_lesson
from tests.e2e.conftest import off_loop
from tests.e2e.test_classroom_pages import LOCALES, look, sign_in
from tests.games.factories import seat_tokens

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def a_table_at_a_defence(language):
    """A 4-seat full game played by bots until a seat is asked to defend itself; under a fixed
    seed, since a rare deal ends the game before a second Disruption card is played."""
    from django.contrib.auth import get_user_model

    teacher = get_user_model().objects.filter(username="ope").first() or \
        get_user_model().objects.create_user("ope", "ope@example.fi", "salasana-123")
    lesson = make_lesson(owner=teacher, language=language, variant="full",
                         title="Fysiikka 9A" if language == "fi" else "Physics 9A")
    for name in ("Aino", "Bertta", "Cecilia", "Daniel"):
        join(lesson, name)
    classroom.lesson_seat_everyone(lesson)
    with mock.patch("games.services.secrets.randbits", return_value=4):
        classroom.lesson_start_tables(lesson)
    game = Game.objects.get(table__lesson=lesson)
    engine = ENGINES[game.engine_key]
    rng = random.Random(7)
    for _ in range(2000):
        game.refresh_from_db()
        state = engine.state_from_json(game_state(game))
        if state["step"]["kind"] == "defend" and state["tally"]["disruptions_played"] > 1:
            break
        seat = engine.current_seats(state)[0]
        services.game_apply_action(game.pk, engine.bots["greedy"](state, seat, rng),
                                   expected_version=game.version)
    target = state["step"]["seats"][0]
    return lesson, {seat: tokens[0] for seat, tokens in seat_tokens(game).items()}, target


@pytest.mark.parametrize("language", LOCALES)
def test_the_full_game_s_pages_at_a_defence(live_url, new_page, language):
    lesson, tokens, target = off_loop(a_table_at_a_defence, language)
    watcher = 1 if target != 1 else 2
    for size in ("tablet-landscape", "tablet-portrait"):
        for seat, role in ((target, "defend-target"), (watcher, "defend-watcher")):
            page = new_page(size, locale=LOCALES[language])
            page.context.add_cookies([{"name": auth.COOKIE_NAME, "url": live_url,
                                       "value": auth._signer().sign(tokens[seat])}])
            page.goto(live_url + "/play/")
            page.locator("#play-interference .is-live").wait_for()
            if seat == target:
                assert page.locator("#play-actions [data-countdown]").count() == 1
                box = page.locator("#play-actions .option-button, #play-actions .confirm-button")
                assert box.first.bounding_box()["y"] < page.viewport_size["height"], \
                    "the defence's buttons are below the fold"
            look(page, f"rp-full-{role}-{language}-{size}")
    teacher = new_page("tablet-landscape", locale=LOCALES[language])
    sign_in(teacher, live_url)
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/tables/1/")
    teacher.locator("#play-interference .is-live").wait_for()
    look(teacher, f"rp-full-teacher-table-{language}-tablet-landscape")
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.locator(".tc-figures").first.wait_for()
    look(teacher, f"rp-full-cockpit-{language}-tablet-landscape")
    projector = new_page("projector", locale=LOCALES[language])
    projector.context.add_cookies(teacher.context.cookies())
    projector.goto(f"{live_url}/lessons/{lesson.pk}/projector/")
    look(projector, f"rp-full-projector-{language}")
