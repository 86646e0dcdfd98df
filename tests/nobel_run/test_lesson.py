"""Nobel Run in a lesson: the short race to 12 is the default, the whole race the variant a
30-minute play slot warns about, the minutes are the simulation's, and the settings form's
"situations are systemic" reaches the engine of every table's game."""

import pytest

from classroom.forms import LessonForm
from games.nobel_run.lesson import SettingsForm
from games.packages import package
from tests.nobel_run.factories import nr_game, state_of

pytestmark = pytest.mark.django_db

GAME = package("nobel_run")


def test_the_short_race_is_the_default_and_fits_a_45_minute_lesson():
    """Default variant `short`: at most 30 minutes of play for 2-4 seats; the whole race with
    4 seats does not fit 30."""
    assert GAME.default_variant == "short"
    short, whole = GAME.lesson_variants["short"], GAME.lesson_variants["lesson"]
    assert all(short.minutes_for(n) <= 30 for n in (2, 3, 4))
    assert whole.minutes_for(4) > 30


def form(game, play=30, **extra):
    data = {"title": "9B", "language": "fi", "game": game, "seat_mode": "single",
            "play_minutes": str(play), **extra}
    return LessonForm(data)


def test_the_lesson_form_warns_when_the_whole_race_will_not_fit():
    """30 minutes of play: the whole race asks to be confirmed, the short race does not."""
    too_long = form("nobel_run:lesson")
    assert not too_long.is_valid() and too_long.too_long["minutes"] > 30
    assert form("nobel_run:short").is_valid()
    assert form("nobel_run:lesson", play=40).is_valid()


def test_systemic_situations_reach_the_engine_of_a_table_s_game():
    """The lesson's setting becomes the engine's option; left out, it is off."""
    settings = SettingsForm({"situations_systemic": "on"})
    assert settings.is_valid()
    assert GAME.game_options("short", settings.cleaned_data) == {
        "variant": "short", "situations_systemic": True}
    game = nr_game(seats=3, situations_systemic=True)
    state = state_of(game)
    assert state["options"]["situations_systemic"] is True and state["variant"] == "short"
    assert state_of(nr_game(seats=2))["options"]["situations_systemic"] is False


def test_the_whole_race_is_played_to_20():
    """A lesson of the whole race starts a game whose goal is 20."""
    from games.engines.base import PUBLIC

    state = state_of(nr_game(seats=2, variant="lesson"))
    assert GAME.engine.view_for(state, PUBLIC)["goal"] == 20
