"""What the cockpit and the projector show of a Nobel Run table: each seat's PP against the
goal, CVs at a glance, who targeted whom, a target's stalled choice with its countdown; the
projector's race by seat colour and shape, without names."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from classroom import dashboard
from classroom.cockpit_drawing import cockpit_parts
from tests.nobel_run.factories import nr_game, play_until, played_on, state_of

pytestmark = pytest.mark.django_db


def test_the_card_shows_each_cv_the_targeting_and_a_stalled_choice():
    """While a target chooses, the card says who, for what, with the deadline; each seat's CV
    and the who-targeted-whom line are on it; each seat's hits are counted."""
    game = nr_game(seats=2, seed=2)
    by = state_of(game)["active"]
    target = 3 - by
    played_on(game, "care", by=by, target=target)
    lesson = game.table.lesson
    names = {p["seat"]: p["name"] for p in game.players}
    with translation.override("en"):
        html = cockpit_parts(lesson)["tables"]
        card = dashboard.table_cards(lesson)[0]
        labels = str(card["score_label"]), [str(f["label"]) for f in card["figures"]]
    assert "⚠" in html and "data-countdown=" in html
    assert f"{names[target]}: Care from {names[by]}: discard cards worth 2 effort" in html
    assert f"{names[by]} → {names[target]} ×1" in html
    assert labels == ("PP", ["Goal"]) and card["figures"][0]["value"] == 12
    assert card["figure_labels"] == [] and "hit 1×" in html
    target_row = next(s for s in card["seats"] if s["seat"] == target)
    assert target_row["current"]
    assert card["can_nudge"]


def test_the_projector_shows_the_race_without_names():
    """Each table's seats as bars against the goal, by colour and shape; no student's name."""
    game = nr_game(seats=4, seed=3)
    play_until(game, lambda s: s["round"] >= 4)
    lesson = game.table.lesson
    with translation.override("en"):
        board = dashboard.projector_board(lesson)
        html = render_to_string("classroom/parts/projector_board.html",
                                {"lesson": lesson, "board": board})
    race = board["tables"][0]["game"]
    assert race["goal"] == 12 and len(race["rows"]) == 4
    assert "nr-projector-race" in html and "Goal: 12 prestige points" in html
    assert all(p["name"] not in html for p in game.players)
