"""Fitting a lesson (NR-G18): the short race ends at a lower goal, and the cards the server
draws cost the pace model no waiting."""

import pytest

from games.engines.base import resolve_chance
from games.nobel_run.engine import api
from games.nobel_run.engine.state import GOALS

from .factory import arrange, buy, plan, set_pp, setup_game, use
from .playcheck import checked_game

PAPER_POOL = ["q4-paper", "q3-paper", "predoc", "care", "local-grant"]
Q3 = {"uses": [use("lab-equipment"), use("predoc", 1), use("work", 1)],
      "buys": [buy("q3-paper")]}


def test_nr_g18_the_short_race_ends_at_its_lower_goal():
    """In the short variant 12 PP triggers the end; the view and the summary say the goal."""
    state = setup_game(2, options={"variant": "short"})
    set_pp(state, 1, GOALS["short"] - 2)
    arrange(state, 1, hand=["lab-equipment", "predoc", "work", "work", "work"],
            pools={"basic": PAPER_POOL})
    events = plan(state, **Q3)
    trigger = next(e for e in events if e["type"] == "EndTriggered")
    assert trigger["pp"] == 12 and trigger["goal"] == 12
    assert api.view_for(state, 2)["goal"] == 12
    assert api.summary(state)["figures"]["goal"] == 12
    assert api.check_invariants(state) == []


def test_nr_g18_the_whole_race_still_needs_20():
    """The full game's goal is the rulebook's 20; 12 PP there triggers nothing."""
    state = setup_game(2)
    set_pp(state, 1, 10)
    arrange(state, 1, hand=["lab-equipment", "predoc", "work", "work", "work"],
            pools={"basic": PAPER_POOL})
    events = plan(state, **Q3)
    assert not any(e["type"] == "EndTriggered" for e in events)
    assert api.view_for(state, 1)["goal"] == 20 == GOALS["lesson"]


def test_cards_the_server_draws_are_instant_for_the_pace_model():
    """A card drawn into a hand and a deck's new top are instant; drawing the first seat keeps
    a chance step's time (None)."""
    state = api.new_game([{"seat": 1}, {"seat": 2}], {}, 3)
    kinds = {}
    while api.current_seats(state) == ["chance"]:
        action = resolve_chance(api.ENGINE, state, 3)
        kinds[state["step"]["draw"]] = api.pace_kind(state, action)
        state, _events = api.apply_action(state, action)
    assert kinds == {"top": "instant", "card": "instant", "first_seat": None}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nr_g18_short_races_keep_every_invariant_and_end(n):
    """30 seeded short games per seat count with both bots: invariants after every step, and
    each ends with a result, almost always by reaching the goal."""
    reached = 0
    for seed in range(30):
        game = checked_game(n, seed, options={"variant": "short"})
        reached += api.outcome(game.state)["ended_by"] == "prestige"
    assert reached >= 25
