"""The single writer of game state: versions, repeated taps, refusals, chance rows, the log that
replays to the snapshot, racing tablets, and who plays a seat (students or a bot)."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone, translation

from classroom import services as classroom
from classroom.models import Student
from games import services
from games.engines.base import ENGINES
from games.models import Game, GameAction
from games.selectors import game_state
from games.services import GameRefusal
from tests.classroom.factories import join
from tests.games.factories import bot_move, engine_state, make_game, play_move, play_until

pytestmark = pytest.mark.django_db


def refused(code, call, *args, **kwargs):
    with pytest.raises(GameRefusal) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code
    return caught.value


def in_actions_phase(state):
    return state["step"] and state["step"]["kind"] == "actions"


def test_an_action_is_logged_with_its_seat_and_the_version_counts_log_rows():
    """A funding choice adds one row for the seat; the version is the number of rows."""
    game = make_game()
    before = game.version
    action = bot_move(game)
    result = services.game_apply_action(game.pk, action, expected_version=before,
                                        client_action_id="tap-1")
    game.refresh_from_db()
    row = game.actions.get(seq=before + 1)
    assert (row.actor_kind, row.actor_seat, row.client_action_id) == ("seat", action["seat"],
                                                                      "tap-1")
    assert result.version == game.version == game.actions.count() == before + 1
    assert result.events and result.events[0]["type"] == "FundingChosen"


def test_chance_steps_after_an_action_are_each_logged_as_their_own_row():
    """The last funding choice is followed by the draws: one chance row per card drawn."""
    game = make_game(seats=2)
    play_move(game)
    before = game.actions.count()
    result = play_move(game)
    rows = list(game.actions.filter(seq__gt=before).order_by("seq"))
    assert rows[0].actor_kind == "seat"
    assert [r.actor_kind for r in rows[1:]] == ["chance"] * (len(rows) - 1) and len(rows) >= 3
    assert all(r.action["type"] == "chance" for r in rows[1:])
    assert result.version == rows[-1].seq == Game.objects.get(pk=game.pk).version


def test_a_stale_action_is_refused_with_the_current_version_and_changes_nothing():
    """An action decided on an older view of the Actions phase is refused; nothing is written."""
    game = make_game()
    state = play_until(game, in_actions_phase)
    game.refresh_from_db()
    version, rows = game.version, game.actions.count()
    action = bot_move(game)
    refusal = refused("stale", services.game_apply_action, game.pk, action,
                      expected_version=version - 1)
    game.refresh_from_db()
    assert refusal.version == version == game.version and game.actions.count() == rows
    assert game_state(game) == ENGINES[game.engine_key].state_to_json(state)


def test_other_seats_funding_choices_since_the_clients_version_do_not_make_it_stale():
    """Four students choose funding together: each choice made on the same view is accepted."""
    game = make_game(seats=4)
    seen = game.version
    engine, state = engine_state(game)
    seats = engine.current_seats(state)
    assert len(seats) == 4
    for seat in seats:
        action = engine.bots["greedy"](state, seat, __import__("random").Random(seat))
        services.game_apply_action(game.pk, action, expected_version=seen)
    game.refresh_from_db()
    chosen = game.actions.filter(actor_kind="seat", action__type="fund")
    assert sorted(chosen.values_list("actor_seat", flat=True)) == [1, 2, 3, 4]


def test_sv_27_the_stale_exemption_holds_only_for_seats_asked_together():
    """In the Actions phase seats act in turn (SV-28): seat B's pass sent with the version from
    before seat A's pass is stale, although both are passes of other seats (only the Funding
    choices, SV-27, are made together)."""
    game = make_game(seats=2)
    play_until(game, in_actions_phase)
    engine, state = engine_state(game)
    game.refresh_from_db()
    seen = game.version
    first = state["step"]["seats"][0]
    services.game_apply_action(game.pk, {"type": "pass", "seat": first}, expected_version=seen)
    engine, state = engine_state(game)
    second = state["step"]["seats"][0]
    assert second != first and engine.current_seats(state) == [second]
    refused("stale", services.game_apply_action, game.pk, {"type": "pass", "seat": second},
            expected_version=seen)


def test_something_else_since_the_clients_version_makes_a_funding_choice_stale():
    """The teacher calling time between the view and the choice makes the choice stale."""
    game = make_game()
    seen = game.version
    services.game_apply_action(game.pk, {"type": "call_time", "seat": None},
                               expected_version=seen, actor="teacher")
    refused("stale", services.game_apply_action, game.pk, bot_move(game), expected_version=seen)


def test_a_seats_own_earlier_choice_makes_its_second_choice_stale():
    """A second funding choice from the same seat on the same old view is refused as stale."""
    game = make_game()
    seen = game.version
    first = bot_move(game)
    services.game_apply_action(game.pk, first, expected_version=seen)
    refused("stale", services.game_apply_action, game.pk, {**first, "income": "L"},
            expected_version=seen)


def test_a_repeated_client_action_id_returns_the_first_result_and_writes_nothing():
    """A double tap or a resend after a reconnect is applied once; the repeat gets the same."""
    game = make_game(seats=2)
    play_move(game)
    action = bot_move(game)
    first = services.game_apply_action(game.pk, action, expected_version=game.version,
                                       client_action_id="same-tap")
    rows = GameAction.objects.filter(game=game).count()
    again = services.game_apply_action(game.pk, action, expected_version=game.version,
                                       client_action_id="same-tap")
    assert again.duplicate and not first.duplicate
    assert (again.version, again.events) == (first.version, first.events)
    assert GameAction.objects.filter(game=game).count() == rows


def test_an_illegal_action_is_refused_in_the_lessons_language_and_writes_nothing():
    """Passing during Funding is refused with the engine's code and a Finnish sentence."""
    game = make_game(language="fi")
    rows = game.actions.count()
    seat = engine_state(game)[0].current_seats(engine_state(game)[1])[0]
    with translation.override("fi"):
        refusal = refused("wrong_step", services.game_apply_action, game.pk,
                          {"type": "pass", "seat": seat}, expected_version=game.version)
        assert str(refusal.message) == "Ei tässä kierroksen vaiheessa."
    assert game.actions.count() == rows


def test_a_whole_game_through_the_service_replays_from_its_log_to_the_snapshot():
    """Greedy seats play to the end; (seed, log) replays exactly to the stored state."""
    game = make_game(seats=3)
    state = play_until(game, lambda s: s["phase"] == "over")
    game.refresh_from_db()
    engine = ENGINES[game.engine_key]
    assert game.finished_at is not None and engine.outcome(state) is not None
    log = list(game.actions.order_by("seq"))
    assert [row.seq for row in log] == list(range(1, game.version + 1))
    players = [{"seat": p["seat"], "name": p["name"]} for p in state["players"]]
    replay = engine.new_game(players, game.options, game.seed)
    for row in log:
        replay, events = engine.apply_action(replay, row.action)
        assert events == row.events
    assert game.snapshot_version == game.version  # the end is always stored
    assert engine.state_to_json(replay) == game.snapshot


@pytest.mark.django_db(transaction=True)
def test_two_tablets_of_one_seat_racing_with_different_actions_apply_exactly_one():
    """Two team tablets tap different actions on the same view at once: one is applied, the
    other is refused as stale, and the log has one new row for the seat."""
    game = make_game()
    play_until(game, in_actions_phase)
    game.refresh_from_db()
    engine, state = engine_state(game)
    seat = engine.current_seats(state)[0]
    menu = {m["kind"]: m for m in engine.action_menu(state, seat) if m["enabled"]}
    first = menu["pass"]["actions"][0]["action"]
    second = next(m["actions"][0]["action"] for kind, m in menu.items() if kind != "pass")
    seen, outcomes, start = game.version, [], threading.Barrier(2)

    def submit(action, tap):
        start.wait()
        try:
            services.game_apply_action(game.pk, action, expected_version=seen,
                                       client_action_id=tap)
            outcomes.append("applied")
        except GameRefusal as refusal:
            outcomes.append(refusal.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(a, f"tap-{n}"))
               for n, a in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["applied", "stale"]
    seat_rows = GameAction.objects.filter(game=game, seq__gt=seen, actor_kind="seat")
    assert seat_rows.count() == 1


# Bots --------------------------------------------------------------------------------------------


def lone_student_game():
    """One student and a random bot at a table of two."""
    game = make_game(seats=1)
    assert services.bot_seats(game) == {2: "random"}
    return game


def test_a_bot_seat_acts_through_the_service_as_a_bot():
    """At the first Funding both seats must act; the bot's choice is logged with actor bot."""
    game = lone_student_game()
    assert game.bot_due_at is not None
    assert services.game_play_bots(game.pk) == 1
    row = game.actions.filter(actor_kind="bot").get()
    assert row.actor_seat == 2 and row.action["type"] == "fund"
    assert services.game_play_bots(game.pk) == 0


def test_bots_wait_a_moment_before_they_act(settings):
    """A bot is due only once its delay has passed since the state where it must act."""
    settings.GAME_BOT_DELAY_SECONDS = 1.5
    game = lone_student_game()
    assert services.games_play_due_bots(now=timezone.now()) == 0
    assert services.games_play_due_bots(now=timezone.now() + timedelta(seconds=2)) == 1
    assert Game.objects.get(pk=game.pk).bot_due_at is None


def test_bots_play_a_game_with_one_student_to_its_end():
    """The student's moves and the bot's alternate until the game is over."""
    game = lone_student_game()
    for _ in range(1000):
        engine, state = engine_state(game)
        if not engine.current_seats(state):
            break
        if services.game_play_bots(game.pk) == 0:
            play_move(game, seat=1)
    game.refresh_from_db()
    assert game.finished_at is not None and game.bot_due_at is None
    assert game.actions.filter(actor_kind="bot", actor_seat=2).count() > 10


def test_a_student_cannot_act_in_a_seat_a_bot_plays():
    """While a bot plays the seat, a tap from its tablet is refused and nothing changes."""
    game = make_game(seats=2)
    services.game_set_seat_bot(game.pk, 1, "greedy")
    action = bot_move(game, seat=1)
    refused("bot_plays_seat", services.game_apply_action, game.pk, action,
            expected_version=Game.objects.get(pk=game.pk).version)


def test_teacher_lets_a_bot_play_an_abandoned_seat_and_gives_it_back():
    """The seat is played by the greedy bot, then returned to its student; each change counts."""
    game = make_game(seats=2)
    revision = game.revision
    services.game_set_seat_bot(game.pk, 2, "greedy")
    game.refresh_from_db()
    assert services.bot_seats(game) == {2: "greedy"} and game.revision == revision + 1
    assert game.bot_due_at is not None
    services.game_set_seat_bot(game.pk, 2, None)
    game.refresh_from_db()
    assert services.bot_seats(game) == {} and game.bot_due_at is None


def test_an_empty_seat_cannot_be_given_back():
    """A seat with nobody in it keeps its bot: the teacher is told why."""
    game = lone_student_game()
    refused("seat_empty", services.game_set_seat_bot, game.pk, 2, None)
    refused("unknown_bot", services.game_set_seat_bot, game.pk, 1, "genius")


def test_a_late_joiner_seated_into_a_bot_seat_takes_it_over():
    """Seat everyone puts a late student into the bot's seat: the bot stops, the name follows."""
    game = lone_student_game()
    lesson = game.table.lesson
    late, _ = join(lesson, "Late Laura")
    classroom.lesson_seat_everyone(lesson)
    game.refresh_from_db()
    assert Student.objects.get(pk=late.pk).seat.number == 2
    assert services.bot_seats(game) == {}
    assert game.players[1]["name"] == "Late Laura" and game.players[1]["students"] == [late.pk]


def test_a_seat_left_empty_during_play_gets_a_stand_in_bot():
    """Removing the only student of a seat lets the greedy bot play it under the same name."""
    game = make_game(seats=3)
    leaver = Student.objects.get(seat__table=game.table, seat__number=3)
    classroom.student_remove(game.table.lesson, leaver.pk)
    game.refresh_from_db()
    assert services.bot_seats(game) == {3: "greedy"}
    assert game.players[2]["name"] == leaver.pseudonym and game.players[2]["students"] == []


def test_game_changes_notify_the_table_with_ids_and_counters_only(
        django_capture_on_commit_callbacks, monkeypatch):
    """After the commit, the table and the teacher hear game id, version and revision only."""
    sent = []
    monkeypatch.setattr("games.notify.group_send", lambda group, msg: sent.append((group, msg)))
    game = make_game()
    with django_capture_on_commit_callbacks(execute=True):
        result = play_move(game)
    message = {"type": "game.updated", "game_id": game.pk, "version": result.version,
               "revision": result.revision}
    assert sent == [(f"table-{game.table_id}", message),
                    (f"lesson-{game.table.lesson_id}-teacher", message)]
