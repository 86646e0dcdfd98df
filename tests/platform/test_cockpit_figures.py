"""The cockpit's table card shows the figures a table's summary has: a game whose variants count
different things (Research Programme's school game: EP per seat; its full game: the table's
disruptions, reveals and syntheses) gets no empty figure and no empty column."""

import pytest
from django.utils import translation

from classroom import dashboard
from games.research_programme import labels
from tests.cockpit.factories import make_playing
from tests.games.factories import play_until

pytestmark = pytest.mark.django_db


def finished(variant="full", seats=4):
    lesson, (game,) = make_playing(seats=seats, variant=variant)
    state = play_until(game, lambda s: s["phase"] == "over", limit=4000)
    return lesson, game, state


def test_the_cockpit_card_shows_the_tally_and_no_empty_seat_figure():
    """The table's disruptions played and blocked, hexes revealed and synthesis attempts; no EP
    column, since the full game has no stories (FG-15)."""
    lesson, game, state = finished()
    with translation.override("en"):
        card = dashboard.table_cards(lesson)[0]
    assert [(f["label"], f["value"]) for f in card["figures"]] == [
        (label, state["tally"][key]) for key, label in labels.TALLY.items()]
    assert card["figure_labels"] == [] and all(s["figures"] == [] for s in card["seats"])


def test_a_school_card_keeps_its_figures():
    """The full game's figures are not in a school game's summary: no empty figure, EP only."""
    lesson, _games = make_playing(seats=2)
    with translation.override("en"):
        card = dashboard.table_cards(lesson)[0]
    assert card["figures"] == [] and [str(x) for x in card["figure_labels"]] == ["EP"]
