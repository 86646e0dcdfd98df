"""Universal Genius, Duel and Replication Chance (AS-20 to AS-22; AS-G05, AS-G09, AS-G11,
AS-G12)."""

import pytest

from games.art_of_science.engine import api
from games.art_of_science.engine.questions import MACHINE_JUDGED
from games.art_of_science.engine.state import player
from games.engines.base import IllegalAction

from .factory import act, answer, ask, chance, game, land, points, right, types, wrong


def genius(state):
    land(state, 1, 2, 2, "counterclockwise")  # square 0
    return state


def test_as_20_universal_genius_asks_a_chosen_category_for_three_points():
    """The seat names a category; a correct answer distributes 3 (AS-20)."""
    state = genius(game(2))
    assert {a["category"] for a in api.legal_actions(state, 1)} == {
        "MAT", "BIO", "CHE", "PHY", "ENG", "OTH"}
    act(state, {"type": "choose_category", "seat": 1, "category": "OTH"})
    assert state["pending_question"]["category"] == "OTH"
    ask(state)
    answer(state, 1, right(state))
    assert state["step"]["kind"] == "allocate" and state["allocations"][0]["points"] == 3
    act(state, {"type": "distribute", "seat": 1, "points": {"MAT": 2, "OTH": 1}})
    assert player(state, 1)["points"]["MAT"] == 2 and state["turn"]["seat"] == 2


def test_as_20_a_wrong_genius_answer_gives_nothing():
    """A wrong answer on Universal Genius changes nothing and ends the turn (AS-20)."""
    state = genius(game(2))
    act(state, {"type": "choose_category", "seat": 1, "category": "BIO"})
    ask(state)
    answer(state, 1, wrong(state))
    assert sum(player(state, 1)["points"].values()) == 0 and state["turn"]["seat"] == 2


def duel(state, stake=2, category="PHY", opponent=2):
    land(state, 1, 5, 2)  # square 7
    act(state, {"type": "challenge", "seat": 1, "opponent": opponent, "stake": stake})
    act(state, {"type": "choose_category", "seat": opponent, "category": category})
    return state


def test_as_21_no_duel_with_nothing_to_lose():
    """A challenger with no unlocked points cannot duel; the turn ends (AS-21, AS-G11)."""
    state = game(2)
    points(state, 1, PHY=1)  # a filled category: locked, so U = 0
    events = land(state, 1, 5, 2)
    assert "DuelImpossible" in types(events) and state["turn"]["seat"] == 2


def test_as_21_the_stake_is_at_most_the_challengers_unlocked_points():
    """Stakes run from 1 to U; the opponent then names the category (AS-21)."""
    state = game(3)
    points(state, 1, MAT=2, BIO=1, PHY=1)
    land(state, 1, 5, 2)
    legal = api.legal_actions(state, 1)
    assert {a["stake"] for a in legal} == {1, 2, 3} and {a["opponent"] for a in legal} == {2, 3}
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "challenge", "seat": 1, "opponent": 2, "stake": 4})
    assert error.value.code == "bad_challenge"
    act(state, {"type": "challenge", "seat": 1, "opponent": 3, "stake": 3})
    assert api.current_seats(state) == [3]


def test_as_g09_duels_draw_machine_judged_questions_only():
    """A duel's question draw offers no open question (AS-G09)."""
    state = game(2, open_answers=True)
    points(state, 1, MAT=2)
    duel(state, category="BIO")
    formats = {state["bank"][q]["format"] for q in api.chance_outcomes(state)}
    assert formats and formats <= set(MACHINE_JUDGED)
    assert any(q["format"] == "open" and q["category"] == "BIO" for q in state["bank"].values())


def test_as_21_the_first_correct_answer_received_wins():
    """Both duellists answer at once; the first correct answer applied wins at once, and the
    stake moves: the winner distributes, the loser strikes out (AS-21, AS-G09)."""
    state = game(2)
    points(state, 1, MAT=2)
    points(state, 2, MAT=1, BIO=2)
    duel(state, stake=2)
    ask(state)
    assert sorted(api.current_seats(state)) == [1, 2]
    events = answer(state, 2, right(state))
    ended = next(e for e in events if e["type"] == "DuelEnded")
    assert (ended["winner"], ended["loser"], ended["stake"]) == (2, 1, 2)
    assert player(state, 1)["points"]["MAT"] == 0
    with pytest.raises(IllegalAction) as error:
        answer(state, 1, right(state))
    assert error.value.code == "not_your_turn"


def test_as_21_a_wrong_answer_leaves_the_other_side_its_chance():
    """The first answer wrong: the other duellist may still win (AS-21, AS-G09)."""
    state = game(2)
    points(state, 1, MAT=2)
    duel(state, stake=1)
    ask(state)
    answer(state, 1, wrong(state))
    assert api.current_seats(state) == [2]
    with pytest.raises(IllegalAction) as error:
        answer(state, 1, right(state))
    assert error.value.code == "already_answered"
    events = answer(state, 2, right(state))
    assert next(e for e in events if e["type"] == "DuelEnded")["winner"] == 2


def test_as_21_both_wrong_moves_nothing():
    """Neither correct: no points move and the turn ends (AS-21)."""
    state = game(2)
    points(state, 1, MAT=2)
    duel(state, stake=2)
    ask(state)
    answer(state, 1, wrong(state))
    events = answer(state, 2, wrong(state))
    assert next(e for e in events if e["type"] == "DuelEnded")["winner"] is None
    assert player(state, 1)["points"]["MAT"] == 2 and state["turn"]["seat"] == 2


def test_as_g11_a_poorer_loser_loses_all_it_has():
    """The stake is limited by the challenger only; a loser with less loses all its unlocked
    points, never a locked one (AS-G11)."""
    state = game(2)
    points(state, 1, MAT=3)
    points(state, 2, BIO=1, PHY=1)
    duel(state, stake=3)
    ask(state)
    answer(state, 1, right(state))
    assert player(state, 2)["points"]["BIO"] == 0 and player(state, 2)["points"]["PHY"] == 1


def replication(state, face):
    """Seat 1 lands on the Replication Chance on 14 and rolls `face`; the roll's events."""
    land(state, 1, 10, 4)
    return chance(state, face)


def test_as_22_the_roll_names_the_category_and_the_wager_comes_first():
    """Replication Chance: the die picks the category from the table, then the seat wagers
    1…U before seeing the question (AS-22, AS-G05)."""
    state = game(2)
    points(state, 1, MAT=2, BIO=1)
    events = replication(state, 7)
    assert next(e for e in events if e["type"] == "ReplicationRolled")["category"] == "OTH"
    assert state["step"] == {"kind": "wager", "seat": 1, "category": "OTH"}
    assert [a["points"] for a in api.legal_actions(state, 1)] == [1, 2, 3]
    act(state, {"type": "wager", "seat": 1, "points": 3})
    assert state["pending_question"]["category"] == "OTH"
    ask(state)
    answer(state, 1, wrong(state))
    assert sum(player(state, 1)["points"].values()) == 0


def test_as_22_a_correct_replication_gains_the_wager():
    """A correct answer distributes the wager (AS-22)."""
    state = game(2)
    points(state, 1, MAT=1)
    replication(state, 2)
    act(state, {"type": "wager", "seat": 1, "points": 1})
    ask(state)
    answer(state, 1, right(state))
    act(state, {"type": "distribute", "seat": 1, "points": {"BIO": 1}})
    assert player(state, 1)["points"]["BIO"] == 1


def test_as_g12_no_unlocked_points_wager_three_and_cannot_lose():
    """With no unlocked points the wager is 3 and a wrong answer loses nothing (AS-22, AS-G12)."""
    state = game(2)
    points(state, 1, PHY=1)
    events = replication(state, 4)
    wager = next(e for e in events if e["type"] == "WagerPlaced")
    assert (wager["wager"], wager["protected"]) == (3, True)
    ask(state)
    events = answer(state, 1, wrong(state))
    settled = next(e for e in events if e["type"] == "ReplicationSettled")
    assert settled["moved"] == 0 and player(state, 1)["points"]["PHY"] == 1
