"""Reputation (AL-84 to AL-87)."""

import pytest

from games.alchemists.engine import reputation
from games.alchemists.engine.state import player

from . import factory as f


@pytest.mark.parametrize("before, d, bonus, after", [
    (14, -1, 0, 12), (18, -5, 0, 11), (6, -1, 0, 6), (2, -5, 0, 1), (15, -2, 0, 12),
    (17, 2, 0, 19), (10, 1, 1, 12), (10, -3, 1, 7),
])
def test_al_84_zones_floor_and_the_robe(before, d, bonus, after):
    """The rules file's cases: green +1 loss, blue +2, red -1, floor 1, Robe +1 on a gain
    (AL-84, G-16)."""
    assert reputation.changed(before, d, bonus) == after


def test_al_85_everything_from_one_outcome_is_one_change():
    """Two debunked theories costing X 5 each are one -10: in the blue zone -12 (AL-85)."""
    state = f.game(2)
    player(state, 2)["reputation"] = 20
    events = []
    reputation.apply(state, {2: -10}, "debunk", events)
    assert player(state, 2)["reputation"] == 8 and len(events) == 1


def test_al_86_zones_while_selling():
    """Green and blue +1 smiley; blue +1 gold, red -1 gold on the price (AL-86)."""
    assert [reputation.smiley_bonus(r) for r in (6, 10, 14, 18)] == [0, 0, 1, 1]
    assert [reputation.price_adjust(r) for r in (6, 10, 14, 18)] == [-1, 0, 0, 1]


def test_al_87_zones_do_not_touch_final_scoring():
    """A blue-zone seat's wrong gold seal costs exactly 4 VP (AL-87)."""
    state = f.game(2)
    f.theory(state, "mushroom", "a1", [(1, "gold")])
    player(state, 1)["reputation"] = 20
    f.run(state, {"t": "final_scoring"})
    row = state["result"]["players"][0]
    assert row["breakdown"]["seals"] == -4 and row["breakdown"]["reputation"] == 20
