"""Hits, replication, repetition, bridges, wormholes, anomalies and methods (SV-48 to SV-62)."""

import pytest

from games.research_programme.engine import api, board
from games.research_programme.engine.rules import replication
from games.research_programme.engine.rules.actions import simulate_area
from games.research_programme.engine.state import player

from . import factory as f


def replicate(state, seat, theory, project, die=6, **params):
    state = f.test_position(n=state["n"], seat=seat, theory=theory, project=project,
                            state=state, method=params.pop("method", None))
    events = f.roll(state, seat, die, **params)
    return state, events


def succeeded(events):
    return f.first(events, "TestSucceeded")


@pytest.mark.parametrize("hits, project, method, expected", [
    ([], "P", None, "first_hit"),
    ([("Q", None)], "P", None, "replication"),
    ([("P", None)], "P", "bayes", "repetition"),
    ([("P", None)], "P", None, "plain"),
    ([("P", None), ("P", "bayes")], "P", "bayes", "plain"),
])
def test_sv_48_classification(hits, project, method, expected):
    """First hit, replication (new project), repetition (same project, new method), plain."""
    earlier = [{"project": p, "method": m} for p, m in hits]
    assert replication.classify(earlier, project, method) == expected


def test_sv_48_annulled_successes_are_not_hits():
    """An artefact leaves no hit, so the next success is still a first hit."""
    state = f.setup_game(n=2)
    f.give(state, 1, hype=4)
    state, events = replicate(state, 1, "T-GRA-PK", "P-GRA-PK")
    assert "ArtefactCancelledSuccess" in f.event_types(events)
    assert state["theories"]["T-GRA-PK"]["hits"] == []


@pytest.mark.parametrize("earlier, vp", [(1, 3), (2, 2), (3, 0)])
def test_sv_49_replication_vp_on_an_own_theory(earlier, vp):
    """Own theory: the 2nd distinct project +3 VP, the 3rd +2, the 4th and later 0."""
    state = f.setup_game(n=2)
    for project in ("P-X1", "P-X2", "P-X3")[:earlier]:
        f.hit(state, "T-GRA-PK", project, 1, hex_id="MET0")
    state, events = replicate(state, 1, "T-GRA-PK", "P-GRA-PK")
    assert succeeded(events)["replication"]["k"] == earlier + 1
    assert player(state, 1)["vp_sources"]["replication"] == vp


@pytest.mark.parametrize("earlier, vp", [(1, 2), (2, 2), (3, 2), (5, 2)])
def test_sv_50_replication_vp_on_another_players_theory(earlier, vp):
    """Another seat's theory: every replication gives both +2, also from the 4th project on
    (rulebook difference D-1: only hits of one's own theory stop scoring)."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-PAR-2", "GRA2")
    for project in ("P-X1", "P-X2", "P-X3", "P-X4", "P-X5")[:earlier]:
        f.hit(state, "T-PAR-PK", project, 2, hex_id="MET0")
    state, events = replicate(state, 1, "T-PAR-PK", "P-PAR-2")
    assert player(state, 1)["vp_sources"]["replication"] == vp
    assert player(state, 2)["vp_sources"]["replication"] == vp
    assert succeeded(events)["vp_gained"] == {"1": vp, "2": vp}


def test_sv_50_a_first_hit_on_another_players_theory_gives_no_vp():
    """The first hit by another seat is not a replication."""
    state = f.setup_game(n=2)
    state, events = replicate(state, 1, "T-PAR-PK", "P-GRA-PK")
    assert succeeded(events)["classification"] == "first_hit"
    assert player(state, 1)["vp"] == player(state, 2)["vp"] == 0


@pytest.mark.parametrize("own, earlier, tester_vp", [(True, 1, 4), (False, 1, 3), (True, 3, 1)])
def test_sv_51_the_replication_tag_gives_the_tester_one_more(own, earlier, tester_vp):
    """A tagged theory: +1 VP to the tester on every replication, any k, any owner."""
    state = f.setup_game(n=2)
    theory = f.theory_card("GRA", 4, test={"project": "P-GRA-PK"}, tag=True)
    f.put_theory(state, 1 if own else 2, theory)
    for project in ("P-X1", "P-X2", "P-X3")[:earlier]:
        f.hit(state, theory, project, 2, hex_id="MET0")
    state, events = replicate(state, 1, theory, "P-GRA-PK")
    assert player(state, 1)["vp"] == tester_vp
    assert player(state, 1)["vp_sources"]["replication_tag"] == 1


def test_sv_51_no_tag_point_on_a_first_hit_or_repetition():
    """The tag point comes only from replications."""
    state = f.setup_game(n=2)
    theory = f.theory_card("GRA", 4, test={"project": "P-GRA-PK"}, tag=True)
    f.put_theory(state, 1, theory)
    state, events = replicate(state, 1, theory, "P-GRA-PK")
    assert succeeded(events)["classification"] == "first_hit" and player(state, 1)["vp"] == 0
    f.give(state, 1, D=1)
    state, events = replicate(state, 1, theory, "P-GRA-PK", method="M-PREREG-PK")
    assert succeeded(events)["classification"] == "repetition" and player(state, 1)["vp"] == 0


def test_sv_52_rigour_goes_to_the_owner_of_the_theory():
    """SV-52: Own theory: the tester gains Rigour +1. Another's: the owner does, the tester not."""
    state = f.setup_game(n=2)
    f.hit(state, "T-GRA-PK", "P-X1", 1, hex_id="MET0")
    state, _ = replicate(state, 1, "T-GRA-PK", "P-GRA-PK")
    assert player(state, 1)["rigour"] == 1
    other = f.setup_game(n=2)
    f.hit(other, "T-PAR-PK", "P-PAR-PK", 2)
    other, _ = replicate(other, 1, "T-PAR-PK", "P-GRA-PK")
    assert player(other, 1)["rigour"] == 0 and player(other, 2)["rigour"] == 1


def test_sv_53_every_replication_moves_the_counter():
    """SV-53: Own or another's, k = 2 or k >= 4: the counter goes up by 1 each time."""
    state = f.setup_game(n=2)
    for project in ("P-X1", "P-X2", "P-X3"):
        f.hit(state, "T-PAR-PK", project, 2, hex_id="MET0")
    state, _ = replicate(state, 1, "T-PAR-PK", "P-GRA-PK")
    assert state["replication_counter"] == 1
    assert player(state, 2)["replications"] == 1


def test_sv_54_a_replication_cleans_the_test_hex_and_a_chosen_neighbour():
    """1 Noise off the test hex and 1 off the neighbour the tester picks."""
    state = f.setup_game(n=2)
    f.clear_map(state)
    for hex_id in ("GRA1", "GRA2", "MET6"):
        state["hexes"][hex_id]["noise"] = 1
    f.hit(state, "T-GRA-PK", "P-X1", 1, hex_id="MET0")
    supply = state["noise_supply"]
    state = f.test_position(n=2, seat=1, state=state)
    assert api.view_for(state, 1)["step"]["test"]["clean_options"] == ["MET6", "GRA2"]
    f.roll(state, 1, 6, clean="MET6")
    noise = {h: state["hexes"][h]["noise"] for h in ("GRA1", "GRA2", "MET6")}
    assert noise == {"GRA1": 0, "GRA2": 1, "MET6": 0}
    assert state["noise_supply"] == supply + 2


def test_sv_55_a_repetition_gives_rigour_only():
    """Same project, new method: Rigour +1; no VP, no Noise removed, no counter, no bridge."""
    state = f.setup_game(n=2)
    state["hexes"]["GRA1"]["noise"] = 1
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    f.give(state, 1, rigour=0)
    state, events = replicate(state, 1, "T-GRA-PK", "P-GRA-PK", method="M-PREREG-PK")
    assert succeeded(events)["classification"] == "repetition"
    p = player(state, 1)
    assert p["rigour"] == 1 and p["vp"] == 0 and p["bridges"] == []
    assert state["replication_counter"] == 0 and state["hexes"]["GRA1"]["noise"] == 1


def test_sv_55_same_project_same_method_is_a_plain_success():
    """No Rigour, no VP: only KV +1 and the reward."""
    state = f.setup_game(n=2)
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    state, events = replicate(state, 1, "T-GRA-PK", "P-GRA-PK")
    assert succeeded(events)["classification"] == "plain"
    assert player(state, 1)["rigour"] == 0 and state["theories"]["T-GRA-PK"]["consensus"] == 1


def test_sv_56_a_replication_with_another_regions_tile_bridges_for_the_owner():
    """The owner of the theory gets a bridge between the two card regions on every such
    replication, also a second one for the same pair (rulebook difference D-2)."""
    state = f.setup_game(n=2)
    f.tile(state, 2, "P-COS-2", "COS2")
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    state, events = replicate(state, 2, "T-GRA-PK", "P-COS-2")
    assert player(state, 1)["bridges"] == ["GRA-COS"] and player(state, 2)["bridges"] == []
    assert f.first(events, "BridgeCreated")["seat"] == 1
    f.tile(state, 2, "P-COS-3", "COS4")
    f.give(state, 2, D=1)
    state, events = replicate(state, 2, "T-GRA-PK", "P-COS-3")
    assert player(state, 1)["bridges"] == ["GRA-COS", "GRA-COS"]
    assert f.first(events, "BridgeCreated")["edge"] == "GRA2|COS3"
    from games.research_programme.engine.rules.scoring import breakdown

    assert breakdown(state, 1)["bridges"] == 2


def test_sv_56_a_same_region_tile_makes_no_bridge():
    """A replication with a tile of the theory's own region bridges nothing."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-GRA-2", "GRA2")
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    state, events = replicate(state, 1, "T-GRA-PK", "P-GRA-2")
    assert succeeded(events)["classification"] == "replication"
    assert "BridgeCreated" not in f.event_types(events) and player(state, 1)["bridges"] == []


def test_sv_56_a_displaced_tile_bridges_from_its_card_region():
    """A Cosmology tile standing in Metascience still makes a GRA-COS bridge."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-COS-2", "MET1", displaced=True)
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    state, _ = replicate(state, 1, "T-GRA-PK", "P-COS-2")
    assert player(state, 1)["bridges"] == ["GRA-COS"]


def test_sv_57_a_neighbour_bridge_takes_the_first_free_border_edge():
    """The first free edge of the pair in G-11's order; with none free it still scores."""
    state = f.setup_game(n=2)
    state["border_markers"]["GRA2|COS1"] = 2
    f.tile(state, 1, "P-COS-2", "COS2")
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    state, events = replicate(state, 1, "T-GRA-PK", "P-COS-2")
    assert f.first(events, "BridgeCreated")["edge"] == "GRA2|COS3"
    assert state["border_markers"]["GRA2|COS3"] == 1
    full = f.setup_game(n=2)
    for x, y in board.BORDER_EDGES["GRA-COS"]:
        full["border_markers"][f"{x}|{y}"] = 2
    f.tile(full, 1, "P-COS-2", "COS2")
    f.hit(full, "T-GRA-PK", "P-GRA-PK", 1)
    full, events = replicate(full, 1, "T-GRA-PK", "P-COS-2")
    assert f.first(events, "BridgeCreated")["edge"] is None
    assert api.outcome(full) is None and player(full, 1)["bridges"] == ["GRA-COS"]


def test_sv_58_a_wormhole_links_the_test_hex_and_the_first_hits_hex():
    """GRA-PAR is not a neighbour pair: markers on both project hexes, now neighbours."""
    state = f.setup_game(n=2)
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    f.tile(state, 1, "P-PAR-2", "PAR5")
    state, events = replicate(state, 1, "T-GRA-PK", "P-PAR-2")
    bridge = f.first(events, "BridgeCreated")
    assert bridge["wormhole"] is True and bridge["hexes"] == ["PAR5", "GRA1"]
    assert state["hexes"]["GRA1"]["wormholes"] == ["PAR5"]
    assert "PAR5" in board.neighbours(state["hexes"], "GRA1")
    assert "PAR4" in simulate_area(state, 1)


def test_sv_59_a_wormhole_replication_adds_one_to_the_threshold():
    """+1 whenever the replication would make a wormhole bridge, also for a pair the owner has
    already bridged (rulebook difference D-2); never for a neighbouring pair."""
    state = f.setup_game(n=2)
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    f.tile(state, 1, "P-PAR-2", "PAR5")
    f.schedule(state, 1, "T-GRA-PK", "P-PAR-2")
    from games.research_programme.engine.rules.preview import preview

    assert preview(state, 1)["threshold_parts"]["wormhole"] == 1
    player(state, 1)["bridges"].append("GRA-PAR")
    assert preview(state, 1)["threshold_parts"]["wormhole"] == 1
    f.tile(state, 1, "P-COS-2", "COS2")
    f.schedule(state, 1, "T-GRA-PK", "P-COS-2")
    assert preview(state, 1)["threshold_parts"]["wormhole"] == 0
    first = f.setup_game(n=2)
    f.tile(first, 1, "P-PAR-2", "PAR5")
    f.schedule(first, 1, "T-GRA-PK", "P-PAR-2")
    assert preview(first, 1)["threshold_parts"]["wormhole"] == 0  # a first hit makes no bridge


def test_sv_60_the_map_gives_one_plus_next_to_an_anomaly_of_the_theorys_region():
    """+1 beside an unresolved anomaly in the theory's region, never more than +1."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-COS-2", "COS2")  # next to the COS1 anomaly
    f.put_theory(state, 1, "T-COS-1")
    from games.research_programme.engine.rules.preview import preview

    f.schedule(state, 1, "T-COS-1", "P-COS-2")
    assert preview(state, 1)["map_bonus"] == 1
    state["hexes"]["COS4"]["anomaly"] = "A-FTL"
    assert preview(state, 1)["map_bonus"] == 1
    f.schedule(state, 1, "T-GRA-PK", "P-COS-2")
    assert preview(state, 1)["map_bonus"] == 0


def test_sv_61_a_replication_next_to_an_anomaly_of_its_region_resolves_it():
    """The tester gains the anomaly's reward, and the hex is free for tiles."""
    state = f.setup_game(n=2)
    f.put_theory(state, 1, "T-COS-1")
    f.tile(state, 1, "P-COS-2", "COS2")
    f.hit(state, "T-COS-1", "P-X1", 2, hex_id="MET0")
    state["hexes"]["COS1"]["anomaly"] = "A-ROTATION"
    state, events = replicate(state, 1, "T-COS-1", "P-COS-2")
    resolved = f.first(events, "AnomalyResolved")
    assert resolved["card"] == "A-ROTATION" and resolved["gains"] == {"vp": 2}
    assert state["hexes"]["COS1"]["anomaly"] is None
    assert player(state, 1)["vp_sources"]["anomaly"] == 2
    assert succeeded(events)["anomalies"] == ["A-ROTATION"]


def test_sv_61_a_first_hit_does_not_resolve_an_anomaly():
    """Only a replication resolves."""
    state = f.setup_game(n=2)
    f.put_theory(state, 1, "T-COS-1")
    f.tile(state, 1, "P-COS-2", "COS2")
    state, events = replicate(state, 1, "T-COS-1", "P-COS-2")
    assert "AnomalyResolved" not in f.event_types(events)
    assert state["hexes"]["COS1"]["anomaly"] == "A-ROTATION"


def test_sv_62_a_method_acts_only_on_its_test_and_stays_on_the_table():
    """Noise filtering cleans before its own roll; the card stays on its owner's table."""
    state = f.setup_game(n=4)
    state["hexes"]["CON5"]["noise"] = 1
    state = f.test_position(n=4, seat=4, method="M-NOISE-PK", state=state)
    assert api.view_for(state, 4)["step"]["test"]["noise"] == 0
    events = f.roll(state, 4, 2)
    assert f.first(events, "TestRolled")["noise_filtered"] == 1
    assert player(state, 4)["methods"] == ["M-NOISE-PK"] and player(state, 4)["hand"] == []
    assert state["hexes"]["CON5"]["noise"] == 0


def test_sv_62_bayes_success_adds_consensus_from_kv_one():
    """Bayesian model comparison: a success on a theory with KV >= 1 gives KV +1 more."""
    state = f.setup_game(n=3)
    state["theories"]["T-QUA-PK"]["consensus"] = 1
    state = f.test_position(n=3, seat=3, method="M-BAYES-PK", state=state)
    f.roll(state, 3, 6)
    assert state["theories"]["T-QUA-PK"]["consensus"] == 3


def test_sv_62_a_paid_plus_is_optional_and_counts_in_the_cap():
    """Monte Carlo: pay L1 before the roll for +1."""
    state = f.setup_game(n=2)
    f.clear_map(state)
    f.put_theory(state, 1, "T-MAT-1")
    f.tile(state, 1, "P-MAT-1", "MAT2")
    player(state, 1)["methods"].append("M-MONTECARLO")
    state = f.test_position(n=2, seat=1, theory="T-MAT-1", project="P-MAT-1",
                            method="M-MONTECARLO", state=state)
    rolls = [a for a in api.legal_actions(state, 1) if a["type"] == "roll"]
    assert {a["pay_for_plus"] for a in rolls} == {False, True}
    events = f.roll(state, 1, 1, pay_for_plus=True)
    rolled = f.first(events, "TestRolled")
    assert rolled["method_plus"] == 1 and rolled["cost"] == {"D": 1, "L": 1}
    assert rolled["result"] == 2 and rolled["threshold"] == 3
    assert player(state, 1)["resources"]["L"] == 0


def test_sv_53_the_counter_is_full_at_n_plus_2():
    """SV-53, SV-82: two replications in the last round take a counter of 3 to 4 (N + 2), not 5;
    the second is still a replication with its VP."""
    state = f.setup_game(n=2)
    state["replication_counter"] = 3
    f.hit(state, "T-GRA-PK", "P-X1", 1, hex_id="MET0")
    f.hit(state, "T-PAR-PK", "P-X2", 2, hex_id="MET0")
    f.schedule(state, 2, "T-PAR-PK", "P-PAR-PK")
    state = f.test_position(n=2, seat=1, state=state)
    f.roll(state, 1, 6)
    events = f.act(state, {"type": "roll", "seat": 2}) + f.chance(state, 6)
    assert succeeded(events)["classification"] == "replication"
    assert succeeded(events)["replication"]["counter"] == 4
    assert state["replication_counter"] == 4 == state["replication_target"]
    assert player(state, 2)["vp"] == 3 and player(state, 2)["replications"] == 1


def test_sv_54_a_plain_roll_cleans_the_noisiest_neighbour_by_default():
    """SV-54: with two noisy neighbours a roll that names none is legal; it cleans the
    noisiest (docs/engine.md, "Replication cleaning")."""
    state = f.setup_game(n=2)
    f.clear_map(state)
    state["hexes"]["GRA2"]["noise"] = 2
    state["hexes"]["MET6"]["noise"] = 1
    f.hit(state, "T-GRA-PK", "P-X1", 1, hex_id="MET0")
    state = f.test_position(n=2, seat=1, state=state)
    assert {"type": "roll", "seat": 1, "pay_for_plus": False, "clean": None} in \
        api.legal_actions(state, 1)
    f.roll(state, 1, 6)
    assert state["hexes"]["GRA2"]["noise"] == 1 and state["hexes"]["MET6"]["noise"] == 1
