"""Rulings not named elsewhere (AS-G04, AS-G07, AS-G14, AS-G16, AS-G18, AS-G20, AS-G23,
AS-G25)."""

import pytest

from games.art_of_science.engine import api
from games.art_of_science.engine.state import player
from games.engines.base import IllegalAction
from tests.art_of_science.fixtures import records

from .factory import act, answer, ask, chance, game, land, new, points, right, turn_from


def test_as_g04_every_roll_offers_two_landing_squares():
    """After a roll the seat moves the full count one way or the other (AS-G04)."""
    state = game(2)
    turn_from(state, 1, 40)
    chance(state, 7)
    targets = set()
    for direction in ("clockwise", "counterclockwise"):
        twin = api.apply_action(state, {"type": "move", "seat": 1, "direction": direction})[0]
        targets.add(player(twin, 1)["square"])
    assert targets == {5, 33}


def test_as_g07_open_judges_see_the_answer_the_model_and_the_accept_list():
    """An open answer's judges see the typed answer, the model answer and the accept list, and
    vote correct or incorrect (AS-G07)."""
    state = game(3, open_answers=True)
    land(state, 1, 5, 3, "counterclockwise")
    ask(state, "BIO", "open")
    answer(state, 1, "fewer people can pass it on")
    view = api.view_for(state, 2)["question"]
    assert view["answers"] == [{"seat": 1, "value": "fewer people can pass it on"}]
    assert view["key"]["answer"].startswith("The disease") and view["key"]["accept"]
    assert {a["correct"] for a in api.legal_actions(state, 2)} == {True, False, None}


def test_as_g14_orders_are_revealed_together_and_the_start_is_random():
    """The orders come out in one event once all are chosen; the start seat is a chance step
    unless named (AS-G14)."""
    state = api.new_game([{"seat": 1}, {"seat": 2}, {"seat": 3}],
                         {"questions": records(), "language": "en"}, 0)
    events = []
    for seat in (1, 2, 3):
        events = act(state, {"type": "choose_order", "seat": seat,
                             "order": ["OTH", "MAT", "BIO", "CHE", "PHY", "ENG"]})
    revealed = [e for e in events if e["type"] == "OrdersRevealed"]
    assert len(revealed) == 1 and set(revealed[0]["orders"]) == {"1", "2", "3"}
    assert state["step"] == {"kind": "chance", "draw": "start"}


def test_as_g16_one_adviser_per_question_and_none_in_duels():
    """A seat asks one adviser per question; a duel offers no advice (AS-G16)."""
    state = game(3, squares=(3, 2, 4))
    ask(state)
    act(state, {"type": "ask_advice", "seat": 1, "adviser": 3})
    act(state, {"type": "advise", "seat": 3, "suggestion": None})
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "ask_advice", "seat": 1, "adviser": 2})
    assert error.value.code == "advice_not_allowed"
    state = game(2)
    points(state, 1, MAT=1)
    land(state, 1, 5, 2)
    act(state, {"type": "challenge", "seat": 1, "opponent": 2, "stake": 1})
    act(state, {"type": "choose_category", "seat": 2, "category": "MAT"})
    ask(state)
    assert "ask_advice" not in {a["type"] for a in api.legal_actions(state, 1)}


def test_as_g18_a_won_duel_gives_the_challenger_a_spree_roll():
    """With the winning spree, the challenger who wins its duel may roll again (AS-G18)."""
    state = game(2, spree=True)
    points(state, 1, MAT=1)
    points(state, 2, MAT=1)
    land(state, 1, 5, 2)
    act(state, {"type": "challenge", "seat": 1, "opponent": 2, "stake": 1})
    act(state, {"type": "choose_category", "seat": 2, "category": "PHY"})
    ask(state)
    answer(state, 1, right(state))
    assert api.current_seats(state) == [1]  # seat 2's strike of its one point was forced
    act(state, {"type": "distribute", "seat": 1, "points": {"MAT": 1}})
    assert state["step"]["kind"] == "spree" and state["step"]["seat"] == 1


def test_as_g20_a_team_decides_once_per_choice():
    """A team's second tablet repeating a choice already made is refused (AS-G20)."""
    state = game(2)
    ask(state)
    answer(state, 1, right(state))
    act(state, {"type": "take_points", "seat": 1})
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "take_points", "seat": 1})
    assert error.value.code == "not_your_turn"


def test_as_g23_calling_time_changes_no_score():
    """Calling time ranks the seats without touching any card (AS-G23)."""
    state = game(2)
    points(state, 1, MAT=3)
    points(state, 2, BIO=3)
    ask(state)
    act(state, {"type": "call_time", "seat": None})
    answer(state, 1, None)
    result = api.outcome(state)
    assert result["ended_by"] == "time_called" and result["winners"] == [2]
    assert player(state, 1)["points"]["MAT"] == 3


def test_as_g25_each_record_has_one_language_and_translations_link():
    """A Finnish record links to its English original by translation_of; a lesson draws from
    its own language only (AS-G25)."""
    finnish = [r for r in records() if r["lang"] == "fi"]
    english = {r["id"] for r in records() if r["lang"] == "en"}
    assert finnish and all(r["translation_of"] in english for r in finnish)
    assert {q["lang"] for q in new(2, language="fi")["bank"].values()} == {"fi"}
