"""Build cockpit positions directly: playing lessons with several tables, a seat on its own
turn, stories asked and decided through the services."""

from datetime import timedelta

from django.utils import timezone

from classroom import services as classroom
from classroom.models import Lesson, Student
from games import services
from games.models import Game
from tests.classroom.factories import join_many, make_lesson
from tests.games.factories import engine_state, play_move
from tests.research_programme import stories


def make_playing(seats=3, tables=1, **lesson_fields):
    """A playing lesson with `tables` tables of `seats` students each; returns (lesson, games)."""
    lesson = make_lesson(**lesson_fields)
    for _ in range(tables):
        join_many(lesson, seats)
        classroom.lesson_seat_everyone(lesson)
    lesson.refresh_from_db()
    classroom.lesson_start_tables(lesson)
    lesson.refresh_from_db()
    games = list(Game.objects.filter(table__lesson=lesson).order_by("table__number"))
    assert len(games) == tables, "seating made other tables than the test meant"
    return lesson, games


def student_of(game, seat):
    return Student.objects.get(seat__table=game.table, seat__number=seat, removed_at__isnull=True)


def seat_view(game, seat):
    engine, state = engine_state(game)
    return next(p for p in engine.view_for(state, None)["players"] if p["seat"] == seat)


def until_may_tell(game, seat=None, limit=400):
    """Play bot moves until a seat (`seat`, or any) may ask for a story; returns that seat."""
    for _ in range(limit):
        engine, state = engine_state(game)
        if not engine.current_seats(state):
            raise AssertionError("the game ended first")
        view = engine.view_for(state, None)
        ready = [p["seat"] for p in view["players"] if p["may_tell_story"]]
        if seat in ready or seat is None and ready:
            return seat or ready[0]
        play_move(game)
    raise AssertionError("no seat could tell a story")


def tell(game, seat, title=""):
    """The seat's student asks for a story now; returns the Story."""
    return stories.story_request(student_of(game, seat), title)


def tell_and_accept(game, seat=None, title=""):
    seat = until_may_tell(game, seat)
    story = tell(game, seat, title)
    return stories.story_accept(game.table.lesson, story.pk)


def past(seconds=1):
    return timezone.now() - timedelta(seconds=seconds)


def later(seconds):
    return timezone.now() + timedelta(seconds=seconds)


def all_bots(game):
    """Let bots play every seat (as the teacher can), so a game runs by itself."""
    for player in Game.objects.get(pk=game.pk).players:
        if not player.get("bot"):
            services.game_set_seat_bot(game.pk, player["seat"], "greedy")


def run_bots(games, limit=3000):
    """Let the bots play until every game is over (the clock job, with time moved on)."""
    for _ in range(limit):
        if all(Game.objects.get(pk=g.pk).finished_at for g in games):
            return
        services.games_play_due_bots(now=later(60))
    raise AssertionError("the games did not end")


def outcome(game):
    engine, state = engine_state(game)
    return engine.outcome(state)


def playing(lesson):
    lesson.refresh_from_db()
    return lesson.status == Lesson.Status.PLAYING

