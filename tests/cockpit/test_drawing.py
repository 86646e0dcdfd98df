"""What the cockpit and the projector draw again, and what they keep: a card or a projector's
table is drawn again only when what it shows changed, not because the clock moved or another
table played."""

from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.test.signals import template_rendered
from django.utils import timezone, translation

from classroom import dashboard
from classroom.cockpit_drawing import board_html, cockpit_parts
from classroom.timeline import CLOCK_STEP_SECONDS, drawn_timeline
from tests.cockpit.factories import make_playing
from tests.games.factories import play_move

pytestmark = pytest.mark.django_db

PROJECTOR_TABLE = "classroom/parts/projector_table.html"


@pytest.fixture
def drawn_tables():
    """The table numbers of the projector's tables drawn meanwhile, in order."""
    numbers = []

    def seen(sender, template, context, **kwargs):
        if template.name == PROJECTOR_TABLE:
            numbers.append(context["t"]["number"])

    template_rendered.connect(seen)
    yield numbers
    template_rendered.disconnect(seen)


def test_the_bar_is_drawn_again_when_its_clock_step_passes_not_every_few_seconds():
    """The page counts the play time down by itself every second; the bar's own clock and the
    timeline's marker move in steps, so the refresh every few seconds mostly finds the bar as it
    was drawn and neither draws nor sends it again."""
    lesson, _games = make_playing(idle_seconds=3600)
    drawn, step = {}, CLOCK_STEP_SECONDS
    start = timezone.now()
    start -= timedelta(seconds=start.timestamp() % step)
    with translation.override("en"):
        bars = [cockpit_parts(lesson, now=start + timedelta(seconds=s), drawn=drawn)["bar"]
                for s in (0, 5, 10, step)]
    assert bars[1] is bars[0] and bars[2] is bars[0]
    assert bars[3] != bars[0]


def test_the_projector_s_board_is_not_drawn_again_when_only_the_clock_moved():
    """Like the bar, the board draws its clock to the step: within one, a drawing finds the
    board as drawn before, and the projector's socket sends nothing."""
    lesson, _games = make_playing(tables=2)
    drawn, step = {}, CLOCK_STEP_SECONDS
    start = timezone.now()
    start -= timedelta(seconds=start.timestamp() % step)
    with translation.override("en"):
        boards = [board_html(lesson, drawn, now=start + timedelta(seconds=s))
                  for s in (0, 5, 10, step)]
    assert boards[1] is boards[0] and boards[2] is boards[0]
    assert boards[3] != boards[0]


def test_the_drawn_clock_is_exact_once_play_time_is_up():
    lesson, _games = make_playing()
    assert drawn_timeline(lesson, lesson.play_ends_at + timedelta(seconds=1)).play_over
    assert not drawn_timeline(lesson, lesson.play_ends_at - timedelta(seconds=1)).play_over


def test_a_card_is_not_drawn_again_when_only_the_clock_moved(django_capture_on_commit_callbacks):
    """The refresh every few seconds finds the same card: the pace's shares, which move with the
    clock, are not on it (only whether the table is ahead, behind or will not finish)."""
    lesson, (game,) = make_playing(idle_seconds=3600)
    drawn, now = {}, timezone.now()
    with translation.override("en"):
        first = cockpit_parts(lesson, now=now, drawn=drawn)["cards"][1]
        again = cockpit_parts(lesson, now=now + timedelta(seconds=90), drawn=drawn)["cards"][1]
        assert again is first
        with django_capture_on_commit_callbacks(execute=True):
            play_move(game)
        moved = cockpit_parts(lesson, now=now + timedelta(seconds=95), drawn=drawn)["cards"][1]
    assert moved != first


def test_the_projector_draws_again_only_the_table_that_played(
        drawn_tables, django_capture_on_commit_callbacks):
    lesson, games = make_playing(tables=2)

    def board():
        return render_to_string("classroom/parts/projector_board.html", {
            "lesson": lesson, "board": dashboard.projector_board(lesson)})

    with translation.override("en"):
        before = board()
        assert drawn_tables == [1, 2]
        assert board() == before and drawn_tables == [1, 2]
        with django_capture_on_commit_callbacks(execute=True):
            for _ in range(12):  # past the first step, which does not change what is drawn
                play_move(games[0])
                games[0].refresh_from_db()
        after = board()
    assert drawn_tables == [1, 2, 1] and after != before
    assert after.count('class="pb-table"') == 2
