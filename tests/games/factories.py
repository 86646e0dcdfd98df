"""Build live-play positions directly: a started table's game, and bot moves for its seats."""

import random

from classroom import services as classroom
from games import services
from games.engines.base import ENGINES
from games.models import Game
from tests.classroom.factories import join_many, make_lesson


def make_game(seats=3, language="en", **lesson_fields):
    """A lesson with one started table of `seats` students; returns the table's game."""
    lesson = make_lesson(language=language, **lesson_fields)
    join_many(lesson, seats)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    return Game.objects.get(table__lesson=lesson)


def engine_state(game):
    game.refresh_from_db()
    engine = ENGINES[game.engine_key]
    return engine, engine.state_from_json(game.state)


def bot_move(game, seat=None, bot="greedy", rng=None):
    """A legal action for `seat` (default: the first seat to act) chosen by an engine bot."""
    engine, state = engine_state(game)
    seat = seat or engine.current_seats(state)[0]
    return engine.bots[bot](state, seat, rng or random.Random(f"{game.pk}:{game.version}"))


def play_move(game, seat=None, bot="greedy"):
    """Apply one bot move for a seat through the service, as that seat's tablet would."""
    action = bot_move(game, seat, bot)
    return services.game_apply_action(game.pk, action, expected_version=game.version)


def play_until(game, done, bot="greedy", limit=2000):
    """Play bot moves until `done(state)` holds; returns the engine state."""
    for _ in range(limit):
        engine, state = engine_state(game)
        if done(state) or not engine.current_seats(state):
            return state
        play_move(game, bot=bot)
    raise AssertionError("the game did not reach the position")
