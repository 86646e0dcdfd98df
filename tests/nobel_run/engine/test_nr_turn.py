"""A turn: NR-09 to NR-17, with rulings NR-G04 to NR-G07, NR-G15 and NR-G16."""

import pytest

from games.engines.base import IllegalAction
from games.nobel_run.engine import api

from .factory import apply, arrange, buy, chance, plan, settle, setup_game, use

LAB_HAND = ["lab-equipment", "predoc", "work", "work", "work"]
PAPERS_POOL = ["q4-paper", "q3-paper", "predoc", "care", "local-grant"]


def lab_position():
    state = setup_game(2)
    return arrange(state, 1, hand=LAB_HAND, pools={"basic": PAPERS_POOL})


def codes(state, **parts):
    return api.plan_problems(state, state["active"], parts)


def test_nr_09_resources_of_one_card_split_between_purchases():
    """Lab Equipment's 2 D pays 1 D to a Q4 and 1 D to a Q3 with 5 E from the others
    (NR-09, NR-G04, the rulebook's example)."""
    state = lab_position()
    events = plan(state, uses=[use("lab-equipment"), use("predoc", 1)] + [use("work", 1)] * 3,
                  buys=[buy("q4-paper"), buy("q3-paper")])
    assert [e["card"] for e in events if e["type"] == "CardBought"] == ["q3-paper", "q4-paper"]
    confirmed = next(e for e in events if e["type"] == "PlanConfirmed")
    assert confirmed["gained"] == {"M": 0, "E": 5, "D": 2}
    assert confirmed["left"] == {"M": 0, "E": 0, "D": 0}


def test_nr_09_the_turn_pool_is_lost_at_the_end_of_the_turn():
    """Unspent resources vanish when the turn ends; the next turn starts at 0 (NR-09)."""
    state = lab_position()
    events = plan(state, uses=[use("work", 0)] * 3)
    assert next(e for e in events if e["type"] == "TurnEnded")["unspent"] == {"M": 3, "E": 0,
                                                                               "D": 0}
    settle(state)
    assert state["active"] == 2 and state["turn_pool"] == {"M": 0, "E": 0, "D": 0}


def test_nr_g04_resources_carry_between_plans_of_one_turn():
    """A plan that keeps the turn open leaves its resources in the turn pool for the next
    plan of the same turn (NR-G04)."""
    state = lab_position()
    plan(state, end_turn=False, uses=[use("work", 0)] * 3)
    assert state["turn_pool"] == {"M": 3, "E": 0, "D": 0}
    plan(state, end_turn=False, uses=[use("predoc", 0)])
    plan(state, end_turn=True, buys=[buy("predoc")])
    assert "predoc" in state["players"][0]["discard"]


def test_nr_10_a_used_card_goes_to_the_play_area_for_one_option():
    """Using a card moves it to the play area and adds exactly its chosen option (NR-10)."""
    state = lab_position()
    events = plan(state, end_turn=False, uses=[use("predoc", 1)])
    assert state["players"][0]["play"] == ["predoc"]
    assert state["turn_pool"] == {"M": 0, "E": 2, "D": 0}
    used = next(e for e in events if e["type"] == "CardUsed")
    assert used["effect"] == {"op": "resource", "res": "E", "n": 2}


def test_nr_11_a_bought_card_goes_to_the_discard_pile_and_the_pool_refills():
    """The cost is paid, the card goes to the discard pile, the deck's top enters the pool
    and a chance step shows the next top (NR-11)."""
    state = lab_position()
    top = state["supply"]["basic"]["top"]
    events = plan(state, uses=[use("work", 0)] * 3 + [use("predoc", 0)], buys=[buy("predoc")])
    assert "predoc" in state["players"][0]["discard"]
    assert any(e["type"] == "PoolRefilled" and e["card"] == top for e in events)
    assert state["step"] == {"kind": "chance", "draw": "top", "supply": "basic"}
    assert len(state["supply"]["basic"]["pool"]) == 5


def test_nr_11_a_paper_goes_straight_to_the_cv_with_its_prestige():
    """A bought paper is in the CV at once with its PP (NR-11, NR-34)."""
    state = lab_position()
    plan(state, uses=[use("lab-equipment")] + [use("work", 1)] * 2, buys=[buy("q4-paper")])
    p = state["players"][0]
    assert p["cv"][-1]["card"] == "q4-paper" and p["cv"][-1]["pp"] == 1 and p["pp"] == 1
    assert "q4-paper" not in p["discard"]


def test_nr_11_an_unaffordable_or_absent_card_cannot_be_bought():
    """The turn pool must cover the cost; the card must be in the pool (NR-11)."""
    state = lab_position()
    assert codes(state, uses=[use("work", 1)], buys=[buy("q4-paper")]) == ["cannot_afford"]
    assert "not_in_pool" in codes(state, buys=[buy("top-paper", "advanced")])


def test_nr_g07_an_empty_deck_leaves_the_pool_short():
    """With its deck used up a pool is not refilled (NR-G07)."""
    state = lab_position()
    basic = state["supply"]["basic"]
    basic["rest"], basic["top"] = [], None
    plan(state, uses=[use("lab-equipment")] + [use("work", 1)] * 2, buys=[buy("q4-paper")])
    assert len(basic["pool"]) == 4 and state["step"]["kind"] == "chance"
    assert state["step"]["draw"] == "card"


def test_nr_12_buying_a_deck_top_needs_an_unlock_card():
    """One hand card is discarded unused to unlock the top, which is bought; the next card
    shows as the top and the pool stays as it was (NR-12, NR-G06)."""
    state = arrange(setup_game(2), 1, hand=["work"] * 4 + ["research"],
                    tops={"basic": "care"})
    pool = list(state["supply"]["basic"]["pool"])
    events = plan(state, uses=[use("work", 0)] * 2,
                  buys=[buy("care", "basic", "top", unlock="research")])
    discarded = next(e for e in events if e["type"] == "CardDiscarded")
    assert discarded["card"] == "research" and discarded["why"] == "unlock"
    assert state["supply"]["basic"]["pool"] == pool
    assert state["step"] == {"kind": "chance", "draw": "top", "supply": "basic"}
    assert sorted(state["players"][0]["discard"])[:2] == ["care", "research"]
    chance(state, api.chance_outcomes(state)[0])
    assert state["supply"]["basic"]["top"] is not None


def test_nr_12_unlock_and_purchase_are_one_action():
    """No unlock card, a second top of one deck in one plan, or the wrong card: refused
    (NR-12, NR-G06)."""
    state = arrange(setup_game(2), 1, hand=["work"] * 4 + ["research"],
                    tops={"basic": "care"})
    top = buy("care", "basic", "top")
    assert "unlock_needed" in codes(state, uses=[use("work", 0)] * 2, buys=[top])
    twice = [buy("care", "basic", "top", "work"), buy("care", "basic", "top", "research")]
    assert "top_twice" in codes(state, uses=[use("work", 0)] * 2, buys=twice)
    wrong = buy("predoc", "basic", "top", "research")
    assert "not_on_top" in codes(state, uses=[use("work", 0)] * 3, buys=[wrong])


def test_nr_13_publish_once_a_turn_for_its_effect():
    """Publishing moves a card from hand to the CV with its effect; a second publish in the
    same turn is refused (NR-13)."""
    state = arrange(setup_game(2), 1, hand=["predoc", "lise-meitner", "work", "work", "work"])
    plan(state, end_turn=False, publish={"card": "predoc"})
    assert state["players"][0]["pp"] == 1 and state["players"][0]["cv"][-1]["pp"] == 1
    assert codes(state, publish={"card": "lise-meitner"}) == ["already_published"]


def test_nr_13_a_resource_publish_pays_for_purchases_this_turn():
    """Lise Meitner published gives 6 E into the turn pool (NR-13)."""
    state = arrange(setup_game(2), 1, hand=["lise-meitner", "research", "work", "work", "work"],
                    pools={"basic": PAPERS_POOL})
    plan(state, publish={"card": "lise-meitner"}, uses=[use("research", 1)],
         buys=[buy("q3-paper")])
    assert state["players"][0]["pp"] == 2
    assert state["players"][0]["cv"][0] == {"card": "lise-meitner", "pp": 0, "how": "published",
                                            "by": None, "round": 1}


def test_nr_14_a_card_is_used_or_published_never_both():
    """One Predoc cannot be both used and published; a card used earlier this turn is in the
    play area and cannot be published (NR-14, NR-G05)."""
    state = arrange(setup_game(2), 1, hand=["predoc", "work", "work", "work", "work"])
    assert codes(state, uses=[use("predoc", 1)], publish={"card": "predoc"}) == [
        "card_not_in_hand"]
    plan(state, end_turn=False, uses=[use("predoc", 1)])
    assert codes(state, publish={"card": "predoc"}) == ["card_not_in_hand"]


def test_nr_15_cards_may_be_discarded_without_effect():
    """Discarded cards go to the discard pile and give nothing (NR-15)."""
    state = arrange(setup_game(2), 1, hand=["predoc", "work", "work", "work", "work"])
    events = plan(state, end_turn=False, discards=["predoc", "work"])
    assert state["turn_pool"] == {"M": 0, "E": 0, "D": 0}
    assert [e["why"] for e in events if e["type"] == "CardDiscarded"] == ["discard", "discard"]
    assert state["players"][0]["discard"] == ["predoc", "work"]


def test_nr_16_a_block_is_disabled_by_paying_its_amount():
    """Paying 4 E disables Care; the card rests in the CV at 0 PP (NR-16)."""
    state = arrange(setup_game(2), 1, hand=["predoc", "predoc", "work", "work", "work"])
    state["players"][0]["blocks"] = [{"card": "care", "res": "E", "n": 4, "by": 2, "round": 1}]
    _move_to_block(state)
    assert codes(state, uses=[use("predoc", 1)], disables=[0]) == ["cannot_afford"]
    events = plan(state, uses=[use("predoc", 1)] * 2, disables=[0])
    p = state["players"][0]
    assert p["blocks"] == [] and p["cv"][-1]["card"] == "care" and p["cv"][-1]["pp"] == 0
    assert next(e for e in events if e["type"] == "BlockDisabled")["paid"] == 4


def _move_to_block(state):
    """The Care card named in seat 1's block area leaves the supply (NR-37)."""
    basic = state["supply"]["basic"]
    for zone in (basic["rest"], basic["pool"]):
        if "care" in zone:
            zone.remove("care")
            break
    else:
        basic["top"] = basic["rest"].pop(0)


def test_nr_17_end_of_turn_draws_up_to_five_then_the_next_seat():
    """The play area goes to the discard pile, kept cards stay, the seat draws to 5 and the
    next seat clockwise plays (NR-17)."""
    state = arrange(setup_game(3), 1, hand=["predoc", "work", "work", "work", "work"],
                    deck=["research", "local-grant", "work"])
    plan(state, uses=[use("work", 0)] * 3)
    p = state["players"][0]
    assert sorted(p["discard"]) == ["work"] * 3 and p["play"] == []
    settle(state)
    assert len(p["hand"]) == 5 and state["active"] == 2


def test_nr_g15_no_draw_with_five_or_more_cards():
    """A seat that keeps 5 or more cards draws nothing (NR-G15)."""
    state = arrange(setup_game(2), 1, hand=["predoc", "work", "work", "work", "work"])
    events = plan(state)
    assert state["step"] == {"kind": "plan", "seat": 2}
    assert not [e for e in events if e["type"] == "CardDrawn"]


def test_nr_g16_the_discard_pile_is_shuffled_in_only_when_a_card_is_needed():
    """An empty deck takes in the discard pile only when a card must be drawn (NR-17,
    NR-G16)."""
    state = arrange(setup_game(2), 1, hand=["predoc", "work", "work", "work", "research"],
                    deck=[], discard=["lab-equipment"])
    p = state["players"][0]
    assert p["deck"] == [] and p["discard"] == ["lab-equipment"]
    events = plan(state, end_turn=False, uses=[use("work", 0)])
    assert not [e for e in events if e["type"] == "DiscardShuffled"]
    events = plan(state)
    shuffled = [e for e in events if e["type"] == "DiscardShuffled"]
    assert shuffled and shuffled[0]["cards"] == 2 and p["discard"] == []


def test_nr_17_both_empty_means_drawing_stops():
    """With deck and discard pile empty the seat draws what it can (NR-17, NR-G16)."""
    state = arrange(setup_game(2), 1, hand=["predoc", "work", "work", "work", "research"],
                    deck=[], discard=[])
    p = state["players"][0]
    plan(state, publish={"card": "predoc"})
    assert len(p["hand"]) == 4 and state["step"] == {"kind": "plan", "seat": 2}


def test_nr_09_an_illegal_plan_changes_nothing():
    """apply_action raises on an illegal plan and leaves the state as it was."""
    state = lab_position()
    before = api.state_to_json(state)
    with pytest.raises(IllegalAction) as error:
        apply(state, {"type": "plan", "seat": 1, "buys": [buy("q1-paper", "advanced")]})
    assert error.value.code in ("not_in_pool", "cannot_afford")
    assert state == before


def test_nr_g06_a_paper_from_a_deck_top_goes_to_the_cv_and_blocks_apply():
    """A paper bought from the top goes straight to the CV; a block on its resource forbids
    the top purchase too (NR-G06, NR-21)."""
    state = arrange(setup_game(2), 1, hand=["lab-equipment", "predoc", "work", "work", "work"],
                    tops={"basic": "q4-paper"})
    top = buy("q4-paper", "basic", "top", unlock="work")
    uses = [use("lab-equipment"), use("predoc", 1)]
    state["players"][0]["blocks"].append({"card": "impostor-syndrome", "res": "E", "n": 2,
                                          "by": 2, "round": 1})
    assert codes(state, uses=uses, buys=[top]) == ["blocked"]
    state["players"][0]["blocks"] = []
    plan(state, uses=uses, buys=[top])
    assert state["players"][0]["cv"][-1]["card"] == "q4-paper"
    assert state["players"][0]["pp"] == 1
