"""Build Art of Science lessons and games on the platform: the starter bank in the database (a
transactional test's flush empties it), a lesson of the game and its started table."""

import random

from classroom import services as classroom
from games import approvals, services
from games.art_of_science.models import Question
from games.art_of_science.records import starter_rows
from games.models import Approval, Game
from tests.classroom.factories import join_many, make_lesson
from tests.games.factories import engine_state


def load_starter_bank():
    """The data migration's starter bank, again if a flush removed it."""
    taken = set(Question.objects.values_list("public_id", flat=True))
    Question.objects.bulk_create(starter_rows(Question, taken))


def aos_lesson(owner=None, language="en", variant="lesson", **settings):
    load_starter_bank()
    return make_lesson(owner=owner, language=language, engine_key="art_of_science",
                       variant=variant, game_settings=settings)


def aos_game(seats=3, language="en", owner=None, **settings):
    """A started table of `seats` students playing The Art of Science; returns its game."""
    lesson = aos_lesson(owner, language, **settings)
    join_many(lesson, seats)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    return Game.objects.get(table__lesson=lesson)


def apply(game, action, actor="seat"):
    game.refresh_from_db()
    return services.game_apply_action(game.pk, action, expected_version=game.version,
                                      actor=actor)


def play_greedy(game, done=lambda state: False, limit=3000, decide=True):
    """Greedy moves through the one writer until `done(state)` or the end; the teacher accepts
    open answers waiting for the teacher."""
    for _ in range(limit):
        engine, state = engine_state(game)
        if done(state) or state["over"]:
            return state
        step_once(game, engine, state, decide)
    raise AssertionError("the game did not get there")


def step_once(game, engine, state, decide=True):
    seat = next((s for s in engine.current_seats(state) if isinstance(s, int)), None)
    if seat is None and decide:
        pending = Approval.objects.get(game=game, status="pending")
        approvals.approval_decide(Approval.objects.all(), pending.pk, True)
    elif seat is not None:
        apply(game, engine.bots["greedy"](state, seat, random.Random(game.version)))


def judging_game(seats, **settings):
    """A game whose open answer waits for its judgement (open questions are 1 in 14 of the
    starter bank, so a game may end without one: then another game)."""
    for _attempt in range(10):
        game = aos_game(seats, open_answers=True, **settings)
        state = play_greedy(game, done=lambda s: s["step"]["kind"] == "judge", decide=False)
        if not state["over"]:
            return game, state
    raise AssertionError("no open answer in ten games")
