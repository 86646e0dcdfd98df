"""The round: turn order, declaration and resolution (AL-22 to AL-36)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.declare import cubes_to_place, legal_declare, plan_problems
from games.alchemists.engine.order import available_spaces
from games.alchemists.engine.state import player
from games.engines.base import IllegalAction

from . import factory as f


def keep_all(state):
    for seat in list(state["step"]["seats"]):
        f.act(state, {"type": "keep_favour", "seat": seat,
                      "favour": sorted(player(state, seat)["favours"])[0]})
    f.settle(state)


def full_round_one(n=2):
    state = f.game(n, "apprentice")
    keep_all(state)
    return state


def plan(seat, **counts):
    spaces = ("forage", "transmute", "buy", "test", "drink")
    return {"type": "declare", "seat": seat, **{s: counts.get(s, 0) for s in spaces},
            "assistants": counts.get("assistants", 0), "custodians": counts.get("custodians", 0),
            "associates": counts.get("associates", [])}


def test_al_22_a_round_starts_with_an_eager_student_then_turn_order():
    """Round start: eager student, then the turn order, the declaration, resolution, the end
    (AL-22)."""
    state = full_round_one()
    assert state["round"] == 1 and state["student"] == "eager"
    assert state["step"]["decision"] == "order"
    assert [t["t"] for t in state["queue"]][-2:] == ["declare", "round_end"]


def test_al_23_the_track_depends_on_the_seat_count():
    """2 seats: T1-T6; 3 seats add T8; 4 seats add T7 and T8; green never chosen (AL-23)."""
    assert available_spaces(f.game(2, "apprentice")) == ["T1", "T2", "T3", "T4", "T5", "T6"]
    assert available_spaces(f.game(3, "apprentice")) == ["T1", "T2", "T3", "T4", "T5", "T6",
                                                          "T8"]
    assert "T7" in available_spaces(f.game(4, "apprentice"))


def test_al_24_choosing_clockwise_paying_and_drawing_at_once():
    """The start player chooses first; T1 costs 1 gold and needs it; T4 draws 2 ingredients at
    once (AL-24)."""
    state = full_round_one()
    assert api.current_seats(state) == [1]
    f.act(state, {"type": "choose_order", "seat": 1, "space": "T1"})
    assert player(state, 1)["gold"] == 1
    assert api.current_seats(state) == [2]
    player(state, 2)["gold"] = 0
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "choose_order", "seat": 2, "space": "T1"})
    assert error.value.code == "space_taken"
    before = sum(player(state, 2)["hand"].values())
    f.act(state, {"type": "choose_order", "seat": 2, "space": "T4"})
    f.settle(state)
    assert sum(player(state, 2)["hand"].values()) == before + 2
    assert state["ranks"] == [1, 2]


def test_al_24_the_top_space_needs_a_gold():
    """With 0 gold T1 is not offered and is refused with cannot_pay (AL-24)."""
    state = full_round_one()
    player(state, 1)["gold"] = 0
    assert "T1" not in [a["space"] for a in api.legal_actions(state, 1)]
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "choose_order", "seat": 1, "space": "T1"})
    assert error.value.code == "cannot_pay"


def test_al_25_the_witchs_trunk_takes_no_ingredients_from_the_track():
    """Its owner draws only the favours of a space (AL-25)."""
    state = full_round_one()
    player(state, 1)["artifacts"].append("witchs_trunk")
    f.act(state, {"type": "choose_order", "seat": 1, "space": "T5"})
    assert [s["deck"] for s in [state["step"]]] == ["favour"]


def test_al_26_a_paralysed_seat_draws_the_green_cards_and_acts_last():
    """Paralysed seats do not choose, draw 1 ingredient + 1 favour, and rank last in the order
    they were paralysed (AL-26, G-18)."""
    state = f.game(3, "apprentice")
    keep_all(state)
    state["green"] = [2, 1]
    f.run(state, {"t": "order"}, {"t": "declare"})
    assert state["step"]["draw"] == "ingredient" and state["step"]["seat"] == 1
    f.settle(state)
    assert api.current_seats(state) == [3]
    f.act(state, {"type": "choose_order", "seat": 3, "space": "T6"})
    f.settle(state)
    assert state["ranks"] == [3, 2, 1]


def test_al_27_rank_is_the_position_from_the_top():
    """T2 above T5 above green (AL-27)."""
    state = f.game(3, "apprentice")
    keep_all(state)
    state["track"] = {"T5": 1, "T2": 3}
    state["green"] = [2]
    f.run(state, {"t": "ranks"})
    assert state["ranks"] == [3, 1, 2]


def test_al_28_the_start_player_passes_clockwise():
    """At the end of a round the marker passes one seat clockwise, 3 back to 1 (AL-28)."""
    state = f.game(3)
    state["start_player"], state["round"] = 3, 1
    f.run(state, {"t": "advance_round"})
    assert state["start_player"] == 1


def test_al_29_cubes_to_place():
    """3 in round 1; later the base less cubes carried from hospital (AL-29, AL-93)."""
    state = f.game(4, "apprentice")
    state["round"] = 1
    assert cubes_to_place(state, 1) == 3
    state["round"] = 3
    player(state, 1)["unused"] = 1
    assert cubes_to_place(state, 1) == 3 and cubes_to_place(state, 2) == 4


def test_al_30_declaring_from_the_lowest_rank_with_every_cube():
    """The lowest rank declares first; a plan must place every cube; plans are public at once
    (AL-30, G-19)."""
    state = full_round_one()
    f.act(state, {"type": "choose_order", "seat": 1, "space": "T2"})
    f.act(state, {"type": "choose_order", "seat": 2, "space": "T6"})
    f.settle(state)
    assert api.current_seats(state) == [2]
    with pytest.raises(IllegalAction) as error:
        f.act(state, plan(2, forage=2))
    assert error.value.code == "cubes_left"
    f.act(state, plan(2, forage=2, test=1))
    assert api.view_for(state, 1)["plans"]["2"]["forage"] == 2
    assert api.current_seats(state) == [1]


def test_al_31_slots_cost_cubes():
    """With 4 cubes: Transmute twice (1 + 2) and Forage once; Transmute three times is not a
    slot (AL-31)."""
    state = f.game(2, "apprentice")
    state["round"] = 2
    state["rules"]["cubes"]["2"] = 4
    ok = plan(1, transmute=2, forage=1)
    ok.update(sell=0, debunk=0, publish=0)
    state["adventurer"] = "AD1"
    assert plan_problems(state, 1, ok) == []
    assert "too_many_actions" in plan_problems(state, 1, {**ok, "transmute": 3, "forage": 0})
    assert ok in legal_declare(state, 1)


def test_al_32_an_associate_moves_the_seat_to_the_top_row():
    """Rows follow rank; Associates move their seat to the top, the latest on top (AL-32,
    G-20)."""
    state = f.game(3, "apprentice")
    state["round"], state["ranks"] = 1, [1, 2, 3]
    state["plans"] = {str(s): {"forage": 1, "custodians": 0} for s in (1, 2, 3)}
    state["associates_played"] = [[3, "forage"], [2, "forage"]]
    f.run(state, {"t": "rows"})
    assert state["rows"]["forage"] == [2, 3, 1]


def test_al_33_spaces_resolve_in_order():
    """Forage, Transmute, Custodian, Sell, Buy, Debunk, Publish, Test, Drink, Exhibit
    (AL-33)."""
    from games.alchemists.engine.declare import SPACE_ORDER

    assert SPACE_ORDER == ("forage", "transmute", "custodian", "sell", "buy", "debunk",
                           "publish", "test", "drink", "exhibit")


def test_al_34_passes_in_row_order():
    """A (row 1) with two Transmutes and B (row 2) with one act A, B, A (AL-34)."""
    state = f.game(2, "apprentice")
    state["ranks"] = [1, 2]
    state["plans"] = {"1": {"transmute": 2, "custodians": 0}, "2": {"transmute": 1,
                                                                    "custodians": 0}}
    state["associates_played"] = []
    state["round"] = 1
    f.run(state, {"t": "rows"})
    order = []
    while state["step"] is not None:
        seat = state["step"]["seat"]
        order.append(seat)
        card = sorted(player(state, seat)["hand"])[0]
        f.act(state, {"type": "transmute", "seat": seat, "ingredient": card, "sages": 0})
        if state["step"] and state["step"].get("decision") != "transmute":
            break
    assert order[:3] == [1, 2, 1]


def test_al_35_forgoing_puts_the_cubes_on_the_unused_space():
    """A voluntary forgo of a second Transmute moves its 2 cubes; an action that cannot be
    carried out is forgone automatically (AL-35, G-19)."""
    state = f.at(f.game(2, "apprentice"), "transmute", 1, k=2, round_=2)
    events = f.act(state, {"type": "forgo", "seat": 1})
    assert player(state, 1)["unused"] == 2
    assert f.of_type(events, "ActionForgone")[0]["forced"] is False
    state = f.game(2, "apprentice")
    f.hand(state, 1, {})
    state["pending"] = {"transmute": {"1": [1]}}
    state["rows"] = {"transmute": [1]}
    events = f.run(state, {"t": "up", "space": "transmute", "seat": 1, "k": 1, "boots": False})
    assert f.of_type(events, "ActionForgone")[0]["forced"] is True
    assert player(state, 1)["unused"] == 1 and state["step"] is None


def test_al_36_boots_of_speed_once_more_after_everyone_not_on_sell():
    """The owner acts once more on a space where it has a cube, using none; once a round;
    never on Sell (AL-36, G-21)."""
    state = f.game(2, "apprentice")
    state["round"] = 1
    player(state, 2)["artifacts"].append("boots_of_speed")
    state["ranks"] = [1, 2]
    state["plans"] = {"1": {"forage": 1, "custodians": 0}, "2": {"forage": 1, "custodians": 0}}
    state["associates_played"] = []
    f.run(state, {"t": "rows"})
    seen = []
    while state["step"] is not None and state["step"].get("decision") == "forage":
        seen.append((state["step"]["seat"], state["step"]["boots"]))
        f.act(state, {"type": "forage", "seat": state["step"]["seat"], "source": "deck",
                      "ingredient": None})
        f.settle(state)
    assert seen == [(1, False), (2, False), (2, True)]
    assert player(state, 2)["boots_used"] and player(state, 2)["unused"] == 0
    from games.alchemists.engine.resolve import boots_tasks

    state["rows"]["sell"] = [2]
    assert boots_tasks(state, "sell") == []
