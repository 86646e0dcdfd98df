"""Advice and the teacher's override (AS-25, AS-34; AS-G16)."""

import pytest

from games.art_of_science.engine import api
from games.art_of_science.engine.state import player
from games.engines.base import IllegalAction

from .factory import act, answer, ask, game, land, points, right, types, wrong


def advised(n=2, squares=(3, 2, 4), **opts):
    """Seat 1 on CHE worth 3, asking seat 2 for advice."""
    state = game(n, squares=squares, **opts)
    ask(state)
    act(state, {"type": "ask_advice", "seat": 1, "adviser": 2})
    return state


def test_as_25_advice_is_a_private_suggestion_and_shares_the_points():
    """The adviser's suggestion reaches the asking seat only; a correct answer gives
    ⌊v/2⌋ to the seat and ⌈v/2⌉ to the adviser, with no new round (AS-25, AS-G16)."""
    state = advised(3)
    assert api.current_seats(state) == [2]
    suggestion = right(state)
    events = act(state, {"type": "advise", "seat": 2, "suggestion": suggestion})
    assert api.events_for(events, 1)[0]["suggestion"] == suggestion
    assert "suggestion" not in api.events_for(events, 3)[0]
    assert "suggestion" not in api.view_for(state, 3)["question"]["advice"]
    events = answer(state, 1, suggestion)
    shared = next(e for e in events if e["type"] == "AdviceShared")
    assert (shared["seat_points"], shared["adviser_points"]) == (1, 2)
    assert player(state, 1)["points"]["CHE"] == 1 and player(state, 2)["points"]["CHE"] == 2
    assert state["turn"]["seat"] == 2


def test_as_25_the_advisers_share_goes_elsewhere_if_its_category_is_full():
    """If the category is filled on the adviser's card the adviser distributes its share
    (AS-25)."""
    state = advised()
    points(state, 2, CHE=2)
    act(state, {"type": "advise", "seat": 2, "suggestion": None})
    answer(state, 1, right(state))
    assert api.current_seats(state) == [2] and state["allocations"][0]["points"] == 2
    act(state, {"type": "distribute", "seat": 2, "points": {"MAT": 2}})
    assert player(state, 2)["points"]["MAT"] == 2


def test_as_25_no_advice_on_special_squares():
    """Advice is offered on category squares only, never on a special square (AS-25)."""
    state = game(2)
    land(state, 1, 2, 2, "counterclockwise")  # Universal Genius
    act(state, {"type": "choose_category", "seat": 1, "category": "MAT"})
    ask(state)
    assert {a["type"] for a in api.legal_actions(state, 1)} == {"answer"}
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "ask_advice", "seat": 1, "adviser": 2})
    assert error.value.code == "advice_not_allowed"


def test_as_25_advice_can_be_switched_off():
    """Without the Advice option no adviser may be asked (AS-25, AS-G22)."""
    state = game(2, advice=False)
    ask(state)
    assert {a["type"] for a in api.legal_actions(state, 1)} == {"answer"}


def test_as_34_the_teacher_reverses_a_correct_answer_before_the_table_acts():
    """Correct reversed to wrong while the points-or-new-round choice waits: the turn ends as
    after a wrong answer; the log keeps both (AS-34)."""
    state = game(2, squares=(3, 2))
    ask(state)
    answer(state, 1, right(state))
    assert api.legal_actions(state, None)[0] == {"type": "override", "seat": None,
                                                 "judgement": 0}
    events = act(state, {"type": "override", "seat": None, "judgement": 0})
    assert types(events)[:2] == ["JudgementOverridden", "TurnEnded"]
    assert state["judgements"][0]["correct"] is False and state["turn"]["seat"] == 2
    assert player(state, 1)["tally"]["CHE"] == [0, 1]


def test_as_34_a_wrong_answer_made_right_after_play_passed_gives_the_points():
    """Wrong reversed to correct after the turn passed (only a draw since): the square's
    points are placed; the turn order stays (AS-34)."""
    state = game(2, squares=(3, 2))
    ask(state)
    answer(state, 1, wrong(state))
    ask(state)  # seat 2's question is drawn: a chance step, not the table's action
    act(state, {"type": "override", "seat": None, "judgement": 0})
    assert player(state, 1)["points"]["CHE"] == 2 and state["turn"]["seat"] == 2


def test_as_34_the_window_closes_at_the_tables_next_action():
    """Once a seat acts, the judgement can no longer be reversed (AS-34)."""
    state = game(2, squares=(3, 2))
    ask(state)
    answer(state, 1, right(state))
    act(state, {"type": "take_points", "seat": 1})
    ask(state)
    answer(state, 2, wrong(state))
    assert [a["judgement"] for a in api.legal_actions(state, None)
            if a["type"] == "override"] == [1]
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "override", "seat": None, "judgement": 0})
    assert error.value.code == "not_reversible"


def test_as_34_an_override_takes_back_a_replications_points():
    """A correct replication reversed after the turn passed: the gain is taken back and the
    wager struck out (AS-34, AS-22)."""
    state = game(2)
    points(state, 1, MAT=2, BIO=1)
    land(state, 1, 10, 4)
    act(state, {"type": "chance", "outcome": 3})
    act(state, {"type": "wager", "seat": 1, "points": 3})
    ask(state)
    answer(state, 1, right(state))
    act(state, {"type": "distribute", "seat": 1, "points": {"CHE": 2, "PHY": 1}})
    assert player(state, 1)["points"]["CHE"] == 2
    state["window"] = [state["judgements"][-1]["id"]]  # as if the distribution were automatic
    act(state, {"type": "override", "seat": None, "judgement": state["window"][0]})
    assert sum(player(state, 1)["points"].values()) == 0


def test_as_34_a_duel_is_resettled_by_the_corrected_verdicts():
    """A duel answer reversed while the stake waits to be split: the duel is decided again in
    the order the answers were received (AS-34, AS-21)."""
    state = game(2)
    points(state, 1, MAT=2, BIO=1)
    points(state, 2, MAT=1, BIO=2)
    land(state, 1, 5, 2)
    act(state, {"type": "challenge", "seat": 1, "opponent": 2, "stake": 2})
    act(state, {"type": "choose_category", "seat": 2, "category": "PHY"})
    ask(state)
    events = answer(state, 1, right(state))
    assert next(e for e in events if e["type"] == "DuelEnded")["winner"] == 1
    assert api.current_seats(state) == [1, 2]  # the winner splits, the loser strikes
    events = act(state, {"type": "override", "seat": None, "judgement": 0})
    assert types(events)[-1] == "DuelResumed" and "DuelEnded" not in types(events)
    assert api.current_seats(state) == [2]  # the opponent has not answered: its turn
    assert [d["key"] for d in api.deadlines(state)] == ["q1:duel1:2"]  # timed anew
    assert player(state, 1)["points"]["MAT"] == 2  # nothing moved yet
    answer(state, 2, right(state))
    assert player(state, 2)["duels"] == [1, 0] and player(state, 1)["duels"] == [0, 1]
