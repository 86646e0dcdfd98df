"""Synthesis off, Noise, publishing and projects on the map (SV-63 to SV-77)."""

import pytest

from games.engines.base import IllegalAction
from games.research_programme.engine import api, board
from games.research_programme.engine.rules import noise, placement
from games.research_programme.engine.state import player

from . import factory as f

ALL_KINDS = {"fund", "discard", "event_block", "event_choose", "theory", "build", "prediction",
             "preprint", "journal", "simulate", "peer_review", "pass", "roll",
             "story_request", "story_accept", "story_reject", "story_vote", "call_time", "chance"}


def test_sv_63_there_is_no_synthesis():
    """No school action kind or menu entry for a synthesis exists, and one is refused (the
    engine knows the full game's kinds, which a school game refuses as unknown)."""
    from games.research_programme.engine.forms import FULL_GAME_TYPES, PARAMETERS

    assert set(PARAMETERS) - FULL_GAME_TYPES == ALL_KINDS and "synthesis" in FULL_GAME_TYPES
    state = f.test_position(n=2, seat=1)
    assert "synthesis" not in {e["kind"] for e in api.action_menu(state, 1)}
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "synthesis", "seat": 1})
    assert error.value.code == "unknown_action"


def record(state, seat, outcome="success", theory=None):
    p = player(state, seat)
    p["record_n"] += 1
    entry = {"id": f"{seat}.{p['record_n']}", "theory": theory or p["theories"][0],
             "outcome": outcome, "round": 1, "status": "unpublished"}
    p["records"].append(entry)
    return entry["id"]


def test_sv_64_no_publishing_in_the_tests_phase():
    """SV-64: Preprint and Journal are refused while a test waits."""
    state = f.test_position(n=2, seat=1)
    rid = record(state, 1)
    f.give(state, 1, D=3, L=3)
    for kind in ("preprint", "journal"):
        with pytest.raises(IllegalAction) as error:
            api.apply_action(state, {"type": kind, "seat": 1, "record": rid})
        assert error.value.code == "wrong_step"


def test_sv_65_a_full_hex_takes_no_more_noise_and_nothing_overflows():
    """Adding to a hex with 3 Noise adds nothing, neighbours included; the token stays."""
    state = f.setup_game(n=2)
    state["hexes"]["GRA2"]["noise"] = 3
    supply = state["noise_supply"]
    added = noise.add_noise(state, "GRA2", 1, 1, [])
    assert added == 0 and state["noise_supply"] == supply
    assert all(state["hexes"][h]["noise"] == 0 for h in board.AXIAL_NEIGHBOURS["GRA2"]
               if h != "COS1")


def test_sv_65_a_protecting_project_keeps_noise_off_its_neighbours():
    """Noise cannot be added next to the Preregistration service (G-27)."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-MET-1", "MET1")
    assert noise.add_noise(state, "GRA1", 1, 2, []) == 0
    assert state["hexes"]["GRA1"]["noise"] == 0
    assert noise.add_noise(state, "GRA4", 1, 2, []) == 1


def test_sv_65_an_event_adds_noise_to_a_tile_of_the_seats_choice():
    """Cooling failure: each seat picks one of its own tile hexes."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-GRA-2", "GRA2")
    from .test_sv_round import resolve_event_for

    resolve_event_for(state, "E-COOLING-FAILURE")
    choices = {a["choice"] for a in api.legal_actions(state, 1)}
    assert choices == {"GRA1", "GRA2"}
    f.act(state, {"type": "event_choose", "seat": 1, "choice": "GRA2"})
    assert state["hexes"]["GRA2"]["noise"] == 1
    assert state["hexes"]["PAR1"]["noise"] == 1  # seat 2 had one tile: no question


def test_sv_66_the_supply_running_out_costs_everyone_reputation():
    """Taking the last token: every seat Reputation -1 (not below 0), supply refilled."""
    state = f.setup_game(n=2)
    state["noise_supply"] = 1
    f.give(state, 1, reputation=2)
    events = []
    noise.add_noise(state, "GRA4", 1, 1, events)
    assert "NoiseSupplyRanOut" in f.event_types(events)
    assert player(state, 1)["reputation"] == 1 and player(state, 2)["reputation"] == 0
    assert state["noise_supply"] == 10 and state["hexes"]["GRA4"]["noise"] == 1


def test_sv_67_a_first_hit_removes_no_noise():
    """Noise goes only by replication, Simulate, or a method or ability that says so."""
    state = f.setup_game(n=2)
    state["hexes"]["GRA1"]["noise"] = 1
    state = f.test_position(n=2, seat=1, state=state)
    f.roll(state, 1, 6)
    assert state["hexes"]["GRA1"]["noise"] == 1


def test_sv_67_a_cleaning_project_removes_noise_at_production():
    """The cleaning ability removes 1 Noise next to its tile in each Production."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-MET-2", "MET2")
    state["hexes"]["COS2"]["noise"] = 2
    f.chance(state, "E-SCOOP")
    for seat in (1, 2):
        f.act(state, {"type": "fund", "seat": seat, "income": "D", "draw": "theory"})
    assert state["hexes"]["COS2"]["noise"] == 1


def test_sv_68_tests_give_records_that_survive_their_theory():
    """Success and null result give an unpublished record; removal does not erase it."""
    state = f.setup_game(n=2)
    state["theories"]["T-GRA-PK"]["consensus"] = -1
    state = f.test_position(n=2, seat=1, state=state)
    f.roll(state, 1, 1)
    assert "T-GRA-PK" not in state["theories"]
    assert player(state, 1)["records"] == [{"id": "1.1", "theory": "T-GRA-PK",
                                            "outcome": "null", "round": 1,
                                            "status": "unpublished"}]


def test_sv_69_preprint_gives_reputation_and_hype():
    """D1: Reputation +1 and Hype +1, for a null result too; a record is published once."""
    state = f.actions_position(n=2, seat=1)
    rid = record(state, 1, "null")
    f.act(state, {"type": "preprint", "seat": 1, "record": rid})
    p = player(state, 1)
    assert (p["reputation"], p["hype"], p["resources"]["D"]) == (1, 1, 0)
    assert p["records"][0]["status"] == "preprint"
    state["step"] = {"kind": "actions", "seats": [1]}
    f.give(state, 1, D=2, L=2)
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "journal", "seat": 1, "record": rid})


def test_sv_70_journal_gives_rigour_and_kv():
    """D1 + L1: Rigour +1 and the record's theory KV +1 if it is still in play."""
    state = f.actions_position(n=2, seat=1)
    rid = record(state, 1)
    f.act(state, {"type": "journal", "seat": 1, "record": rid})
    p = player(state, 1)
    assert p["rigour"] == 1 and state["theories"]["T-GRA-PK"]["consensus"] == 1
    assert p["resources"]["D"] == 0 and p["resources"]["L"] == 0


def test_sv_70_journal_of_a_removed_theorys_record_still_gives_rigour():
    """With the theory gone, only the Rigour."""
    state = f.actions_position(n=2, seat=1)
    rid = record(state, 1, "null", theory="T-GONE")
    f.act(state, {"type": "journal", "seat": 1, "record": rid})
    assert player(state, 1)["rigour"] == 1


def test_sv_71_preprint_scoop_is_a_free_preprint_in_turn_order():
    """Each seat may preprint once, paying D1; it is not an action and takes no debt."""
    state = f.setup_game(n=2, start=2)
    rid = record(state, 1)
    record(state, 2)
    from .test_sv_round import resolve_event_for

    resolve_event_for(state, "E-SCOOP")
    assert state["step"]["seats"] == [2]
    f.act(state, {"type": "event_choose", "seat": 2, "choice": None})
    choices = [a["choice"] for a in api.legal_actions(state, 1)]
    assert choices == [None, rid]
    events = f.act(state, {"type": "event_choose", "seat": 1, "choice": rid})
    assert f.first(events, "Preprinted")["scoop"] is True
    p = player(state, 1)
    assert (p["reputation"], p["hype"], p["resources"]["D"], p["debt"]) == (1, 1, 0, 0)
    assert p["actions_taken"] == [] and player(state, 2)["hype"] == 0


def test_sv_72_no_publishing_in_the_funding_phase():
    """Publishing is an action of the Actions phase (or the Scoop), not of Funding."""
    state = f.setup_game(n=2)
    f.chance(state, "E-SCOOP")
    rid = record(state, 1)
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "preprint", "seat": 1, "record": rid})
    assert error.value.code == "wrong_step"


def test_sv_73_a_tile_must_go_next_to_an_own_tile_if_it_can():
    """Legal hexes are the empty hexes of the card's region beside own tiles, if any."""
    state = f.setup_game(n=2)
    hexes, displaced = placement.legal_hexes(state, 1, "P-GRA-2")
    assert set(hexes) == {"GRA2", "GRA3", "GRA4"} and not displaced
    hexes, _ = placement.legal_hexes(state, 1, "P-QUA-2")
    assert set(hexes) == {"QUA1", "QUA2", "QUA3"}  # none beside an own tile: every empty one


def test_sv_73_a_full_region_sends_the_tile_to_metascience_displaced():
    """With no empty hex in the card's region the tile goes to Metascience, displaced."""
    state = f.actions_position(n=2, seat=1)
    for hex_id in board.REGION_HEXES["GRA"]:
        if state["hexes"][hex_id]["owner"] is None:
            state["hexes"][hex_id]["neutral"] = True
    hexes, displaced = placement.legal_hexes(state, 1, "P-GRA-2")
    assert displaced and set(hexes) == {"MET1", "MET6"}
    state["market"] = ["P-GRA-2"]
    f.act(state, {"type": "build", "seat": 1, "card": "P-GRA-2", "hex": "MET6"})
    assert player(state, 1)["projects"][-1]["displaced"] is True


def test_sv_73_metascience_cards_are_not_displaced():
    """A Metascience project is placed in Metascience as its own region."""
    state = f.setup_game(n=2)
    hexes, displaced = placement.legal_hexes(state, 1, "P-MET-1")
    assert not displaced and set(hexes) == {"MET1", "MET6"}


def test_sv_74_a_placement_bonus_is_gained_at_once():
    """Building on COS2 gives R +2."""
    state = f.actions_position(n=2, seat=1)
    f.tile(state, 1, "P-GRA-2", "GRA2")
    state["hexes"]["COS1"]["anomaly"] = None
    f.tile(state, 1, "P-COS-3", "COS1")
    state["market"] = ["P-COS-1"]
    f.give(state, 1, R=3)
    events = f.act(state, {"type": "build", "seat": 1, "card": "P-COS-1", "hex": "COS2"})
    assert f.first(events, "PlacementBonusGained")["gains"] == {"R": 2}
    assert player(state, 1)["resources"]["R"] == 2


def test_sv_75_three_connected_tiles_in_a_region_score_once():
    """A research programme: +1 VP at once, at most one per region."""
    state = f.actions_position(n=2, seat=1)
    f.tile(state, 1, "P-GRA-2", "GRA2")
    state["market"] = ["P-GRA-1", "P-GRA-3"]
    f.give(state, 1, R=9)
    events = f.act(state, {"type": "build", "seat": 1, "card": "P-GRA-1", "hex": "GRA4"})
    formed = f.first(events, "ResearchProgrammeFormed")
    assert formed["region"] == "GRA" and formed["hexes"] == ["GRA1", "GRA2", "GRA4"]
    assert player(state, 1)["vp_sources"]["research_programme"] == 1
    state["step"] = {"kind": "actions", "seats": [1]}
    player(state, 1)["actions_taken"] = []
    events = f.act(state, {"type": "build", "seat": 1, "card": "P-GRA-3", "hex": "GRA5"})
    assert "ResearchProgrammeFormed" not in f.event_types(events)
    assert player(state, 1)["vp"] == 1


def test_sv_76_a_displaced_tile_counts_as_metascience_on_the_map():
    """Displaced tiles count for adjacency and programmes where they stand."""
    state = f.actions_position(n=2, seat=1)
    f.tile(state, 1, "P-COS-2", "MET1", displaced=True)
    f.tile(state, 1, "P-COS-3", "MET6", displaced=True)
    state["market"] = ["P-MET-1"]
    f.give(state, 1, R=5)
    events = f.act(state, {"type": "build", "seat": 1, "card": "P-MET-1", "hex": "MET0"})
    assert f.first(events, "ResearchProgrammeFormed")["region"] == "MET"


def test_sv_77_production_adjacency_counts_wormhole_neighbours():
    """A wormhole partner is a neighbour for the adjacency bonus too."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-PAR-2", "PAR5")
    from games.research_programme.engine.rules.funding import production
    from games.research_programme.engine.rules.replication import link_wormhole

    assert all(m["adjacency"] == 0 for m in production(state, player(state, 1)))
    link_wormhole(state, "GRA1", "PAR5")
    assert all(m["adjacency"] == 1 for m in production(state, player(state, 1)))
