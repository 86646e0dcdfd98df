"""Negative cards and special cards: NR-18 to NR-26, with rulings NR-G08 to NR-G11, NR-G19
and NR-G22."""

import pytest

from games.engines.base import IllegalAction
from games.nobel_run.engine import api
from games.nobel_run.engine.negatives import default_discard, discard_options

from .factory import apply, arrange, buy, chance, plan, set_pp, settle, setup_game, use


def care_position(target_hand, n=2, options=None):
    """Seat 1 holds Care; seat 2 holds `target_hand`."""
    state = setup_game(n, options=options)
    arrange(state, 2, hand=target_hand)
    return arrange(state, 1, hand=["care", "work", "work", "work", "work"])


def codes(state, **parts):
    return api.plan_problems(state, state["active"], parts)


def test_nr_18_the_target_chooses_cards_worth_the_amount():
    """Care's normal effect asks seat 2 for cards worth 2 E; seat 2 answers out of turn and
    the cards go to its discard pile; Care goes to seat 1's play area (NR-18)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    events = plan(state, end_turn=False, uses=[use("care", 0, 2)])
    assert state["step"]["kind"] == "respond" and state["step"]["seat"] == 2
    assert api.current_seats(state) == [2]
    assert any(e["type"] == "ResponseAwaited" and e["n"] == 2 for e in events)
    assert state["players"][0]["play"] == ["care"]
    events = apply(state, {"type": "discard_for_effect", "seat": 2, "cards": ["work", "work"]})
    done = next(e for e in events if e["type"] == "CardsDiscardedForEffect")
    assert done["cards"] == ["work", "work"] and not done["by_default"]
    assert state["players"][1]["hand"] == ["lab-equipment", "predoc", "research"]
    assert state["step"] == {"kind": "plan", "seat": 1}


def test_nr_18_the_set_must_cover_the_amount_with_no_card_to_spare():
    """Valid sets cover X and drop below it without any one card; others are refused
    (NR-18, NR-G08)."""
    hand = ["predoc", "work", "work", "research"]
    assert discard_options(hand, "E", 2) == [["predoc"], ["work", "work"]]
    state = care_position(hand + ["lab-equipment"])
    plan(state, end_turn=False, uses=[use("care", 0, 2)])
    with pytest.raises(IllegalAction) as error:
        apply(state, {"type": "discard_for_effect", "seat": 2, "cards": ["predoc", "work"]})
    assert error.value.code == "invalid_discard"


def test_nr_18_with_too_little_the_target_discards_every_card_of_that_resource():
    """Worth less than X: every card with a positive option in R goes (NR-18)."""
    assert discard_options(["work", "research", "lab-equipment"], "E", 2) == [["work"]]
    assert discard_options(["research", "lab-equipment"], "E", 2) == [[]]


def test_nr_g08_a_card_counts_its_positive_option_in_that_resource():
    """A Local Grant counts 1 E (its effort option), a Senior 4 E (NR-G08)."""
    assert discard_options(["local-grant", "senior"], "E", 2) == [["senior"]]
    assert discard_options(["local-grant", "local-grant", "senior"], "E", 2) == [
        ["local-grant", "local-grant"], ["senior"]]


def test_nr_g08_an_empty_hand_discards_nothing_without_asking():
    """A target with no cards (public) is not asked; the effect discards nothing (NR-G08)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    player2 = state["players"][1]
    state["players"][0]["discard"] += player2["hand"]
    state["players"][0]["discard"].sort()
    player2["hand"] = []
    events = plan(state, end_turn=False, uses=[use("care", 0, 2)])
    done = next(e for e in events if e["type"] == "CardsDiscardedForEffect")
    assert done["cards"] == [] and state["step"] == {"kind": "plan", "seat": 1}


def test_nr_19_the_target_has_45_seconds_then_the_engine_chooses():
    """deadlines() names the target, 45 s and a fallback that names no card; the fallback
    keeps the most of the target's other resources (NR-19)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    plan(state, end_turn=False, uses=[use("care", 0, 2)])
    [deadline] = api.deadlines(state)
    assert deadline["seat"] == 2 and deadline["seconds"] == 45
    assert deadline["fallback"] == {"type": "discard_by_default", "seat": 2}
    assert deadline["fallback"] in api.legal_actions(state, 2)
    events = apply(state, deadline["fallback"])
    done = next(e for e in events if e["type"] == "CardsDiscardedForEffect")
    assert done["cards"] == ["predoc"] and done["by_default"]
    assert state["players"][1]["defaults"] == 1
    assert api.deadlines(state) == []
    assert api.summary(state)["seats"][1]["figures"]["stalled"] == 1


def test_nr_19_ties_go_to_the_lowest_card_ids():
    """The engine keeps the most other resources (two Work lose 2 M, two Local Grants 4 M);
    equal losses go to the lowest card ids (NR-19)."""
    assert default_discard(["work", "work", "local-grant", "local-grant"], "E", 2) == [
        "work", "work"]
    assert default_discard(["lab-equipment", "hedy-lamarr"], "D", 2) == ["hedy-lamarr"]


def test_nr_19_each_response_has_its_own_deadline_key():
    """Two normal effects in one turn give two deadline keys (NR-19, NR-G22)."""
    state = setup_game(2)
    arrange(state, 2, hand=["predoc", "work", "work", "research", "local-grant"])
    arrange(state, 1, hand=["care", "impostor-syndrome", "work", "work", "work"])
    plan(state, end_turn=False, uses=[use("care", 0, 2), use("impostor-syndrome", 0, 2)])
    first = api.deadlines(state)[0]["key"]
    apply(state, {"type": "discard_by_default", "seat": 2})
    second = api.deadlines(state)[0]["key"]
    assert first != second and state["step"]["card"] == "impostor-syndrome"


def test_nr_g22_several_negative_cards_resolve_one_after_another():
    """Both effects hit the same opponent, each fully before the seat plans again (NR-G22)."""
    state = setup_game(2)
    arrange(state, 2, hand=["predoc", "work", "work", "research", "local-grant"])
    arrange(state, 1, hand=["care", "impostor-syndrome", "work", "work", "work"])
    plan(state, end_turn=False, uses=[use("care", 0, 2), use("impostor-syndrome", 0, 2)])
    assert state["step"]["card"] == "care"
    apply(state, {"type": "discard_for_effect", "seat": 2, "cards": ["predoc"]})
    assert state["step"]["card"] == "impostor-syndrome"
    apply(state, {"type": "discard_for_effect", "seat": 2, "cards": ["local-grant"]})
    assert state["step"] == {"kind": "plan", "seat": 1}
    assert [t["target"] for t in state["targeting"]] == [2, 2]


def test_nr_20_publication_effect_places_a_block():
    """Care published on seat 2 sits in its block area as a 4 E block (NR-20)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    events = plan(state, end_turn=False, publish={"card": "care", "target": 2})
    assert state["players"][1]["blocks"] == [{"card": "care", "res": "E", "n": 4, "by": 1,
                                             "round": 1}]
    targeted = next(e for e in events if e["type"] == "Targeted")
    assert targeted["effect"] == "block" and targeted["target"] == 2


def test_nr_21_a_block_forbids_cards_that_cost_its_resource():
    """With Care in front of its CV seat 2 cannot buy a paper (costs E) but can buy a Predoc
    (costs M); disabling it in the same plan lifts the ban (NR-21, NR-G09)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    plan(state, publish={"card": "care", "target": 2})
    settle(state)
    arrange(state, 2, hand=["senior", "predoc", "predoc", "work", "lab-equipment"],
            pools={"basic": ["q4-paper", "predoc", "local-grant", "q3-paper", "q4-paper"]})
    works = [use("predoc", 1), use("lab-equipment")]
    assert codes(state, uses=works, buys=[buy("q4-paper")]) == ["blocked"]
    ok = codes(state, uses=[use("senior", 0), use("predoc", 1)] + works,
               disables=[0], buys=[buy("q4-paper")])
    assert ok == []
    money = [use("predoc", 0)] * 2 + [use("work", 0)]
    assert codes(state, uses=money, buys=[buy("predoc")]) == ["cannot_afford"]
    arrange(state, 2, hand=["senior", "predoc", "predoc", "local-grant", "work"])
    money = [use("predoc", 0)] * 2 + [use("local-grant", 0)]
    assert codes(state, uses=money, buys=[buy("predoc")]) == []


def test_nr_21_each_block_is_disabled_on_its_own():
    """Two effort blocks: disabling one still forbids effort purchases (NR-21)."""
    state = setup_game(3)
    arrange(state, 2, hand=["care", "work", "work", "work", "work"])
    arrange(state, 3, hand=["impostor-syndrome", "work", "work", "work", "work"])
    for seat, card in ((2, "care"), (3, "impostor-syndrome")):
        state["players"][0]["blocks"].append(
            {"card": card, "res": "E", "n": 4 if card == "care" else 2, "by": seat, "round": 1})
        state["players"][seat - 1]["hand"].remove(card)
        state["players"][seat - 1]["hand"].append("work")
    arrange(state, 1, hand=["senior", "predoc", "work", "work", "research"],
            pools={"basic": ["q4-paper", "predoc", "local-grant", "q3-paper", "q4-paper"]})
    uses = [use("senior", 0), use("predoc", 1), use("research", 1)]
    assert codes(state, uses=uses, disables=[1], buys=[buy("q4-paper")]) == ["blocked"]


def test_nr_g22_a_block_published_this_turn_does_not_bind_its_user():
    """Publishing a block on an opponent leaves the user's own purchases free (NR-G22)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    arrange(state, 1, hand=["care", "predoc", "predoc", "research", "work"],
            pools={"basic": ["q4-paper", "predoc", "local-grant", "q3-paper", "q4-paper"]})
    assert codes(state, publish={"card": "care", "target": 2},
                 uses=[use("predoc", 1), use("research", 1)], buys=[buy("q4-paper")]) == []


def test_nr_22_negative_prestige_goes_into_the_opponents_cv():
    """Jocelyn Bell Burnell published on seat 2 takes 4 PP from it (NR-22, NR-G10)."""
    state = setup_game(2)
    set_pp(state, 2, 6)
    arrange(state, 1, hand=["jocelyn-bell-burnell", "work", "work", "work", "work"])
    events = plan(state, publish={"card": "jocelyn-bell-burnell", "target": 2})
    assert state["players"][1]["pp"] == 2
    assert state["players"][1]["cv"][-1] == {"card": "jocelyn-bell-burnell", "pp": -4,
                                             "how": "placed", "by": 1, "round": 1}
    assert any(e["type"] == "PrestigeChanged" and e["seat"] == 2 and e["delta"] == -4
               for e in events)


def test_nr_g10_negative_prestige_is_the_seats_one_publish():
    """Placing negative prestige counts as the turn's publish (NR-G10)."""
    state = setup_game(2)
    arrange(state, 1, hand=["jocelyn-bell-burnell", "predoc", "work", "work", "work"])
    plan(state, end_turn=False, publish={"card": "jocelyn-bell-burnell", "target": 2})
    assert codes(state, publish={"card": "predoc"}) == ["already_published"]


def test_nr_23_disabled_blocks_and_negative_prestige_stay_in_the_cv():
    """After disabling, the block card rests in the CV for good; it is not in any deck
    (NR-23)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    plan(state, publish={"card": "care", "target": 2})
    settle(state)
    arrange(state, 2, hand=["senior", "work", "work", "work", "work"])
    plan(state, uses=[use("senior", 0)], disables=[0])
    settle(state)
    p2 = state["players"][1]
    assert [e["card"] for e in p2["cv"]] == ["care"]
    assert all("care" not in p2[z] for z in ("hand", "deck", "discard", "play"))


def test_nr_24_sally_ride_draws_two_usable_this_turn():
    """Using Sally Kristen Ride draws 2 cards at once (two chance steps); the seat then
    plans again with them (NR-24, NR-G11)."""
    state = setup_game(2)
    arrange(state, 1, hand=["sally-kristen-ride", "work", "work", "work", "work"],
            deck=["predoc", "lab-equipment"])
    plan(state, end_turn=False, uses=[use("sally-kristen-ride")])
    assert state["step"] == {"kind": "chance", "draw": "card", "seat": 1}
    settle(state)
    assert state["step"] == {"kind": "plan", "seat": 1}
    hand = state["players"][0]["hand"]
    assert sorted(hand) == ["lab-equipment", "predoc", "work", "work", "work", "work"]
    assert codes(state, uses=[use("predoc", 1), use("lab-equipment")]) == []


def test_nr_g11_discarding_sally_or_donna_unused_does_nothing():
    """A free discard of Sally Kristen Ride draws nothing (NR-G11)."""
    state = setup_game(2)
    arrange(state, 1, hand=["sally-kristen-ride", "donna-strickland", "work", "work", "work"])
    events = plan(state, end_turn=False, discards=["sally-kristen-ride", "donna-strickland"])
    assert state["step"] == {"kind": "plan", "seat": 1}
    assert not [e for e in events if e["type"] in ("CardDrawn", "BlindDiscarded")]


def test_nr_25_donna_strickland_discards_a_blind_pick():
    """The card behind the picked back is a chance step over the target's hand; it goes face
    up to the target's discard pile (NR-25)."""
    state = setup_game(2)
    arrange(state, 2, hand=["predoc", "work", "work", "research", "local-grant"])
    arrange(state, 1, hand=["donna-strickland", "work", "work", "work", "work"])
    plan(state, end_turn=False, uses=[use("donna-strickland", 0, 2)])
    assert state["step"] == {"kind": "chance", "draw": "blind", "seat": 2, "by": 1}
    assert api.chance_outcomes(state) == ["local-grant", "predoc", "research", "work", "work"]
    events = chance(state, "predoc")
    blind = next(e for e in events if e["type"] == "BlindDiscarded")
    assert blind["card"] == "predoc" and blind["by"] == 1
    assert "predoc" in state["players"][1]["discard"] and len(state["players"][1]["hand"]) == 4


def test_nr_25_the_target_must_hold_a_card():
    """Donna Strickland cannot name an opponent with an empty hand (NR-25)."""
    state = setup_game(2)
    arrange(state, 1, hand=["donna-strickland", "work", "work", "work", "work"])
    p2 = state["players"][1]
    p2["discard"] = sorted(p2["discard"] + p2["hand"])
    p2["hand"] = []
    assert codes(state, uses=[use("donna-strickland", 0, 2)]) == ["target_has_no_cards"]


def test_nr_26_no_negative_card_names_its_own_seat():
    """Negative effects and Donna Strickland always name an opponent (NR-26)."""
    state = care_position(["predoc", "work", "work", "research", "lab-equipment"])
    assert codes(state, uses=[use("care", 0, 1)]) == ["self_target"]
    assert codes(state, publish={"card": "care", "target": 1}) == ["self_target"]
    assert codes(state, uses=[use("care", 0, 7)]) == ["no_such_seat"]


def test_nr_g19_systemic_situations_hit_the_leading_opponent():
    """With situations_systemic a Situation may only name an opponent with the most PP; a
    scientist's negative effect still names any opponent; the record says systemic (NR-G19)."""
    state = setup_game(3, options={"situations_systemic": True})
    set_pp(state, 3, 5)
    arrange(state, 1, hand=["care", "rosalind-franklin", "work", "work", "work"])
    assert codes(state, uses=[use("care", 0, 2)]) == ["target_not_most_prestige"]
    assert codes(state, uses=[use("rosalind-franklin", 0, 2)]) == []
    events = plan(state, end_turn=False, uses=[use("care", 0, 3)])
    targeted = next(e for e in events if e["type"] == "Targeted")
    assert targeted["systemic"] and state["targeting"][-1]["systemic"]
    assert state["options"]["situations_systemic"]


def test_nr_g19_systemic_ties_let_the_user_choose():
    """Opponents tied on the most PP may each be named (NR-G19)."""
    state = setup_game(3, options={"situations_systemic": True})
    arrange(state, 1, hand=["care", "work", "work", "work", "work"])
    assert codes(state, uses=[use("care", 0, 2)]) == []
    assert codes(state, uses=[use("care", 0, 3)]) == []


def test_nr_g09_an_effort_block_stops_papers_and_grants_but_not_staff():
    """Care (effort) forbids exactly the cards whose cost includes effort: every paper and
    every grant, no staff, equipment or scientist (NR-G09)."""
    from games.nobel_run.engine.content import CARDS
    from games.nobel_run.engine.menu import buyable

    state = setup_game(2)
    state["players"][0]["blocks"] = [{"card": "care", "res": "E", "n": 4, "by": 2, "round": 1}]
    state["turn_pool"] = {"M": 99, "E": 99, "D": 99}
    forbidden = {k for k in CARDS if CARDS[k]["group"] != "initial"
                 and not buyable(state, 1, k)}
    assert forbidden == {k for k, c in CARDS.items() if c["type"] in ("paper", "grant")}
