"""Disruption cards: the draw, Interfere, defence, a blocked Influence, repairs (FG-08 to
FG-11, FG-14, G-07, G-26, G-27)."""

import pytest

from games.engines.base import IllegalAction
from games.research_programme.engine import api
from games.research_programme.engine.state import player

from . import factory as f
from . import factory_full as ff


def position(attacker_cards=(), target_cards=(), target_hand=None, target_s=0):
    """Seat 1 to act in the Actions phase; seat 2 owns T-GRA-2 and a tile on GRA1."""
    state = ff.actions_position(n=2, seat=1, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    for cell in state["hexes"].values():
        cell["neutral"] = False
    f.put_theory(state, 2, "T-GRA-2")
    f.tile(state, 2, "P-GRA-1", "GRA1")
    ff.hand(state, 1, *attacker_cards)
    ff.hand(state, 2, *target_cards)
    player(state, 2)["hand"] = list(target_hand or [])
    f.give(state, 2, S=target_s)
    return state


def interfere(state, card, target=2, **params):
    return f.act(state, {"type": "interfere", "seat": 1, "card": card, "target": target,
                         **params})


def test_fg_08_funding_draws_a_disruption_card_and_a_seat_holds_at_most_two():
    """FG-08: each seat draws 1 Disruption card in Funding; a third is discarded by choice;
    the count is public, the cards private, and they do not count toward the hand of 4."""
    state = ff.full_game(n=2)
    ff.hand(state, 1, "D-SPIN", "D-DOUBT")
    f.chance(state, "E-SCOOP")
    for seat in (1, 2):
        f.act(state, {"type": "fund", "seat": seat, "income": "D", "draw": "theory"})
    draws = []
    while state["step"]["kind"] == "chance":
        draws.append(state["step"]["deck"])
        f.chance(state, api.chance_outcomes(state)[0])
    assert draws == ["theory", "disruption", "theory", "disruption"]
    assert state["step"] == {"kind": "discard", "seats": [1]}
    p = player(state, 1)
    assert len(p["disruptions"]) == 3 and len(p["hand"]) == 3
    assert all(len(a["cards"]) == 1 and a["cards"][0] in p["disruptions"]
               for a in api.legal_actions(state, 1))
    other = api.view_for(state, 2)["players"][0]
    assert other["disruption_count"] == 3 and "disruptions" not in other
    f.act(state, {"type": "discard", "seat": 1, "cards": ["D-SPIN"]})
    assert "D-SPIN" in state["discards"]["disruption"]
    assert len(player(state, 1)["disruptions"]) == 2


def test_fg_09_interfere_is_the_eighth_action():
    """FG-09, G-01: the full game's menu has 8 actions and pass; Interfere counts as one of the
    two different actions."""
    state = position(attacker_cards=["D-SPIN"])
    kinds = [entry["kind"] for entry in api.action_menu(state, 1)]
    assert kinds[:9] == ["theory", "build", "prediction", "preprint", "journal", "simulate",
                         "peer_review", "interfere", "pass"]
    interfere(state, "D-SPIN")
    assert player(state, 1)["actions_taken"] == ["interfere"]


def test_fg_09_a_card_is_played_on_an_opponent_and_its_effect_applies():
    """FG-09: the attacker names the target and the theory; unblocked, the effect applies, and
    the card goes to the Disruption discard pile; the attacker's turn then ends."""
    state = position(attacker_cards=["D-OUTCOME-SWITCH"])
    events = interfere(state, "D-OUTCOME-SWITCH", theory="T-GRA-2")
    played = f.first(events, "DisruptionPlayed")
    assert (played["seat"], played["target"], played["kind"]) == (1, 2, "reporting_bias")
    hit = f.first(events, "DisruptionHit")
    assert hit["results"] == [{"op": "kv", "theory": "T-GRA-2", "amount": -1, "consensus": -1}]
    assert state["theories"]["T-GRA-2"]["kv_taken"] == 1
    assert state["discards"]["disruption"] == ["D-OUTCOME-SWITCH"]
    assert state["interference"] is None and state["step"] == {"kind": "actions", "seats": [2]}


def test_fg_09_a_card_that_shows_euros_costs_money_and_one_without_costs_nothing():
    """FG-09: Manufactured doubt (€1) costs R1; Spin costs nothing."""
    state = position(attacker_cards=["D-DOUBT"])
    r = player(state, 1)["resources"]["R"]
    interfere(state, "D-DOUBT", theory="T-GRA-2")
    assert player(state, 1)["resources"]["R"] == r - 1
    state = position(attacker_cards=["D-SPIN"])
    interfere(state, "D-SPIN")
    assert player(state, 1)["resources"]["R"] == r


def test_fg_g07_one_card_one_opponent_and_only_what_the_card_can_hit():
    """G-07: a card goes on one opponent, never on oneself; a KV card names one of the target's
    theories, a Noise card hexes with the target's tiles; no target, no Interfere."""
    state = position(attacker_cards=["D-OUTCOME-SWITCH", "D-TROLL-STORM"])
    f.put_theory(state, 1, "T-COS-1")
    actions = [a for a in api.legal_actions(state, 1) if a["type"] == "interfere"]
    assert {a["target"] for a in actions} == {2}
    assert {a["theory"] for a in actions if a["card"] == "D-OUTCOME-SWITCH"} == {"T-GRA-2"}
    assert {tuple(a["hexes"]) for a in actions if a["card"] == "D-TROLL-STORM"} == {("GRA1",)}
    state = position(attacker_cards=["D-OUTCOME-SWITCH"])
    state["theories"].pop("T-GRA-2")
    player(state, 2)["theories"] = []
    menu = f.kinds(api.action_menu(state, 1))
    assert menu["interfere"]["reason"] == "no_target"


def test_fg_10_a_method_on_the_targets_table_blocks_for_free():
    """FG-10 (1): Preregistration on the target's table blocks Selective reporting at once."""
    state = position(attacker_cards=["D-SELECTIVE"], target_hand=["T-COS-1"])
    player(state, 2)["methods"] = ["M-PREREG"]
    events = interfere(state, "D-SELECTIVE")
    blocked = f.first(events, "DisruptionBlocked")
    assert (blocked["how"], blocked["block_card"]) == ("table_method", "M-PREREG")
    assert state["step"]["kind"] == "actions" and player(state, 2)["silenced_nulls"] == 0


@pytest.mark.parametrize("die, blocked", [(4, True), (3, False)])
def test_fg_10_the_preregistration_service_blocks_a_bias_it_names_on_four_or_more(die, blocked):
    """FG-10 (1), AM-23: the target's Preregistration service rolls; 4+ blocks a Bias whose
    Block names Preregistration, otherwise the target may still decide."""
    state = position(attacker_cards=["D-SPIN"])
    f.tile(state, 2, "P-MET-1", "MET3")
    interfere(state, "D-SPIN")
    assert state["step"]["chance"] == "block_roll" and state["step"]["need"] == 4
    events = f.chance(state, die)
    assert ("DisruptionBlocked" in f.event_types(events)) is blocked
    assert player(state, 2)["hype"] == (0 if blocked else 1)


def test_fg_10_a_metascience_project_protects_the_hexes_next_to_it():
    """FG-10 (5), G-27: the Research integrity office blocks disruption on its neighbours; a
    card hitting only protected hexes is blocked, otherwise protected hexes are spared."""
    state = position(attacker_cards=["D-UNCALIBRATED"])
    f.tile(state, 1, "P-MET-3", "MET1")
    events = interfere(state, "D-UNCALIBRATED", hexes=["GRA1"])
    assert f.first(events, "DisruptionBlocked")["how"] == "map"
    state = position(attacker_cards=["D-TROLL-STORM"])
    f.tile(state, 1, "P-MET-3", "MET1")
    f.tile(state, 2, "P-CON-1", "CON2")
    events = interfere(state, "D-TROLL-STORM", hexes=["GRA1", "CON2"])
    assert f.first(events, "DisruptionHit")["results"][0]["added"] == {"GRA1": 0, "CON2": 1}


def test_fg_10_the_target_decides_out_of_turn_under_a_deadline():
    """FG-10: with no free block the target decides on its own tablet: it is the only seat
    asked, the step has a deadline, and the fallback (no block) lets the card hit."""
    state = position(attacker_cards=["D-SPIN"], target_cards=["D-REGISTERED-REPORT"])
    interfere(state, "D-SPIN")
    assert api.current_seats(state) == [2] and state["step"]["kind"] == "defend"
    [deadline] = api.deadlines(state)
    assert deadline == {"key": "disruption1:defend1", "seat": 2, "seconds": 30,
                        "fallback": {"type": "defend", "seat": 2, "how": None, "card": None}}
    assert {a["how"] for a in api.legal_actions(state, 2)} == {None, "protection"}
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "defend", "seat": 1})
    assert error.value.code == "not_your_turn"
    events = f.act(state, deadline["fallback"])
    assert f.first(events, "DisruptionHit")["results"] == [{"op": "hype", "amount": 1}]
    assert player(state, 2)["hype_from_cards"] == 1 and api.deadlines(state) == []


def test_fg_10_a_full_protection_of_the_kind_always_blocks_and_is_used_up():
    """FG-10 (3): a Registered report blocks a Reporting bias and goes to the discard pile."""
    state = position(attacker_cards=["D-SPIN"], target_cards=["D-REGISTERED-REPORT"])
    interfere(state, "D-SPIN")
    events = f.act(state, {"type": "defend", "seat": 2, "how": "protection",
                           "card": "D-REGISTERED-REPORT"})
    blocked = f.first(events, "DisruptionBlocked")
    assert (blocked["how"], blocked["block_card"], blocked["roll"]) == (
        "protection", "D-REGISTERED-REPORT", None)
    assert player(state, 2)["disruptions"] == []
    assert state["discards"]["disruption"] == ["D-REGISTERED-REPORT", "D-SPIN"]


@pytest.mark.parametrize("die, blocked", [(3, True), (2, False)])
def test_fg_10_a_partial_protection_blocks_on_its_roll_and_is_used_up_either_way(die, blocked):
    """FG-10 (3): Science communication blocks a Disinformation on 3+; it is discarded either
    way, and after a failed roll the target may still decide (here: no block)."""
    state = position(attacker_cards=["D-DOUBT"], target_cards=["D-SCICOMM"],
                     target_hand=["T-COS-1"])
    interfere(state, "D-DOUBT", theory="T-GRA-2")
    f.act(state, {"type": "defend", "seat": 2, "how": "protection", "card": "D-SCICOMM"})
    assert state["step"]["chance"] == "block_roll" and state["step"]["need"] == 3
    events = f.chance(state, die)
    assert f.first(events, "BlockRolled")["blocked"] is blocked
    assert "D-SCICOMM" in state["discards"]["disruption"]
    if not blocked:
        assert state["step"]["kind"] == "defend"
        f.act(state, {"type": "defend", "seat": 2, "how": None})
    assert state["theories"]["T-GRA-2"]["consensus"] == (0 if blocked else -1)


@pytest.mark.parametrize("card, listed", [("D-FAKE-VIDEO", True), ("D-HACKED-SERVER", True),
                                          ("D-DOUBT", False)])
def test_fg_10_information_security_blocks_its_kind_and_the_fake_video(card, listed):
    """FG-10 (3): Information security answers a Data breach and the Fake video, nothing
    else."""
    state = position(attacker_cards=[card], target_cards=["D-INFOSEC"])
    interfere(state, card, theory="T-GRA-2" if card == "D-DOUBT" else None)
    protections = [a for a in api.legal_actions(state, 2) if a["how"] == "protection"]
    assert bool(protections) is listed


@pytest.mark.parametrize("card, s, rigour, hype, may", [
    ("D-SPIN", 2, 0, 0, True), ("D-SPIN", 1, 0, 0, False),
    ("D-HEADLINES", 1, 1, 0, True), ("D-HEADLINES", 1, 0, 0, False)])
def test_fg_10_scepticism_blocks_a_bias_for_s2_and_an_influence_for_s1_if_rigour_above_hype(
        card, s, rigour, hype, may):
    """FG-10 (4): S2 against a Bias; S1 against an Influence only when Rigour > Hype."""
    state = position(attacker_cards=[card], target_s=s, target_hand=["T-COS-1"])
    f.give(state, 2, rigour=rigour, hype=hype)
    interfere(state, card)
    assert ({"type": "defend", "seat": 2, "how": "scepticism", "card": None}
            in api.legal_actions(state, 2)) is may


def test_fg_10_a_named_method_from_hand_is_paid_and_played_to_the_table():
    """FG-10 (2): Blind analysis in hand blocks Seeing what you expect for its €2."""
    state = position(attacker_cards=["D-EXPECTATIONS"], target_hand=["M-BLIND"])
    f.give(state, 2, R=3)
    interfere(state, "D-EXPECTATIONS", theory="T-GRA-2")
    events = f.act(state, {"type": "defend", "seat": 2, "how": "method", "card": "M-BLIND"})
    assert f.first(events, "DisruptionBlocked")["cost"] == {"R": 2}
    assert player(state, 2)["methods"] == ["M-BLIND"] and player(state, 2)["resources"]["R"] == 1


def test_fg_10_a_protection_blocks_a_disruption_event_of_its_kind():
    """FG-10: Protection is a reaction at any time it is legal, so a Registered report also
    blocks the File drawer Event (a Reporting bias)."""
    state = ff.full_game(n=2)
    ff.hand(state, 1, "D-REGISTERED-REPORT")
    p = player(state, 1)
    p["records"].append({"id": "1.1", "theory": "T-GRA-1", "outcome": "null", "round": 1,
                         "status": "unpublished"})
    state["next_event"] = "E-FILE-DRAWER"
    f.run(state, "resolve_event", "funding_choices")
    assert state["step"] == {"kind": "event", "seats": [1], "card": "E-FILE-DRAWER"}
    events = f.act(state, {"type": "event_block", "seat": 1, "how": "protection",
                           "card": "D-REGISTERED-REPORT"})
    assert f.first(events, "EventBlocked")["how"] == "protection"
    assert p["records"][0]["status"] == "unpublished"


def test_fg_10_being_asked_to_defend_depends_only_on_what_everyone_sees():
    """FG-10, G-25: a target holding any card is asked whether or not a card could block, so
    the question reveals nothing about its hand; one holding nothing and unable to pay is not."""
    steps = []
    for target_cards in (["D-REGISTERED-REPORT"], ["D-COI-RULES"], []):
        state = position(attacker_cards=["D-SPIN"], target_cards=target_cards)
        interfere(state, "D-SPIN")
        steps.append(state["step"]["kind"])
    assert steps == ["defend", "defend", "actions"]


@pytest.mark.parametrize("card, lost", [("D-HEADLINES", 1), ("D-SPIN", 0)])
def test_fg_11_a_blocked_influence_costs_the_attacker_one_reputation_a_bias_nothing(card, lost):
    """FG-11: Reputation -1 for the attacker of a blocked Influence; nothing for a Bias."""
    state = position(attacker_cards=[card], target_s=2, target_hand=["T-COS-1"])
    f.give(state, 2, rigour=1)
    f.give(state, 1, reputation=2)
    interfere(state, card)
    events = f.act(state, {"type": "defend", "seat": 2, "how": "scepticism"})
    assert f.first(events, "DisruptionBlocked")["attacker_reputation"] == -lost
    assert player(state, 1)["reputation"] == 2 - lost


def test_fg_14_peer_review_may_restore_kv_or_undo_hype_a_card_caused():
    """FG-14, G-26: instead of Rigour +1, peer review restores 1 KV a card took or undoes 1
    Hype a card added; it cannot repair what a card did not do."""
    state = position(attacker_cards=["D-OUTCOME-SWITCH"])
    interfere(state, "D-OUTCOME-SWITCH", theory="T-GRA-2")
    f.give(state, 2, O=2, S=2)
    repairs = {a["repair"] for a in api.legal_actions(state, 2) if a["type"] == "peer_review"}
    assert repairs == {None, "T-GRA-2"}
    events = f.act(state, {"type": "peer_review", "seat": 2, "repair": "T-GRA-2"})
    assert f.first(events, "DamageRepaired")["kv"] == 1 and player(state, 2)["rigour"] == 0
    assert state["theories"]["T-GRA-2"]["consensus"] == 0
    state = position(attacker_cards=["D-SPIN"])
    interfere(state, "D-SPIN")
    f.give(state, 2, O=2, S=2)
    f.act(state, {"type": "peer_review", "seat": 2, "repair": "hype"})
    assert player(state, 2)["hype"] == 0 and player(state, 2)["hype_from_cards"] == 0


def test_fg_14_a_replication_restores_all_kv_that_cards_took():
    """FG-14: a replication of the theory gives back every KV point cards took from it."""
    state = position()
    state["theories"]["T-GRA-2"].update(consensus=-2, kv_taken=2)
    f.hit(state, "T-GRA-2", "P-X1", 2, hex_id="MET0")
    player(state, 2)["resources"]["D"] = 2
    state = ff.test_position(2, "T-GRA-2", "P-GRA-1", state)
    state["hexes"]["GRA3"]["hidden"] = state["hexes"]["GRA4"]["hidden"] = False
    state["hexes"]["GRA5"]["hidden"] = False
    events = f.roll(state, 2, 6)
    repaired = f.first(events, "DamageRepaired")
    assert (repaired["how"], repaired["kv"]) == ("replication", 2)
    assert state["theories"]["T-GRA-2"] == {**state["theories"]["T-GRA-2"], "consensus": 1,
                                            "kv_taken": 0}
