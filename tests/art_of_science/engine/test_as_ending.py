"""Winning and calling time (AS-24, AS-37; AS-G19, AS-G23)."""

import pytest

from games.art_of_science.engine import api
from games.engines.base import IllegalAction

from .factory import act, answer, ask, game, new, points, right, types, wrong

ALMOST = {"MAT": 4, "BIO": 3, "CHE": 2, "PHY": 1, "ENG": 1, "OTH": 0}


def test_as_24_filling_the_last_category_wins_at_once():
    """The moment a seat fills all six categories it wins and the game ends (AS-24)."""
    state = game(2, squares=(6, 2))  # OTH worth 3
    points(state, 1, **ALMOST)
    ask(state)
    answer(state, 1, right(state))
    events = act(state, {"type": "take_points", "seat": 1})
    assert types(events)[-1] == "GameEnded" and "TurnStarted" not in types(events)
    result = api.outcome(state)
    assert result["ended_by"] == "win" and result["winners"] == [1]
    assert api.current_seats(state) == [] and api.legal_actions(state, None) == []


def test_as_g19_advice_can_make_two_seats_win_together():
    """An advised answer that fills both cards' last category makes both winners (AS-24,
    AS-G19)."""
    state = game(2, squares=(6, 2))
    points(state, 1, **ALMOST)
    points(state, 2, **ALMOST)
    ask(state)
    act(state, {"type": "ask_advice", "seat": 1, "adviser": 2})
    act(state, {"type": "advise", "seat": 2, "suggestion": None})
    answer(state, 1, right(state))
    assert api.outcome(state)["winners"] == [1, 2]


def test_as_24_no_action_after_the_end():
    """A finished game refuses every action."""
    state = game(2, squares=(6, 2))
    points(state, 1, **ALMOST)
    ask(state)
    answer(state, 1, right(state))
    act(state, {"type": "take_points", "seat": 1})
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "move", "seat": 2, "direction": "clockwise"})
    assert error.value.code == "game_over"


def test_as_37_called_time_finishes_the_turn_then_ranks():
    """After time is called the current turn is played out; then seats are ranked by filled
    categories, then points, and level seats share the place (AS-37, AS-G23)."""
    state = game(3, squares=(6, 2, 3))
    points(state, 2, MAT=2, PHY=1)
    points(state, 3, MAT=1, BIO=1, PHY=1)
    ask(state)
    act(state, {"type": "call_time", "seat": None})
    assert api.outcome(state) is None and state["turn"]["seat"] == 1
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "call_time", "seat": None})
    assert error.value.code == "time_already_called"
    answer(state, 1, right(state))
    act(state, {"type": "take_points", "seat": 1})  # OTH filled: 1 filled, 1 point
    result = api.outcome(state)
    assert result["ended_by"] == "time_called"
    ranks = {row["seat"]: row["rank"] for row in result["players"]}
    assert ranks == {2: 1, 3: 1, 1: 3} and result["winners"] == [2, 3]  # 1 filled, 3 points


def test_as_37_time_called_before_play_ends_the_game_at_once():
    """Called during setup, the game ends at once with every seat level (AS-37)."""
    state = new(2)
    events = act(state, {"type": "call_time", "seat": None})
    assert types(events) == ["TimeCalled", "GameEnded"]
    assert api.outcome(state)["winners"] == [1, 2]


def test_as_37_only_the_teacher_calls_time():
    """A seat cannot call time."""
    state = game(2)
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "call_time", "seat": 1})
    assert error.value.code == "teacher_only"


def test_a_wrong_last_answer_does_not_win():
    """A card one point short after a wrong answer plays on."""
    state = game(2, squares=(6, 2))
    points(state, 1, **ALMOST)
    ask(state)
    answer(state, 1, wrong(state))
    assert api.outcome(state) is None
