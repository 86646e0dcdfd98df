"""The platform carries a game it does not know (tests/stub_game, registered by the `stub_game`
fixture): choices with typed inputs, deadlines with their fallback, private picks, teacher
approvals, the cockpit, the projector, the debrief and the exports; and nothing the teacher or the
class sees of it speaks Research Programme's words."""

import json
import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.template.loader import render_to_string
from django.test import Client
from django.utils import timezone, translation

from classroom import cockpit, dashboard, debriefing
from classroom import services as classroom
from classroom.cockpit_drawing import cockpit_parts
from config.routing import websocket_urlpatterns
from debrief import exports
from games import approvals, deadlines, services
from games.models import Approval, Game
from games.selectors import game_state
from tests.classroom.factories import join_many, make_lesson
from tests.games.factories import seat_tokens
from tests.sockets import open_socket, student_cookie

pytestmark = pytest.mark.django_db(transaction=True)

# Words that are Research Programme's own: none may reach a page of another game.
RP_WORDS = re.compile(r"\b(VP|EP|Insight|Rigour|Hype|replications?|stor(y|ies)|theor(y|ies)|"
                      r"Funding|tarin(a|at)|Tutkimusohjelma)\b", re.IGNORECASE)


application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


def stub_lesson(seats=3, **fields):
    lesson = make_lesson(engine_key="stub_game", variant="plain", **fields)
    join_many(lesson, seats)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    lesson.refresh_from_db()
    return lesson, Game.objects.get(table__lesson=lesson)


def state_of(game):
    game.refresh_from_db()
    return game_state(game)


def later(seconds):
    return timezone.now() + timedelta(seconds=seconds)


def test_every_seat_gets_a_deadline_and_the_fallback_applies_once_when_it_runs_out(stub_game):
    """Three picks with 30 s each; two are made, the third is made by the timer's fallback, once,
    and the picks are revealed to everyone only then."""
    _lesson, game = stub_lesson()
    assert sorted(d["key"] for d in game.deadlines) == ["pick:1", "pick:2", "pick:3"]
    for seat in (1, 2):
        services.game_apply_action(game.pk, {"type": "pick", "seat": seat, "number": 3},
                                   expected_version=None)
    game.refresh_from_db()
    assert [d["seat"] for d in game.deadlines] == [3]
    assert deadlines.games_apply_due_deadlines(now=later(10)) == 0
    assert deadlines.games_apply_due_deadlines(now=later(31)) == 1
    assert deadlines.games_apply_due_deadlines(now=later(32)) == 0
    state = state_of(game)
    assert state["picks"] == {"1": 3, "2": 3, "3": 1} and state["stage"] == "race"
    assert game.actions.filter(actor_kind="timer", client_action_id="deadline:pick:3").count() == 1
    assert game.deadlines == [] and game.deadline_due_at is None


def test_a_paused_lesson_s_deadlines_wait_and_get_the_pause_back(stub_game):
    """No fallback while paused; after resuming, the seat has the time it had left."""
    lesson, game = stub_lesson(seats=2)
    cockpit.lesson_pause(lesson)
    assert deadlines.games_apply_due_deadlines(now=later(60)) == 0
    due = Game.objects.get(pk=game.pk).deadline_due_at
    Game.objects.filter(pk=game.pk).update(deadline_due_at=due)
    lesson.refresh_from_db()
    lesson.paused_at = timezone.now() - timedelta(seconds=20)
    lesson.save(update_fields=["paused_at"])
    cockpit.lesson_resume(lesson)
    assert Game.objects.get(pk=game.pk).deadline_due_at >= due + timedelta(seconds=19)


@pytest.mark.asyncio
async def test_a_seat_types_its_pick_into_the_inputs_form(stub_game):
    """The stepper asks for the number as an input; a value out of range is refused with a
    message and changes nothing; a good one is applied."""
    _lesson, game = await sync_to_async(stub_lesson)(seats=2)
    tokens = await sync_to_async(seat_tokens)(game)
    socket = await open_socket(application, "/ws/play/", student_cookie(tokens[1][0]))
    first = await socket.receive_json_from(timeout=3)
    assert 'name="in_number"' in first["parts"]["play-actions"]
    await socket.send_json_to({"type": "act_inputs", "kind": "pick", "picks": [],
                               "in_number": "9", "id": "bad-1"})
    refusal = await socket.receive_json_from(timeout=3)
    assert refusal["type"] == "error" and refusal["code"] == "bad_input"
    assert (await sync_to_async(state_of)(game))["picks"] == {}
    await socket.send_json_to({"type": "act_inputs", "kind": "pick", "picks": [],
                               "in_number": "2", "id": "good-1"})
    while (await socket.receive_json_from(timeout=3))["type"] != "ack":
        pass
    assert (await sync_to_async(state_of)(game))["picks"] == {"1": 2}
    await socket.disconnect()


@pytest.mark.asyncio
async def test_a_form_being_filled_in_gets_the_game_s_parts_for_that_tablet_alone(stub_game):
    """The game's own template of a kind draws the form; each change of it brings the game's
    parts for what is chosen so far to that tablet only, and applies nothing."""
    _lesson, game = await sync_to_async(stub_lesson)(seats=2)
    tokens = await sync_to_async(seat_tokens)(game)
    mine = await open_socket(application, "/ws/play/", student_cookie(tokens[1][0]))
    other = await open_socket(application, "/ws/play/", student_cookie(tokens[2][0]))
    first = await mine.receive_json_from(timeout=3)
    await other.receive_json_from(timeout=3)
    assert 'data-live-check="' in first["parts"]["play-actions"]
    await mine.send_json_to({"type": "check_inputs", "kind": "pick", "picks": [],
                             "in_number": "2", "id": "check-1"})
    checked = await mine.receive_json_from(timeout=3)
    assert checked["parts"] == {"stub-check": "Seat 1 would pick 2."}
    assert await other.receive_nothing(timeout=0.5)
    assert (await sync_to_async(state_of)(game))["picks"] == {}
    await mine.disconnect()
    await other.disconnect()


def test_the_game_adds_its_line_to_a_table_s_card_on_the_cockpit(stub_game):
    """The card of a table carries what the game's `card_template` shows of it."""
    lesson, game = stub_lesson(seats=2)
    services.game_apply_action(game.pk, {"type": "pick", "seat": 1, "number": 3},
                               expected_version=None)
    services.game_apply_action(game.pk, {"type": "pick", "seat": 2, "number": 1},
                               expected_version=None)
    services.game_apply_action(game.pk, {"type": "add", "seat": 1, "by": 2},
                               expected_version=None)
    with translation.override("en"):
        drawn = cockpit_parts(lesson)
    assert "Counter 2 on the card" in drawn["tables"]


def test_a_claim_waits_for_the_teacher_who_accepts_it_and_the_score_follows(stub_game):
    """A teacher approval of the stub's own kind: in the queue with its words, decided once."""
    lesson, game = stub_lesson(seats=2)
    claim = approvals.approval_request(game.pk, "claim", 2, text="I counted fastest",
                                       student_id=None)
    with translation.override("en"):
        queue = dashboard.approval_queue(lesson)
        card = dashboard.table_cards(lesson)[0]
    assert [row["kind_label"] for row in queue] == ["Claim"]
    assert card["pending_seats"] == [2] and card["pending_badge"] == "1 request waiting"
    lesson_approvals = Approval.objects.filter(game__table__lesson=lesson)
    approvals.approval_decide(lesson_approvals, claim.pk, True)
    approvals.approval_decide(lesson_approvals, claim.pk, False)
    claim.refresh_from_db()
    assert claim.status == "accepted" and claim.decided_by == "teacher"
    seats = {s["seat"]: s["score"] for s in dashboard.table_cards(lesson)[0]["seats"]}
    assert seats[2] == 1


def play_to_the_end(game):
    for seat in (1, 2, 3):
        services.game_apply_action(game.pk, {"type": "pick", "seat": seat, "number": seat},
                                   expected_version=None)
    for _ in range(20):
        state = state_of(game)
        if state["stage"] == "over":
            return
        services.game_apply_action(game.pk, {"type": "add", "seat": state["turn"], "by": 1},
                                   expected_version=None)
    raise AssertionError("the stub game did not end")


def test_the_debrief_asks_the_game_s_questions_with_its_facts_and_exports_its_columns(
        stub_game):
    """The stub's one question, its fact from each seat's own game, and its export column."""
    lesson, game = stub_lesson()
    play_to_the_end(game)
    debriefing.lesson_debrief_open(lesson)
    questions = list(lesson.debrief_questions.all())
    assert [q.fact_key for q in questions] == ["steps"]
    rows = list(exports.lesson_rows(lesson))
    assert "stub_steps" in exports.column_ids([lesson])
    assert "replications" not in exports.column_ids([lesson])
    assert {r["game"] for r in rows} == {"stub_game"} and sum(r["stub_steps"] for r in rows) >= 9
    assert any(f.startswith("You counted on") for r in rows for f in r["facts"])


def visible_text(html):
    """The text of a page without its tags and the product's name (which is no game's word)."""
    text = re.sub(r"<[^>]+>", " ", html)
    return text.replace("Tutkimusohjelma Classroom", "").replace("tutkimusohjelma-debrief", "")


def test_cockpit_projector_review_and_exports_speak_no_research_programme_words(stub_game):
    """Rendered for the stub game, in English and Finnish, none of them names a word of
    Research Programme's (VP, EP, stories, theories, …)."""
    lesson, game = stub_lesson()
    approvals.approval_request(game.pk, "claim", 1, text="Mine", student_id=None)
    client = Client()
    client.force_login(lesson.owner)
    pages = []
    for language in ("en", "fi"):
        with translation.override(language):
            drawn = cockpit_parts(lesson)
            pages += [drawn["bar"], drawn["queue"], drawn["tables"]]
            pages.append(render_to_string("classroom/parts/projector_board.html", {
                "lesson": lesson, "board": dashboard.projector_board(lesson)}))
    play_to_the_end(game)
    debriefing.lesson_debrief_open(lesson)
    for language in ("en", "fi"):
        client.cookies["language"] = language
        pages.append(client.get(f"/lessons/{lesson.pk}/debrief/").content.decode())
        pages.append(client.get(f"/lessons/{lesson.pk}/debrief/export.csv").getvalue().decode())
        pages.append(json.dumps(client.get(f"/lessons/{lesson.pk}/debrief/export.json").json()))
    said = {visible_text(page)[max(0, m.start() - 40):m.end() + 20].strip()
            for page in pages for m in RP_WORDS.finditer(visible_text(page))}
    assert said == set()
    assert any("Picking" in page for page in pages)
    assert any("Claims waiting" in page for page in pages)
