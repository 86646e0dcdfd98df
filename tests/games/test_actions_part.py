"""The actions part of a seat with nothing to choose (not its turn, a robot playing it, the game
over) is a note: drawn once for every seat and revision that shows it, with no choice worked
out, and the same as the page showed when its choice was worked out only to be left unshown."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games import render_cache, rendering
from games.choices import choices_context
from games.packages import package
from games.registry import GAMES
from games.stepper import Draft
from tests.games.factories import engine_state, make_game, play_move, play_until
from tests.games.test_rendering import snapshot_of

pytestmark = pytest.mark.django_db

VARIANTS = {"nobel_run": "short"}


def game_of(key):
    variant = {} if key == "research_programme" else {"variant": VARIANTS.get(key, "lesson")}
    return make_game(seats=4, language="fi", engine_key=key, **variant)


def waiting_seats(snapshot):
    return [p["seat"] for p in snapshot.players
            if p["seat"] not in rendering.summary_of(snapshot)["to_act"]]


def as_worked_out(snapshot, seat):
    """What the seat's actions part and the parts that follow it showed when its choice was
    worked out first (the template shows the note, whatever the choice)."""
    game = package(snapshot.engine_key)
    choice = choices_context(game, rendering.view_of(snapshot, seat),
                             rendering.menu_of(snapshot, seat), Draft(), seat, snapshot.names,
                             snapshot)
    context = {"teacher": False, "over": rendering.summary_of(snapshot)["over"],
               "choice": choice, "my_turn": False}
    return {"play-actions": render_to_string(rendering.ACTIONS, context),
            **game.choice_parts(snapshot, seat, choice)}


@pytest.mark.parametrize("key", GAMES)
def test_a_seat_not_to_act_sees_what_its_worked_out_choice_showed(key):
    game = game_of(key)
    compared = 0
    with translation.override("fi"):
        for _ in range(400):
            snapshot = snapshot_of(game)
            for seat in waiting_seats(snapshot):
                assert rendering.render_choices(snapshot, seat, "fi", Draft()) == \
                    as_worked_out(snapshot, seat)
                compared += 1
            engine, state = engine_state(game)
            if not engine.current_seats(state):
                break
            play_move(game)
    assert compared > 20 and rendering.summary_of(snapshot)["over"]


def test_only_the_seats_to_act_have_their_choices_worked_out(monkeypatch):
    game = make_game(seats=4)
    play_until(game, lambda state: state["step"]["kind"] == "actions")
    snapshot = snapshot_of(game)
    worked_out = []
    monkeypatch.setattr(rendering, "choices_context", lambda game, view, menu, draft, seat,
                        *rest: worked_out.append(seat) or choices_context(
                            game, view, menu, draft, seat, *rest))
    for seat in (1, 2, 3, 4):
        rendering.render_parts(snapshot, seat, "en")
    assert worked_out == rendering.summary_of(snapshot)["to_act"]
    assert len(worked_out) == 1


def test_the_note_is_drawn_once_for_every_seat_and_revision_it_shows(monkeypatch):
    game = make_game(seats=4)
    play_until(game, lambda state: state["step"]["kind"] == "actions")
    render_cache.forget()
    drawn = []
    render = rendering.render_to_string
    monkeypatch.setattr(rendering, "render_to_string", lambda template, context: (
        drawn.append(context) if template == rendering.ACTIONS else None)
        or render(template, context))
    for _ in range(2):
        snapshot = snapshot_of(game)
        for seat in waiting_seats(snapshot):
            assert "data-send" not in rendering.render_parts(snapshot, seat, "en")["play-actions"]
        play_move(game)
    assert drawn == [{"teacher": False, "over": False}]
