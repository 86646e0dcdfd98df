"""The Tests phase: resolving a scheduled test, the threshold, the roll, artefacts, success and
null results (SV-36 to SV-47)."""

import pytest

from games.engines.base import IllegalAction
from games.research_programme.engine import api
from games.research_programme.engine.state import player

from . import factory as f


def preview(state):
    return api.view_for(state, None)["step"]["test"]


def test_sv_36_a_test_on_a_theory_that_left_the_game_is_cancelled():
    """Nothing to roll, no D paid, when the theory is gone."""
    state = f.test_position(n=2, seat=2)
    f.schedule(state, 2, "T-GRA-PK", "P-PAR-PK")
    state["queue"] = [{"t": "test", "seat": 2}, {"t": "cleanup"}]
    state["step"] = {"kind": "test", "seats": [1]}
    f.schedule(state, 1, "T-GRA-PK", "P-GRA-PK")
    state["theories"]["T-GRA-PK"]["consensus"] = -1
    f.give(state, 1, S=1)
    events = f.roll(state, 1, 1)
    cancelled = f.first(events, "TestCancelled")
    assert cancelled["seat"] == 2 and cancelled["reason"] == "theory_removed"
    assert player(state, 2)["resources"]["D"] == 1


def test_sv_36_a_scheduled_test_cannot_be_declined():
    """The rulebook has everyone resolve their scheduled test (D-3): the only choice is to roll."""
    state = f.test_position(n=2, seat=1, method="M-PREREG-PK")
    assert {a["type"] for a in api.legal_actions(state, 1)} == {"roll"}
    assert [e["kind"] for e in api.action_menu(state, 1)] == ["roll", "story_request"]
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "cancel_test", "seat": 1})
    assert error.value.code == "unknown_action"


def test_sv_36_a_cancelled_test_costs_nothing_and_keeps_insight_and_method():
    """Cancelled because its theory left: no D, no effect, Insight kept, paid method stays."""
    state = f.setup_game(n=2)
    f.give(state, 2, insight=2)
    f.schedule(state, 2, "T-GRA-PK", "P-PAR-PK", method="M-XVAL-PK")
    state["theories"]["T-GRA-PK"]["consensus"] = -1
    state = f.test_position(n=2, seat=1, state=state)
    events = f.roll(state, 1, 1)
    p = player(state, 2)
    assert f.first(events, "TestCancelled")["reason"] == "theory_removed"
    assert p["resources"]["D"] == 1 and p["insight"] == 2 and p["methods"] == ["M-XVAL-PK"]
    assert p["records"] == []


def test_sv_36_a_seat_without_data_cannot_roll():
    """Without D1 the test is cancelled without asking."""
    state = f.setup_game(n=2)
    f.give(state, 1, D=0)
    state = f.test_position(n=2, seat=1, state=state)
    state["step"] = None
    state["queue"] = [{"t": "test", "seat": 1}, {"t": "test", "seat": 2}, {"t": "cleanup"}]
    from games.research_programme.engine.rules.flow import advance

    out = []
    advance(state, out)
    assert f.first(out, "TestCancelled")["reason"] == "cannot_pay"


def test_sv_36_the_roll_pays_d1():
    """Rolling costs D1, success or not."""
    state = f.test_position(n=2, seat=1)
    f.roll(state, 1, 1)
    assert player(state, 1)["resources"]["D"] == 0


def test_sv_37_the_preview_shows_condition_and_threshold():
    """Before the roll the tester sees the Condition and the computed threshold."""
    state = f.test_position(n=2, seat=1)
    shown = preview(state)
    assert shown["condition"]["en"].startswith("Star positions")
    assert shown["threshold"] == 4 and shown["bonus"] == 1 and shown["needed"] == 3
    assert shown["chance"] == pytest.approx(4 / 6)


def test_sv_37_the_numbers_are_computed_after_earlier_tests_of_the_phase():
    """A's first hit earlier in the same Tests phase makes B's test a replication at +1."""
    state = f.test_position(n=2, seat=1)
    f.schedule(state, 2, "T-GRA-PK", "P-PAR-PK")
    assert api.ENGINE  # seat 2's test, as it looks before seat 1 rolls:
    from games.research_programme.engine.rules.preview import preview as compute

    before = compute(state, 2)
    assert before["threshold_parts"]["location"] == 3 and before["classification"] == "first_hit"
    f.roll(state, 1, 6)
    after = preview(state)
    assert state["step"]["seats"] == [2]
    assert after["threshold_parts"]["location"] == 1 and after["classification"] == "replication"


def test_sv_38_location_modifier_named_same_region_other_region():
    """Named project 0, another tile of the theory's region +1, other region +3, +1 once hit."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-GRA-2", "GRA2")
    f.tile(state, 1, "P-COS-2", "COS2")
    from games.research_programme.engine.rules.preview import preview as compute

    parts = {}
    for project in ("P-GRA-PK", "P-GRA-2", "P-COS-2"):
        f.schedule(state, 1, "T-GRA-PK", project)
        parts[project] = compute(state, 1)["threshold_parts"]["location"]
    assert parts == {"P-GRA-PK": 0, "P-GRA-2": 1, "P-COS-2": 3}
    f.hit(state, "T-GRA-PK", "P-PAR-PK", 2)
    f.schedule(state, 1, "T-GRA-PK", "P-COS-2")
    assert compute(state, 1)["threshold_parts"]["location"] == 1


def test_sv_38_a_displaced_tile_adds_one_even_when_named():
    """A tile displaced into Metascience: +1 on top of the normal modifier."""
    state = f.setup_game(n=2)
    theory = f.theory_card("GRA", 4, test={"project": "P-GRA-3"})
    f.put_theory(state, 1, theory)
    f.tile(state, 1, "P-GRA-3", "MET1", displaced=True)
    f.schedule(state, 1, theory, "P-GRA-3")
    from games.research_programme.engine.rules.preview import preview as compute

    shown = compute(state, 1)
    assert shown["threshold_parts"] == {"printed": 4, "location": 0, "displaced": 1,
                                        "wormhole": 0, "card": 0}
    assert shown["threshold"] == 5


def test_sv_38_the_rules_file_example_adds_up_to_six():
    """4+, a non-neighbouring region's tile, an earlier hit, a new wormhole: 4 + 1 + 1 = 6."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-PAR-2", "PAR5")
    f.hit(state, "T-GRA-PK", "P-GRA-PK", 1)
    state = f.test_position(n=2, seat=1, theory="T-GRA-PK", project="P-PAR-2", state=state)
    shown = preview(state)
    assert shown["threshold_parts"] == {"printed": 4, "location": 1, "displaced": 0,
                                        "wormhole": 1, "card": 0}
    assert shown["threshold"] == 6 and shown["wormhole"] is True


def test_sv_39_pluses_are_capped_at_three():
    """Technique 2 + Rigour 8 (+2) + Insight 1 = 5 pluses, bonus 3."""
    state = f.setup_game(n=2)
    f.tile(state, 1, "P-GRA-3", "GRA2")
    f.give(state, 1, rigour=8, insight=1)
    state = f.test_position(n=2, seat=1, project="P-GRA-3", state=state)
    shown = preview(state)
    assert (shown["technique"], shown["rigour_bonus"], shown["insight"]) == (2, 2, 1)
    assert shown["pluses"] == 5 and shown["bonus"] == 3


def test_sv_40_noise_is_not_limited_by_the_cap():
    """Noise 3 takes 3 off the result even with a full bonus."""
    state = f.setup_game(n=2)
    f.give(state, 1, rigour=8, insight=1)
    state["hexes"]["GRA1"]["noise"] = 3
    state = f.test_position(n=2, seat=1, state=state)
    events = f.roll(state, 1, 4)
    rolled = f.first(events, "TestRolled")
    assert rolled["bonus"] == 3 and rolled["noise"] == 3 and rolled["result"] == 4
    assert "TestSucceeded" in f.event_types(events)


@pytest.mark.parametrize("die, succeeded", [(2, False), (3, True), (6, True)])
def test_sv_41_result_is_die_plus_bonus_minus_noise(die, succeeded):
    """Threshold 4, Technique 1, no Noise: success on a die of 3 to 6."""
    state = f.test_position(n=2, seat=1)
    events = f.roll(state, 1, die)
    rolled = f.first(events, "TestRolled")
    assert rolled["die"] == die and rolled["result"] == die + 1
    assert rolled["success"] is succeeded
    assert ("TestSucceeded" if succeeded else "NullResult") in f.event_types(events)


def test_sv_41_the_rules_file_second_example():
    """Threshold 5, Technique 2, Rigour 4, Noise 1: bonus 3, success on 3 to 6."""
    state = f.setup_game(n=2)
    theory = f.theory_card("GRA", 5, test={"project": "P-GRA-3"})
    f.put_theory(state, 1, theory)
    f.tile(state, 1, "P-GRA-3", "GRA2")
    state["hexes"]["GRA2"]["noise"] = 1
    f.give(state, 1, rigour=4)
    state = f.test_position(n=2, seat=1, theory=theory, project="P-GRA-3", state=state)
    shown = preview(state)
    assert shown["bonus"] == 3 and shown["needed"] == 3
    assert f.first(f.roll(state, 1, 3), "TestRolled")["success"] is True


def test_sv_41_a_hopeless_test_is_flagged_but_may_be_rolled():
    """If even a 6 cannot succeed the preview warns; rolling is still allowed."""
    state = f.setup_game(n=2)
    theory = f.theory_card("GRA", 6, test={"project": "P-COS-3"})
    f.put_theory(state, 1, theory)
    f.tile(state, 1, "P-COS-2", "COS2")
    state = f.test_position(n=2, seat=1, theory=theory, project="P-COS-2", state=state)
    shown = preview(state)
    assert shown["threshold"] == 9 and shown["hopeless"] is True and shown["chance"] == 0
    assert f.first(f.roll(state, 1, 6), "TestRolled")["success"] is False


@pytest.mark.parametrize("die", [1, 6])
def test_sv_42_rolling_uses_up_all_insight(die):
    """All Insight is added to the roll and is then gone, success or not."""
    state = f.setup_game(n=2)
    f.give(state, 1, insight=2)
    state = f.test_position(n=2, seat=1, state=state)
    rolled = f.first(f.roll(state, 1, die), "TestRolled")
    assert rolled["insight"] == 2 and rolled["bonus"] == 3
    assert player(state, 1)["insight"] == 0


def test_sv_43_a_method_named_test_with_own_tile_or_desk():
    """With the named method: own tile of the theory's region 0, a desk +1 on a Metascience
    hex with that hex's Noise, Technique 0 and no map bonus."""
    state = f.setup_game(n=2)
    f.put_theory(state, 1, "T-MAT-1")  # 3+, Test: monte_carlo
    f.tile(state, 1, "P-MAT-3", "MAT2")
    player(state, 1)["methods"].append("M-MONTECARLO")
    state["hexes"]["MET6"]["noise"] = 2
    from games.research_programme.engine.rules.preview import preview as compute

    f.schedule(state, 1, "T-MAT-1", "P-MAT-3", method="M-MONTECARLO")
    assert compute(state, 1)["threshold_parts"]["location"] == 0
    f.schedule(state, 1, "T-MAT-1", "desk", method="M-MONTECARLO", desk_hex="MET6")
    desk = compute(state, 1)
    assert desk["threshold_parts"]["location"] == 1 and desk["threshold"] == 4
    assert (desk["technique"], desk["map_bonus"], desk["noise"]) == (0, 0, 2)


def test_sv_43_without_the_named_method_it_is_an_unowned_named_project():
    """Without the method: own tile of the region +1, another region +3."""
    state = f.setup_game(n=2)
    f.put_theory(state, 1, "T-MAT-1")
    f.tile(state, 1, "P-MAT-3", "MAT2")
    from games.research_programme.engine.rules.preview import preview as compute

    f.schedule(state, 1, "T-MAT-1", "P-MAT-3")
    assert compute(state, 1)["threshold_parts"]["location"] == 1
    f.schedule(state, 1, "T-MAT-1", "P-GRA-PK", method="M-PREREG-PK")
    assert compute(state, 1)["threshold_parts"]["location"] == 3


def test_sv_43_a_desk_is_a_project_for_hits_and_never_bridges():
    """Another seat's desk replicates a desk hit; no bridge comes of it."""
    state = f.setup_game(n=2)
    f.put_theory(state, 1, "T-MAT-1")
    f.hit(state, "T-MAT-1", "desk:1", 1, "monte_carlo", hex_id="MET5")
    player(state, 2)["methods"].append("M-MONTECARLO")
    state = f.test_position(n=2, seat=2, theory="T-MAT-1", project="desk",
                            method="M-MONTECARLO", desk_hex="MET0", state=state)
    events = f.roll(state, 2, 6)
    succeeded = f.first(events, "TestSucceeded")
    assert succeeded["classification"] == "replication"
    assert succeeded["replication"]["bridge"] is None
    assert player(state, 1)["bridges"] == [] and state["theories"]["T-MAT-1"]["hits"][-1][
        "project"] == "desk:2"


def test_sv_44_an_artefact_annuls_the_first_success_and_lowers_hype():
    """Hype >= Rigour + 2: the success is annulled, Hype -1, nothing else; D and Insight spent."""
    state = f.setup_game(n=2)
    f.give(state, 1, hype=2, rigour=0, insight=1)
    state = f.test_position(n=2, seat=1, state=state)
    events = f.roll(state, 1, 6)
    annulled = f.first(events, "ArtefactCancelledSuccess")
    assert annulled["hype"] == 2 and annulled["rigour"] == 0
    p = player(state, 1)
    assert p["hype"] == 1 and p["insight"] == 0 and p["resources"]["D"] == 0
    assert p["resources"]["S"] == 1 and p["records"] == []
    assert state["theories"]["T-GRA-PK"] == {"owner": 1, "consensus": 0, "hits": []}
    assert "TestSucceeded" not in f.event_types(events)


def test_sv_44_hype_one_above_rigour_is_no_artefact():
    """Hype = Rigour + 1 does not annul."""
    state = f.setup_game(n=2)
    f.give(state, 1, hype=2, rigour=1)
    state = f.test_position(n=2, seat=1, state=state)
    assert "TestSucceeded" in f.event_types(f.roll(state, 1, 6))


def test_sv_44_cross_validation_saves_the_success_and_hype():
    """With Cross-validation the success stands and Hype does not drop."""
    state = f.setup_game(n=2)
    f.give(state, 2, hype=3, rigour=0)
    state = f.test_position(n=2, seat=2, method="M-XVAL-PK", state=state)
    events = f.roll(state, 2, 6)
    assert "TestSucceeded" in f.event_types(events)
    assert player(state, 2)["hype"] == 3


def test_sv_45_success_kv_reward_hit_then_anomaly_in_order():
    """KV +1 and the reward go to the tester, the hit is recorded, anomalies come last."""
    state = f.setup_game(n=2)
    f.hit(state, "T-PAR-PK", "P-PAR-PK", 2)
    f.tile(state, 1, "P-COS-2", "COS2")
    state = f.test_position(n=2, seat=1, theory="T-PAR-PK", project="P-COS-2", state=state)
    events = f.roll(state, 1, 6)
    types = f.event_types(events)
    assert types.index("TestSucceeded") < types.index("BridgeCreated")
    succeeded = f.first(events, "TestSucceeded")
    assert succeeded["reward"] == {"D": 1} and succeeded["consensus"] == 1
    assert player(state, 1)["resources"]["D"] == 1  # paid D1, got D1 back
    assert state["theories"]["T-PAR-PK"]["hits"][-1]["seat"] == 1


def test_sv_46_a_null_result_lowers_kv_and_gives_scepticism():
    """KV -1 and S +1 for the tester."""
    state = f.test_position(n=2, seat=1)
    events = f.roll(state, 1, 1)
    assert state["theories"]["T-GRA-PK"]["consensus"] == -1
    assert player(state, 1)["resources"]["S"] == 2
    assert f.first(events, "NullResult")["scepticism"] == 1


def test_sv_46_under_null_results_kv_stays_and_scepticism_is_two():
    """In the Null Results round, KV is unchanged and S +2."""
    state = f.setup_game(n=2)
    player(state, 1)["effects"] = ["null_results"]
    state = f.test_position(n=2, seat=1, state=state)
    f.roll(state, 1, 1)
    assert state["theories"]["T-GRA-PK"]["consensus"] == 0
    assert player(state, 1)["resources"]["S"] == 3


@pytest.mark.parametrize("null_round, expected", [(False, -1), (True, 1)])
def test_sv_46_additional_method_effects_apply_on_top(null_round, expected):
    """Bayesian model comparison at KV 2: -2 in total, or -1 in the Null Results round."""
    state = f.setup_game(n=3)
    state["theories"]["T-QUA-PK"]["consensus"] = 1
    if null_round:
        player(state, 3)["effects"] = ["null_results"]
        state["theories"]["T-QUA-PK"]["consensus"] = 2
    state = f.test_position(n=3, seat=3, method="M-BAYES-PK", state=state)
    f.roll(state, 3, 1)
    assert state["theories"]["T-QUA-PK"]["consensus"] == expected


def test_sv_47_kv_minus_two_after_a_null_result_falsifies_with_scepticism():
    """The owner pays S1 and gains +1 VP; the theory leaves; other tests on it are cancelled."""
    state = f.setup_game(n=2)
    state["theories"]["T-GRA-PK"]["consensus"] = -1
    state = f.test_position(n=2, seat=2, theory="T-GRA-PK", project="P-PAR-PK", state=state)
    f.give(state, 1, S=1)
    events = f.roll(state, 2, 1)
    falsified = f.first(events, "TheoryFalsified")
    assert falsified["seat"] == 1 and falsified["vp"] == 1
    p1 = player(state, 1)
    assert p1["resources"]["S"] == 0 and p1["vp_sources"]["falsification"] == 1
    assert "T-GRA-PK" not in state["theories"] and p1["theories"] == []
    assert state["gone"]["T-GRA-PK"]["how"] == "falsified"


def test_sv_47_without_scepticism_the_theory_is_rejected_without_vp():
    """No S: rejected, no VP; the record of the null result can still be published."""
    state = f.setup_game(n=2)
    state["theories"]["T-GRA-PK"]["consensus"] = -1
    f.give(state, 1, S=0)
    state = f.test_position(n=2, seat=2, theory="T-GRA-PK", project="P-PAR-PK", state=state)
    events = f.roll(state, 2, 1)
    assert f.first(events, "TheoryRejected")["vp"] == 0
    assert player(state, 1)["vp"] == 0 and state["gone"]["T-GRA-PK"]["how"] == "rejected"
    assert player(state, 2)["records"][0]["status"] == "unpublished"


def test_sv_47_the_owners_own_scheduled_test_is_cancelled_too():
    """Every other test scheduled on a removed theory this round is cancelled."""
    state = f.setup_game(n=3)
    state["theories"]["T-GRA-PK"]["consensus"] = -1
    f.schedule(state, 1, "T-GRA-PK", "P-GRA-PK")
    f.schedule(state, 3, "T-GRA-PK", "P-QUA-PK")
    state = f.test_position(n=3, seat=2, theory="T-GRA-PK", project="P-PAR-PK", state=state)
    events = f.roll(state, 2, 1)
    cancelled = {e["seat"] for e in events if e["type"] == "TestCancelled"}
    assert cancelled == {1, 3}


def test_sv_47_only_a_null_result_removes_a_theory():
    """A theory below -2 that has a success stays in play."""
    state = f.setup_game(n=2)
    state["theories"]["T-GRA-PK"]["consensus"] = -4
    state = f.test_position(n=2, seat=1, state=state)
    f.roll(state, 1, 6)
    assert state["theories"]["T-GRA-PK"]["consensus"] == -3
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "roll", "seat": 1})
