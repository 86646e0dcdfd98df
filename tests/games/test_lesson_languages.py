"""A whole lesson of every registered game in Swedish, with one student on an English tablet and
one on a Finnish tablet (issue 24): played through the single writer by the engines' bots, then
the debrief's answers and the export. Each seat's pages, live parts and answers are in its own
language; the lesson's own pages stay in Swedish."""

import random
import re

import pytest
from django.test import Client

from classroom import auth, debriefing
from classroom import services as classroom
from classroom.models import Student
from debrief import exports
from debrief import services as debrief
from games import rendering, services
from games.engines.base import CHANCE, ENGINES
from games.models import Game
from games.packages import package
from games.registry import GAMES
from games.selectors import game_snapshot, game_state
from tests.classroom.factories import make_lesson

pytestmark = pytest.mark.django_db
TABLETS = {"Ada": "en", "Bea": "fi", "Cai": ""}  # Cai keeps the lesson's Swedish
HTML_LANG = re.compile(r'<html lang="([a-z]+)"')
MENU = {"fi": "Valikko", "sv": "Meny", "en": "Menu"}
MAX_ACTIONS = 20_000


def sv_lesson_with_tablets(key):
    """A Swedish lesson of game `key` at one table of three, each tablet in its language."""
    lesson = make_lesson(engine_key=key, variant=package(key).default_variant, language="sv")
    tokens = {}
    for name, language in TABLETS.items():
        student, tokens[name] = classroom.student_join(code=lesson.join_code, pseudonym=name,
                                                       language=language)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    lesson.refresh_from_db()
    return lesson, Game.objects.get(table__lesson=lesson), tokens


def play_whole_game(game):
    """Every seat's move by its engine's greedy bot, through `game_apply_action`, to the end."""
    engine = ENGINES[game.engine_key]
    rng = random.Random(f"bots:{game.seed}")
    for _ in range(MAX_ACTIONS):
        game.refresh_from_db()
        state = engine.state_from_json(game_state(game))
        waiting = [seat for seat in engine.current_seats(state) if seat != CHANCE]
        if not waiting:
            return state
        action = engine.bots["greedy"](state, waiting[0], rng)
        services.game_apply_action(game.pk, action, expected_version=game.version)
    raise AssertionError(f"{game.engine_key}: no end after {MAX_ACTIONS} actions")


def tablet(token):
    client = Client()
    client.cookies[auth.COOKIE_NAME] = auth._signer().sign(token)
    return client


def page_language(response):
    assert response.status_code == 200, response.status_code
    return HTML_LANG.search(response.content.decode()).group(1)


@pytest.mark.parametrize("key", GAMES)
def test_a_swedish_lesson_plays_with_an_english_and_a_finnish_tablet_through_the_export(key):
    """Play pages and their menu, the seats' live parts, the debrief pages and the export's
    answer_language follow each tablet; the lesson stays Swedish."""
    lesson, game, tokens = sv_lesson_with_tablets(key)
    students = {s.pseudonym: s for s in Student.objects.filter(lesson=lesson)}
    for name, token in tokens.items():
        language = TABLETS[name] or "sv"
        page = tablet(token).get("/play/")
        assert page_language(page) == language, name
        assert MENU[language] in page.content.decode()
    play_whole_game(game)
    for name, token in tokens.items():  # the game's end, as each tablet shows it
        assert page_language(tablet(token).get("/play/")) == (TABLETS[name] or "sv")
    snapshot = game_snapshot(game.pk)
    for name in ("Ada", "Bea"):  # a seat's live parts: rendered in its tablet's language
        seat = students[name].seat.number
        own = rendering.render_parts(snapshot, seat, students[name].tablet_language)
        other = rendering.render_parts(snapshot, seat, "sv")
        assert own.keys() == other.keys()
        if name == "Bea":  # the games' Finnish catalogues are complete; sv ones may be empty
            assert own != other, f"{key}: seat {seat}'s parts are the same in fi and sv"
    debriefing.lesson_debrief_open(lesson)
    lesson.refresh_from_db()
    question = lesson.debrief_questions.order_by("position").first()
    for name, token in tokens.items():
        language = TABLETS[name] or "sv"
        assert page_language(tablet(token).get("/debrief/")) == language
        debrief.answer_save_draft(students[name], question.pk, f"{name} svarar")
    rows = [row for row in exports.lesson_rows(lesson) if row["question_number"] == 1]
    assert {row["pseudonym"]: row["answer_language"] for row in rows} == \
        {"Ada": "en", "Bea": "fi", "Cai": "sv"}
    assert all(row["game"] == key and row["game_over"] for row in rows)
