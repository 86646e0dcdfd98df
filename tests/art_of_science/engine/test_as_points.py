"""Points on the card: caps, locks, unlocked points, distributing and striking out (AS-15 to
AS-19, AS-39; AS-G10, AS-G11)."""

import pytest

from games.art_of_science.engine import api
from games.art_of_science.engine.rules import points as rules
from games.art_of_science.engine.state import player, unlocked_points
from games.engines.base import IllegalAction

from .factory import act, game, points


def card(**by_category):
    """A lesson card in the rulebook's order (MAT 4, BIO 3, CHE 2, PHY 1, ENG 1, OTH 1)."""
    state = game(2)
    points(state, 1, **by_category)
    return state, player(state, 1)


def test_as_15_a_gain_above_the_need_is_lost():
    """A category never holds more than its requirement; the excess is lost (AS-15)."""
    state, p = card(MAT=3)
    out = []
    gained = rules.gain_in(state, 1, "MAT", 3, None, out, "square")
    assert gained == 1 and p["points"]["MAT"] == 4 and out[0]["lost"] == 2


def test_as_16_a_filled_category_is_locked():
    """A filled category takes no gain and gives no points to a strike (AS-16)."""
    state, p = card(MAT=4, BIO=2)
    assert rules.gain_in(state, 1, "MAT", 2, None, [], "square") == 0
    assert rules.room(p, "strike") == {"BIO": 2}
    assert all("MAT" not in split for split in rules.splits(p, "gain", 2))


def test_as_17_unlocked_points_leave_out_filled_categories():
    """U sums the points of unfilled categories only (AS-17)."""
    _, p = card(MAT=4, BIO=2, CHE=1, PHY=1)
    assert unlocked_points(p) == 3


def test_as_18_distributing_splits_over_open_categories():
    """A distribution places whole points in unfilled categories up to their need (AS-18)."""
    _, p = card(MAT=4, BIO=2, CHE=2, PHY=1)
    found = rules.splits(p, "gain", 3)
    assert {"BIO": 1, "ENG": 1, "OTH": 1} in found
    assert all(sum(s.values()) == 3 and set(s) <= {"BIO", "ENG", "OTH"} for s in found)
    assert len(found) == 1


def test_as_g10_points_that_cannot_be_placed_are_lost():
    """Distributing more than the card still needs places what fits; the rest is lost (AS-G10)."""
    state, p = card(MAT=4, BIO=3, CHE=2, PHY=1, ENG=1)
    out = []
    rules.allocate(state, 1, "gain", 3, None, out, "genius")
    assert p["points"]["OTH"] == 1 and out[0]["moved"] == 1 and out[0]["lost"] == 2


def test_as_18_a_real_choice_waits_for_the_seat():
    """With several splits possible the seat chooses; a bad split is refused (AS-18)."""
    state, p = card()
    rules.allocate(state, 1, "gain", 3, None, [], "genius")
    assert api.current_seats(state) == [1]
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "distribute", "seat": 1, "points": {"PHY": 2, "MAT": 1}})
    assert error.value.code == "over_limit"
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "distribute", "seat": 1, "points": {"MAT": 2}})
    assert error.value.code == "wrong_total"
    state["then"] = {"do": "end_turn", "judgement": None}
    act(state, {"type": "distribute", "seat": 1, "points": {"MAT": 2, "ENG": 1}})
    assert player(state, 1)["points"]["MAT"] == 2 and player(state, 1)["points"]["ENG"] == 1


def test_as_19_striking_more_than_unlocked_removes_all_unlocked():
    """Striking x with U < x removes every unlocked point and no locked one (AS-19, AS-G11)."""
    state, p = card(MAT=4, BIO=1, CHE=1)
    rules.allocate(state, 1, "strike", 5, None, [], "duel")
    assert p["points"] == {"MAT": 4, "BIO": 0, "CHE": 0, "PHY": 0, "ENG": 0, "OTH": 0}


def test_as_19_the_seat_chooses_what_to_strike():
    """Striking 1 of 2 open categories is the seat's choice (AS-19)."""
    state, p = card(BIO=1, CHE=1)
    rules.allocate(state, 1, "strike", 1, None, [], "replication")
    legal = api.legal_actions(state, 1)
    assert [a["points"] for a in legal] == [{"BIO": 1}, {"CHE": 1}]


def test_as_39_points_never_leave_their_range():
    """No change takes a category below 0 or above its requirement (AS-39)."""
    state, p = card(BIO=1)
    assert rules.change(state, 1, "BIO", -5, None) == -1
    assert rules.change(state, 1, "PHY", 9, None) == 1
    assert all(0 <= p["points"][c] <= p["req"][c] for c in p["points"])
    assert api.check_invariants(state) == []
    p["points"]["CHE"] = 7
    assert api.check_invariants(state) == ["seat 1: CHE has 7 points"]


def test_the_fallback_split_fills_top_rows_and_strikes_bottom_rows():
    """Without a choice in time: gains fill from row 1, strikes come from row 6 up (part 4)."""
    _, p = card(MAT=1, BIO=1, OTH=0, ENG=0, CHE=1)
    assert rules.auto_split(p, "gain", 4) == {"MAT": 3, "BIO": 1}
    assert rules.auto_split(p, "strike", 2) == {"BIO": 1, "CHE": 1}
