"""Seating rules as pure functions: tables of 3–4, 2 only when forced, teams of 2–3."""

import pytest

from classroom.seating import TableSpace, plan_seating, table_sizes, team_sizes


@pytest.mark.parametrize(("students", "sizes"), [
    (1, [2]), (2, [2]), (3, [3]), (4, [4]), (5, [3, 2]), (6, [3, 3]), (7, [4, 3]),
    (8, [4, 4]), (9, [3, 3, 3]), (10, [4, 3, 3]), (13, [4, 3, 3, 3]), (30, [4] * 6 + [3] * 2),
])
def test_new_tables_have_three_or_four_seats_and_two_only_when_forced(students, sizes):
    """As few tables as possible, each of 3–4 seats; 1, 2 and 5 students force a table of 2."""
    assert table_sizes(students) == sizes


def test_no_table_ever_has_more_than_four_seats_and_every_student_has_one():
    """For every class size up to 60 the seats add up and stay within 2–4 a table."""
    for students in range(1, 61):
        sizes = table_sizes(students)
        assert all(2 <= size <= 4 for size in sizes)
        assert sum(sizes) == max(students, 2)
        if students not in (1, 2, 5):
            assert min(sizes) >= 3


def test_a_lone_student_gets_a_table_of_two_whose_second_seat_is_left_for_a_bot():
    """One student: a new table with the student in seat 1 and seat 2 empty."""
    plan = plan_seating([], ["ada"])
    assert plan.new_tables == [[["ada"], []]]


@pytest.mark.parametrize("students", range(1, 41))
def test_team_mode_puts_two_or_three_students_on_each_seat(students):
    """Teams of 2–3 (a lone student only when alone), and their tables are 2–4 seats."""
    teams = team_sizes(students)
    assert sum(teams) == students
    if students > 1:
        assert all(2 <= team <= 3 for team in teams)
    assert all(2 <= size <= 4 for size in table_sizes(len(teams)))


def test_team_mode_prefers_tables_of_three_or_four_seats():
    """Six students make three teams of two (a table of three), not two teams at a table of two;
    thirty make twelve teams at three full tables."""
    assert team_sizes(6) == [2, 2, 2]
    assert team_sizes(30) == [3] * 6 + [2] * 6
    assert table_sizes(12) == [4, 4, 4]


def test_late_joiners_fill_open_seats_before_anything_new():
    """Two open seats at existing tables take the next two students."""
    tables = [TableSpace("t1", [("s1", 1), ("s2", 0)]), TableSpace("t2", [("s3", 0), ("s4", 1)])]
    plan = plan_seating(tables, ["a", "b", "c", "d", "e", "f"])
    assert plan.into_seats == [("a", "s2"), ("b", "s3")]
    assert plan.new_tables == [[["c"], ["d"], ["e"], ["f"]]]


def test_a_single_late_joiner_grows_a_table_of_three_rather_than_sitting_with_a_bot():
    """One late joiner and a table of three: the table gets a fourth seat."""
    tables = [TableSpace("t1", [("s1", 1)] * 4),
              TableSpace("t2", [("s5", 1), ("s6", 1), ("s7", 1)])]
    plan = plan_seating(tables, ["late"])
    assert plan.added_seats == [("t2", ["late"])]
    assert plan.new_tables == []


def test_a_started_table_does_not_grow():
    """A table whose game has started keeps its seats; the late joiner gets a new table."""
    tables = [TableSpace("t1", [("s1", 1)] * 3, can_grow=False)]
    plan = plan_seating(tables, ["late"])
    assert plan.added_seats == []
    assert plan.new_tables == [[["late"], []]]


def test_team_mode_late_joiners_join_the_smallest_teams_first():
    """In team mode an open place is a seat with fewer than three students, emptiest first."""
    tables = [TableSpace("t1", [("s1", 2), ("s2", 3), ("s3", 1)])]
    plan = plan_seating(tables, ["a", "b", "c"], per_seat=3)
    assert plan.into_seats == [("a", "s3"), ("b", "s1"), ("c", "s3")]
