"""Build live-play positions directly: a started table's game, and bot moves for its seats."""

import random

from classroom import services as classroom
from games import services
from games.engines.base import ENGINES
from games.models import Game
from games.selectors import game_state
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
    return engine, engine.state_from_json(game_state(game))


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


def tablet_token(student):
    """A fresh tablet token for a student (as joining gives one); returns it."""
    from classroom import auth

    token = auth.new_token()
    student.token_hash = auth.hash_secret(token)
    student.save(update_fields=["token_hash"])
    return token


def seat_tokens(game):
    """{seat number: [a token per student of that seat]} for the game's table."""
    from classroom.models import Student

    tokens = {}
    for student in Student.objects.filter(seat__table=game.table, removed_at__isnull=True) \
            .select_related("seat").order_by("seat__number", "pk"):
        tokens.setdefault(student.seat.number, []).append(tablet_token(student))
    return tokens
