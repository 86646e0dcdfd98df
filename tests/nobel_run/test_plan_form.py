"""A turn entered as a plan on the tablet: the form lays each hand card's choices out as one
group, its values make exactly the plan the engine applies, its live check shows the balance and
every problem before the plan is sent, and through a real socket the check reaches the planning
tablet alone while the confirmed plan is applied."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.utils import translation

from config.routing import websocket_urlpatterns
from games.choices import choices_context
from games.nobel_run.engine.api import ENGINE
from games.packages import package
from games.selectors import GameSnapshot
from games.stepper import Draft, chosen_so_far, form_values, next_step, with_inputs
from tests.games.factories import seat_tokens
from tests.nobel_run.engine.factory import arrange, setup_game
from tests.nobel_run.factories import arranged, nr_game, state_of
from tests.sockets import open_socket, student_cookie

GAME = package("nobel_run")
HAND = ["lab-equipment", "predoc", "work", "work", "work"]
POOL = ["q3-paper", "q4-paper", "predoc", "care", "local-grant"]
NAMES = {1: "Ann", 2: "Bo"}


def planning(hand=HAND):
    state = arrange(setup_game(2), 1, hand=hand, pools={"basic": POOL})
    menu = ENGINE.action_menu(state, 1)
    step = next_step(menu, Draft(), choose_kind=False, order=GAME.stepper_order)
    return state, menu, step


def snapshot_of(state, game_id=10_000):
    return GameSnapshot(game_id=game_id, table_id=1, table_number=1, lesson_id=1,
                        engine_key="nobel_run", version=1, revision=1, state=state,
                        players=({"seat": 1, "name": "Ann"}, {"seat": 2, "name": "Bo"}))


def layout(state, menu):
    with translation.override("en"):
        return choices_context(GAME, ENGINE.view_for(state, 1), menu, Draft(), 1, NAMES)


def radio(row, label):
    return next(c["value"] for c in row["choices"] if c["label"] == label)


def test_each_hand_card_is_one_group_of_choices_and_the_pools_are_ticked():
    """A row per card in hand (Keep, each use, publish, discard), the pool cards to tick, and a
    check that starts from an empty plan which may end the turn."""
    state, menu, _step = planning()
    choice = layout(state, menu)
    rows = choice["layout"]["hand"]
    assert choice["template"] == "nobel_run/parts/plan.html"
    assert [r["card"]["name"] for r in rows] == ["Lab Equipment", "Predoc", "Work", "Work",
                                                 "Work"]
    assert [c["label"] for c in rows[1]["choices"]] == [
        "Keep", "+1 money", "+2 effort", "Publish: +1 PP", "Discard"]
    assert {r["name"] for r in rows} == {f"in__card{n}" for n in range(5)}
    assert [c["name"] for c in choice["layout"]["market"][0]["cards"]] == [
        "Care", "Local Grant", "Predoc", "Q3 Paper", "Q4 Paper"]
    check = choice["layout"]["check"]
    assert check["end"]["enabled"] and not check["more"]["enabled"] and not check["problems"]


def test_the_form_s_values_make_the_plan_the_engine_applies():
    """Radios for three uses and a publish, a pool card ticked: the action sent is the plan the
    engine accepts, the paper goes to the CV."""
    state, menu, step = planning()
    choice = layout(state, menu)
    rows = choice["layout"]["hand"]
    q3 = next(c for c in choice["layout"]["market"][0]["cards"] if c["kind"] == "q3-paper")
    fields = {"in__card0": radio(rows[0], "+2 data"), "in__card1": radio(rows[1], "+2 effort"),
              "in__card2": radio(rows[2], "+1 effort"), "in__card3": radio(rows[3], "Keep"),
              "in__card4": radio(rows[4], "Publish: no points"), "in_buys": [q3["value"]]}
    final = next_step(menu, Draft("plan", (("end_turn", True),)), order=GAME.stepper_order)
    action = with_inputs(final.action, final.inputs, form_values(final.inputs, fields))
    canonical = ENGINE.canonical_action(state, action)
    assert canonical["uses"] == [{"card": "lab-equipment", "use": 0, "target": None},
                                 {"card": "predoc", "use": 1, "target": None},
                                 {"card": "work", "use": 1, "target": None}]
    assert canonical["publish"] == {"card": "work", "target": None}
    new_state, _events = ENGINE.apply_action(state, action)
    assert [e["card"] for e in new_state["players"][0]["cv"]] == ["work", "q3-paper"]
    assert json.loads(choice["options"][0]["inputs_message"])["picks"] == [["end_turn", True]]


def check(state, step, fields):
    values = chosen_so_far(step.inputs, form_values(step.inputs, fields))
    with translation.override("en"):
        html = GAME.input_parts(snapshot_of(state), 1, step, values)["nr-plan-check"]
    return html


def test_the_live_check_shows_the_balance_and_every_problem_before_the_plan_is_sent():
    """Ticking a paper without the resources shows what is short and why the plan is refused,
    and disables both confirm buttons; two publishes are one too many; a plan that adds up may
    be confirmed either way."""
    state, menu, step = planning()
    choice = layout(state, menu)
    rows = choice["layout"]["hand"]
    q3 = next(c for c in choice["layout"]["market"][0]["cards"] if c["kind"] == "q3-paper")
    short = check(state, step, {"in_buys": [q3["value"]]})
    assert "✗ -3" in short and "Your cards do not give enough" in short
    assert short.count("disabled") == 2
    twice = check(state, step, {"in__card1": radio(rows[1], "Publish: +1 PP"),
                                "in__card2": radio(rows[2], "Publish: no points")})
    assert "You can publish only one card a turn." in twice
    fine = check(state, step, {"in__card0": radio(rows[0], "+2 data"),
                               "in__card1": radio(rows[1], "+2 effort"),
                               "in__card2": radio(rows[2], "+1 effort"),
                               "in_buys": [q3["value"]]})
    assert "nr-problems" not in fine and "disabled" not in fine and "Q3 Paper" in fine


application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_through_the_socket_the_check_reaches_the_planning_tablet_alone():
    """The check of a half-made plan goes to the planning tablet only and applies nothing; the
    confirmed plan is applied and every tablet sees the paper in the CV."""
    game = await sync_to_async(nr_game)(seats=2, seed=9)
    seat = (await sync_to_async(state_of)(game))["active"]
    other = 3 - seat
    await sync_to_async(arranged)(game, seat, hand=HAND, pools={"basic": POOL})
    tokens = await sync_to_async(seat_tokens)(game)
    mine = await open_socket(application, "/ws/play/", student_cookie(tokens[seat][0]))
    theirs = await open_socket(application, "/ws/play/", student_cookie(tokens[other][0]))
    first = (await mine.receive_json_from(timeout=5))["parts"]["play-actions"]
    await theirs.receive_json_from(timeout=5)
    assert 'data-live-check="' in first
    q3 = json.dumps({"card": "q3-paper", "from": "pool", "index": 3, "supply": "basic",
                     "unlock": None}, sort_keys=True)
    await mine.send_json_to({"type": "check_inputs", "kind": "plan", "picks": [],
                             "in_buys": [q3], "id": "c1"})
    checked = await mine.receive_json_from(timeout=5)
    assert set(checked["parts"]) == {"nr-plan-check"}
    assert "nr-problems" in checked["parts"]["nr-plan-check"]
    assert await theirs.receive_nothing(timeout=0.5)
    uses = [json.dumps(["uses", {"card": card, "slot": slot, "target": None, "use": use}],
                       sort_keys=True)
            for card, slot, use in (("lab-equipment", 0, 0), ("predoc", 1, 1), ("work", 2, 1))]
    await mine.send_json_to({"type": "act_inputs", "kind": "plan",
                             "picks": [["end_turn", True]], "in__card0": uses[0],
                             "in__card1": uses[1], "in__card2": uses[2], "in_buys": [q3],
                             "id": "p1", "version": game.version})
    while (reply := await mine.receive_json_from(timeout=5))["type"] != "ack":
        assert reply["type"] == "parts", reply
    after = await sync_to_async(state_of)(game)
    assert [e["card"] for e in after["players"][seat - 1]["cv"]] == ["q3-paper"]
    await mine.disconnect()
    await theirs.disconnect()
