"""Flasks, the supplies, the reserve, the end trigger, the final round and called time
(SC-36 to SC-40, SC-G13, SC-G14, SC-G17)."""

import pytest

from games.engines.base import CALL_TIME, IllegalAction
from games.engines.playout import play
from games.scientia.engine import ENGINE, api
from games.scientia.engine.supplies import draw

from . import factory as f


def test_sc_36_storage_never_shrinks_over_a_whole_game():
    """SC-36, SC-G23: no step of a seeded game lowers any seat's flask storage."""
    last = {}

    def check(state, action, events):
        for p in state["players"]:
            assert p["storage"] >= last.get(p["seat"], 0)
            last[p["seat"]] = p["storage"]

    play(ENGINE, 3, 5, "random", {"combination": "random"}, on_step=check)
    assert max(last.values()) > 0


def test_sc_37_emptying_a_supply_triggers_the_end_once():
    """SC-37: the flask supply reaching 0 triggers the end; emptying the cubes later does not
    trigger it again."""
    state = f.at_turn(hands={1: [(13, 3, 0)]})
    state["supply"]["flasks"], state["players"][1]["storage"] = 2, 28
    state["players"][1]["slot_for_flasks"] = True
    state["players"][1]["slots"].append(None)
    state["slot_supply"] -= 1
    events = f.rotate(state, 1, [0])
    assert f.of_type(events, "EndTriggered")[0]["by"] == "flasks"
    assert state["trigger"] == {"by": "flasks", "round": 1, "turn": 1}
    out = []
    state["supply"]["cubes"] = 1
    draw(state, "cubes", 1, out)
    assert out == [] and state["trigger"]["by"] == "flasks"


def test_sc_38_what_a_supply_lacks_comes_from_the_reserve():
    """SC-38, SC-G13: an effect emptying the supply is paid in full, the rest from the
    reserve; the supply stops at 0."""
    state = f.at_turn(hands={1: [(13, 3, 0)]})
    state["supply"]["flasks"] = 1
    state["players"][1]["storage"] = 29
    state["players"][1]["slot_for_flasks"] = True
    state["players"][1]["slots"].append(None)
    state["slot_supply"] -= 1
    events = f.rotate(state, 1, [0])
    assert state["players"][0]["storage"] == 2
    assert state["supply"]["flasks"] == 0 and state["reserve"]["flasks"] == 1
    assert f.of_type(events, "FlasksGained")[0]["reserve"] == 1
    assert api.check_invariants(state) == []


def _trigger_now(state):
    state["trigger"] = {"by": "cubes", "round": state["round"], "turn": state["turn"]}
    state["last_round"], state["end_reason"] = state["round"] + 1, "cubes"


def test_sc_39_after_the_trigger_the_round_ends_and_one_more_is_played():
    """SC-39, SC-G14: triggered in round 3 by the first seat, the game ends after round 4."""
    state = f.at_turn(hands={1: [(1, 0, 0)], 2: [(5, 0, 0)]}, round_=3)
    _trigger_now(state)
    played = []
    while state["stage"] != "over":
        played.append((state["round"], state["step"]["seat"]))
        f.rotate(state, state["step"]["seat"], [0])
    assert played == [(3, 1), (3, 2), (4, 1), (4, 2)]
    assert api.outcome(state)["ended_by"] == "cubes"


def test_sc_39_a_trigger_in_the_last_seats_turn_makes_the_next_round_final():
    """SC-39: triggered during seat N's turn, exactly one more round is played."""
    state = f.at_turn(hands={1: [(1, 0, 0)], 2: [(5, 0, 0)]}, seat=2, round_=5)
    _trigger_now(state)
    played = []
    while state["stage"] != "over":
        played.append((state["round"], state["step"]["seat"]))
        f.rotate(state, state["step"]["seat"], [0])
    assert played == [(5, 2), (6, 1), (6, 2)]


def test_sc_40_called_time_ends_the_game_at_the_end_of_the_round():
    """SC-40, SC-G17: the teacher calls time in seat 1's turn: seat 2 still plays, then the game is
    scored and marked called."""
    state = f.at_turn(hands={1: [(1, 0, 0)], 2: [(5, 0, 0)]}, round_=2)
    assert api.legal_actions(state, None) == [{"type": CALL_TIME, "seat": None}]
    events = f.act(state, CALL_TIME, None)
    assert f.types(events) == ["TimeCalled"] and state["last_round"] == 2
    f.rotate(state, 1, [0])
    assert state["stage"] == "play"
    f.rotate(state, 2, [0])
    result = api.outcome(state)
    assert state["stage"] == "over" and result["called"] and result["ended_by"] == "called"


def test_sc_40_time_is_called_once_and_only_by_the_teacher():
    """SC-40: a seat cannot call time; the teacher cannot call it twice."""
    state = f.at_turn(hands={1: [(1, 0, 0)]})
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": CALL_TIME, "seat": 1})
    assert error.value.code == "teacher_only"
    f.act(state, CALL_TIME, None)
    assert api.legal_actions(state, None) == []
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": CALL_TIME, "seat": None})
    assert error.value.code == "time_already_called"


def test_sc_e06_time_called_in_the_draft_makes_round_1_the_last():
    """SC-E06, SC-G17: called before play starts, the game ends after round 1."""
    state = f.new(2)
    f.act(state, CALL_TIME, None)
    f.act(state, "draft", 2, stack=1)
    f.act(state, "draft", 1, stack=5)
    f.act(state, "take", 1, stack=7)
    f.act(state, "take", 2, stack=7)
    assert state["stage"] == "over" and state["round"] == 1
