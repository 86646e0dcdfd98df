"""Foraging, transmuting, artifacts and experiments (AL-37 to AL-51)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.artifacts import price
from games.alchemists.engine.notebook import check_note, write_note
from games.alchemists.engine.state import player
from games.engines.base import IllegalAction

from . import factory as f


def test_al_37_forage_from_the_row_or_the_deck():
    """A row card is public and the row is not refilled; a deck card is drawn privately
    (AL-37)."""
    state = f.at(f.game(2), "forage", 1, round_=1)
    state["row"] = {"fern": 1}
    f.hand(state, 1, {})
    events = f.act(state, {"type": "forage", "seat": 1, "source": "row", "ingredient": "fern"})
    assert state["row"] == {} and player(state, 1)["hand"] == {"fern": 1}
    assert api.events_for(events, 2)[0]["ingredient"] == "fern"
    f.at(state, "forage", 1)
    f.act(state, {"type": "forage", "seat": 1, "source": "deck", "ingredient": None})
    drawn = f.chance(state, "toad")
    assert "ingredient" not in api.events_for(drawn, 2)[0]
    assert player(state, 1)["hand"] == {"fern": 1, "toad": 1}


def test_al_38_transmute_discards_face_down_for_a_gold():
    """1 gold for a card, which only the seat sees (AL-38)."""
    state = f.at(f.game(2), "transmute", 1, round_=1)
    f.hand(state, 1, {"toad": 1})
    events = f.act(state, {"type": "transmute", "seat": 1, "ingredient": "toad", "sages": 0})
    assert player(state, 1)["gold"] == 3 and player(state, 1)["hand"] == {}
    assert "ingredient" not in api.events_for(events, 2)[0]
    assert state["discards"]["ingredient"]["toad"] == 1


def test_al_39_artifact_prices_with_discount_card_and_shopkeeper():
    """Discount Card: -2 then -1 then full price; a Shopkeeper -1; never below 1 (AL-39,
    G-24)."""
    p = {"discounts": [2, 1]}
    assert price(p, "bronze_cup", 0) == 2
    p["discounts"] = [1]
    assert price(p, "bronze_cup", 0) == 3
    p["discounts"] = []
    assert price(p, "bronze_cup", 0) == 4 and price(p, "bronze_cup", 1) == 3
    assert price({"discounts": [2]}, "altar_of_gold", 1) == 1
    state = f.at(f.game(2, "apprentice"), "buy", 1, round_=1)
    state["artifact_row"] = ["discount_card", "periscope"]
    player(state, 1)["gold"] = 6
    f.act(state, {"type": "buy", "seat": 1, "artifact": "discount_card", "shopkeepers": 0})
    assert player(state, 1)["gold"] == 3 and player(state, 1)["discounts"] == [2, 1]
    assert state["artifact_row"] == ["periscope"]
    f.at(state, "buy", 1)
    f.act(state, {"type": "buy", "seat": 1, "artifact": "periscope", "shopkeepers": 0})
    assert player(state, 1)["gold"] == 2 and player(state, 1)["discounts"] == [1]


def test_al_39_a_seat_must_be_able_to_pay():
    """Buying what it cannot pay is refused with cannot_pay (AL-39)."""
    state = f.at(f.game(2, "apprentice"), "buy", 1, round_=1)
    state["artifact_row"] = ["bronze_cup"]
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "buy", "seat": 1, "artifact": "bronze_cup", "shopkeepers": 0})
    assert error.value.code == "cannot_pay"


@pytest.mark.parametrize("artifact, check", [
    ("amulet_of_rhetoric", lambda s, e: player(s, 1)["reputation"] == 15),
    ("hypnotic_amulet", lambda s, e: s["step"]["draw"] == "favour"),
    ("witchs_trunk", lambda s, e: s["step"]["draw"] == "ingredient"),
])
def test_al_40_immediate_effects(artifact, check):
    """Amulet of Rhetoric +5 reputation; Hypnotic Amulet draws favours; Witch's Trunk draws
    ingredients (AL-40)."""
    state = f.at(f.game(2, "apprentice"), "buy", 1, round_=4)
    state["artifact_row"] = [artifact]
    player(state, 1)["gold"] = 9
    events = f.act(state, {"type": "buy", "seat": 1, "artifact": artifact, "shopkeepers": 0})
    assert check(state, events)


def test_al_40_altar_of_gold_buys_reputation():
    """Pay X gold (1 to 8, at most what it has) for X reputation (AL-40)."""
    state = f.at(f.game(2, "apprentice"), "buy", 1, round_=6)
    state["artifact_row"] = ["altar_of_gold"]
    player(state, 1)["gold"] = 4
    f.act(state, {"type": "buy", "seat": 1, "artifact": "altar_of_gold", "shopkeepers": 0})
    assert [a["gold"] for a in api.legal_actions(state, 1)] == [1, 2, 3]
    f.act(state, {"type": "altar", "seat": 1, "gold": 3})
    assert player(state, 1)["gold"] == 0 and player(state, 1)["reputation"] == 13


def test_al_41_mixing_discards_both_cards_or_one_with_the_mortar():
    """Both cards are discarded; with the Magic Mortar a chance step picks the discarded one
    and the other returns to the hand (AL-41)."""
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    f.act(state, {"type": "test", "seat": 1, "ingredients": ["toad", "mushroom"]})
    assert player(state, 1)["hand"] == {}
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    player(state, 1)["artifacts"].append("magic_mortar")
    f.act(state, {"type": "test", "seat": 1, "ingredients": ["mushroom", "toad"]})
    assert api.chance_outcomes(state) == ["mushroom", "toad"]
    f.chance(state, "toad")
    assert player(state, 1)["hand"] == {"mushroom": 1}


def test_al_42_the_periscope_shows_one_ingredient_privately():
    """When another seat mixes, the owner learns one of the two by a chance step (AL-42)."""
    state = f.at(f.game(3), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    player(state, 3)["artifacts"].append("periscope")
    f.act(state, {"type": "test", "seat": 1, "ingredients": ["mushroom", "toad"]})
    assert state["step"]["draw"] == "periscope"
    events = f.chance(state, "toad")
    sighting = f.of_type(events, "PeriscopeSighted")[0]
    assert sighting["ingredient"] == "toad" and sighting["seat"] == 3
    assert "ingredient" not in api.events_for(events, 1)[0]
    assert player(state, 3)["results"] == [["one", "toad", ["R+"]]]


def test_al_43_experiments_enter_the_public_record_sales_the_private_one():
    """A tested potion is in the seat's public record; a sold potion only in its own (AL-43,
    C-09)."""
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    f.act(state, {"type": "test", "seat": 1, "ingredients": ["mushroom", "toad"]})
    assert api.view_for(state, 2)["players"][0]["potions"] == ["R+"]
    p = player(state, 1)
    p["sold"].append("B-")
    assert "sold" not in api.view_for(state, 2)["players"][0]
    assert api.view_for(state, 1)["players"][0]["sold"] == ["B-"]


def test_al_44_everyone_learns_the_potion_only_the_mixer_the_ingredients():
    """The public event names the seat and the potion, never the ingredients (AL-44)."""
    state = f.at(f.game(2), "drink", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    events = f.act(state, {"type": "drink", "seat": 1, "ingredients": ["mushroom", "toad"]})
    mixed = f.of_type(events, "PotionMixed")[0]
    shown = api.events_for([mixed], 2)[0]
    assert shown["potion"] == "R+" and shown["seat"] == 1 and "ingredients" not in shown
    assert api.events_for([mixed], 1)[0]["ingredients"] == ["mushroom", "toad"]
    assert "ingredients" not in api.events_for([mixed], None)[0]


def test_al_45_the_notebook_is_the_seats_own_and_never_filled_by_the_server():
    """The server records results, never grid marks; a note is no game action at all (the
    platform keeps the grid beside the game, so writing one changes nothing any seat sees), and
    a note writes one cell of the seat's own grid (AL-45, G-29)."""
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    f.act(state, {"type": "test", "seat": 1, "ingredients": ["mushroom", "toad"]})
    assert player(state, 1)["results"] == [["pair", "mushroom", "toad", ["R+"]]]
    assert "notebook" not in player(state, 1)
    assert "notebook" not in api.view_for(state, 1)["players"][0]
    with pytest.raises(IllegalAction) as refused:
        api.apply_action(state, {"type": "note", "seat": 1, "ingredient": "mushroom",
                                 "alchemical": "a1", "mark": "no"})
    assert refused.value.code in ("not_your_turn", "wrong_step")
    note = check_note({"ingredient": "mushroom", "alchemical": "a1", "mark": "no"})
    grid = write_note({}, note)
    assert grid == {"mushroom": {"a1": "no"}}
    assert write_note(grid, {**note, "mark": None}) == {}
    assert check_note({"ingredient": "mushroom", "alchemical": "a9", "mark": "no"}) is None
    assert check_note({"ingredient": "mushroom", "alchemical": "a1", "mark": "sure"}) is None


def test_al_46_the_student_is_paid_once_discouraged():
    """A's B- test is free and discourages the student; B then pays 1; no gold, no test
    (AL-46)."""
    state = f.at(f.game(2), "test", 1, round_=2)
    f.hand(state, 1, {"mushroom": 1, "fern": 1})
    f.act(state, {"type": "test", "seat": 1, "ingredients": ["mushroom", "fern"]})
    assert player(state, 1)["gold"] == 2 and state["student"] == "discouraged"
    f.at(state, "test", 2)
    f.hand(state, 2, {"mushroom": 1, "toad": 1})
    events = f.act(state, {"type": "test", "seat": 2, "ingredients": ["mushroom", "toad"]})
    assert player(state, 2)["gold"] == 1 and f.of_type(events, "PotionMixed")[0]["fee"] == 1
    player(state, 2)["gold"] = 0
    f.at(state, "test", 2)
    f.hand(state, 2, {"mushroom": 1, "toad": 1})
    assert [a["type"] for a in api.legal_actions(state, 2)] == ["forgo"]
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "test", "seat": 2, "ingredients": ["mushroom", "toad"]})
    assert error.value.code == "cannot_pay_student"


def test_al_47_a_new_round_brings_an_eager_student():
    """The student is eager again at every round start (AL-47)."""
    state = f.game(2)
    state["student"] = "discouraged"
    f.run(state, {"t": "round_start"})
    assert state["student"] == "eager"


@pytest.mark.parametrize("pair, effect", [(["fern", "mandrake"], "poison"),
                                          (["claw", "toad"], "paralysis"),
                                          (["mushroom", "fern"], "insanity")])
def test_al_48_drink_effects(pair, effect):
    """Poison: a cube to hospital; Paralysis: green space next round; Insanity: -1 reputation
    (AL-48)."""
    state = f.at(f.game(2), "drink", 1, round_=2)
    f.hand(state, 1, dict.fromkeys(pair, 1))
    f.act(state, {"type": "drink", "seat": 1, "ingredients": pair})
    p = player(state, 1)
    assert {"poison": p["hospital"] == 1, "paralysis": state["paralysed"] == [1],
            "insanity": p["reputation"] == 9}[effect]


def test_al_49_each_drink_effect_once_a_round_and_none_in_the_last():
    """A second Insanity in a round does nothing; Poison in the last round does nothing
    (AL-49)."""
    state = f.at(f.game(2), "drink", 1, round_=2)
    f.hand(state, 1, {"mushroom": 2, "fern": 2})
    f.act(state, {"type": "drink", "seat": 1, "ingredients": ["mushroom", "fern"]})
    f.at(state, "drink", 1)
    f.act(state, {"type": "drink", "seat": 1, "ingredients": ["mushroom", "fern"]})
    assert player(state, 1)["reputation"] == 9
    state = f.at(f.game(2), "drink", 1, round_=4)
    f.hand(state, 1, {"fern": 1, "mandrake": 1})
    f.act(state, {"type": "drink", "seat": 1, "ingredients": ["fern", "mandrake"]})
    assert player(state, 1)["hospital"] == 0


def test_al_50_the_custodian_is_a_drink_after_transmute():
    """Custodian cards resolve after Transmute, before Sell, as Drink actions (AL-50,
    G-27)."""
    from games.alchemists.engine.declare import SPACE_ORDER

    assert SPACE_ORDER.index("transmute") < SPACE_ORDER.index("custodian") < SPACE_ORDER.index(
        "sell")
    state = f.at(f.game(2, "apprentice"), "custodian", 1, round_=6)
    f.hand(state, 1, {"mushroom": 1, "fern": 1})
    events = f.act(state, {"type": "drink", "seat": 1, "ingredients": ["fern", "mushroom"]})
    assert f.of_type(events, "PotionMixed")[0]["how"] == "custodian"
    assert player(state, 1)["reputation"] == 9


def test_al_51_the_thinking_cap_tests_twice_keeping_the_cards():
    """Up to two tests with four different cards, kept in hand, no fee, student unchanged
    (AL-51)."""
    state = f.at(f.game(2, "apprentice"), "buy", 1, round_=4)
    state["artifact_row"] = ["thinking_cap"]
    state["student"] = "discouraged"
    player(state, 1)["gold"] = 4
    f.hand(state, 1, {"mushroom": 1, "fern": 1, "toad": 1})
    f.act(state, {"type": "buy", "seat": 1, "artifact": "thinking_cap", "shopkeepers": 0})
    f.act(state, {"type": "cap_test", "seat": 1, "ingredients": ["mushroom", "fern"]})
    assert player(state, 1)["hand"] == {"mushroom": 1, "fern": 1, "toad": 1}
    assert state["step"] is None  # only toad is left unused: no second pair
    assert player(state, 1)["gold"] == 0 and state["student"] == "discouraged"
    assert player(state, 1)["potions"] == ["B-"]
