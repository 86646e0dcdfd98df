"""Live play against real PostgreSQL and Redis: tablets racing on one game row, and a tap applied
in one process reaching a tablet connected to another ASGI process."""

import json
import threading

import pytest
from django.db import connection
from websockets.sync.client import connect

from games import services
from games.models import GameAction
from games.services import GameRefusal
from tests.games.factories import bot_move, engine_state, make_game, play_until, seat_tokens
from tests.servers import uvicorn_process
from tests.services.test_scaled_out import scaled_env
from tests.sockets import student_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def race(calls):
    """Run every call at the same moment in its own thread; returns "applied" or refusal codes."""
    outcomes, start = [], threading.Barrier(len(calls))

    def run(call):
        start.wait()
        try:
            call()
            outcomes.append("applied")
        except GameRefusal as refusal:
            outcomes.append(refusal.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(outcomes)


def test_two_different_actions_for_one_seat_on_the_same_view_apply_exactly_one():
    """Two team tablets tap Pass and another action at once: one applied, one refused stale."""
    game = make_game()
    play_until(game, lambda s: s["step"]["kind"] == "actions")
    game.refresh_from_db()
    engine, state = engine_state(game)
    seat = engine.current_seats(state)[0]
    menu = {m["kind"]: m for m in engine.action_menu(state, seat) if m["enabled"]}
    other = next(m["actions"][0]["action"] for kind, m in menu.items() if kind != "pass")
    seen = game.version
    outcomes = race([
        lambda: services.game_apply_action(game.pk, {"type": "pass", "seat": seat},
                                           expected_version=seen, client_action_id="a"),
        lambda: services.game_apply_action(game.pk, other, expected_version=seen,
                                           client_action_id="b"),
    ])
    assert outcomes == ["applied", "stale"]
    assert GameAction.objects.filter(game=game, seq__gt=seen, actor_kind="seat").count() == 1


def test_four_seats_choosing_funding_at_once_are_all_applied():
    """Every seat's funding choice made on the same view is applied, in some order."""
    game = make_game(seats=4)
    seen = game.version
    moves = [bot_move(game, seat) for seat in (1, 2, 3, 4)]
    outcomes = race([
        (lambda move=move: services.game_apply_action(game.pk, move, expected_version=seen))
        for move in moves
    ])
    assert outcomes == ["applied"] * 4
    funded = GameAction.objects.filter(game=game, action__type="fund")
    assert sorted(funded.values_list("actor_seat", flat=True)) == [1, 2, 3, 4]


def test_one_tap_sent_twice_at_once_is_applied_once():
    """A resend racing its original: one log row, both answered without a refusal."""
    game = make_game(seats=2)
    seen, move = game.version, bot_move(game, 1)
    outcomes = race([
        lambda: services.game_apply_action(game.pk, move, expected_version=seen,
                                           client_action_id="same"),
        lambda: services.game_apply_action(game.pk, move, expected_version=seen,
                                           client_action_id="same"),
    ])
    assert outcomes == ["applied", "applied"]
    assert GameAction.objects.filter(game=game, client_action_id="same").count() == 1


def test_a_move_reaches_a_tablet_connected_to_another_process():
    """Seat 2 plays through this process; seat 1's tablet on another uvicorn sees it via Redis."""
    game = make_game(seats=2)
    token = seat_tokens(game)[1][0]
    with uvicorn_process(scaled_env()) as (base_url, _):
        url = base_url.replace("http", "ws") + "/ws/play/"
        headers = {"Cookie": student_cookie(token)}
        with connect(url, origin=base_url, additional_headers=headers) as socket:
            socket.send(json.dumps({"type": "sync"}))
            first = json.loads(socket.recv(timeout=10))
            assert first["version"] == game.version
            result = services.game_apply_action(game.pk, bot_move(game, 2),
                                                expected_version=game.version)
            update = json.loads(socket.recv(timeout=10))
    assert update["type"] == "parts" and update["version"] == result.version
