"""Selling a potion (AL-52 to AL-58)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.declare import plan_problems, space_open
from games.alchemists.engine.selling import sale_price, smiley_count
from games.alchemists.engine.state import player
from games.engines.base import IllegalAction

from . import factory as f


def seller(reputation=10, bid=0):
    return {"reputation": reputation, "bid": bid}


def sale(n=3, adventurer="AD1", seat=1, bid=0, hand=None):
    """Seat `seat` sells first to `adventurer` with this bid."""
    state = f.at(f.game(n, "apprentice"), "sell", seat, round_=2)
    state["adventurer"] = adventurer
    state["rows"]["sell"] = [seat]
    player(state, seat)["bid"] = bid
    f.hand(state, seat, hand or {"mushroom": 1, "toad": 1, "fern": 1, "mandrake": 1})
    return state


def test_al_52_selling_needs_an_adventurer_two_cubes_once_a_round():
    """Closed in round 1 (no adventurer); one action of 2 cubes (AL-52)."""
    state = f.game(2, "apprentice")
    state["round"] = 1
    assert not space_open(state, "sell")
    state["round"], state["adventurer"] = 2, "AD1"
    assert space_open(state, "sell")
    plan = {"forage": 0, "transmute": 0, "sell": 2, "buy": 0, "debunk": 0, "publish": 0,
            "test": 0, "drink": 0, "assistants": 0, "custodians": 0, "associates": []}
    assert "too_many_actions" in plan_problems(state, 1, plan)


def test_al_53_bids_are_hidden_until_all_are_in_and_the_red_zone_cannot_bid_minus_three():
    """Sellers bid together; others see no bid until the last is in; smileys 1 + |bid| (+1 in
    green or blue) (AL-53, AL-115)."""
    state = f.game(3, "apprentice")
    state.update(round=2, adventurer="AD1", rows={"sell": [1, 2]},
                 pending={"sell": {"1": [1], "2": [1]}})
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    f.hand(state, 2, {"mushroom": 1, "toad": 1})
    f.run(state, {"t": "space", "space": "sell", "pass": 1})
    assert api.current_seats(state) == [1, 2]
    player(state, 2)["reputation"] = 5
    assert [a["bid"] for a in api.legal_actions(state, 2)] == [0, -1, -2]
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "bid", "seat": 2, "bid": -3})
    assert error.value.code == "price_too_low"
    f.act(state, {"type": "bid", "seat": 1, "bid": -2})
    assert api.view_for(state, 2)["players"][0]["bid"] is None
    assert api.view_for(state, 1)["players"][0]["bid"] == -2
    events = f.act(state, {"type": "bid", "seat": 2, "bid": 0})
    assert f.of_type(events, "BidsRevealed")[0]["bids"] == {"1": -2, "2": 0}
    assert smiley_count(seller(15, 0)) == 2 and smiley_count(seller(10, -3)) == 4


def test_al_54_selling_order_by_smileys_ties_keep_rank():
    """A (rank 1, bid 0), B (rank 2, bid -2), C (rank 3, bid -2): B, C, A; A at 15 still last
    (AL-54)."""
    for reputation in (10, 15):
        state = f.game(3, "apprentice")
        state.update(round=2, adventurer="AD1", rows={"sell": [1, 2, 3]},
                     pending={"sell": {"1": [1], "2": [1], "3": [1]}})
        player(state, 1)["reputation"] = reputation
        for seat in (1, 2, 3):
            f.hand(state, seat, {"mushroom": 1, "toad": 1})
        f.run(state, {"t": "space", "space": "sell", "pass": 1})
        for seat, bid in ((1, 0), (2, -2), (3, -2)):
            f.act(state, {"type": "bid", "seat": seat, "bid": bid})
        assert state["rows"]["sell"] == [2, 3, 1]


def test_al_55_potions_are_taken_in_order_at_most_n_minus_one_merchant_excepted():
    """A taken potion cannot be chosen again; after N-1 sales the rest forgo; a Merchant
    ignores both; the first seller's Merchant gives 1 gold (AL-55, AL-82, G-09)."""
    state = sale()
    state["sold"] = ["R+"]
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "sell", "seat": 1, "potion": "R+", "guarantee": "opposite",
                      "ingredients": ["mushroom", "toad"], "merchants": 0, "barmaids": 0})
    assert error.value.code == "potion_taken"
    state["sold"] = ["R+", "G+"]
    assert [a["type"] for a in api.legal_actions(state, 1)] == ["forgo"]
    player(state, 1)["favours"] = {"merchant": 1}
    f.act(state, {"type": "sell", "seat": 1, "potion": "R+", "guarantee": "opposite",
                  "ingredients": ["mushroom", "toad"], "merchants": 1, "barmaids": 0})
    assert state["sold"] == ["R+", "G+", "R+"]
    state = sale()
    player(state, 1)["favours"] = {"merchant": 1}
    events = f.act(state, {"type": "sell", "seat": 1, "potion": "R+", "guarantee": "exact",
                           "ingredients": ["mushroom", "toad"], "merchants": 1, "barmaids": 0})
    assert f.of_type(events, "PotionSold")[0]["merchant_gold"] == 1
    assert player(state, 1)["gold"] == 2 + 4 + 1


def test_al_56_price_is_guarantee_plus_bid_and_zone():
    """Blue, -3, sign: 1; red, -2, exact: 1; red, -2, sign: 0 is refused (AL-56)."""
    assert sale_price(seller(18, -3), "sign") == 1
    assert sale_price(seller(5, -2), "exact") == 1
    assert sale_price(seller(5, -2), "sign") == 0
    state = sale(bid=-2)
    player(state, 1)["reputation"] = 5
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "sell", "seat": 1, "potion": "R+", "guarantee": "sign",
                      "ingredients": ["mushroom", "toad"], "merchants": 0, "barmaids": 0})
    assert error.value.code == "price_too_low"


@pytest.mark.parametrize("pair, guarantee, barmaids, paid, rep", [
    (["mushroom", "feather"], "sign", 0, 3, 10),    # a6 + a8 = G+: sign for R+ -> paid
    (["mushroom", "mandrake"], "sign", 0, 0, 9),    # a6 + a5 = N: not paid, -1
    (["mushroom", "mandrake"], "sign", 1, 3, 10),   # Barmaid: N counts as sign -> paid
    (["mushroom", "toad"], "exact", 1, 4, 11),      # Barmaid and an exact match: +1
    (["claw", "toad"], "neutral", 0, 0, 9),         # a3 + a2 = G-: opposite < neutral
])
def test_al_57_settling_a_sale(pair, guarantee, barmaids, paid, rep):
    """Paid when the quality reaches the guarantee; a neutral or opposite potion costs 1
    reputation; the Barmaid (AL-57, AL-81, G-14)."""
    state = sale(hand={**dict.fromkeys(pair, 1)})
    player(state, 1)["favours"] = {"barmaid": 1} if barmaids else {}
    events = f.act(state, {"type": "sell", "seat": 1, "potion": "R+", "guarantee": guarantee,
                           "ingredients": pair, "merchants": 0, "barmaids": barmaids})
    assert player(state, 1)["gold"] == 2 + paid and player(state, 1)["reputation"] == rep
    sold = f.of_type(events, "PotionSold")[0]
    public = api.events_for([sold], 2)[0]
    assert "made" not in public and "ingredients" not in public and public["quality"]
    assert api.events_for([sold], 1)[0]["made"] == player(state, 1)["sold"][0]


def test_al_58_a_sale_is_one_reputation_change():
    """A Barmaid's exact match is one +1 change (AL-58, AL-85)."""
    state = sale(hand={"mushroom": 1, "toad": 1})
    player(state, 1)["favours"] = {"barmaid": 1}
    events = f.act(state, {"type": "sell", "seat": 1, "potion": "R+", "guarantee": "exact",
                           "ingredients": ["mushroom", "toad"], "merchants": 0, "barmaids": 1})
    assert f.reputation_changes(events) == {1: 1}
    assert len(f.of_type(events, "ReputationChanged")) == 1
