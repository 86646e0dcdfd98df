"""Turns, movement, category squares, new rounds, Turnabout, shove and spree (AS-08 to AS-14,
AS-23, AS-26, AS-27, AS-38; AS-G04, AS-G13, AS-G15, AS-G17, AS-G18)."""

import pytest

from games.art_of_science.engine import api
from games.art_of_science.engine.content import BOARD
from games.art_of_science.engine.state import player
from games.engines.base import CHANCE, IllegalAction

from .factory import act, answer, ask, chance, game, land, right, turn_from, types, wrong


def test_as_08_round_one_asks_the_placement_square_without_a_roll():
    """In round 1 the first seat is asked a question of its square's category, no roll (AS-08)."""
    state = game(2, squares=(8, 2))  # square 8: BIO worth 3
    assert state["round"] == 1
    assert state["pending_question"] == {"category": "BIO", "context": "square", "seats": [1],
                                         "value": 3, "square": 8}
    assert all(state["bank"][q]["category"] == "BIO" for q in api.chance_outcomes(state))


def test_as_g15_a_new_round_in_round_one_rolls():
    """A correct answer in round 1 followed by a new round rolls the die (AS-G15)."""
    state = game(2)
    ask(state)
    answer(state, 1, right(state))
    act(state, {"type": "new_round", "seat": 1})
    assert state["step"] == {"kind": "chance", "draw": "die", "seat": 1, "purpose": "move"}


def test_as_09_later_turns_roll_then_move_either_way():
    """From round 2 a turn starts with a roll; the seat chooses the direction (AS-09, AS-G04)."""
    state = game(2)
    turn_from(state, 2, 3)
    assert api.current_seats(state) == [CHANCE]
    chance(state, 5)
    assert {a["direction"] for a in api.legal_actions(state, 2)} == {"clockwise",
                                                                     "counterclockwise"}
    act(state, {"type": "move", "seat": 2, "direction": "counterclockwise"})
    assert player(state, 2)["square"] == 40
    assert state["pending_question"]["category"] == BOARD[40]["category"]


def test_as_10_passing_does_nothing_and_landing_may_share():
    """Passing a special square does nothing; a pawn may land on an occupied square (AS-10)."""
    state = game(2, squares=(1, 9))
    events = land(state, 1, 5, 4)  # passes the Duel on 7, lands on 9 with seat 2
    assert player(state, 1)["square"] == player(state, 2)["square"] == 9
    assert "SpecialReached" not in types(events)
    assert state["pending_question"]["category"] == "CHE"


def test_as_11_a_wrong_answer_passes_play_on():
    """A wrong answer ends the turn and the next seat plays (AS-11, AS-14)."""
    state = game(3)
    ask(state)
    events = answer(state, 1, wrong(state))
    assert types(events)[2:4] == ["TurnEnded", "TurnStarted"]
    assert state["turn"]["seat"] == 2 and player(state, 1)["points"]["MAT"] == 0


def test_as_12_a_category_square_asks_its_category():
    """A category square draws a question of its own category (AS-12)."""
    state = game(2)
    land(state, 1, 1, 1)  # square 2: BIO
    outcomes = api.chance_outcomes(state)
    assert outcomes and all(state["bank"][q]["category"] == "BIO" for q in outcomes)


def test_as_13_a_correct_answer_gives_points_or_a_new_round():
    """Correct: the square's value in its category and the turn ends, or a new roll (AS-13)."""
    state = game(2, squares=(3, 2))  # CHE worth 3
    ask(state)
    answer(state, 1, right(state))
    kinds = {a["type"] for a in api.legal_actions(state, 1)}
    assert kinds == {"take_points", "new_round"}
    act(state, {"type": "take_points", "seat": 1})
    assert player(state, 1)["points"]["CHE"] == 2  # CHE is row 3: requirement 2, so 1 lost
    assert state["turn"]["seat"] == 2


def test_as_g13_points_on_a_full_category_are_worth_nothing():
    """Taking points on a filled category gives 0; the new round stays open (AS-G13)."""
    state = game(2, squares=(4, 2))  # PHY (row 4, requirement 1) worth 1
    state["players"][0]["points"]["PHY"] = 1
    ask(state)
    answer(state, 1, right(state))
    events = act(state, {"type": "take_points", "seat": 1})
    assert events[0]["gained"] == 0 and events[0]["lost"] == 1


def test_as_14_timeout_counts_as_wrong():
    """No answer in time (the deadline's fallback) is wrong and ends the turn (AS-14, AS-30)."""
    state = game(2)
    ask(state)
    (deadline,) = api.deadlines(state)
    events = act(state, deadline["fallback"])
    judged = next(e for e in events if e["type"] == "AnswerJudged")
    assert judged["correct"] is False and state["turn"]["seat"] == 2


def test_as_38_at_most_three_new_rounds_a_turn():
    """After three new rounds a correct answer gives the points at once (AS-38, AS-G13)."""
    state = game(2, squares=(1, 2))
    for _ in range(3):
        ask(state)
        answer(state, 1, right(state))
        act(state, {"type": "new_round", "seat": 1})
        chance(state, 1)
        act(state, {"type": "move", "seat": 1, "direction": "clockwise"})
    assert state["turn"]["new_rounds"] == 3
    ask(state)  # square 4: PHY worth 1
    events = answer(state, 1, right(state))
    assert "PointsGained" in types(events) and state["turn"]["seat"] == 2


def test_as_38_turnabout_cannot_chain():
    """No move of 1-7 squares from the one Turnabout returns to it (AS-38)."""
    turnabouts = [s["square"] for s in BOARD if s["kind"] == "turnabout"]
    assert turnabouts == [21]
    for face in (1, 2, 3, 4, 5, 7):
        for target in ((21 + face) % 42, (21 - face) % 42):
            assert BOARD[target]["kind"] != "turnabout"


def test_as_23_turnabout_rolls_and_moves_again():
    """Landing on Turnabout: roll, choose a direction, resolve the new square (AS-23)."""
    state = game(2)
    events = land(state, 1, 18, 3)
    assert events[-1]["kind"] == "turnabout"
    assert state["step"]["purpose"] == "turnabout"
    chance(state, 2)
    act(state, {"type": "move", "seat": 1, "direction": "clockwise"})
    assert player(state, 1)["square"] == 23 and state["pending_question"]["category"] == "ENG"


def test_as_26_shove_moves_opponents_and_skips_their_roll():
    """With the shove rule, an opponent on the landing square may be moved; its next turn
    resolves its square without a roll (AS-26, AS-G17)."""
    state = game(2, squares=(1, 9), shove=True)
    land(state, 1, 5, 4)
    assert state["step"]["kind"] == "shove"
    act(state, {"type": "shove", "seat": 1, "target": 2, "square": 0})
    assert player(state, 2)["square"] == 0 and player(state, 2)["shoved"]
    ask(state, "CHE")
    events = answer(state, 1, wrong(state))
    started = next(e for e in events if e["type"] == "TurnStarted")
    assert started["seat"] == 2 and started["shoved"] is True
    assert state["step"] == {"kind": "genius", "seat": 2}


def test_as_g17_no_shove_by_default():
    """Relativistic shove is off by default: landing on an opponent just resolves (AS-G17)."""
    state = game(2, squares=(1, 9))
    land(state, 1, 5, 4)
    assert state["step"]["kind"] == "chance" and state["step"]["draw"] == "question"


def test_as_27_winning_spree_gives_points_and_a_roll():
    """Spree: a correct answer gives the points and the right to roll again, which the seat may
    decline (AS-27, AS-G18)."""
    state = game(2, squares=(2, 3), spree=True)
    ask(state)
    answer(state, 1, right(state))
    assert player(state, 1)["points"]["BIO"] == 2
    assert {a["type"] for a in api.legal_actions(state, 1)} == {"new_round", "end_turn"}
    act(state, {"type": "end_turn", "seat": 1})
    assert state["turn"]["seat"] == 2


def test_an_action_out_of_turn_is_refused():
    """Only the seat whose turn it is may act."""
    state = game(2)
    ask(state)
    with pytest.raises(IllegalAction) as error:
        answer(state, 2, "A")
    assert error.value.code == "not_your_turn"
