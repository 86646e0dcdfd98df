"""Setup: seats, lengths, score cards, orders, start seat, placement, board and die (AS-01 to
AS-07, AS-40; AS-G01 to AS-G05, AS-G14, AS-G15, AS-G22)."""

import pytest

from games.art_of_science.engine import api
from games.art_of_science.engine.content import BOARD, DIE, FACE_CATEGORY, board_properties
from games.art_of_science.engine.state import CATEGORIES, player
from games.engines.base import CHANCE, GameError, IllegalAction
from tests.art_of_science.fixtures import options

from .factory import act, chance, game, new, seats, types


@pytest.mark.parametrize("n", [1, 7])
def test_as_01_two_to_six_seats(n):
    """A game needs 2-6 seats numbered 1…N (AS-01)."""
    with pytest.raises(GameError):
        api.new_game(seats(n), options(), 0)


def test_as_01_a_seat_may_be_a_team():
    """A team seat keeps its members and plays as one seat (AS-01)."""
    players = [{"seat": 1, "name": "Team A", "members": ["Aino", "Eero"]},
               {"seat": 2, "name": "Team B", "members": ["Liisa"]}]
    state = api.new_game(players, options(), 0)
    assert api.view_for(state, 2)["players"][0]["members"] == ["Aino", "Eero"]
    assert api.current_seats(state) == [1, 2]


@pytest.mark.parametrize("variant, total", [("lesson", 12), ("short", 20), ("medium", 30),
                                            ("long", 42)])
def test_as_02_lengths_and_their_points(variant, total):
    """Lesson 12, Short 20, Medium 30, Long 42 points (AS-02)."""
    state = new(2, variant=variant)
    assert sum(state["requirements"]) == total


def test_as_g03_lesson_is_the_default_length():
    """Without a variant the classroom plays the Lesson length of 12 points (AS-G03)."""
    state = api.new_game(seats(3), options(), 0)
    assert state["variant"] == "lesson" and api.INFO.default_variant == "lesson"
    assert state["requirements"] == [4, 3, 2, 1, 1, 1]


def test_as_03_requirements_fall_row_by_row():
    """Each length's six requirements fall from row 1 and sum to its points (AS-03, AS-G03)."""
    for variant in ("lesson", "short", "medium", "long"):
        req = new(2, variant=variant)["requirements"]
        assert req == sorted(req, reverse=True) and len(req) == 6
    assert new(2, variant="medium")["requirements"] == [8, 6, 5, 4, 4, 3]


def test_as_04_orders_are_chosen_at_once_and_shown_together():
    """Orders are hidden from the other seats until every seat has chosen (AS-04, AS-G14)."""
    state = new(2)
    assert api.current_seats(state) == [1, 2]
    order = ["OTH", "ENG", "PHY", "CHE", "BIO", "MAT"]
    act(state, {"type": "choose_order", "seat": 1, "order": order})
    assert api.view_for(state, 2)["players"][0]["order"] is None
    assert api.view_for(state, "public")["players"][0]["order"] is None
    assert api.view_for(state, 1)["players"][0]["order"] == order
    assert "order" not in api.events_for(state["events"], 2)[0]
    events = act(state, {"type": "choose_order", "seat": 2, "order": list(CATEGORIES)})
    assert "OrdersRevealed" in types(events)
    assert player(state, 1)["req"] == {"OTH": 4, "ENG": 3, "PHY": 2, "CHE": 1, "BIO": 1, "MAT": 1}
    assert api.view_for(state, 2)["players"][0]["order"] == order


def test_as_04_an_order_is_each_category_once():
    """An order that misses or repeats a category is refused (AS-04)."""
    state = new(2)
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "choose_order", "seat": 1, "order": ["MAT"] * 6})
    assert error.value.code == "bad_order"


def test_as_05_the_start_seat_is_drawn_and_play_follows_the_seat_order():
    """Without a named start seat a chance step draws it; turn order runs from it (AS-05)."""
    state = api.new_game(seats(4), options(), 0)
    for seat in range(1, 5):
        act(state, {"type": "choose_order", "seat": seat, "order": list(CATEGORIES)})
    assert api.current_seats(state) == [CHANCE]
    assert api.chance_outcomes(state) == [1, 2, 3, 4]
    chance(state, 3)
    assert state["order"] == [3, 4, 1, 2]
    assert api.current_seats(state) == [3]


def test_as_05_the_teacher_may_name_the_start_seat():
    """A named start seat needs no draw (AS-05)."""
    state = new(3, start_seat=2)
    for seat in range(1, 4):
        act(state, {"type": "choose_order", "seat": seat, "order": list(CATEGORIES)})
    assert state["order"] == [2, 3, 1] and state["step"] == {"kind": "place", "seat": 2}


def test_as_06_pawns_start_on_category_squares_and_may_share():
    """Placement is on a category square, never a special one; pawns may share (AS-06)."""
    state = new(2)
    for seat in (1, 2):
        act(state, {"type": "choose_order", "seat": seat, "order": list(CATEGORIES)})
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "place", "seat": 1, "square": 7})
    assert error.value.code == "not_a_category_square"
    assert len(api.legal_actions(state, 1)) == 36
    act(state, {"type": "place", "seat": 1, "square": 5})
    act(state, {"type": "place", "seat": 2, "square": 5})
    assert player(state, 1)["square"] == player(state, 2)["square"] == 5


def test_as_07_the_die_shows_seven_instead_of_six():
    """The die's faces are 1, 2, 3, 4, 5, 7, each a chance outcome (AS-07, AS-G04)."""
    state = game(2)
    act(state, {"type": "chance", "outcome": state["left"]["MAT"][0]})
    act(state, {"type": "answer", "seat": 1, "value": None})
    assert DIE == (1, 2, 3, 4, 5, 7)
    state["step"] = {"kind": "chance", "draw": "die", "seat": 2, "purpose": "move"}
    assert api.chance_outcomes(state) == [1, 2, 3, 4, 5, 7]
    with pytest.raises(IllegalAction):
        chance(state, 6)


def test_as_g01_the_board_follows_its_formula():
    """42 squares: specials every 7th, categories by ((j + g) mod 6), values 1 + ((j + 2g) mod 3),
    each category 6 times at 1, 1, 2, 2, 3, 3, no neighbours alike (AS-G01)."""
    assert len(BOARD) == 42 and board_properties(BOARD) == []
    specials = {s["square"]: s["kind"] for s in BOARD if s["kind"] != "category"}
    assert specials == {0: "universal_genius", 7: "duel", 14: "replication_chance",
                        21: "turnabout", 28: "duel", 35: "replication_chance"}
    table = {1: ("MAT", 1), 8: ("BIO", 3), 19: ("MAT", 3), 29: ("ENG", 3), 41: ("ENG", 1)}
    for index, (code, value) in table.items():
        assert (BOARD[index]["category"], BOARD[index]["value"]) == (code, value)


def test_as_g02_square_values_are_the_same_for_every_length():
    """A square is worth 1-3 whatever the length (AS-G02)."""
    assert {s["value"] for s in BOARD if s["value"]} == {1, 2, 3}


def test_as_g05_the_replication_table_maps_faces_to_categories():
    """1 MAT, 2 BIO, 3 CHE, 4 PHY, 5 ENG, 7 OTH (AS-G05)."""
    assert FACE_CATEGORY == {1: "MAT", 2: "BIO", 3: "CHE", 4: "PHY", 5: "ENG", 7: "OTH"}


def test_as_g22_classroom_defaults():
    """Advice on, relativistic shove and winning spree off, a 30-second limit (AS-G22, AS-G21)."""
    opts = new(2)["options"]
    assert (opts["advice"], opts["shove"], opts["spree"], opts["time_limit_s"]) == (
        True, False, False, 30)


def test_as_40_a_game_draws_only_in_its_language():
    """A Finnish lesson draws only Finnish questions (AS-40, AS-G25)."""
    state = game(2, language="fi")
    assert {q["lang"] for q in state["bank"].values()} == {"fi"}
    assert all(qid.split("-")[1].startswith("1") for qid in api.chance_outcomes(state))
    with pytest.raises(GameError):
        new(2, language="ko")  # the fixture bank has no Korean questions


def test_options_are_checked():
    """Unknown options and values out of range are refused at setup."""
    for bad in ({"colour": "red"}, {"time_limit_s": 10}, {"time_limit_s": 91},
                {"judge": "students"}, {"variant": "epic"}, {"difficulty": [3, 1]}):
        with pytest.raises(GameError):
            new(2, **bad)
