"""Setup: seats, catalogue, combination, supplies, first player and the opening draft
(SC-01 to SC-11)."""

import pytest

from games.engines.base import CHANCE, GameError
from games.engines.playout import players
from games.scientia.engine import api
from games.scientia.engine.content import FACES, FIELD_CHOICES, FIELDS, combination_problems

from . import factory as f


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sc_01_two_to_four_seats_play(n):
    """SC-01: a game has 2, 3 or 4 seats."""
    state = api.new_game(players(n), {}, 1)
    assert len(state["players"]) == n


@pytest.mark.parametrize("seats", [[1], [1, 2, 3, 4, 5], [1, 3], [2, 3]])
def test_sc_01_other_seat_lists_are_refused(seats):
    """SC-01: one seat, five seats, or seats not numbered 1..N raise GameError."""
    with pytest.raises(GameError):
        api.new_game([{"seat": s, "name": str(s)} for s in seats], {}, 1)


def test_sc_02_the_catalogue_has_48_faces_on_24_kinds_with_two_sides():
    """SC-02: faces 1-48 on kinds 1-24, sides A and B, 12 faces (6 kinds) per field."""
    assert sorted(FACES) == list(range(1, 49))
    kinds = {}
    for face in FACES.values():
        kinds.setdefault(face["kind"], set()).add(face["side"])
    assert sorted(kinds) == list(range(1, 25)) and all(s == {"A", "B"} for s in kinds.values())
    for field in FIELDS:
        assert sum(face["field"] == field for face in FACES.values()) == 12
    assert all(face["effects"] and face["name"]["en"] for face in FACES.values())


def test_sc_03_first_step_is_a_legal_combination():
    """SC-03: the starter combination has 3 faces per field, 1 basic, on 3 different kinds."""
    assert combination_problems(f.FIRST_STEP, FACES) == []


@pytest.mark.parametrize("faces, problem", [
    ([1, 3, 7, 13, 17, 19, 25, 29, 31, 37, 41, 43], "basic"),  # two basic Physics faces
    ([1, 5, 6, 13, 17, 19, 25, 29, 31, 37, 41, 43], "different kinds"),  # 5 and 6: kind 3
    ([1, 5, 7, 9, 13, 17, 19, 25, 29, 31, 37, 41], "3 faces"),
])
def test_sc_03_an_illegal_combination_is_rejected_at_setup(faces, problem):
    """SC-03: a combination breaking the field rule raises GameError at setup."""
    assert any(problem in p for p in combination_problems(faces, FACES))
    with pytest.raises(GameError):
        f.new(combination=faces)


def test_sc_03_every_drawable_field_choice_is_legal():
    """SC-03: each field offers 96 choices (4 basic faces x 24 pairs on different kinds)."""
    for field, choices in FIELD_CHOICES.items():
        assert len(choices) == 96 and choices == sorted(choices)
        for choice in choices:
            mine = [FACES[n] for n in choice]
            assert sum(face["basic"] for face in mine) == 1
            assert len({face["kind"] for face in mine}) == 3
            assert {face["field"] for face in mine} == {field}


def test_sc_04_first_step_is_the_default():
    """SC-04: without options the game uses "First Step" and draws no combination."""
    state = api.new_game(players(2), {}, 1)
    assert sorted(s["face"] for s in state["stacks"]) == f.FIRST_STEP
    assert state["step"] == {"kind": "chance", "draw": "first_player"}


def test_sc_04_a_random_combination_is_four_chance_steps_then_legal():
    """SC-04: "random" draws each field's three faces as a chance step among its 96."""
    state = api.new_game(players(2), {"combination": "random", "first_player": 1}, 1)
    drawn = []
    for field in FIELDS:
        assert api.current_seats(state) == [CHANCE] and state["step"]["field"] == field
        outcomes = api.chance_outcomes(state)
        assert outcomes == FIELD_CHOICES[field]
        f.act(state, "chance", outcome=outcomes[17])
        drawn += outcomes[17]
    assert combination_problems(sorted(drawn), FACES) == []
    assert sorted(s["face"] for s in state["stacks"]) == sorted(drawn)
    assert state["step"]["kind"] == "draft"


def test_sc_05_each_face_has_one_stack_of_both_copies_and_no_flasks():
    """SC-05: 12 stacks of 2 cards, no flasks."""
    state = f.new()
    assert [(s["cards"], s["flasks"]) for s in state["stacks"]] == [(2, 0)] * 12


def test_sc_06_a_personal_board_starts_with_two_slots_and_four_cubes_on_zero():
    """SC-06: capacity 2, no cards, one cube on space 0 of each track, storage 0."""
    p = f.new()["players"][0]
    assert p["slots"] == [None, None] and p["area"] == [] and p["storage"] == 0
    assert p["tracks"] == {field: [0] for field in FIELDS}


@pytest.mark.parametrize("n, cubes", [(2, 6), (3, 8), (4, 10)])
def test_sc_07_the_technology_supply_follows_the_number_of_seats(n, cubes):
    """SC-07: 6, 8 or 10 technology cubes for 2, 3 or 4 seats."""
    assert f.new(n)["supply"]["cubes"] == cubes


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sc_08_there_are_two_slot_tiles_per_seat(n):
    """SC-08: 2 x N extra slots, enough for every seat to reach 4 slots."""
    state = f.new(n)
    assert state["slot_supply"] == 2 * n
    assert state["slot_supply"] == sum(4 - len(p["slots"]) for p in state["players"])


@pytest.mark.parametrize("n, flasks", [(2, 30), (3, 40), (4, 50)])
def test_sc_09_the_flask_supply_follows_the_number_of_seats(n, flasks):
    """SC-09, SC-G07: 30, 40 or 50 flasks (values) for 2, 3 or 4 seats."""
    assert f.new(n)["supply"]["flasks"] == flasks


def test_sc_10_the_first_player_is_a_chance_step_unless_named():
    """SC-10: without a named first player a chance step picks one of the seats; the order
    runs clockwise from it."""
    state = api.new_game(players(4), {}, 1)
    assert api.chance_outcomes(state) == [1, 2, 3, 4]
    f.act(state, "chance", outcome=3)
    assert state["order"] == [3, 4, 1, 2] and state["first_player"] == 3
    named = f.new(4, first=2)
    assert named["order"] == [2, 3, 4, 1] and named["chance_n"] == 0


def test_sc_11_the_draft_goes_in_reverse_order_and_is_not_a_turn():
    """SC-11: seats draft one card each from the last to the first; then round 1 starts with
    the first player and turn 1."""
    state = f.new(3, first=2)  # order 2, 3, 1: the draft goes 1, 3, 2
    drafted = []
    for face in (25, 25, 37):
        drafted.append(state["step"]["seat"])
        assert state["round"] == 0 and state["turn"] == 0
        f.act(state, "draft", state["step"]["seat"], stack=face)
    assert drafted == [1, 3, 2]
    assert [p["slots"][0]["face"] for p in state["players"]] == [25, 37, 25]
    assert all(p["slots"][0]["turns"] == 0 and p["turns"] == 0 or p["seat"] == 2
               for p in state["players"])
    assert state["step"] == {"kind": "turn", "seat": 2}
    assert state["round"] == 1 and state["turn"] == 1
