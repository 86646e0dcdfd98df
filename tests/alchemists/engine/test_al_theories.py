"""Theories, seals and grants (AL-59 to AL-64)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.state import player
from games.alchemists.engine.theories import supply
from games.engines.base import IllegalAction

from . import factory as f


def publish(state, seat, ingredient, token, seal="silver"):
    f.at(state, "publish", seat)
    return f.act(state, {"type": "publish", "seat": seat, "ingredient": ingredient,
                         "token": token, "seal": seal})


def endorse(state, seat, ingredient, seal="silver"):
    f.at(state, "publish", seat)
    return f.act(state, {"type": "endorse", "seat": seat, "ingredient": ingredient,
                         "seal": seal})


def test_al_59_one_theory_per_ingredient_one_token_per_theory():
    """A published token leaves the supply; neither it nor the ingredient can be used again
    (AL-59)."""
    state = f.game(3)
    state["round"] = 2
    publish(state, 1, "mushroom", "a6")
    assert "a6" not in supply(state) and len(supply(state)) == 7
    f.at(state, "publish", 2)
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "publish", "seat": 2, "ingredient": "mushroom", "token": "a1",
                      "seal": "gold"})
    assert error.value.code == "ingredient_has_theory"
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "publish", "seat": 2, "ingredient": "toad", "token": "a6",
                      "seal": "gold"})
    assert error.value.code == "token_in_use"


def test_al_60_publishing_costs_a_gold_and_gains_reputation():
    """1 gold, +1 reputation; with the Seal of Authority and the Robe of Respect +4 (AL-60,
    G-13)."""
    state = f.game(2)
    state["round"] = 2
    publish(state, 1, "mushroom", "a6")
    assert player(state, 1)["gold"] == 1 and player(state, 1)["reputation"] == 11
    player(state, 2)["artifacts"] += ["seal_of_authority", "robe_of_respect", "printing_press"]
    publish(state, 2, "toad", "a2")
    assert player(state, 2)["reputation"] == 14 and player(state, 2)["gold"] == 2


def test_al_61_endorsing_pays_the_coauthors():
    """1 gold to the bank and 1 to each seal owner, no reputation; Seal of Authority and Robe
    give +3; not one's own theory; 3 seals fill it (AL-61)."""
    state = f.game(4)
    state["round"] = 2
    publish(state, 1, "mushroom", "a6")
    endorse(state, 2, "mushroom")
    assert player(state, 2)["gold"] == 0 and player(state, 1)["gold"] == 2
    assert player(state, 2)["reputation"] == 10
    player(state, 3)["gold"] = 5
    player(state, 3)["artifacts"] += ["seal_of_authority", "robe_of_respect"]
    endorse(state, 3, "mushroom")
    assert player(state, 3)["gold"] == 2 and player(state, 3)["reputation"] == 13
    f.at(state, "publish", 4)
    player(state, 4)["gold"] = 9
    assert all(a["type"] != "endorse" for a in api.legal_actions(state, 4))
    with pytest.raises(IllegalAction) as error:
        endorse(state, 4, "mushroom")
    assert error.value.code == "cannot_endorse"
    with pytest.raises(IllegalAction) as error:
        endorse(state, 1, "mushroom")
    assert error.value.code == "cannot_endorse"


def test_al_62_seal_kinds_are_known_only_to_their_owner():
    """Others see who sealed a theory, never the kind, nor the kinds of unused seals (AL-62)."""
    state = f.game(2)
    state["round"] = 2
    events = publish(state, 1, "mushroom", "a6", seal="gold")
    assert api.view_for(state, 2)["theories"][0]["seals"] == [{"seat": 1}]
    assert api.view_for(state, 1)["theories"][0]["seals"] == [{"seat": 1, "kind": "gold"}]
    assert "seals" not in api.view_for(state, 2)["players"][0]
    assert api.view_for(state, 2)["players"][0]["seals_left"] == 10
    assert "seal" not in api.events_for(events, 2)[0]
    assert "seal" not in api.events_for(events, None)[0]


def test_al_63_eleven_seals_for_the_whole_game():
    """A seat with no unused seal of a kind cannot use it; with none at all cannot publish
    (AL-63)."""
    state = f.game(2)
    state["round"] = 2
    p = player(state, 1)
    p["seals"] = {"gold": 0, "silver": 0, "hedge_R": 0, "hedge_G": 0, "hedge_B": 1}
    f.at(state, "publish", 1)
    assert {a["seal"] for a in api.legal_actions(state, 1) if a["type"] != "forgo"} == {
        "hedge_B"}
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "publish", "seat": 1, "ingredient": "toad", "token": "a2",
                      "seal": "gold"})
    assert error.value.code == "no_such_seal"
    p["seals"]["hedge_B"] = 0
    assert [a["type"] for a in api.legal_actions(state, 1)] == ["forgo"]


def test_al_64_grants_two_ingredients_first_then_three():
    """Seals on mushroom and fern take G1 and 2 gold; later scorpion and feather take G4,
    which needs all three (AL-64, G-11)."""
    state = f.game(2, "apprentice")
    state["round"] = 2
    player(state, 1)["gold"] = 9
    publish(state, 1, "mushroom", "a6")
    events = publish(state, 1, "fern", "a1")
    assert f.of_type(events, "GrantTaken")[0]["grant"] == "G1"
    assert player(state, 1)["grants"] == ["G1"] and player(state, 1)["gold"] == 9 - 2 + 2
    publish(state, 1, "scorpion", "a7", seal="gold")
    assert player(state, 1)["grants"] == ["G1"]
    events = publish(state, 1, "feather", "a8", seal="gold")
    assert f.of_type(events, "GrantTaken")[0]["grant"] == "G4"


def test_al_64_several_first_grants_at_once_are_a_choice():
    """One placement meeting two first-grant tiles takes one, of the seat's choice (AL-64)."""
    state = f.game(2, "apprentice")
    state["round"] = 2
    player(state, 1)["gold"] = 9
    f.theory(state, "mushroom", "a6", [(1, "silver")])
    f.theory(state, "toad", "a2", [(2, "silver")])
    f.theory(state, "flower", "a4", [(1, "silver")])
    f.at(state, "publish", 1)
    f.act(state, {"type": "endorse", "seat": 1, "ingredient": "toad", "seal": "gold"})
    assert state["step"]["decision"] == "choose_grant"
    assert state["step"]["tiles"] == ["G1", "G2"]
    f.act(state, {"type": "choose_grant", "seat": 1, "grant": "G2"})
    assert player(state, 1)["grants"] == ["G2"] and state["grants"]["G1"] is None
