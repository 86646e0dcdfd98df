"""Nobel Run's parts of the play page for seats, the teacher and the projector: they render at
every step of whole games in each language, a seat sees its own hand and only the size of the
others', the teacher sees no hand, and the end names the winners."""

import pytest
from django.utils import translation

from games import rendering
from games.engines.base import PUBLIC
from games.nobel_run import words
from games.packages import package
from games.selectors import game_snapshot
from tests.nobel_run.factories import ENGINE, nr_game, play_to_end, played_on, state_of

pytestmark = pytest.mark.django_db

GAME = package("nobel_run")
PART_IDS = {"nr-race", "nr-turn", "nr-market", "nr-targeting", "play-end", "play-status",
            "nr-me", "play-actions", "play-log", "play-log-earlier"}


def parts_for(game, seat, language="en", teacher=False):
    game.refresh_from_db()
    snapshot = game_snapshot(game.pk, game.revision)
    return rendering.render_parts(snapshot, seat, language, teacher=teacher)


@pytest.mark.parametrize("language", ["en", "fi", "sv"])
def test_every_part_renders_for_every_seat_and_the_teacher_through_a_whole_game(language):
    """At every step of a 3-seat game each seat's and the teacher's parts render."""
    game = nr_game(seats=3, language=language, seed=4)
    seen = set()

    def render(snapshot):
        for seat in (1, 2, 3):
            parts = rendering.render_parts(snapshot, seat, language)
            seen.update(parts)
        rendering.render_parts(snapshot, None, language, teacher=True)

    play_to_end(game, on_step=render)
    assert PART_IDS <= seen


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    """The seat's own part lists its hand by name; the others' boards give a count only."""
    game = nr_game(seats=2, seed=3)
    state = state_of(game)
    acting = state["active"]
    other = 3 - acting
    with translation.override("en"):
        mine = parts_for(game, acting)["nr-me"]
        theirs = parts_for(game, other)["nr-me"]
        hand = {words.card_name(k) for k in state["players"][acting - 1]["hand"]}
    assert "Your hand" in mine and "5 cards in hand" in parts_for(game, other)["nr-race"]
    assert "Your hand is in your plan above." in mine
    assert all(name in parts_for(game, acting)["play-actions"] for name in hand)
    assert "Your hand" in theirs and "Not your turn" in parts_for(game, other)["play-actions"]


def test_the_teacher_sees_every_cv_but_no_hand():
    """The teacher's view has every seat's board and no hand list (teacher_sees_private is
    False in this game)."""
    game = nr_game(seats=3, seed=5)
    parts = parts_for(game, None, teacher=True)
    assert parts["nr-me"].count('class="panel nr-board"') == 3
    assert "Your hand" not in parts["nr-me"]
    assert ENGINE.view_for(state_of(game), None)["players"][0].get("hand") is None


def test_the_end_names_the_winners_and_the_first_to_the_goal():
    """The end panel names each winner and lists every seat's PP."""
    game = nr_game(seats=3, seed=8)
    state = play_to_end(game)
    parts = parts_for(game, 1)
    outcome = ENGINE.outcome(state)
    names = {p["seat"]: p["name"] for p in game.players}
    assert all(names[s] in parts["play-end"] for s in outcome["winners"])
    assert "Nobel Prize" in parts["play-end"]


def test_a_target_is_asked_on_its_tablet_with_the_card_and_the_amount():
    """A normal negative effect wakes the target's tablet: the prompt names the card, who
    played it and the amount; a countdown runs; the others wait for it."""
    game = nr_game(seats=2, seed=11)
    state = played_on(game, "care", by=state_of(game)["active"], target=2 if
                      state_of(game)["active"] == 1 else 1)
    target = state["step"]["seat"]
    parts = parts_for(game, target)
    assert "discard cards worth" in parts["play-status"]
    assert 'data-countdown="' in parts["play-actions"]
    assert "Waiting for an answer from" in parts_for(game, 3 - target)["play-status"]
    assert ENGINE.view_for(state, PUBLIC)["step"]["kind"] == "respond"
