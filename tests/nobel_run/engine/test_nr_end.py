"""Prestige and the end: NR-27 to NR-32, with rulings NR-G12, NR-G13 and NR-G23 (ours)."""

import pytest

from games.engines.base import IllegalAction
from games.nobel_run.engine import api
from games.nobel_run.engine.scoring import prestige

from .factory import (
    apply,
    arrange,
    buy,
    empty_supply,
    plan,
    pull,
    set_pp,
    settle,
    setup_game,
    tidy,
    use,
)

PAPER_POOL = ["q4-paper", "q3-paper", "predoc", "care", "local-grant"]
PAPER_HAND = ["lab-equipment", "predoc", "work", "work", "work"]
Q3 = {"uses": [use("lab-equipment"), use("predoc", 1), use("work", 1)],
      "buys": [buy("q3-paper")]}


def pass_turn(state):
    plan(state)
    settle(state)


def near_goal(n=3, seat=2, pp=18, first=1):
    """`seat` at `pp` PP, holding cards for a Q3 Paper (2 PP); the basic pool offers one."""
    state = setup_game(n, first=first)
    set_pp(state, seat, pp)
    arrange(state, seat, hand=PAPER_HAND, pools={"basic": PAPER_POOL})
    while state["active"] != seat:
        pass_turn(state)
    return state


def test_nr_27_prestige_is_the_sum_of_the_cv():
    """Papers, published prestige, placed negative prestige and disabled blocks (0) add up to
    the PP (NR-27)."""
    p = {"cv": [{"card": "q1-paper", "pp": 4}, {"card": "predoc", "pp": 1},
                {"card": "chien-shiung-wu", "pp": -4}, {"card": "care", "pp": 0}]}
    assert prestige(p) == 1
    state = near_goal(2, seat=1, pp=3)
    plan(state, **Q3)
    assert state["players"][0]["pp"] == 5 == prestige(state["players"][0])


def test_nr_28_reaching_20_triggers_the_end_and_it_stays_triggered():
    """The first seat to 20 PP triggers the end; a later fall below 20 does not undo it
    (NR-28, NR-G12)."""
    state = near_goal(3, seat=2)
    events = plan(state, **Q3)
    trigger = next(e for e in events if e["type"] == "EndTriggered")
    assert trigger["seat"] == 2 and trigger["pp"] == 20
    settle(state)
    arrange(state, 3, hand=["chien-shiung-wu", "work", "work", "work", "work"])
    plan(state, publish={"card": "chien-shiung-wu", "target": 2})
    assert state["players"][1]["pp"] == 16 and state["triggered"]["seat"] == 2
    settle(state)
    assert api.outcome(state)["ended_by"] == "prestige"


def test_nr_29_the_round_is_finished_after_the_trigger():
    """Seat 2 of 1-2-3 triggers; seat 3 still plays, seat 1 does not (NR-29)."""
    state = near_goal(3, seat=2)
    plan(state, **Q3)
    settle(state)
    assert state["step"] == {"kind": "plan", "seat": 3}
    assert api.summary(state)["stage"] == "final_round"
    pass_turn(state)
    assert state["step"] == {"kind": "over"} and api.current_seats(state) == []


def test_nr_29_the_last_seat_triggering_ends_the_game_after_its_turn():
    """When the round's last seat triggers, the game ends after its turn (NR-29)."""
    state = near_goal(3, seat=3)
    plan(state, **Q3)
    settle(state)
    assert api.outcome(state)["ended_by"] == "prestige"
    assert api.outcome(state)["triggered"]["seat"] == 3


def test_nr_29_the_round_ends_with_the_seat_before_the_first_seat():
    """With seat 2 first (order 2, 3, 1), seat 1 closes the round (NR-07, NR-29)."""
    state = near_goal(3, seat=3, first=2)
    plan(state, **Q3)
    settle(state)
    assert state["step"] == {"kind": "plan", "seat": 1}
    pass_turn(state)
    assert api.outcome(state) is not None


def test_nr_30_the_highest_prestige_wins():
    """The seat with most PP wins, not necessarily the one that triggered (NR-30)."""
    state = near_goal(2, seat=1)
    set_pp(state, 2, 21)
    plan(state, **Q3)
    settle(state)
    pass_turn(state)
    result = api.outcome(state)
    assert result["winners"] == [2] and result["triggered"]["seat"] == 1
    assert [r["rank"] for r in result["players"]] == [2, 1]


def test_nr_g13_ties_share_the_prize_ex_aequo():
    """Two seats with the top score both win (NR-30, NR-G13)."""
    state = near_goal(3, seat=1, first=1)
    set_pp(state, 2, 20)
    set_pp(state, 3, 19)
    plan(state, **Q3)
    settle(state)
    pass_turn(state)
    pass_turn(state)
    result = api.outcome(state)
    assert result["winners"] == [1, 2]
    assert [r["winner"] for r in result["players"]] == [True, True, False]


def test_nr_31_an_exhausted_supply_ends_the_game_at_the_round_end():
    """Both decks and both pools empty at the end of a round: the game ends (NR-31)."""
    state = setup_game(2)
    empty_supply(state, "basic")
    empty_supply(state, "advanced")
    pass_turn(state)
    assert api.outcome(state) is None
    pass_turn(state)
    assert api.outcome(state)["ended_by"] == "exhausted"


def test_nr_32_called_time_finishes_the_round():
    """The teacher calls time; the round is played out and the result is marked called
    (NR-32, NR-G18)."""
    state = setup_game(3)
    assert api.legal_actions(state, None) == [{"type": "call_time", "seat": None}]
    pass_turn(state)
    events = apply(state, {"type": "call_time", "seat": None})
    assert events[0]["type"] == "TimeCalled" and api.legal_actions(state, None) == []
    with pytest.raises(IllegalAction) as error:
        apply(state, {"type": "call_time", "seat": None})
    assert error.value.code == "already_called"
    pass_turn(state)
    assert api.outcome(state) is None
    pass_turn(state)
    result = api.outcome(state)
    assert result["ended_by"] == "called" and result["called"]


def test_nr_32_only_the_teacher_calls_time():
    """A seat cannot call time (NR-32)."""
    state = setup_game(2)
    with pytest.raises(IllegalAction) as error:
        apply(state, {"type": "call_time", "seat": 1})
    assert error.value.code == "not_moderator"


def test_nr_g23_three_idle_rounds_end_a_stalled_game():
    """Three whole rounds with no purchase and no publish end the game (NR-G23, ours)."""
    state = setup_game(2)
    for _ in range(5):
        pass_turn(state)
    assert api.outcome(state) is None
    pass_turn(state)
    assert api.outcome(state)["ended_by"] == "stalemate"


def test_nr_g23_a_purchase_or_a_publish_keeps_the_game_going():
    """Any purchase or publish resets the count of idle rounds (NR-G23)."""
    state = setup_game(2)
    for _ in range(4):
        pass_turn(state)
    arrange(state, 1, hand=["predoc", "work", "work", "work", "work"])
    plan(state, publish={"card": "predoc"})
    settle(state)
    for _ in range(5):
        pass_turn(state)
    assert api.outcome(state) is None


def test_nr_g12_the_trigger_counts_net_prestige():
    """Negative prestige in a CV counts: 21 PP of papers with -4 placed is 17, no trigger
    (NR-G12)."""
    state = near_goal(2, seat=1, pp=17)
    pull(state, "chien-shiung-wu", [])
    tidy(state)
    state["players"][0]["cv"].append({"card": "chien-shiung-wu", "pp": -4, "how": "placed",
                                      "by": 2, "round": 1})
    state["players"][0]["pp"] = 13
    assert api.check_invariants(state) == []
    plan(state, **Q3)
    assert state["players"][0]["pp"] == 15 and state["triggered"] is None
