"""Revealing hidden hexes after a success, and the revealer's reward (FG-05 to FG-07, G-25,
AM-10)."""

import pytest

from games.engines.base import IllegalAction
from games.research_programme.engine import api
from games.research_programme.engine.state import player

from . import factory as f
from . import factory_full as ff

GRA = {"GRA": ["null", "discovery", "none"]}


def succeed(markers=GRA, die=6, theory="T-GRA-1", project="P-GRA-1", hex_id="GRA1"):
    """Seat 1 rolls a test of a Gravitation theory on GRA1; returns (state, events)."""
    state = ff.full_game(n=2, markers=markers, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    for cell in state["hexes"].values():
        cell["neutral"] = False
    f.put_theory(state, 1, theory)
    f.tile(state, 1, project, hex_id)
    state = ff.test_position(1, theory, project, state)
    return state, f.roll(state, 1, die)


def test_fg_06_the_tester_chooses_which_hidden_hex_of_the_theorys_region_to_reveal():
    """FG-06, G-25, AM-10: after a success the tester picks one of the theory's region's hidden
    hexes; the success is told only after the reveal."""
    state, events = succeed()
    assert "TestSucceeded" not in f.event_types(events)
    assert state["step"] == {"kind": "reveal", "seats": [1], "region": "GRA",
                             "options": ["GRA3", "GRA4", "GRA5"]}
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "reveal", "seat": 1, "hex": "COS4"})
    assert error.value.code == "illegal_choice"
    events = f.act(state, {"type": "reveal", "seat": 1, "hex": "GRA5"})
    revealed = f.first(events, "HexRevealed")
    assert revealed["marker"] == "none" and not state["hexes"]["GRA5"]["hidden"]
    assert "TestSucceeded" in f.event_types(events) and "GRA5" not in state["hidden_markers"]


def test_fg_06_revealing_a_discovery_gives_the_tester_a_choice():
    """FG-06: a Discovery offers Technique +1 on the next test, 2 resources of any types (G-25)
    or 1 VP; the chosen one is gained once."""
    state, _ = succeed()
    f.act(state, {"type": "reveal", "seat": 1, "hex": "GRA4"})
    assert state["step"]["kind"] == "exploration" and state["step"]["marker"] == "discovery"
    options = [a["gains"] for a in api.legal_actions(state, 1)]
    assert {"technique_next_test": 1} in options and {"vp": 1} in options
    assert {"R": 2} in options and {"D": 1, "S": 1} in options and len(options) == 17
    events = f.act(state, {"type": "exploration_reward", "seat": 1, "gains": {"vp": 1}})
    assert f.first(events, "ExplorationRewarded")["gains"] == {"vp": 1}
    assert player(state, 1)["vp_sources"]["exploration"] == 1
    assert api.outcome(state) is None and "TestSucceeded" in f.event_types(events)


def test_fg_06_a_null_result_marker_gives_one_resource_of_any_type():
    """FG-06: a Null result marker offers 1 of R, D, L, O, S."""
    state, _ = succeed()
    f.act(state, {"type": "reveal", "seat": 1, "hex": "GRA3"})
    assert [a["gains"] for a in api.legal_actions(state, 1)] == [
        {"R": 1}, {"D": 1}, {"L": 1}, {"O": 1}, {"S": 1}]
    o_before = player(state, 1)["resources"]["O"]
    f.act(state, {"type": "exploration_reward", "seat": 1, "gains": {"O": 1}})
    assert player(state, 1)["resources"]["O"] == o_before + 1


def test_fg_06_an_anomaly_marker_draws_an_anomaly_card_onto_the_hex_and_gives_d1():
    """FG-06: an Anomaly marker: D +1 at once, and an anomaly card is drawn onto the hex."""
    state, _ = succeed(markers={"GRA": ["anomaly", "discovery", "none"]})
    d_before = player(state, 1)["resources"]["D"]
    f.act(state, {"type": "reveal", "seat": 1, "hex": "GRA3"})
    assert player(state, 1)["resources"]["D"] == d_before + 1
    assert state["step"]["kind"] == "chance" and state["step"]["chance"] == "anomaly"
    f.chance(state, "A-LITHIUM")
    assert state["hexes"]["GRA3"]["anomaly"] == "A-LITHIUM"


def test_fg_06_with_one_hidden_hex_left_there_is_nothing_to_choose_and_none_means_nothing():
    """FG-06: the last hidden hex is revealed without a question; with none left a success
    reveals nothing."""
    state, events = succeed_with_hidden(["GRA5"])
    assert f.first(events, "HexRevealed")["hex"] == "GRA5"
    state, events = succeed_with_hidden([])
    assert "HexRevealed" not in f.event_types(events) and "TestSucceeded" in f.event_types(events)


def succeed_with_hidden(hidden):
    state = ff.full_game(n=2, markers=GRA, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    for hex_id in ("GRA3", "GRA4", "GRA5"):
        state["hexes"][hex_id]["hidden"] = hex_id in hidden
    state["hexes"]["GRA1"]["neutral"] = False
    f.put_theory(state, 1, "T-GRA-1")
    f.tile(state, 1, "P-GRA-1", "GRA1")
    state = ff.test_position(1, "T-GRA-1", "P-GRA-1", state)
    return state, f.roll(state, 1, 6)


def test_fg_06_a_null_result_or_an_annulled_success_reveals_nothing():
    """FG-06: only a success that is not annulled reveals a hex."""
    state, events = succeed(die=1)
    assert "NullResult" in f.event_types(events) and state["step"]["kind"] != "reveal"
    state = ff.full_game(n=2, markers=GRA, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    state["hexes"]["GRA1"]["neutral"] = False
    f.put_theory(state, 1, "T-GRA-1")
    f.tile(state, 1, "P-GRA-1", "GRA1")
    f.give(state, 1, hype=2, rigour=0)
    state = ff.test_position(1, "T-GRA-1", "P-GRA-1", state)
    events = f.roll(state, 1, 6)
    assert "ArtefactCancelledSuccess" in f.event_types(events)
    assert "HexRevealed" not in f.event_types(events) and len(state["hidden_markers"]) == 12


def test_fg_07_a_discovery_technique_counts_in_the_cap_and_waits_for_the_next_rolled_test():
    """FG-07: Technique +1 from a Discovery survives Cleanup and is a plus of the next test,
    inside the +3 cap; that roll uses it up."""
    state, _ = succeed()
    f.act(state, {"type": "reveal", "seat": 1, "hex": "GRA4"})
    f.act(state, {"type": "exploration_reward", "seat": 1, "gains": {"technique_next_test": 1}})
    f.run(state, "cleanup")
    assert player(state, 1)["next_test_plus"] == 1
    f.give(state, 1, rigour=8, D=1)
    state = ff.test_position(1, "T-GRA-1", "P-GRA-1", state)
    test = api.view_for(state, 1)["step"]["test"]
    assert test["next_test_plus"] == 1 and test["pluses"] == 3 and test["bonus"] == 3
    f.roll(state, 1, 1)
    assert player(state, 1)["next_test_plus"] == 0
