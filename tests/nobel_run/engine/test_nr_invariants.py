"""The invariants NR-37 to NR-40 as properties of seeded bot games (60 per seat count here;
test_playouts plays 1,000 per seat count)."""

import pytest

from games.nobel_run.engine import api
from games.nobel_run.engine.invariants import all_cards, conservation, pools

from .factory import arrange, buy, plan, setup_game, use
from .playcheck import checked_game, ends, replayed_identically

SEEDS = range(60)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nr_37_every_card_is_in_exactly_one_zone_at_every_step(n):
    """106 - (20 - 5N) cards in the zones, each kind complete, after every step of 60 seeded
    games (NR-37)."""
    for seed in SEEDS:
        game = checked_game(n, seed)
        on_table = len(all_cards(game.state)) - len(game.state["out_of_game"])
        assert on_table == 106 - (20 - 5 * n)


def test_nr_37_a_lost_card_is_reported():
    """The conservation check finds a card that went missing (NR-37)."""
    state = setup_game(2)
    state["players"][0]["hand"].pop()
    assert conservation(state) and api.check_invariants(state)


def test_nr_38_each_pool_holds_five_while_its_deck_lasts():
    """After a purchase and its refill the pool is back at 5; the check finds a short pool
    (NR-38)."""
    state = arrange(setup_game(2), 1, hand=["predoc"] * 2 + ["work"] * 3,
                    pools={"basic": ["predoc", "predoc", "q4-paper", "q3-paper", "care"]})
    plan(state, uses=[use("predoc", 0)] * 2 + [use("work", 0)] * 3, buys=[buy("predoc")])
    assert pools(state) == []
    while api.current_seats(state) == ["chance"]:
        api.apply_in_place(state, {"type": "chance", "outcome": api.chance_outcomes(state)[0]})
    assert len(state["supply"]["basic"]["pool"]) == 5 and pools(state) == []
    state["supply"]["basic"]["pool"].pop()
    assert pools(state)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nr_40_every_game_ends_and_replays_exactly(n):
    """Seeded mixed-bot games all end; a replay of the log through the validating path gives
    the same state and events (NR-40)."""
    games = [checked_game(n, seed, json_every=1) for seed in range(20)]
    assert sum(ends(games).values()) == 20
    assert all(replayed_identically(n, game) for game in games[:5])
