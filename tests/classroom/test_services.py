"""Classroom services: lessons, joining, seating, removing, reseating, starting and ending."""

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from classroom import auth, services
from classroom.models import CODE_ALPHABET, Lesson, Seat, Student
from classroom.services import ClassroomError
from games.engines.base import CHANCE, ENGINES
from games.models import Game
from tests.classroom.factories import join, join_many, make_lesson, seats_of

pytestmark = pytest.mark.django_db


def refused(expected, call, *args, **kwargs):
    with pytest.raises(ClassroomError) as refusal:
        call(*args, **kwargs)
    assert refusal.value.code == expected
    return refusal.value


# Lessons -----------------------------------------------------------------------------------------


def test_join_code_is_six_characters_without_look_alikes():
    """Codes use an alphabet without 0/O, 1/I/L, and every lesson's code differs."""
    codes = {make_lesson().join_code for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("0O1IL") & set(CODE_ALPHABET)


def test_planned_lesson_of_45_minutes_is_briefing_5_play_30_debrief_10():
    """The default length splits into the default parts; other lengths keep the proportions."""
    lesson = make_lesson()
    assert (lesson.briefing_minutes, lesson.play_minutes, lesson.debrief_minutes) == (5, 30, 10)
    assert services.lesson_plan_parts(60) == (5, 42, 13)
    assert sum(services.lesson_plan_parts(20)) == 20


def test_ended_lesson_code_stops_working():
    """After the teacher ends the lesson its code opens nothing and nobody can join."""
    lesson = make_lesson()
    services.lesson_end(lesson)
    refused("bad_code", services.lesson_for_join_code, lesson.join_code)
    refused("bad_code", join, lesson, "Late Larry")
    assert not lesson.students.exists()


# Joining -----------------------------------------------------------------------------------------


def test_join_code_is_read_without_case_spaces_or_dashes():
    """A student typing 'abc-def ' gets the lesson ABCDEF."""
    lesson = make_lesson()
    typed = f" {lesson.join_code[:3].lower()}-{lesson.join_code[3:]} "
    student, _ = services.student_join(code=typed, pseudonym="Curious Chemist")
    assert student.lesson == lesson


def test_join_stores_only_a_hash_of_a_random_token():
    """The token is long and random; the database keeps its SHA-256, not the token."""
    lesson = make_lesson()
    student, token = join(lesson, "Brave Botanist")
    assert len(token) >= 40
    assert student.token_hash == auth.hash_secret(token) != token
    assert auth.student_for_token(token) == student


def test_wrong_code_is_refused_and_changes_nothing():
    """A code that belongs to no lesson is refused; no student appears."""
    lesson = make_lesson()
    refused("bad_code", services.student_join, code="ZZZZZZ", pseudonym="Nobody")
    assert Student.objects.count() == 0
    assert Lesson.objects.get(pk=lesson.pk).version == 0


def test_taken_name_is_refused_without_regard_to_case_or_spaces():
    """'curious  chemist' is the same name as 'Curious Chemist' in one lesson."""
    lesson = make_lesson()
    join(lesson, "Curious Chemist")
    refused("name_taken", join, lesson, "curious  chemist ")
    assert lesson.students.count() == 1


def test_same_name_may_be_used_in_another_lesson():
    """Names are unique within a lesson only."""
    join(make_lesson(), "Curious Chemist")
    student, _ = join(make_lesson(), "Curious Chemist")
    assert student.pk


def test_name_longer_than_24_characters_is_refused():
    """25 characters is one too many; 24 is fine."""
    lesson = make_lesson()
    refused("name_too_long", join, lesson, "x" * 25)
    assert join(lesson, "y" * 24)[0].pseudonym == "y" * 24
    refused("name_empty", join, lesson, "   ")


@override_settings(CLASSROOM_MAX_STUDENTS=3)
def test_full_lesson_refuses_the_next_student():
    """When the lesson has its maximum of students, one more is refused and nothing changes."""
    lesson = make_lesson()
    join_many(lesson, 3)
    refused("lesson_full", join, lesson, "One Too Many")
    assert lesson.students.count() == 3


def test_removed_students_name_is_free_again():
    """A removed student no longer holds their name."""
    lesson = make_lesson()
    student, _ = join(lesson, "Swift Zoologist")
    services.student_remove(lesson, student.pk)
    assert join(lesson, "Swift Zoologist")[0].pk != student.pk


@pytest.mark.parametrize("language", ["fi", "sv"])
def test_suggested_names_are_in_the_lesson_language_and_not_taken(language):
    """A Finnish (Swedish) lesson suggests Finnish (Swedish) names; a suggestion is never a name
    already taken."""
    lesson = make_lesson(language=language)
    from classroom import pseudonyms

    own = set(pseudonyms.candidates(language))
    assert not own & set(pseudonyms.candidates("en"))
    for _ in range(20):
        name = services.student_suggest_pseudonym(lesson)
        assert name in own and len(name) <= 24
        join(lesson, name)
    assert len(set(lesson.students.values_list("pseudonym", flat=True))) == 20


# Seating -----------------------------------------------------------------------------------------


def test_seat_everyone_seats_seven_students_at_tables_of_four_and_three():
    """Seven waiting students: two tables, seats numbered 1…N, nobody left in the lobby."""
    lesson = make_lesson()
    join_many(lesson, 7)
    services.lesson_seat_everyone(lesson)
    assert seats_of(lesson) == {1: [1, 1, 1, 1], 2: [1, 1, 1]}
    assert not lesson.students.filter(seat__isnull=True).exists()


def test_seat_everyone_twice_changes_nothing_the_second_time():
    """A double tap on Seat everyone leaves the seating as it was."""
    lesson = make_lesson()
    join_many(lesson, 5)
    services.lesson_seat_everyone(lesson)
    before = seats_of(lesson)
    services.lesson_seat_everyone(lesson)
    assert seats_of(lesson) == before == {1: [1, 1, 1], 2: [1, 1]}


def test_team_mode_seats_teams_of_two_or_three():
    """Eight students in team mode: four teams of two at one table of four."""
    lesson = make_lesson(seat_mode=Lesson.SeatMode.TEAM)
    join_many(lesson, 8)
    services.lesson_seat_everyone(lesson)
    assert seats_of(lesson) == {1: [2, 2, 2, 2]}


def test_late_joiners_fill_open_seats_then_grow_a_table():
    """After a move leaves a seat open, a late joiner takes it; the next grows a table of 3."""
    lesson = make_lesson()
    first = join_many(lesson, 7)
    services.lesson_seat_everyone(lesson)
    services.student_unseat(lesson, first[0].pk)
    assert seats_of(lesson) == {1: [0, 1, 1, 1], 2: [1, 1, 1]}
    services.lesson_seat_everyone(lesson)
    assert seats_of(lesson) == {1: [1, 1, 1, 1], 2: [1, 1, 1]}
    join(lesson)
    services.lesson_seat_everyone(lesson)
    assert seats_of(lesson) == {1: [1, 1, 1, 1], 2: [1, 1, 1, 1]}


def test_moving_to_a_taken_single_seat_swaps_the_two_students():
    """Tap A at table 2, tap B's seat at table 1: A sits there and B takes A's old seat."""
    lesson = make_lesson()
    students = join_many(lesson, 7)
    services.lesson_seat_everyone(lesson)
    a = Student.objects.get(seat__table__number=2, seat__number=1)
    b = Student.objects.get(seat__table__number=1, seat__number=1)
    services.student_move(lesson, a.pk, b.seat_id)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.seat.table.number, a.seat.number) == (1, 1)
    assert (b.seat.table.number, b.seat.number) == (2, 1)
    assert len(students) == 7


def test_moving_a_lobby_student_to_a_taken_seat_sends_the_occupant_to_the_lobby():
    """The occupant of the seat goes where the mover came from: the lobby."""
    lesson = make_lesson()
    join_many(lesson, 3)
    services.lesson_seat_everyone(lesson)
    late, _ = join(lesson)
    occupant = Student.objects.get(seat__table__number=1, seat__number=2)
    services.student_move(lesson, late.pk, occupant.seat_id)
    occupant.refresh_from_db()
    assert occupant.seat is None


def test_team_seat_with_three_students_refuses_a_fourth():
    """In team mode a seat holds at most three students."""
    lesson = make_lesson(seat_mode=Lesson.SeatMode.TEAM)
    join_many(lesson, 9)
    services.lesson_seat_everyone(lesson)
    full = Seat.objects.filter(table__lesson=lesson).order_by("table__number", "number").first()
    assert full.students.count() == 3
    mover = Student.objects.exclude(seat=full).first()
    refused("seat_full", services.student_move, lesson, mover.pk, full.pk)


def test_new_table_gets_the_student_and_an_open_seat_and_empty_tables_vanish():
    """Moving the last student off a table removes that table."""
    lesson = make_lesson()
    only, _ = join(lesson)
    services.lesson_seat_everyone(lesson)
    services.student_move_to_new_table(lesson, only.pk)
    assert seats_of(lesson) == {2: [1, 0]}


def test_a_table_grows_to_four_seats_and_no_further():
    """Add a seat works up to four seats; the fifth is refused."""
    lesson = make_lesson()
    students = join_many(lesson, 5)
    services.lesson_seat_everyone(lesson)  # tables of 3 and 2
    table = lesson.tables.get(number=1)
    lobby = join_many(lesson, 2)
    services.student_add_seat(lesson, lobby[0].pk, table.pk)
    assert seats_of(lesson)[1] == [1, 1, 1, 1]
    refused("table_full", services.student_add_seat, lesson, lobby[1].pk, table.pk)
    assert len(students) == 5


def test_another_lessons_seat_or_student_is_refused():
    """A seat id or student id from another lesson is not found in this one."""
    lesson, other = make_lesson(), make_lesson()
    mine, _ = join(lesson)
    theirs = join_many(other, 3)
    services.lesson_seat_everyone(other)
    refused("no_seat", services.student_move, lesson, mine.pk, theirs[0].seat_id)
    refused("no_student", services.student_unseat, lesson, theirs[0].pk)


# Removing and reseating --------------------------------------------------------------------------


def test_removed_student_keeps_their_row_but_loses_access():
    """Removal marks the student, frees the seat and ends the tablet's access; data stays."""
    lesson = make_lesson()
    student, token = join(lesson, "Kind Chemist")
    services.lesson_seat_everyone(lesson)
    services.student_remove(lesson, student.pk)
    student.refresh_from_db()
    assert student.removed_at is not None and student.seat is None
    assert student.pseudonym == "Kind Chemist"
    assert auth.student_for_token(token) is None


def test_reseat_moves_the_student_to_a_new_tablet_at_the_same_seat():
    """The code gives a new token for the same student and seat; the old token stops working."""
    lesson = make_lesson()
    join_many(lesson, 3)
    services.lesson_seat_everyone(lesson)
    student = Student.objects.get(seat__table__number=1, seat__number=2)
    code = services.student_reseat_code(lesson, student.pk)
    assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)
    moved, new_token = services.student_reseat(code.lower())
    assert moved.pk == student.pk and moved.seat_id == student.seat_id
    assert auth.student_for_token(new_token) == student
    refused("bad_code", services.student_reseat, code)


def test_reseat_ends_the_old_tablets_access():
    """After the move the old tablet's token opens nothing."""
    lesson = make_lesson()
    student, old_token = join(lesson)
    services.student_reseat(services.student_reseat_code(lesson, student.pk))
    assert auth.student_for_token(old_token) is None


def test_expired_reseat_code_is_refused():
    """A reseat code is valid for a limited time only."""
    lesson = make_lesson()
    student, token = join(lesson)
    code = services.student_reseat_code(lesson, student.pk)
    Student.objects.filter(pk=student.pk).update(
        reseat_code_expires_at=timezone.now() - timedelta(seconds=1)
    )
    refused("bad_code", services.student_reseat, code)
    assert auth.student_for_token(token) == student


# Starting and ending -----------------------------------------------------------------------------


def test_start_tables_creates_one_game_per_table_with_its_players():
    """Two tables start two games; the lesson is playing; each game's players are its seats."""
    lesson = make_lesson()
    join_many(lesson, 7)
    services.lesson_seat_everyone(lesson)
    services.lesson_start_tables(lesson)
    lesson.refresh_from_db()
    assert lesson.status == Lesson.Status.PLAYING and lesson.started_at
    games = Game.objects.filter(table__lesson=lesson).order_by("table__number")
    assert [len(game.players) for game in games] == [4, 3]
    first = games[0]
    names = [s.pseudonym for s in Student.objects.filter(seat__table=first.table)
             .order_by("seat__number")]
    assert [p["name"] for p in first.players] == names


def test_start_tables_resolves_setup_chance_and_logs_every_step():
    """The stored game waits for a player, and its log replays to the stored state."""
    lesson = make_lesson()
    join_many(lesson, 3)
    services.lesson_seat_everyone(lesson)
    services.lesson_start_tables(lesson)
    game = Game.objects.get()
    engine = ENGINES[game.engine_key]
    state = engine.state_from_json(game.snapshot)
    assert engine.current_seats(state) != [CHANCE]
    log = list(game.actions.order_by("seq"))
    assert game.version == game.snapshot_version == len(log) >= 1
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    replay = engine.new_game(game.players, game.options, game.seed)
    for entry in log:
        replay, _events = engine.apply_action(replay, entry.action)
    assert engine.state_to_json(replay) == game.snapshot


def test_lone_student_plays_against_a_bot_seat():
    """One student at a table: the game has two players, the second a bot."""
    lesson = make_lesson()
    join(lesson, "Solo Sam")
    services.lesson_seat_everyone(lesson)
    services.lesson_start_tables(lesson)
    players = Game.objects.get().players
    assert players[0]["name"] == "Solo Sam" and "bot" not in players[0]
    assert players[1]["bot"] == "random"


def test_start_drops_empty_seats_and_numbers_the_rest_clockwise():
    """A table of four with one seat emptied starts as a three-seat game numbered 1–3."""
    lesson = make_lesson()
    students = join_many(lesson, 8)
    services.lesson_seat_everyone(lesson)
    leaver = Student.objects.get(seat__table__number=1, seat__number=2)
    services.student_remove(lesson, leaver.pk)
    services.lesson_start_tables(lesson)
    assert seats_of(lesson) == {1: [1, 1, 1], 2: [1, 1, 1, 1]}
    assert len(students) == 8


def test_start_tables_twice_starts_only_new_tables():
    """Started tables keep their games; a late table is started by the second tap."""
    lesson = make_lesson()
    join_many(lesson, 3)
    services.lesson_seat_everyone(lesson)
    services.lesson_start_tables(lesson)
    refused("no_tables", services.lesson_start_tables, lesson)
    join_many(lesson, 3)
    services.lesson_seat_everyone(lesson)
    started = services.lesson_start_tables(lesson)
    assert [t.number for t in started] == [2]
    assert Game.objects.filter(table__lesson=lesson).count() == 2


def test_start_without_seated_students_is_refused():
    """No tables, no games: the teacher is told to seat the students first."""
    lesson = make_lesson()
    join_many(lesson, 2)
    refused("no_tables", services.lesson_start_tables, lesson)
    assert Lesson.objects.get(pk=lesson.pk).status == Lesson.Status.LOBBY


def test_ended_lesson_cannot_be_reseated():
    """Seating changes are refused once the lesson has ended."""
    lesson = make_lesson()
    student, _ = join(lesson)
    services.lesson_end(lesson)
    refused("seating_closed", services.lesson_seat_everyone, lesson)
    refused("seating_closed", services.student_move_to_new_table, lesson, student.pk)
