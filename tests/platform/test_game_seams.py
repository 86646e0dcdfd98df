"""The seams a game's own content needs, shown with the stub game where they are general: a
game's pages under /games/<key>/ linked from the lessons, a lesson's options read from the
lesson itself, requests the engine opens by itself (and their rows following the engine's
verdict whatever applied it), and a game's records kept in step with its log."""

import dataclasses
import importlib.util

import pytest
from django.test import Client
from django.urls import resolve, reverse

from classroom import services as classroom
from config import urls
from games import approvals, services
from games.approvals import ApprovalError
from games.models import Approval, Game
from games.registry import GAMES
from tests.classroom.factories import join_many, make_lesson, make_teacher
from tests.sockets import session_cookie

pytestmark = pytest.mark.django_db


def stub_lesson(seats=2):
    lesson = make_lesson(engine_key="stub_game", variant="plain")
    join_many(lesson, seats)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    return lesson, Game.objects.get(table__lesson=lesson)


def test_each_games_own_pages_are_served_under_its_key():
    """A registered game with a urls.py gets /games/<key>/ (and only such a game)."""
    with_pages = [key for key in GAMES if importlib.util.find_spec(f"games.{key}.urls")]
    assert [str(p.pattern) for p in urls.game_pages()] == [f"games/{k}/" for k in with_pages]
    for key in with_pages:
        module = importlib.import_module(f"games.{key}.urls")
        first = module.urlpatterns[0]
        found = resolve(f"/games/{key}/{first.pattern}")
        assert found.namespace == module.app_name


def test_a_games_teacher_pages_are_linked_from_the_teachers_lessons():
    teacher = make_teacher()
    client = Client()
    name, value = session_cookie(teacher).split("=", 1)
    client.cookies[name] = value
    page = client.get(reverse("lesson_list")).content.decode()
    from games.packages import packages

    for game in packages():
        for url_name, _label in game.teacher_pages:
            assert f'href="{reverse(url_name)}"' in page


def test_a_lessons_options_come_from_the_lesson_itself_when_the_game_asks(stub_game,
                                                                          monkeypatch):
    """By default a lesson's options are game_options(variant, settings); a game may read the
    lesson (its teacher, its language) through lesson_options."""
    lesson = make_lesson(engine_key="stub_game", variant="plain")
    assert lesson.game_options() == stub_game.game_options("plain", lesson.game_settings)
    monkeypatch.setattr(type(stub_game), "lesson_options",
                        lambda self, lesson_: {"variant": lesson_.variant,
                                               "teacher": lesson_.owner.pk})
    assert lesson.game_options() == {"variant": "plain", "teacher": lesson.owner.pk}


def _claims_the_engine_opens(stub_game, monkeypatch):
    """The stub's claims as requests its engine opens by itself, without a request action."""
    opened = dataclasses.replace(
        stub_game.approvals["claim"], request_action=None,
        opened_in=lambda events: [{"seat": e["seat"], "request_id": e["claim"],
                                   "text": f"claim {e['claim']}", "round": e["round"]}
                                  for e in events if e["type"] == "ClaimMade"])
    monkeypatch.setattr(type(stub_game), "approvals", {"claim": opened})


def test_a_request_the_engine_opens_gets_its_row_and_follows_the_verdict(stub_game,
                                                                         monkeypatch):
    """Whatever applied the request (a tablet's tap, a bot) its row is made; whatever applied
    the decision (here the teacher's action, not the queue) the row follows it."""
    _claims_the_engine_opens(stub_game, monkeypatch)
    _lesson, game = stub_lesson()
    services.game_apply_action(game.pk, {"type": "claim_request", "seat": 2,
                                         "claim": "c-1"}, expected_version=None)
    row = Approval.objects.get(game=game)
    assert (row.kind, row.seat, row.request_id, row.text, row.status) == (
        "claim", 2, "c-1", "claim c-1", "pending")
    services.game_apply_action(game.pk, {"type": "claim_decide", "seat": None, "claim": "c-1",
                                         "accept": False}, expected_version=None,
                               actor="teacher")
    row.refresh_from_db()
    assert (row.status, row.decided_by) == ("rejected", "teacher")


def test_a_request_the_engine_opens_cannot_be_asked_for_from_a_tablet(stub_game, monkeypatch):
    _claims_the_engine_opens(stub_game, monkeypatch)
    _lesson, game = stub_lesson()
    with pytest.raises(ApprovalError) as refused:
        approvals.approval_request(game.pk, "claim", 1, text="mine")
    assert refused.value.code == "unknown_request"
    assert not Approval.objects.exists()


def test_a_game_keeps_its_own_records_in_step_with_each_applied_action(stub_game,
                                                                      monkeypatch):
    """actions_applied gets every applied step's events, with the game, in the writer's
    transaction (a refused action calls nothing)."""
    seen = []
    monkeypatch.setattr(type(stub_game), "actions_applied",
                        lambda self, game, events: seen.append((game.pk, [e["type"]
                                                                          for e in events])))
    _lesson, game = stub_lesson()
    services.game_apply_action(game.pk, {"type": "pick", "seat": 1, "number": 2},
                               expected_version=None)
    with pytest.raises(services.GameRefusal):
        services.game_apply_action(game.pk, {"type": "pick", "seat": 1, "number": 3},
                                   expected_version=None)
    assert seen == [(game.pk, ["Picked"])]


def test_a_game_adds_its_own_part_to_each_card_and_to_the_cockpit(stub_game, monkeypatch):
    """card_template/card_context on each table's card, cockpit_lesson beside the cards; a
    game without them adds nothing."""
    from classroom.cockpit_drawing import cockpit_parts

    kind = type(stub_game)
    monkeypatch.setattr(kind, "card_template", "")
    lesson, game = stub_lesson()
    plain = cockpit_parts(lesson)
    assert plain["game"] == "" and "stub-card" not in plain["tables"]
    monkeypatch.setattr(kind, "card_template", "stub_game/card.html")
    monkeypatch.setattr(kind, "card_context", lambda self, snapshot, summary: {
        "counter": summary["figures"]["counter"]})
    monkeypatch.setattr(kind, "cockpit_lesson_template", "stub_game/class.html")
    monkeypatch.setattr(kind, "cockpit_lesson", lambda self, ids, settings: {"games": len(ids)})
    drawn = cockpit_parts(lesson)
    assert '<p class="stub-card">Counter 0 on the card</p>' in drawn["tables"]
    assert drawn["game"].strip() == '<p class="stub-class">games 1</p>'
