"""Favour cards (AL-76 to AL-83)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.state import player
from games.engines.base import IllegalAction

from . import factory as f


def declaring(n=2):
    """Seat 1 declares round 2 of an apprentice game, ranks 1, 2."""
    state = f.game(n, "apprentice")
    state.update(round=2, adventurer="AD1", ranks=[1, 2], plans={}, associates_played=[],
                 queue=[], step={"kind": "decide", "decision": "declare", "seat": 1})
    return state


def plan(seat=1, **counts):
    spaces = ("forage", "transmute", "sell", "buy", "debunk", "publish", "test", "drink")
    return {"type": "declare", "seat": seat, **{s: counts.get(s, 0) for s in spaces},
            "assistants": counts.get("assistants", 0), "custodians": counts.get("custodians", 0),
            "associates": counts.get("associates", [])}


def test_al_76_favours_are_private_and_go_to_the_discard_when_played():
    """Others see how many favours a seat holds, not which; a played card is discarded
    (AL-76)."""
    state = declaring()
    player(state, 1)["favours"] = {"assistant": 1, "sage": 1}
    assert api.view_for(state, 2)["players"][0]["favour_count"] == 2
    assert "favours" not in api.view_for(state, 2)["players"][0]
    f.act(state, plan(forage=3, transmute=2, test=1, assistants=1))
    assert player(state, 1)["favours"] == {"sage": 1}
    assert state["discards"]["favour"] == {"assistant": 1}


def test_al_77_the_herbalist_draws_three_and_discards_two():
    """When received: 3 ingredients, then any 2 ingredient cards are discarded face down; then
    the card is played (AL-77, G-26)."""
    state = f.game(2)
    f.hand(state, 1, {"toad": 1})
    player(state, 1)["favours"] = {"herbalist": 1}
    f.run(state, {"t": "favour_received", "seat": 1, "favour": "herbalist", "inert": False})
    assert player(state, 1)["favours"] == {}
    f.settle(state)
    assert sum(player(state, 1)["hand"].values()) == 4
    assert state["step"]["decision"] == "herbalist"
    events = f.act(state, {"type": "discard", "seat": 1, "ingredients": ["fern", "toad"]})
    assert sum(player(state, 1)["hand"].values()) == 2
    assert "ingredients" not in api.events_for(events, 2)[0]
    state = f.game(2)
    f.run(state, {"t": "favour_received", "seat": 1, "favour": "herbalist", "inert": True})
    assert state["step"] is None


def test_al_78_the_assistant_adds_a_cube():
    """With an Assistant played the plan places one cube more (AL-78)."""
    state = declaring()
    player(state, 1)["favours"] = {"assistant": 1}
    with pytest.raises(IllegalAction) as error:
        f.act(state, plan(forage=3, transmute=2, assistants=1))
    assert error.value.code == "cubes_left"
    f.act(state, plan(forage=3, transmute=2, test=1, assistants=1))
    assert state["plans"]["1"]["assistants"] == 1


def test_al_79_the_associate_is_played_on_a_space_with_cubes():
    """An Associate on a space without the seat's cubes is refused (AL-79)."""
    state = declaring()
    player(state, 1)["favours"] = {"associate": 1}
    with pytest.raises(IllegalAction) as error:
        f.act(state, plan(forage=3, transmute=2, associates=["sell"]))
    assert error.value.code == "associate_off_plan"
    f.act(state, plan(forage=3, transmute=2, associates=["forage"]))
    assert state["associates_played"] == [[1, "forage"]]


def test_al_80_the_custodian_takes_a_cube_and_drinks():
    """A Custodian played puts one of the seat's cubes on it: a drink action (AL-80, AL-50)."""
    state = declaring()
    player(state, 1)["favours"] = {"custodian": 1}
    f.act(state, plan(forage=2, transmute=2, custodians=1))
    state["step"] = {"kind": "decide", "decision": "declare", "seat": 2}
    state["queue"] = [{"t": "rows"}]
    f.act(state, plan(2, forage=3, transmute=2))
    assert state["pending"]["custodian"] == {"1": [1]}


def test_al_81_the_barmaid_needs_one_in_hand():
    """A sale naming a Barmaid the seat does not hold is refused (AL-81)."""
    state = f.at(f.game(3, "apprentice"), "sell", 1, round_=2)
    state.update(adventurer="AD1", rows={"sell": [1]})
    player(state, 1)["bid"] = 0
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "sell", "seat": 1, "potion": "R+", "guarantee": "exact",
                      "ingredients": ["mushroom", "toad"], "merchants": 0, "barmaids": 1})
    assert error.value.code == "no_such_favour"


def test_al_82_the_merchant_lets_a_later_seller_choose_as_if_first():
    """Not first, with a Merchant: a potion already chosen may be chosen (AL-82)."""
    state = f.at(f.game(3, "apprentice"), "sell", 2, round_=2)
    state.update(adventurer="AD1", rows={"sell": [1, 2]}, sold=["R+"])
    player(state, 2).update(bid=0, favours={"merchant": 1})
    f.hand(state, 2, {"mushroom": 1, "toad": 1})
    events = f.act(state, {"type": "sell", "seat": 2, "potion": "R+", "guarantee": "exact",
                           "ingredients": ["mushroom", "toad"], "merchants": 1, "barmaids": 0})
    assert f.of_type(events, "PotionSold")[0]["merchant_gold"] == 0
    assert player(state, 2)["gold"] == 6


def test_al_83_sage_and_shopkeeper():
    """Two Sages: 3 gold for a card; a Shopkeeper takes 1 off, never below 1 (AL-83)."""
    state = f.at(f.game(2, "apprentice"), "transmute", 1, round_=1)
    player(state, 1)["favours"] = {"sage": 2}
    f.hand(state, 1, {"toad": 1})
    f.act(state, {"type": "transmute", "seat": 1, "ingredient": "toad", "sages": 2})
    assert player(state, 1)["gold"] == 5 and player(state, 1)["favours"] == {}
    f.at(state, "buy", 1)
    state["artifact_row"] = ["bronze_cup"]
    player(state, 1)["favours"] = {"shopkeeper": 1}
    f.act(state, {"type": "buy", "seat": 1, "artifact": "bronze_cup", "shopkeepers": 1})
    assert player(state, 1)["gold"] == 2
