"""The Actions phase and its seven actions (SV-28 to SV-35)."""

import pytest

from games.engines.base import IllegalAction
from games.research_programme.engine import api
from games.research_programme.engine.state import player

from . import factory as f


def test_sv_28_two_different_actions_per_round_and_turns_alternate():
    """A1 B1 A2 B2: a seat takes at most 2 actions, never the same one twice."""
    state = f.actions_position(n=2, seat=1)
    for seat in (1, 2):
        f.give(state, seat, O=3, S=3, L=3)
    f.act(state, {"type": "peer_review", "seat": 1})
    assert state["step"]["seats"] == [2]
    f.act(state, {"type": "peer_review", "seat": 2})
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "peer_review", "seat": 1})
    assert error.value.code == "already_taken"
    f.act(state, {"type": "simulate", "seat": 1, "hexes": []})
    assert player(state, 1)["actions_taken"] == ["peer_review", "simulate"]
    events = f.act(state, {"type": "simulate", "seat": 2, "hexes": []})
    assert "PhaseStarted" in f.event_types(events) and state["phase"] != "actions"


def test_sv_28_a_pass_ends_the_seats_actions_for_the_round():
    """After passing, a seat is skipped for the rest of the round."""
    state = f.actions_position(n=2, seat=1)
    f.give(state, 2, O=3, S=3, L=3)
    f.act(state, {"type": "pass", "seat": 1})
    f.act(state, {"type": "peer_review", "seat": 2})
    assert state["step"]["seats"] == [2]
    events = f.act(state, {"type": "simulate", "seat": 2, "hexes": []})
    assert f.first(events, "PhaseStarted")["phase"] == "tests"


def test_sv_28_a_seat_with_only_pass_left_passes_without_a_tap():
    """When pass is the only legal choice, the engine passes for the seat."""
    state = f.actions_position(n=2, seat=1)
    f.give(state, 2, R=0, D=0, L=0, O=0, S=0, tiles_left=0)
    player(state, 2)["actions_taken"] = ["prediction"]
    events = f.act(state, {"type": "pass", "seat": 1})
    auto = [e for e in events if e["type"] == "Passed" and e["seat"] == 2]
    assert auto and auto[0]["auto"] is True


def test_sv_29_debt_gives_r2_immediately_before_an_action():
    """With debt an otherwise unaffordable action is legal: R +2, Debt +1, then the price."""
    state = f.actions_position(n=2, seat=1)
    f.give(state, 1, R=1)
    state["market"] = ["P-GRA-1"]
    assert not [a for a in api.legal_actions(state, 1)
                if a["type"] == "build" and not a["debt"]]
    events = f.act(state, {"type": "build", "seat": 1, "card": "P-GRA-1", "hex": "GRA2",
                           "debt": True})
    assert f.event_types(events)[:2] == ["DebtTaken", "ProjectBuilt"]
    assert player(state, 1)["debt"] == 1 and player(state, 1)["resources"]["R"] == 0


def test_sv_29_no_debt_with_a_pass():
    """A pass takes no debt, whatever the action says."""
    state = f.actions_position(n=2, seat=1)
    f.act(state, {"type": "pass", "seat": 1, "debt": True})
    assert player(state, 1)["debt"] == 0 and player(state, 1)["resources"]["R"] == 3


def test_sv_30_the_school_action_menu_has_seven_actions_and_pass():
    """SV-30: Theory, Build, Prediction, Preprint, Journal, Simulate, Peer review and pass;
    no Interfere."""
    state = f.actions_position(n=2, seat=1)
    menu = api.action_menu(state, 1)
    assert [entry["kind"] for entry in menu] == [
        "theory", "build", "prediction", "preprint", "journal", "simulate", "peer_review",
        "pass", "story_request"]
    reasons = {e["kind"]: e["reason"] for e in menu if not e["enabled"]}
    assert reasons == {"theory": "no_theory_in_hand", "preprint": "no_unpublished_record",
                       "journal": "no_unpublished_record", "peer_review": "cannot_pay"}
    other = {e["kind"]: e["reason"] for e in api.action_menu(state, 2)}
    assert other["build"] == "not_your_turn"
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "interfere", "seat": 1})


def test_sv_31_theory_pays_its_price_and_starts_at_kv_zero():
    """The card's price in R moves a theory from hand to an empty slot with KV 0."""
    state = f.actions_position(n=2, seat=1)
    player(state, 1)["hand"].append("T-GRA-2")
    events = f.act(state, {"type": "theory", "seat": 1, "card": "T-GRA-2"})
    p = player(state, 1)
    assert p["theories"] == ["T-GRA-PK", "T-GRA-2"] and p["resources"]["R"] == 1
    assert state["theories"]["T-GRA-2"] == {"owner": 1, "consensus": 0, "hits": []}
    assert f.first(events, "TheoryPlayed")["cost"] == {"R": 2}


def test_sv_31_with_three_slots_full_a_theory_must_be_withdrawn_first():
    """The fourth theory needs a withdrawal, which leaves the game and cancels its tests."""
    state = f.actions_position(n=2, seat=1)
    f.put_theory(state, 1, "T-GRA-1")
    f.put_theory(state, 1, "T-COS-1")
    player(state, 1)["hand"].append("T-PAR-1")
    f.schedule(state, 2, "T-GRA-1", "P-PAR-PK")
    options = [a for a in api.legal_actions(state, 1) if a["type"] == "theory"]
    assert {a["withdraw"] for a in options} == {"T-GRA-PK", "T-GRA-1", "T-COS-1"}
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "theory", "seat": 1, "card": "T-PAR-1"})
    events = f.act(state, {"type": "theory", "seat": 1, "card": "T-PAR-1",
                           "withdraw": "T-GRA-1"})
    assert "T-GRA-1" not in state["theories"] and player(state, 2)["scheduled"] is None
    assert f.first(events, "TestCancelled")["seat"] == 2
    assert player(state, 1)["vp"] == 0


def test_sv_32_build_buys_a_market_card_and_places_a_tile():
    """Pay the card's price, place a tile on a legal hex, keep the card."""
    state = f.actions_position(n=2, seat=1)
    events = f.act(state, {"type": "build", "seat": 1, "card": "P-GRA-1", "hex": "GRA4"})
    p = player(state, 1)
    assert p["resources"]["R"] == 0 and p["tiles_left"] == 4
    assert state["hexes"]["GRA4"]["owner"] == 1 and "P-GRA-1" not in state["market"]
    assert p["projects"][-1] == {"card": "P-GRA-1", "hex": "GRA4", "displaced": False,
                                 "adjacency_bonus": False}
    assert f.first(events, "ProjectBuilt")["card"] == "P-GRA-1"


def test_sv_32_no_build_without_tiles_or_legal_hex():
    """All tiles used, or no hex for any affordable card: Build is disabled with a reason."""
    state = f.actions_position(n=2, seat=1)
    player(state, 1)["tiles_left"] = 0
    assert f.kinds(api.action_menu(state, 1))["build"]["reason"] == "no_tiles_left"
    state = f.actions_position(n=2, seat=1)
    state["market"] = ["P-MET-1"]
    for hex_id in ("MET0", "MET1", "MET2", "MET3", "MET4", "MET5", "MET6"):
        state["hexes"][hex_id]["neutral"] = True
    assert f.kinds(api.action_menu(state, 1))["build"]["reason"] == "no_legal_hex"


def test_sv_33_prediction_schedules_a_test_on_any_tables_theory():
    """Any seat's theory, an own tile, an optional method; no D is paid yet."""
    state = f.actions_position(n=2, seat=1)
    theories = {a["theory"] for a in api.legal_actions(state, 1) if a["type"] == "prediction"}
    assert theories == {"T-GRA-PK", "T-PAR-PK"}
    events = f.act(state, {"type": "prediction", "seat": 1, "theory": "T-PAR-PK",
                           "project": "P-GRA-PK", "method": "M-PREREG-PK"})
    p = player(state, 1)
    assert p["scheduled"] == {"theory": "T-PAR-PK", "project": "P-GRA-PK", "hex": "GRA1",
                              "method": "M-PREREG-PK"}
    assert p["methods"] == ["M-PREREG-PK"] and p["hand"] == []
    assert p["resources"] == {"R": 2, "D": 1, "L": 1, "O": 0, "S": 1}
    assert f.first(events, "TestScheduled")["cost"] == {"R": 1}


def test_sv_33_only_own_tiles_and_a_desk_only_with_the_named_method():
    """Another seat's tile is never a test project; the desk needs the Test field's method."""
    state = f.actions_position(n=2, seat=1)
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "prediction", "seat": 1, "theory": "T-GRA-PK",
                                 "project": "P-PAR-PK"})
    f.put_theory(state, 1, "T-MAT-1")  # Test: monte_carlo
    desks = [a for a in api.legal_actions(state, 1)
             if a["type"] == "prediction" and a["project"] == "desk"]
    assert desks == []
    player(state, 1)["hand"].append("M-MONTECARLO")
    desks = [a for a in api.legal_actions(state, 1)
             if a["type"] == "prediction" and a["project"] == "desk" and not a["debt"]]
    assert {a["method"] for a in desks} == {"M-MONTECARLO"}
    assert {a["desk_hex"] for a in desks} == {f"MET{i}" for i in range(7)}


def test_sv_34_simulate_removes_up_to_two_noise_near_own_tiles():
    """Pay L1 and remove up to 2 Noise from hexes with or next to own tiles."""
    state = f.actions_position(n=2, seat=1)
    f.clear_map(state)
    state["hexes"]["GRA4"]["noise"] = 2
    state["hexes"]["MET0"]["noise"] = 1
    supply = state["noise_supply"]
    options = [a["hexes"] for a in api.legal_actions(state, 1)
               if a["type"] == "simulate" and not a["debt"]]
    assert ["GRA4", "GRA4"] in options and ["MET0"] not in options
    f.act(state, {"type": "simulate", "seat": 1, "hexes": ["GRA4", "GRA4"]})
    assert state["hexes"]["GRA4"]["noise"] == 0 and state["noise_supply"] == supply + 2
    assert player(state, 1)["resources"]["L"] == 0
    with pytest.raises(IllegalAction):
        other = f.actions_position(n=2, seat=1)
        other["hexes"]["MET0"]["noise"] = 1
        api.apply_action(other, {"type": "simulate", "seat": 1, "hexes": ["MET0"]})


def test_sv_35_peer_review_pays_o1_s1_for_rigour():
    """O1 + S1 buys Rigour +1."""
    state = f.actions_position(n=2, seat=1)
    f.give(state, 1, O=1, S=1)
    f.act(state, {"type": "peer_review", "seat": 1})
    p = player(state, 1)
    assert p["rigour"] == 1 and p["resources"]["O"] == 0 and p["resources"]["S"] == 0


def test_sv_29_debt_that_is_not_true_or_false_is_refused_as_bad_debt():
    """SV-29: debt is taken or not; `debt: 7` is refused with the debt code, not `illegal_hex`."""
    state = f.actions_position(n=2, seat=1)
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "build", "seat": 1, "card": "P-GRA-1", "hex": "GRA2",
                                 "debt": 7})
    assert error.value.code == "bad_debt"
