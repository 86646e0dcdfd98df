"""Scoring and open information (SC-49 to SC-58, SC-G05, SC-G15, SC-G20)."""

from games.engines.base import PUBLIC, TEACHER
from games.scientia.engine import api
from games.scientia.engine.scoring import breakdown, result, total

from . import factory as f


def seat_with(tracks=None, storage=0, hands=None):
    state = f.at_turn(hands={1: hands or []})
    return state, f.setup(state, 1, tracks=tracks, storage=storage)


def test_sc_49_flask_points_are_the_storage_not_flasks_on_cards():
    """SC-49: 7 flasks in storage score 7; 3 flasks on a card in a slot score nothing."""
    _, p = seat_with(storage=7, hands=[(1, 1, 3)])
    assert breakdown(p)["flasks"] == 7


def test_sc_50_technology_points_are_the_sum_of_the_levels():
    """SC-50: levels 6 + 1 + 0 + 3 score 10."""
    _, p = seat_with(tracks={"PHY": [4, 2], "CHE": [1], "AST": [3]})
    assert breakdown(p)["technology"] == 10


def test_sc_51_special_points_need_a_cube_on_four_and_then_on_three():
    """SC-51, SC-G05: Biology with cubes on 4 and 3 scores both bonuses; 4 alone one; a cube
    passing 3 on the way to 4 none."""
    for cubes, bonus in (([4, 3, 0], 14), ([4, 2], 7), ([3], 0)):
        _, p = seat_with(tracks={"BIO": cubes})
        assert breakdown(p)["bonus_BIO"] == bonus


def test_sc_52_the_physics_bonus_takes_the_best_two_different_fields():
    """SC-52, SC-G20: with both Physics bonuses the two highest levels count (Physics may be
    one of them), and the fields chosen are shown."""
    state, p = seat_with(tracks={"PHY": [4, 3, 0], "CHE": [4, 1], "BIO": [2]})
    assert breakdown(p)["bonus_PHY"] == 7 + 5
    assert result(state)["players"][0]["physics_fields"] == ["PHY", "CHE"]
    _, p = seat_with(tracks={"PHY": [4, 1], "AST": [4, 3, 1]})
    assert breakdown(p)["bonus_PHY"] == 8


def test_sc_53_the_chemistry_bonus_counts_every_cube():
    """SC-53: two Chemistry bonuses with 7 cubes score 14."""
    _, p = seat_with(tracks={"CHE": [4, 3, 0], "PHY": [4, 0]})
    assert breakdown(p)["bonus_CHE"] == 2 * 7


def test_sc_54_each_biology_bonus_is_seven():
    """SC-54: one Biology bonus scores 7."""
    _, p = seat_with(tracks={"BIO": [4, 0]})
    assert breakdown(p)["bonus_BIO"] == 7


def test_sc_55_each_astronomy_bonus_is_a_third_of_the_storage_rounded_down():
    """SC-55: 11 flasks and two bonuses score 2 x 3."""
    _, p = seat_with(tracks={"AST": [4, 3, 0]}, storage=11)
    assert breakdown(p)["bonus_AST"] == 6


def test_sc_56_each_unfinished_card_scores_one():
    """SC-56: two cards in slots score 2."""
    _, p = seat_with(hands=[(1, 3, 0), (5, 0, 2)])
    assert breakdown(p)["unfinished"] == 2


def test_sc_57_the_highest_total_wins_and_ties_share_the_win():
    """SC-57, SC-G15: equal highest totals are both winners; no tie-break."""
    state = f.at_turn(3)
    f.setup(state, 1, storage=4)
    f.setup(state, 3, storage=4)
    f.setup(state, 2, storage=2)
    rows = result(state)
    assert rows["winners"] == [1, 3] and [r["rank"] for r in rows["players"]] == [1, 3, 1]
    assert all(r["score"] == total(state["players"][r["seat"] - 1]) for r in rows["players"])


def test_sc_58_every_viewer_sees_the_same_state_and_events():
    """SC-58: seats, the teacher and the projector see one view (but for `you`), and the same
    events; the seed is in none."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)]})
    events = f.rotate(state, 1, [0, 0])
    views = [api.view_for(state, viewer) for viewer in (1, 2, TEACHER, PUBLIC)]
    assert all({**v, "you": None} == {**views[0], "you": None} for v in views)
    assert "seed" not in views[0] and views[0]["events"] == state["events"]
    assert all(api.events_for(events, viewer) == events for viewer in (1, 2, TEACHER, PUBLIC))
