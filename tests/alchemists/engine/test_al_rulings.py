"""The rulings of the rules file (G-xx) and this engine's own (H-xx), where they are testable."""

import random
from collections import Counter

import pytest

from games.alchemists.engine import api, knowledge
from games.alchemists.engine.alchemy import mix
from games.alchemists.engine.content import (
    ADVENTURERS,
    ARTIFACTS,
    GRANTS,
    TURN_ORDER,
    VARIANTS,
)
from games.alchemists.engine.declare import slots
from games.alchemists.engine.experiments import DRINK_EFFECTS
from games.alchemists.engine.scoring import artifact_vp
from games.alchemists.engine.state import player
from games.engines.base import IllegalAction

from . import factory as f


def test_al_g01_potion_colours_follow_the_drink_effects():
    """R- Poison, G- Paralysis, B- Insanity; the seed's examples fit (G-01)."""
    assert DRINK_EFFECTS == {"R-": "poison", "G-": "paralysis", "B-": "insanity"}
    assert mix("a6", "a2") == "R+" and mix("a6", "a8") == "G+"


def test_al_g03_starting_gold_is_two():
    """Every variant starts each seat with 2 gold (G-03)."""
    assert {v["start_gold"] for v in VARIANTS.values()} == {2}


def test_al_g05_the_track_as_the_standard_game():
    """T1 pays 1, T7 only with 4 seats, T8 not with 2, green 1 ingredient + 1 favour (G-05)."""
    assert TURN_ORDER["T1"]["gold"] == -1 and TURN_ORDER["T7"]["seats"] == [4]
    assert TURN_ORDER["T8"]["seats"] == [3, 4]
    assert (TURN_ORDER["green"]["ingredients"], TURN_ORDER["green"]["favours"]) == (1, 1)


def test_al_g07_slot_costs():
    """Forage 1/1/1 (1/1 with 4 seats), Transmute 1 then 2, Sell 2, Exhibit 3 or 4 slots
    (G-07)."""
    state = f.game(4, "apprentice")
    assert slots(state, "forage") == [1, 1] and slots(state, "transmute") == [1, 2]
    assert slots(state, "sell") == [2] and slots(state, "exhibit") == [1, 1, 1]
    assert slots(f.game(3, "apprentice"), "exhibit") == [1, 1, 1, 1]


def test_al_g08_six_adventurers_each_wanting_one_potion_of_each_colour():
    """Every adventurer wants three potions of different colours (G-08)."""
    assert len(ADVENTURERS) == 6
    for adventurer in ADVENTURERS.values():
        assert sorted(p[0] for p in adventurer["wants"]) == ["B", "G", "R"]


def test_al_g11_every_ingredient_is_on_two_grant_tiles():
    """Four outer tiles of 3 (2 VP) and the central one of 4 (1 VP) (G-11)."""
    counts = Counter(i for g in GRANTS.values() for i in g["ingredients"])
    assert set(counts.values()) == {2} and len(counts) == 8
    assert sorted(g["vp"] for g in GRANTS.values()) == [1, 2, 2, 2, 2]


def test_al_g12_artifact_costs_and_points():
    """Six a level; e.g. Boots 4/2, Silver Chalice 4/6, Altar 1/0 (G-12)."""
    assert Counter(a["level"] for a in ARTIFACTS.values()) == {1: 6, 2: 6, 3: 6}
    assert (ARTIFACTS["boots_of_speed"]["cost"], ARTIFACTS["boots_of_speed"]["vp"]) == (4, 2)
    assert (ARTIFACTS["silver_chalice"]["cost"], ARTIFACTS["silver_chalice"]["vp"]) == (4, 6)
    assert (ARTIFACTS["altar_of_gold"]["cost"], ARTIFACTS["altar_of_gold"]["vp"]) == (1, 0)


def test_al_g13_the_seal_of_authority_gives_two():
    """Endorsing with only the Seal of Authority: +2 (G-13)."""
    state = f.game(2)
    f.theory(state, "mushroom", "a6", [(2, "gold")])
    player(state, 1)["artifacts"] = ["seal_of_authority"]
    f.at(state, "publish", 1, round_=2)
    f.act(state, {"type": "endorse", "seat": 1, "ingredient": "mushroom", "seal": "silver"})
    assert player(state, 1)["reputation"] == 12


def test_al_g16_reputation_never_below_one_and_without_a_ceiling():
    """A loss stops at 1; a gain goes past 30 (G-16)."""
    from games.alchemists.engine.reputation import changed

    assert changed(3, -9) == 1 and changed(30, 5) == 35


def test_al_g18_two_paralysed_seats_earliest_first():
    """Paralysed in the order 2 then 1: ranks end with 2, 1 (G-18)."""
    state = f.game(3)
    state["green"] = [2, 1]
    f.run(state, {"t": "ranks"})
    assert state["ranks"][-2:] == [2, 1]


def test_al_g21_the_periscope_has_no_limit():
    """Two mixes by others in one round: two sightings (G-21)."""
    state = f.at(f.game(2), "test", 1, round_=1)
    player(state, 2)["artifacts"] = ["periscope"]
    f.hand(state, 1, {"mushroom": 2, "toad": 2})
    for _ in range(2):
        f.at(state, "test", 1)
        f.act(state, {"type": "test", "seat": 1, "ingredients": ["mushroom", "toad"]})
        f.chance(state, "toad")
    assert len(player(state, 2)["sightings"]) == 2


def test_al_g23_the_crystal_cabinet_counts_itself():
    """Two artifacts with the Cabinet: 4 VP from it (G-23)."""
    assert artifact_vp({"artifacts": ["crystal_cabinet", "robe_of_respect"], "reputation": 1,
                        "set_aside": {}}) == 4


def test_al_g27_the_custodian_works_in_round_one():
    """A Custodian played in round 1 puts a drink before Sell (G-27)."""
    state = f.game(2, "apprentice")
    state.update(round=1, ranks=[1, 2], associates_played=[],
                 plans={"1": {"custodians": 1}, "2": {"custodians": 0}})
    f.run(state, {"t": "rows"})
    assert state["rows"]["custodian"] == [1]


def test_al_g30_the_mapping_draws_are_uniform():
    """Over many seeds every ingredient takes every alchemical about equally often (G-30)."""
    counts = Counter()
    for seed in range(800):
        state = api.new_game(f.seats(2), {}, seed)
        while state["step"]["draw"] == "mapping":
            outcomes = api.chance_outcomes(state)
            from games.engines.base import chance_rng

            pick = outcomes[chance_rng(seed, state["chance_n"]).randrange(len(outcomes))]
            f.chance(state, pick)
        counts[state["secret"]["mapping"]["mushroom"]] += 1
    assert min(counts.values()) > 60 and max(counts.values()) < 140


def test_al_h01_with_feather_and_mortar_another_seat_picks_blind():
    """The next seat clockwise picks card 1 or 2 without seeing them; the owner then keeps the
    pick aside or sets both aside (AL-100 as the original says; H-01)."""
    state = f.game(3, "apprentice")
    player(state, 2)["artifacts"] = ["feather_in_cap", "magic_mortar"]
    f.hand(state, 2, {"mushroom": 1, "feather": 1})
    f.at(state, "exhibit", 2, round_=6)
    f.act(state, {"type": "exhibit", "seat": 2, "potion": "G+",
                  "ingredients": ["feather", "mushroom"]})
    assert api.current_seats(state) == [3]
    picker = api.view_for(state, 3)
    assert "mushroom" not in str(picker) and picker["step"]["context"] == {"owner": 2}
    f.act(state, {"type": "pick_card", "seat": 3, "card": 2})
    assert api.current_seats(state) == [2]
    assert api.view_for(state, 2)["step"]["context"]["picked"] == "mushroom"


def test_al_h02_a_herbalist_is_played_when_it_acts():
    """After its effect the Herbalist goes to the favour discard pile (H-02)."""
    state = f.game(2)
    player(state, 1)["favours"] = {"herbalist": 1}
    f.run(state, {"t": "favour_received", "seat": 1, "favour": "herbalist", "inert": False})
    assert player(state, 1)["favours"] == {} and state["discards"]["favour"] == {"herbalist": 1}


def test_al_h04_a_seller_without_two_ingredients_forgoes_before_the_bids():
    """No pair to mix: its Sell is forgone at once and it does not bid (H-04)."""
    state = f.game(3, "apprentice")
    state.update(round=2, adventurer="AD1", rows={"sell": [1, 2]},
                 pending={"sell": {"1": [1], "2": [1]}})
    f.hand(state, 1, {"toad": 2})
    f.hand(state, 2, {"toad": 1, "fern": 1})
    events = f.run(state, {"t": "space", "space": "sell", "pass": 1})
    assert f.of_type(events, "ActionForgone")[0]["seat"] == 1
    assert state["step"]["seats"] == [2] and player(state, 1)["unused"] == 2


def test_al_h06_an_invalid_demonstration_is_confirmed_by_a_flag():
    """confirm=false: invalid_demonstration and nothing revealed; true: done, -1 (H-06)."""
    state = f.game(2, "master")
    f.at(state, "debunk", 1, round_=2)
    action = {"type": "demonstrate", "seat": 1, "ingredients": ["fern", "toad"],
              "potion": "N", "confirm": False}
    with pytest.raises(IllegalAction):
        f.act(state, action)
    assert state["public_facts"] == []
    f.act(state, {**action, "confirm": True})
    assert len(state["public_facts"]) == 1


def test_al_h07_the_greedy_bot_knows_only_its_consistent_mappings():
    """A seat's set shrinks with each result and always holds the true mapping."""
    truth = f.MAPPING
    facts, sizes = [], []
    rng = random.Random(3)
    for _ in range(6):
        i, j = sorted(rng.sample(list(truth), 2))
        facts.append(["pair", i, j, [mix(truth[i], truth[j])]])
        known = knowledge.Knowledge(facts)
        sizes.append(known.size)
        assert all(known.marginal(i)[truth[i]] > 0 for i in truth)
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] < 40320
