"""The teacher's controls and the lesson's clock through the services: pause and resume, call
time ending every table with a valid score, the end of play time, extending it, idle nudges and
the tablets' presence."""

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom import cockpit, presence
from classroom.models import Lesson, TabletPresence
from classroom.services import ClassroomError
from games import services
from games.models import Game, GameAction
from games.services import GameRefusal
from tests.cockpit.factories import (
    all_bots,
    make_playing,
    outcome,
    past,
    run_bots,
    student_of,
    tell,
    until_may_tell,
)
from tests.games.factories import bot_move, engine_state, play_move
from tests.research_programme import stories

pytestmark = pytest.mark.django_db


def refused(code, call, *args, **kwargs):
    with pytest.raises((GameRefusal, ClassroomError)) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code


def fresh(obj):
    obj.refresh_from_db()
    return obj


# Pause -------------------------------------------------------------------------------------------


def test_pause_refuses_students_actions_and_nothing_changes():
    """While paused a tablet's move is refused ("paused") and the game stays as it was."""
    lesson, (game,) = make_playing()
    cockpit.lesson_pause(lesson, "Eyes on me")
    lesson.refresh_from_db()
    assert lesson.is_paused and lesson.pause_message == "Eyes on me"
    version = fresh(game).version
    refused("paused", services.game_apply_action, game.pk, bot_move(game),
            expected_version=version)
    assert fresh(game).version == version


def test_pause_stops_the_bots_even_when_they_are_due():
    """The clock's bot job skips a paused lesson; after resuming the bot acts."""
    lesson, (game,) = make_playing(seats=2)
    all_bots(game)
    cockpit.lesson_pause(lesson)
    version = fresh(game).version
    assert services.games_play_due_bots(now=timezone.now() + timedelta(minutes=5)) == 0
    assert fresh(game).version == version
    assert services.game_play_bots(game.pk) == 0  # a bot asked directly is refused too
    assert fresh(game).version == version
    cockpit.lesson_resume(lesson)
    assert services.games_play_due_bots(now=timezone.now() + timedelta(minutes=5)) > 0


def test_pause_lets_the_teacher_decide_stories():
    """Moderator actions go through while the tablets wait."""
    lesson, (game,) = make_playing()
    story = tell(game, until_may_tell(game))
    cockpit.lesson_pause(lesson)
    assert stories.story_accept(lesson, story.pk).status == "accepted"


def test_resume_lets_the_tablets_play_on():
    """After resuming the refused move goes through."""
    lesson, (game,) = make_playing()
    cockpit.lesson_pause(lesson)
    cockpit.lesson_resume(lesson)
    lesson.refresh_from_db()
    assert not lesson.is_paused and lesson.resumed_at is not None
    play_move(fresh(game))
    assert fresh(game).actions.filter(actor_kind="seat").exists()


def test_a_pause_message_over_80_characters_is_refused():
    """The message is checked, not cut; the lesson is not paused."""
    lesson, _games = make_playing()
    refused("message_too_long", cockpit.lesson_pause, lesson, "x" * 81)
    assert not fresh(lesson).is_paused


def test_pause_and_call_time_need_a_playing_lesson():
    """In the lobby there is nothing to pause or call."""
    from tests.classroom.factories import make_lesson

    lesson = make_lesson()
    refused("not_playing", cockpit.lesson_pause, lesson)
    refused("not_playing", cockpit.lesson_call_time, lesson)


# Call time ---------------------------------------------------------------------------------------


def test_call_time_ends_every_table_after_its_round_with_a_valid_score():
    """Every game gets the engine's call_time, finishes its round, ends scored (the breakdown
    sums to the VP); then the lesson moves to the debrief."""
    lesson, games = make_playing(seats=3, tables=2)
    for game in games:
        for _ in range(12):
            play_move(game)
    rounds_at_call = {g.pk: engine_state(g)[1]["round"] for g in games}
    cockpit.lesson_call_time(lesson)
    assert fresh(lesson).time_called_at is not None
    for game in games:
        assert engine_state(game)[1]["time_called"] is True
        assert GameAction.objects.filter(game=game, action__type="call_time").count() == 1
        all_bots(game)
    run_bots(games)
    assert cockpit.lessons_follow_clock() == 1
    assert fresh(lesson).status == Lesson.Status.DEBRIEF
    for game in games:
        result = outcome(game)
        assert result["ended_by"] in ("call_time", "replication_counter")
        assert result["rounds_played"] == rounds_at_call[game.pk]
        for row in result["players"]:
            assert sum(row["breakdown"].values()) == row["vp"]
        assert sorted(result["ranking"]) == [1, 2, 3]


def test_calling_time_twice_calls_it_once():
    """A second press (or the clock at the deadline) changes nothing more."""
    lesson, (game,) = make_playing()
    cockpit.lesson_call_time(lesson)
    called = fresh(lesson).time_called_at
    cockpit.lesson_call_time(lesson)
    assert fresh(lesson).time_called_at == called
    assert GameAction.objects.filter(game=game, action__type="call_time").count() == 1


def test_a_table_started_after_time_was_called_gets_it_too():
    """The clock sends call_time to a late table's game."""
    from classroom import services as classroom
    from tests.classroom.factories import join_many

    lesson, (first,) = make_playing()
    cockpit.lesson_call_time(lesson)
    join_many(lesson, 2)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(fresh(lesson))
    late = Game.objects.exclude(pk=first.pk).get(table__lesson=lesson)
    cockpit.lessons_follow_clock()
    assert engine_state(late)[1]["time_called"] is True


def test_the_lesson_waits_for_the_last_table_before_the_debrief():
    """With one game over and one still in its round, the clock keeps the lesson playing."""
    lesson, games = make_playing(seats=3, tables=2)
    cockpit.lesson_call_time(lesson)
    all_bots(games[0])
    run_bots([games[0]])
    assert cockpit.lessons_follow_clock() == 0 and fresh(lesson).status == Lesson.Status.PLAYING


# The end of play time -----------------------------------------------------------------------------


def test_starting_the_tables_sets_the_play_deadline():
    """Play ends play_minutes after the tables start."""
    lesson, _games = make_playing(plan=(5, 25, 10))
    assert lesson.play_ends_at - lesson.started_at == timedelta(minutes=25)


def test_at_the_end_of_play_time_the_clock_calls_time():
    """The default: the clock calls time at play_ends_at."""
    lesson, (game,) = make_playing()
    Lesson.objects.filter(pk=lesson.pk).update(play_ends_at=past())
    assert cockpit.lessons_follow_clock() == 1
    assert fresh(lesson).time_called_at is not None
    assert engine_state(game)[1]["time_called"] is True


def test_the_teacher_may_choose_the_debrief_at_once_at_the_end_of_play_time():
    """at_play_end = debrief: the debrief opens at the deadline, tables or not."""
    lesson, _games = make_playing(at_play_end="debrief")
    Lesson.objects.filter(pk=lesson.pk).update(play_ends_at=past())
    cockpit.lessons_follow_clock()
    assert fresh(lesson).status == Lesson.Status.DEBRIEF


def test_the_teacher_may_choose_only_a_reminder():
    """at_play_end = remind: the clock does nothing; the cockpit says play time is up."""
    lesson, _games = make_playing(at_play_end="remind")
    Lesson.objects.filter(pk=lesson.pk).update(play_ends_at=past())
    assert cockpit.lessons_follow_clock() == 0
    assert fresh(lesson).time_called_at is None and fresh(lesson).status == "playing"


def test_the_clock_waits_while_the_lesson_is_paused():
    """A paused lesson is not moved on by its deadline."""
    lesson, _games = make_playing()
    cockpit.lesson_pause(lesson)
    Lesson.objects.filter(pk=lesson.pk).update(play_ends_at=past())
    assert cockpit.lessons_follow_clock() == 0 and fresh(lesson).time_called_at is None


def test_extending_moves_the_deadline_and_is_refused_after_time_is_called():
    """+5 minutes moves play_ends_at; after call time it is refused with a reason."""
    lesson, _games = make_playing()
    before = lesson.play_ends_at
    cockpit.lesson_extend_play(lesson, 5)
    assert fresh(lesson).play_ends_at == before + timedelta(minutes=5)
    refused("bad_minutes", cockpit.lesson_extend_play, lesson, 0)
    cockpit.lesson_call_time(lesson)
    refused("time_called", cockpit.lesson_extend_play, lesson, 5)


# Idle seats ---------------------------------------------------------------------------------------


def test_a_new_turn_starts_the_idle_timer_with_the_lesson_s_threshold():
    """After a move, the seat now to act has turn_started_at now and idle_due_at + threshold."""
    _lesson, (game,) = make_playing(idle_seconds=45)
    play_move(game)
    game.refresh_from_db()
    assert game.turn_started_at is not None
    assert game.idle_due_at - game.turn_started_at == timedelta(seconds=45)


def test_an_idle_seat_is_nudged_once_a_turn(django_capture_on_commit_callbacks, monkeypatch):
    """The job nudges the seats to act on their table's group once; the teacher's card hears."""
    sent = []
    monkeypatch.setattr("classroom.cockpit.group_send", lambda g, m: sent.append((g, m)))
    monkeypatch.setattr("classroom.notify.group_send", lambda g, m: sent.append((g, m)))
    lesson, (game,) = make_playing()
    until_may_tell(game)
    Game.objects.filter(pk=game.pk).update(idle_due_at=past())
    with django_capture_on_commit_callbacks(execute=True):
        assert cockpit.games_nudge_idle() == 1
        assert cockpit.games_nudge_idle() == 0
    engine, state = engine_state(game)
    nudges = [m for g, m in sent if m["type"] == "seat.nudged"]
    assert nudges == [{"type": "seat.nudged", "game_id": game.pk,
                       "seats": engine.current_seats(state), "by": "clock"}]
    assert (f"lesson-{lesson.pk}-teacher", {"type": "cockpit.changed", "lesson_id": lesson.pk,
            "what": "idle", "table_id": game.table_id}) in sent


def test_a_teacher_s_nudge_reaches_the_seat_whose_turn_it_is(
        django_capture_on_commit_callbacks, monkeypatch):
    """seat_nudge names the seat to act; a robot's turn nudges nobody."""
    sent = []
    monkeypatch.setattr("classroom.cockpit.group_send", lambda g, m: sent.append((g, m)))
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    with django_capture_on_commit_callbacks(execute=True):
        assert cockpit.seat_nudge(lesson, game.table.number) == [seat]
    assert sent == [(f"table-{game.table_id}", {"type": "seat.nudged", "game_id": game.pk,
                                                 "seats": [seat], "by": "teacher"})]
    services.game_set_seat_bot(game.pk, seat, "greedy")
    assert cockpit.seat_nudge(lesson, game.table.number) == []


def test_resuming_gives_idle_timers_back_their_time():
    """A turn that waited through a pause is not idle the moment the pause ends."""
    lesson, (game,) = make_playing(idle_seconds=60)
    Game.objects.filter(pk=game.pk).update(idle_due_at=past())
    cockpit.lesson_pause(lesson)
    cockpit.lesson_resume(lesson)
    assert fresh(game).idle_due_at > timezone.now() + timedelta(seconds=50)
    assert cockpit.games_nudge_idle() == 0


# Presence -----------------------------------------------------------------------------------------


def test_presence_counts_sockets_and_turns_away_without_a_heartbeat():
    """A tablet with a fresh row is connected; an old row (a process that died) is away; closing
    the socket removes the row; the sweep forgets rows nobody refreshed."""
    lesson, (game,) = make_playing()
    student = student_of(game, 1)
    presence.presence_open("chan-a", student)
    assert presence.connected_students(lesson) == {student.pk: True}
    TabletPresence.objects.filter(channel_name="chan-a").update(seen_at=past(90))
    assert presence.connected_students(lesson) == {student.pk: False}
    presence.presence_beat("chan-a", student)
    assert presence.connected_students(lesson) == {student.pk: True}
    presence.presence_open("chan-b", student)
    presence.presence_close("chan-a")
    assert presence.connected_students(lesson) == {student.pk: True}
    TabletPresence.objects.update(seen_at=past(3600))
    assert presence.presences_sweep() == 1 and not TabletPresence.objects.exists()


def test_a_silent_socket_is_swept_and_its_teacher_told(django_capture_on_commit_callbacks):
    """A row not refreshed for 45 s goes (its tablet vanished, or its socket cannot be closed);
    a row seen 30 s ago stays; the teacher's page hears of it; a hidden tab that comes back with
    a heartbeat is counted again."""
    lesson, (game,) = make_playing()
    quiet, vanished = student_of(game, 1), student_of(game, 2)
    presence.presence_open("chan-quiet", quiet)
    presence.presence_open("chan-vanished", vanished)
    TabletPresence.objects.filter(channel_name="chan-quiet").update(seen_at=past(30))
    TabletPresence.objects.filter(channel_name="chan-vanished").update(seen_at=past(46))
    with django_capture_on_commit_callbacks() as told:
        assert presence.presences_sweep() == 1
    assert len(told) == 1
    assert presence.connected_students(lesson) == {quiet.pk: True}
    presence.presence_beat("chan-vanished", vanished)
    assert presence.connected_students(lesson) == {quiet.pk: True, vanished.pk: True}


def test_bots_stop_once_the_lesson_has_moved_to_the_debrief():
    """After the debrief opens at the deadline, an unfinished game's bots do not play on."""
    lesson, (game,) = make_playing(seats=2, at_play_end="debrief")
    all_bots(game)
    Lesson.objects.filter(pk=lesson.pk).update(play_ends_at=past())
    cockpit.lessons_follow_clock()
    version = fresh(game).version
    assert services.games_play_due_bots(now=timezone.now() + timedelta(minutes=5)) == 0
    assert fresh(game).version == version
