"""Seating plans as pure functions: who goes to which seat, before anything is written.

The game is best with 3–4 seats a table, so new tables get 3–4 seats and a table of 2 appears only
when the numbers force it (one, two or five students); a lone student's second seat is played by a
bot. In team mode a seat is a team of 2–3 students. Late joiners first fill the seats that are
open, then grow a table only where a new table would otherwise be too small.
"""

from dataclasses import dataclass, field
from math import ceil

MIN_SEATS = 2
BEST_MIN_SEATS = 3
MAX_SEATS = 4
TEAM_MAX = 3


def split_evenly(total, parts):
    """`total` split into `parts` sizes that differ by at most one, largest first."""
    if parts <= 0:
        return []
    base, extra = divmod(total, parts)
    return [base + 1] * extra + [base] * (parts - extra)


def table_sizes(seat_count):
    """Seats for new tables: as few tables as possible, 3–4 seats each, 2 only when forced."""
    if seat_count <= 0:
        return []
    sizes = split_evenly(seat_count, ceil(seat_count / MAX_SEATS))
    return [max(size, MIN_SEATS) for size in sizes]


def too_small(sizes):
    return any(size < BEST_MIN_SEATS for size in sizes)


def team_sizes(student_count):
    """Students per seat in team mode: teams of 2–3, in the number of seats that seats best.

    Among the possible seat counts, the one whose tables are 3–4 seats wins, then the one with
    fewer tables, then the one with smaller teams (more hands on the tablets).
    """
    if student_count <= TEAM_MAX:
        return [student_count] if student_count else []
    seat_counts = range(ceil(student_count / TEAM_MAX), student_count // 2 + 1)
    best = min(
        seat_counts,
        key=lambda seats: (too_small(table_sizes(seats)), len(table_sizes(seats)), -seats),
    )
    return split_evenly(student_count, best)


@dataclass
class TableSpace:
    """What a plan needs to know of an existing table: its seats' occupants and if it may grow."""

    key: object
    seats: list  # [(seat key, number of students there)], in seat order
    can_grow: bool = True


@dataclass
class Plan:
    into_seats: list = field(default_factory=list)  # [(student, seat key)]
    added_seats: list = field(default_factory=list)  # [(table key, [students of the new seat])]
    new_tables: list = field(default_factory=list)  # [[[students of seat 1], …, [] for a bot]]


def plan_seating(tables, waiting, per_seat=1):
    """Seat every student of `waiting` (in order) at `tables` or at new tables."""
    plan = Plan()
    waiting = list(waiting)
    _fill_open_seats(plan, tables, waiting, per_seat)
    groups = [[student] for student in waiting] if per_seat == 1 else _teams(waiting)
    growable = sorted(
        (t for t in tables if t.can_grow and len(t.seats) < MAX_SEATS), key=lambda t: len(t.seats)
    )
    grown = {}
    while groups and too_small(table_sizes(len(groups))) and growable:
        table = growable[0]
        plan.added_seats.append((table.key, groups.pop(0)))
        grown[table.key] = grown.get(table.key, 0) + 1
        if len(table.seats) + grown[table.key] >= MAX_SEATS:
            growable.pop(0)
        growable.sort(key=lambda t: len(t.seats) + grown.get(t.key, 0))
    for size in table_sizes(len(groups)):
        taken, groups = groups[:size], groups[size:]
        plan.new_tables.append(taken + [[] for _ in range(size - len(taken))])
    return plan


def _fill_open_seats(plan, tables, waiting, per_seat):
    """Give waiting students the open places, the emptiest seat first, until none is left."""
    counts = {seat: count for table in tables for seat, count in table.seats}
    while waiting:
        open_seats = [seat for seat, count in counts.items() if count < per_seat]
        if not open_seats:
            return
        seat = min(open_seats, key=lambda s: counts[s])
        plan.into_seats.append((waiting.pop(0), seat))
        counts[seat] += 1


def _teams(students):
    teams, start = [], 0
    for size in team_sizes(len(students)):
        teams.append(students[start:start + size])
        start += size
    return teams
