"""Noise overflow and synthesis in the full game (FG-12, FG-13, G-30, AM-30)."""

import pytest

from games.research_programme.engine import api
from games.research_programme.engine.rules import synthesis
from games.research_programme.engine.rules.flow import advance
from games.research_programme.engine.rules.noise import add_noise
from games.research_programme.engine.state import player

from . import factory as f
from . import factory_full as ff


def noisy_target():
    """Seat 1 to act with Uncalibrated instrument; seat 2's tile on GRA1 has 3 Noise."""
    state = ff.actions_position(n=2, seat=1, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    for cell in state["hexes"].values():
        cell["neutral"] = False
        cell["noise"] = 0
    f.tile(state, 2, "P-GRA-1", "GRA1")
    state["hexes"]["GRA1"]["noise"] = 3
    player(state, 2)["hand"] = []
    f.give(state, 2, S=0)
    ff.hand(state, 1, "D-UNCALIBRATED")
    return state


def test_fg_12_noise_on_a_full_hex_leaks_to_a_neighbour_the_causer_chooses():
    """FG-12, AM-30: the attacker caused the Noise, so the attacker picks where the token from
    the full hex goes; it takes a token from the supply there."""
    state = noisy_target()
    supply = state["noise_supply"]
    f.act(state, {"type": "interfere", "seat": 1, "card": "D-UNCALIBRATED", "target": 2,
                  "hexes": ["GRA1"]})
    assert state["step"] == {"kind": "overflow", "seats": [1], "chain": ["GRA1"],
                             "options": ["MET1", "MET6", "GRA2", "GRA3", "GRA4", "MAT2"]}
    events = f.act(state, {"type": "overflow", "seat": 1, "hex": "GRA2"})
    leaked = f.first(events, "NoiseLeaked")
    assert (leaked["source"], leaked["target"], leaked["lost"]) == ("GRA1", "GRA2", False)
    assert state["hexes"]["GRA2"]["noise"] == 1 and state["noise_supply"] == supply - 1
    assert state["step"] == {"kind": "actions", "seats": [2]}


def test_fg_12_each_hex_leaks_once_and_the_chain_stops_after_two_steps():
    """FG-12: a full neighbour leaks once more, never back to a hex that leaked; if the second
    neighbour is full too the token goes back to the supply."""
    state = noisy_target()
    for hex_id in ("GRA4", "GRA3"):
        state["hexes"][hex_id]["noise"] = 3
    supply = state["noise_supply"]
    f.act(state, {"type": "interfere", "seat": 1, "card": "D-UNCALIBRATED", "target": 2,
                  "hexes": ["GRA1"]})
    f.act(state, {"type": "overflow", "seat": 1, "hex": "GRA4"})
    assert state["step"]["chain"] == ["GRA1", "GRA4"]
    assert state["step"]["options"] == ["GRA2", "GRA3", "GRA5"]
    events = f.act(state, {"type": "overflow", "seat": 1, "hex": "GRA3"})
    assert f.first(events, "NoiseLeaked")["lost"] is True
    assert state["noise_supply"] == supply and state["hexes"]["GRA3"]["noise"] == 3


def test_fg_12_the_school_game_has_no_overflow():
    """SV-65 against FG-12: the same Noise on a full hex in the school game goes nowhere."""
    state = f.setup_game(n=2)
    state["hexes"]["GRA2"]["noise"] = 3
    out = []
    assert add_noise(state, "GRA2", 1, 1, out) == 0
    assert not any(t["t"] == "leak" for t in state["queue"])
    assert "leaked" not in out[0]


def synthesis_position(rigour=4, hype=0, bridges=("GRA-COS", "GRA-MET"), scheduled=True):
    """Seat 1 with two bridges and a Technique 2 tile, at its test (or its synthesis turn)."""
    state = ff.full_game(n=2, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    for cell in state["hexes"].values():
        cell["neutral"] = False
        cell["hidden"] = False
    f.give(state, 1, rigour=rigour, hype=hype, D=2)
    player(state, 1)["bridges"] = list(bridges)
    f.put_theory(state, 1, "T-GRA-2")
    f.tile(state, 1, "P-GRA-3", "GRA1")
    state = ff.test_position(1, "T-GRA-2", "P-GRA-3", state)
    if not scheduled:
        player(state, 1)["scheduled"] = None
        state["step"] = None
        state["queue"] = [{"t": "test", "seat": 1}, {"t": "synthesis", "seat": 1},
                          {"t": "cleanup"}]
        advance(state, [])
    return state


@pytest.mark.parametrize("rigour, hype, bridges, may", [
    (4, 5, ("GRA-COS", "GRA-MET"), True),
    (3, 0, ("GRA-COS", "GRA-MET"), False),
    (4, 6, ("GRA-COS", "GRA-MET"), False),
    (4, 0, ("GRA-COS",), False),
    (4, 0, ("GRA-COS", "GRA-COS"), False),
])
def test_fg_13_synthesis_needs_two_bridges_into_three_regions_rigour_4_and_hype_below_6(
        rigour, hype, bridges, may):
    """FG-13: at least 2 bridges (into at least 3 regions), Rigour >= 4, Hype < 6."""
    p = {"bridges": list(bridges), "rigour": rigour, "hype": hype}
    assert synthesis.may_attempt(p) is may


def test_fg_13_a_synthesis_of_eight_comes_after_the_own_test_and_wins_at_once():
    """FG-13, G-30: after its own test the seat may try, for free: 1d6 + min(3, best Technique
    2 + Rigour 4 // 4) = 5 + 3 >= 8 wins the game at once, whatever the VP."""
    state = synthesis_position()
    player(state, 2)["vp"] = 20
    f.roll(state, 1, 1)
    assert state["step"] == {"kind": "synthesis", "seats": [1]}
    resources = dict(player(state, 1)["resources"])
    f.act(state, {"type": "synthesis", "seat": 1, "attempt": True})
    assert state["step"]["synthesis"]["bonus"] == 3
    events = f.chance(state, 5)
    attempt = f.first(events, "SynthesisAttempted")
    assert (attempt["die"], attempt["result"], attempt["success"]) == (5, 8, True)
    assert state["phase"] == "over" and player(state, 1)["resources"] == resources
    outcome = api.outcome(state)
    assert outcome["ended_by"] == "synthesis" and outcome["winners"] == [1]
    assert outcome["ranking"][0] == 1


def test_fg_g30_a_synthesis_is_free_once_per_round_and_a_failure_changes_nothing():
    """FG-13, G-30: 4 + 3 = 7 fails; nothing changes, no second try this round, and the seat
    may try again in a later Tests phase, also without a test of its own."""
    state = synthesis_position()
    f.roll(state, 1, 1)
    keys = ("resources", "vp", "rigour", "hype", "reputation", "bridges", "debt")
    before = {k: player(state, 1)[k] for k in keys}
    f.act(state, {"type": "synthesis", "seat": 1, "attempt": True})
    events = f.chance(state, 4)
    assert f.first(events, "SynthesisAttempted")["success"] is False
    assert {k: player(state, 1)[k] for k in keys} == before
    assert state["phase"] != "over" and state["step"]["kind"] != "synthesis"
    assert not any(t["t"] == "synthesis" and t["seat"] == 1 for t in state["queue"])
    state = synthesis_position(scheduled=False)
    assert state["step"] == {"kind": "synthesis", "seats": [1]}


def test_fg_13_the_synthesis_roll_ignores_the_map_insight_discovery_and_methods():
    """FG-13: only the best Technique and Rigour count; a Discovery plus and Insight do not."""
    state = synthesis_position(rigour=4)
    f.give(state, 1, insight=2, next_test_plus=1)
    f.roll(state, 1, 1)
    f.act(state, {"type": "synthesis", "seat": 1, "attempt": True})
    numbers = state["step"]["synthesis"]
    assert (numbers["technique"], numbers["rigour_bonus"], numbers["bonus"]) == (2, 1, 3)


def test_fg_13_the_school_game_has_no_synthesis_turn():
    """SV-63 against FG-13: the school Tests phase queues no synthesis."""
    state = f.test_position(n=2, seat=1)
    f.run(state, "tests_start")
    assert not any(t["t"] == "synthesis" for t in state["queue"])
