"""Every registered game has words for whatever its engine offers or tells: over seeded bot
games, each step's choices for the seats to act (the stepper walked one path deep, every option
labelled and detailed) and each step's events told as log lines, for seats, the teacher and
the public. A value a game's words do not expect (a `None` option) fails here, not on a
tablet."""

import pytest
from django.utils import translation

from games.choices import choices_context
from games.engines.base import CHANCE, viewers
from games.engines.playout import play
from games.packages import package
from games.registry import GAMES
from games.stepper import Draft

SEEDS = range(1, 9)
MAX_DEPTH = 8


def walk_choices(game, state, seat, names):
    """The stepper from an empty draft, one option deeper each time (the last one offered)."""
    view = game.engine.view_for(state, seat)
    menu = game.engine.action_menu(state, seat)
    draft = Draft()
    for _depth in range(MAX_DEPTH):
        context = choices_context(game, view, menu, draft, seat, names)
        if context is None:
            return
        if context.get("kinds") is not None:
            open_kinds = [k["kind"] for k in context["kinds"] if k["enabled"]]
            if not open_kinds or draft.kind is not None:
                return
            draft = Draft(open_kinds[-1])
            continue
        options = context["step"].options
        if not options:
            return
        draft = draft.pick(context["step"].param, options[-1].value)


def checker(game, seats):
    names = {seat: f"Seat {seat}" for seat in seats}

    def check(state, action, events):
        for viewer in viewers(seats):
            game.narrate(game.engine.events_for(events, viewer), names)
        for seat in game.engine.current_seats(state):
            if seat != CHANCE:
                walk_choices(game, state, seat, names)
    return check


@pytest.mark.parametrize("language", ["en", "fi"])
@pytest.mark.parametrize("key", GAMES)
def test_every_choice_and_event_of_whole_games_has_words(key, language):
    game = package(key)
    for variant in game.lesson_variants:
        limits = game.info.variants[variant]
        seats = list(range(1, min(limits["max_seats"], 4) + 1))
        options = game.game_options(variant, {})
        with translation.override(language):
            for seed in SEEDS:
                play(game.engine, len(seats), seed, ("random", "greedy")[seed % 2], options,
                     on_step=checker(game, seats))
