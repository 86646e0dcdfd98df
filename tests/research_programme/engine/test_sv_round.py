"""Round structure, Cleanup, Events and Funding (SV-13 to SV-27)."""

import pytest

from games.engines.base import IllegalAction
from games.research_programme.engine import api
from games.research_programme.engine.state import player

from . import factory as f


def fund_all(state, choice=None):
    """Every seat makes the same funding choice, in the order asked."""
    events = []
    for seat in list(state["step"]["seats"]):
        action = {"type": "fund", "seat": seat, "income": "D", "repay": 0, "draw": "theory"}
        action.update((choice or {}).get(seat, {}))
        events += f.act(state, action)
    return events


def funding_position(n=2, event=None, round_=1, start=1, **kwargs):
    """Round `round_` at the funding choices, with `event` (if any) resolved first."""
    state = f.setup_game(n=n, start=start, **kwargs)
    state["round"] = round_
    if event is None:
        f.chance(state, "E-SCOOP")
        return state
    state["next_event"] = event
    state["queue"] = [{"t": "round_start"}]
    state["step"] = None
    from games.research_programme.engine.rules.flow import advance

    out = []
    advance(state, out)
    state["events"] = out
    return state


def resolve_event_for(state, event):
    state["next_event"] = event
    state["round"] = 2
    state["queue"] = [{"t": "round_start"}]
    state["step"] = None
    from games.research_programme.engine.rules.flow import advance

    out = []
    advance(state, out)
    state["events"] = out
    return out


def test_sv_13_phases_run_funding_actions_tests_cleanup():
    """A round's events go Funding, Actions, Tests, Cleanup in that order."""
    state = f.setup_game(n=2)
    events = f.chance(state, "E-SCOOP") + fund_all(state) + f.settle(state)
    for _turn in range(4):
        if state["phase"] == "actions":
            events += f.act(state, {"type": "pass", "seat": state["step"]["seats"][0]})
    events += f.settle(state)
    milestones = [e["type"] + ":" + e.get("phase", "") for e in events if e["type"] in (
        "FundingReceived", "PhaseStarted", "StorageLimitApplied", "RoundEnded", "RoundStarted")]
    assert milestones == ["FundingReceived:", "FundingReceived:", "PhaseStarted:actions",
                          "PhaseStarted:tests", "StorageLimitApplied:", "StorageLimitApplied:",
                          "RoundEnded:", "RoundStarted:"]
    assert state["round"] == 2 and state["phase"] == "funding"


def test_sv_14_seats_act_from_the_start_player_clockwise():
    """With start player 2 of 3, actions go 2, 3, 1 and then again 2, 3, 1."""
    state = f.actions_position(n=3, seat=2, start=2)
    for seat in (1, 2, 3):
        f.give(state, seat, O=2, S=2)
    seen = []
    while state["phase"] == "actions":
        seat = state["step"]["seats"][0]
        seen.append(seat)
        f.act(state, {"type": "peer_review", "seat": seat} if len(seen) <= 3 else
              {"type": "simulate", "seat": seat, "hexes": []} if len(seen) <= 5 else
              {"type": "pass", "seat": seat})
    assert seen == [2, 3, 1, 2, 3, 1]


def test_sv_14_tests_resolve_in_turn_order():
    """Scheduled tests are resolved from the start player clockwise."""
    state = f.setup_game(n=3, start=3)
    for seat in (1, 2, 3):
        p = player(state, seat)
        f.schedule(state, seat, p["theories"][0], p["projects"][0]["card"])
    state["phase"] = "actions"
    state["queue"] = [{"t": "tests_start"}]
    state["step"] = None
    from games.research_programme.engine.rules.flow import advance

    advance(state, [])
    order = []
    while state["phase"] == "tests":
        seat = state["step"]["seats"][0]
        order.append(seat)
        f.roll(state, seat, 1)
    assert order == [3, 1, 2]


def test_sv_15_cleanup_resets_the_round_but_keeps_insight():
    """Markers back, this-round effects end, unresolved tests lapse, Insight stays, market 3,
    the start player passes clockwise."""
    state = f.actions_position(n=2, seat=1)
    p1 = player(state, 1)
    p1["actions_taken"] = ["prediction", "build"]
    p1["effects"] = ["null_results"]
    p1["insight"] = 2
    for seat in (1, 2):
        p = player(state, seat)
        f.schedule(state, seat, p["theories"][0], p["projects"][0]["card"])
    state["market"] = ["P-GRA-1"]
    events = f.run(state, "cleanup")
    assert {e["seat"] for e in events if e["type"] == "TestLapsed"} == {1, 2}
    events += f.settle(state)
    p1, p2 = player(state, 1), player(state, 2)
    assert p1["actions_taken"] == [] and p1["effects"] == [] and p2["scheduled"] is None
    assert p1["insight"] == 2
    assert len(state["market"]) == 3
    assert state["round"] == 2 and state["start_player"] == 2 and state["order"] == [2, 1]


@pytest.mark.parametrize("before, after", [
    ({"R": 5, "D": 4, "L": 1, "O": 0, "S": 0}, {"R": 3, "D": 4, "L": 1, "O": 0, "S": 0}),
    ({"R": 4, "D": 4, "L": 0, "O": 2, "S": 0}, {"R": 2, "D": 4, "L": 0, "O": 2, "S": 0}),
    ({"R": 1, "D": 2, "L": 9, "O": 0, "S": 0}, {"R": 1, "D": 2, "L": 5, "O": 0, "S": 0}),
    ({"R": 2, "D": 2, "L": 2, "O": 1, "S": 1}, {"R": 2, "D": 2, "L": 2, "O": 1, "S": 1}),
])
def test_sv_16_storage_limit_returns_from_the_largest_pile(before, after):
    """Over 8: take from the largest pile first, ties in the order R, D, L, O, S."""
    state = f.actions_position(n=2, seat=1)
    player(state, 1)["resources"] = dict(before)
    f.run(state, "cleanup")
    assert player(state, 1)["resources"] == after


def test_sv_16_storage_limit_counts_only_resources():
    """Reputation, Rigour, Hype, Debt, EP, Insight and VP do not count toward the 8."""
    state = f.actions_position(n=2, seat=1)
    f.give(state, 1, R=2, D=2, L=2, O=1, S=1, reputation=6, rigour=9, hype=9, debt=3, ep=5,
           insight=4, vp=7)
    f.run(state, "cleanup")
    assert sum(player(state, 1)["resources"].values()) == 8


def test_sv_17_the_event_is_resolved_before_income_then_the_next_revealed():
    """The Next Event is resolved first, then a new one is revealed, then income."""
    state = f.setup_game(n=2)
    f.give(state, 1, rigour=1)
    resolve_event_for(state, "E-QUALITY-FUNDING")
    assert state["step"]["kind"] == "chance" and state["step"]["chance"] == "event"
    types = f.event_types(state["events"])
    assert types[:3] == ["RoundStarted", "EventResolved", "EventHit"]
    assert player(state, 1)["resources"]["R"] == 5
    f.chance(state, "E-SCOOP")
    assert state["next_event"] == "E-SCOOP" and state["step"]["kind"] == "funding"


def test_sv_17_no_reveal_in_round_5_and_round_1_only_reveals():
    """Round 5 resolves but reveals nothing; round 1 has nothing to resolve."""
    last = funding_position(n=2, event="E-CITIZEN-SCIENCE", round_=5)
    f.settle(last)
    while last["step"]["kind"] == "event":
        f.act(last, {"type": "event_choose", "seat": last["step"]["seats"][0], "choice": 0})
    assert last["step"]["kind"] == "funding" and last["next_event"] is None
    first = f.setup_game(n=2)
    assert first["next_event"] is None and first["step"]["chance"] == "event"
    events = f.chance(first, "E-SCOOP")
    assert "EventResolved" not in f.event_types(events)


def test_sv_18_event_choices_are_made_in_turn_order_one_at_a_time():
    """Seats choose one after another from the start player; the earlier choice is public."""
    state = funding_position(n=3, event="E-CITIZEN-SCIENCE", round_=2, start=2)
    assert state["step"] == {"kind": "event", "seats": [2], "card": "E-CITIZEN-SCIENCE"}
    f.act(state, {"type": "event_choose", "seat": 2, "choice": 1})
    view = api.view_for(state, 3)
    assert view["events"][-1]["type"] == "EventHit" and view["events"][-1]["choice"] == 1
    assert state["step"]["seats"] == [3]
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "event_choose", "seat": 1, "choice": 0})
    f.act(state, {"type": "event_choose", "seat": 3, "choice": 0})
    f.act(state, {"type": "event_choose", "seat": 1, "choice": 0})
    assert [player(state, s)["resources"]["O"] for s in (1, 2, 3)] == [0, 1, 0]
    assert [player(state, s)["resources"]["D"] for s in (1, 2, 3)] == [2, 1, 2]


def test_sv_19_a_this_round_effect_ends_at_cleanup():
    """Null Results lasts until Cleanup step 1 of the same round."""
    state = funding_position(n=2, event="E-NULL-RESULTS", round_=2)
    assert all(p["effects"] == ["null_results"] for p in state["players"])
    f.run(state, "cleanup")
    assert all(p["effects"] == [] for p in state["players"])


def null_record(state, seat):
    p = player(state, seat)
    p["record_n"] += 1
    record = {"id": f"{seat}.{p['record_n']}", "theory": p["theories"][0], "outcome": "null",
              "round": 1, "status": "unpublished"}
    p["records"].append(record)
    return record["id"]


def test_sv_20_a_method_on_the_table_blocks_for_free():
    """A Block-named method on the seat's own table blocks the Bias automatically."""
    state = f.setup_game(n=2)
    record = null_record(state, 1)
    player(state, 1)["methods"].append(player(state, 1)["hand"].pop())  # M-PREREG-PK
    null_record(state, 2)
    state = funding_position(n=2, event="E-FILE-DRAWER", round_=2, state=None) if False else state
    state["next_event"] = "E-FILE-DRAWER"
    state["round"] = 2
    state["queue"] = [{"t": "round_start"}]
    state["step"] = None
    from games.research_programme.engine.rules.flow import advance

    out = []
    advance(state, out)
    blocked = f.first(out, "EventBlocked")
    assert blocked["seat"] == 1 and blocked["how"] == "table_method"
    assert blocked["method_key"] == "preregistration"
    assert player(state, 1)["records"][0]["status"] == "unpublished" and record
    hit = f.first(out, "EventHit")
    assert hit["seat"] == 2 and player(state, 2)["records"][0]["status"] == "drawer"


def test_sv_20_a_hit_seat_may_block_with_a_hand_method_or_scepticism():
    """A Bias: play a named method from hand (pay its price) or pay S2; or let it hit."""
    state = f.setup_game(n=2)
    null_record(state, 1)
    null_record(state, 2)
    f.give(state, 2, S=2)
    resolve_event_for(state, "E-FILE-DRAWER")
    menu = f.kinds(api.action_menu(state, 1))
    assert [a["action"]["how"] for a in menu["event_block"]["actions"]] == ["method"]
    assert menu["event_block"]["actions"][0]["cost"] == {"R": 1}
    f.act(state, {"type": "event_block", "seat": 1, "how": "method", "card": "M-PREREG-PK"})
    p1 = player(state, 1)
    assert p1["methods"] == ["M-PREREG-PK"] and p1["resources"]["R"] == 2
    assert p1["records"][0]["status"] == "unpublished"
    f.act(state, {"type": "event_block", "seat": 2, "how": "scepticism"})
    assert player(state, 2)["resources"]["S"] == 0
    assert player(state, 2)["records"][0]["status"] == "unpublished"


def test_sv_20_influence_needs_rigour_above_hype_to_block_with_s1():
    """Against an Influence, S1 blocks only if Rigour > Hype; otherwise the effect applies."""
    state = f.setup_game(n=2)
    f.give(state, 1, hype=2, rigour=3, S=1)
    f.give(state, 2, hype=2, rigour=2, S=5)
    resolve_event_for(state, "E-DISINFORMATION")
    assert api.legal_actions(state, 1)[0] == {"type": "event_block", "seat": 1,
                                               "how": "scepticism", "card": None}
    f.act(state, {"type": "event_block", "seat": 1, "how": "scepticism"})
    assert player(state, 1)["resources"]["S"] == 0 and player(state, 1)["reputation"] == 0
    assert state["hexes"]["PAR1"]["noise"] == 1  # seat 2 had nothing to decide
    hit = [e for e in state["events"] if e["type"] == "EventHit"]
    assert hit[0]["seat"] == 2 and hit[0]["results"][0]["hex"] == "PAR1"


def test_sv_21_income_is_two_plus_a_third_of_reputation_plus_one_resource():
    """R = 2 + floor(Reputation/3), with Reputation counted up to 6, plus one of D, L, O."""
    state = funding_position(n=2)
    f.give(state, 1, reputation=5, R=0, D=0, L=0, O=0)
    f.give(state, 2, reputation=6, R=0, D=0, L=0, O=0)
    fund_all(state, {1: {"income": "O"}, 2: {"income": "L"}})
    assert player(state, 1)["resources"] == {"R": 3, "D": 1, "L": 0, "O": 1, "S": 1}
    assert player(state, 2)["resources"] == {"R": 4, "D": 1, "L": 1, "O": 0, "S": 1}


def test_sv_21_income_is_only_d_l_or_o():
    """The extra income resource must be D, L or O."""
    state = funding_position(n=2)
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "fund", "seat": 1, "income": "R", "repay": 0,
                                 "draw": "theory"})


def test_sv_22_hype_two_or_more_brings_money():
    """Hype >= 2 gives R +1 more."""
    state = funding_position(n=2)
    f.give(state, 1, hype=2, R=0)
    f.give(state, 2, hype=1, R=0)
    fund_all(state)
    assert player(state, 1)["resources"]["R"] == 3 and player(state, 2)["resources"]["R"] == 2


def test_sv_23_production_with_a_one_time_adjacency_bonus():
    """Two adjacent D1 tiles produce D +4 in the first Production, D +2 afterwards."""
    state = funding_position(n=2)
    lab = f.project_card("GRA", produces={"resource": "D", "amount": 1})
    f.tile(state, 1, lab, "GRA2")
    f.give(state, 1, D=0)
    fund_all(state, {1: {"income": "L"}})
    assert player(state, 1)["resources"]["D"] == 4
    assert all(pr["adjacency_bonus"] for pr in player(state, 1)["projects"])
    f.give(state, 1, D=0)
    state["step"] = {"kind": "funding", "seats": [1, 2]}
    state["queue"] = [{"t": "funding_draws"}, {"t": "discard_check"}, {"t": "actions_start"}]
    fund_all(state, {1: {"income": "L"}})
    assert player(state, 1)["resources"]["D"] == 2


def test_sv_24_debt_is_repaid_after_production_as_often_as_chosen():
    """R2 -> Debt -1, repeatedly, using money from income and production."""
    state = funding_position(n=2)
    f.give(state, 1, R=0, debt=3)
    options = {a["repay"] for a in api.legal_actions(state, 1)}
    assert options == {0, 1}
    f.tile(state, 1, "P-GRA-1", "GRA5")  # produces R2, not next to GRA1
    options = {a["repay"] for a in api.legal_actions(state, 1)}
    assert options == {0, 1, 2}
    fund_all(state, {1: {"repay": 2}})
    assert player(state, 1)["debt"] == 1 and player(state, 1)["resources"]["R"] == 0


def test_sv_25_draw_from_the_chosen_deck_and_cut_the_hand_to_four():
    """The draw is a chance step over the chosen deck; a fifth card is discarded by choice."""
    state = funding_position(n=2)
    player(state, 1)["hand"] += ["T-GRA-1", "T-GRA-2", "M-BAYES"]
    for card in ("T-GRA-1", "T-GRA-2"):
        state["decks"]["theory"].remove(card)
    state["decks"]["method"].remove("M-BAYES")
    fund_all(state, {1: {"draw": "method"}, 2: {"draw": "theory"}})
    assert state["step"]["chance"] == "draw" and state["step"]["deck"] == "method"
    assert "M-BAYES" not in api.chance_outcomes(state)
    events = f.chance(state, "M-OPENDATA")
    assert f.first(events, "CardDrawn")["card"] == "M-OPENDATA"
    f.chance(state, "T-COS-1")
    assert state["step"] == {"kind": "discard", "seats": [1]}
    assert all(len(a["cards"]) == 1 for a in api.legal_actions(state, 1))
    f.act(state, {"type": "discard", "seat": 1, "cards": ["T-GRA-2"]})
    assert len(player(state, 1)["hand"]) == 4 and state["discards"]["theory"] == ["T-GRA-2"]
    assert state["phase"] == "actions"


def test_sv_26_an_empty_deck_is_rebuilt_from_its_discards():
    """Drawing from an empty deck shuffles its discard pile into a new deck; with none, nothing
    is drawn."""
    state = funding_position(n=2)
    state["decks"]["method"] = []
    state["discards"]["method"] = ["M-SAMPLE"]
    state["decks"]["theory"] = []
    fund_all(state, {1: {"draw": "method"}, 2: {"draw": "theory"}})
    assert api.chance_outcomes(state) == ["M-SAMPLE"]
    events = f.chance(state, "M-SAMPLE")
    assert "NothingDrawn" in f.event_types(events)
    assert state["discards"]["method"] == [] and "M-SAMPLE" in player(state, 1)["hand"]


def test_sv_26_a_removed_theory_never_goes_to_a_discard_pile():
    """Falsified, rejected and withdrawn theories leave the game."""
    state = f.actions_position(n=2, seat=1)
    p = player(state, 1)
    for theory in ("T-GRA-1", "T-GRA-2"):
        f.put_theory(state, 1, theory)
    p["hand"].append("T-COS-1")
    state["decks"]["theory"].remove("T-COS-1")
    f.act(state, {"type": "theory", "seat": 1, "card": "T-COS-1", "withdraw": "T-GRA-1"})
    assert "T-GRA-1" not in state["discards"]["theory"]
    assert "T-GRA-1" not in state["decks"]["theory"] and state["gone"]["T-GRA-1"]["how"] == (
        "withdrawn")


def test_sv_27_funding_does_not_depend_on_the_order_of_choices():
    """The same choices made in a different order give the same state."""
    results = []
    for order in ([1, 2], [2, 1]):
        state = funding_position(n=2)
        f.give(state, 2, hype=3, debt=1)
        for seat in order:
            f.act(state, {"type": "fund", "seat": seat, "income": "L", "repay": seat - 1,
                          "draw": "method"})
        state.pop("events")
        results.append(state)
    assert results[0] == results[1]


def test_sv_25_a_hand_two_over_the_limit_discards_two_in_any_order():
    """Whatever order the seat names the cards in, the discard is the same action."""
    state = funding_position(n=2)
    player(state, 1)["hand"] += ["T-GRA-2", "T-GRA-1", "M-BAYES", "M-META", "M-SAMPLE"]
    state["step"] = {"kind": "discard", "seats": [1]}
    state["queue"] = [{"t": "actions_start"}]
    assert all(len(a["cards"]) == 2 for a in api.legal_actions(state, 1))
    f.act(state, {"type": "discard", "seat": 1, "cards": ["T-GRA-2", "M-BAYES"]})
    assert sorted(state["discards"]["theory"] + state["discards"]["method"]) == [
        "M-BAYES", "T-GRA-2"]
    assert len(player(state, 1)["hand"]) == 4
