"""Effects: data interpreted in printed order, as far as possible, with conditions, and every
choice asked of the active seat (SC-41 to SC-48, SC-G03, SC-G10, SC-G22)."""

import pytest

from games.engines.base import IllegalAction
from games.scientia.engine import api, effects
from games.scientia.engine.content import FACES, OPS

from . import factory as f


def complete_lever(monkeypatch, effects_, hands=None, **seat_setup):
    """Seat 1 completes Lever (face 1), which has `effects_`; the other cards in `hands`."""
    f.with_effects(monkeypatch, 1, effects_)
    state = f.at_turn(hands={1: [(1, 3, 0), *(hands or [])], 2: [(41, 0, 0)]})
    if seat_setup:
        f.setup(state, 1, **seat_setup)
    events = f.rotate(state, 1, [0])
    return state, events


def test_sc_41_every_operation_is_interpreted_and_no_face_has_code():
    """SC-41: the interpreter knows each operation of the vocabulary; faces are pure data."""
    assert set(OPS) == set(effects.CHOICE_STEP) | set(effects.DIRECT)
    assert all(isinstance(face["effects"], list) for face in FACES.values())
    assert not any(callable(op) for face in FACES.values() for op in face["effects"])


def test_sc_42_effects_apply_in_printed_order(monkeypatch):
    """SC-42: storage before the arrow, so an arrow on storage sees the flasks just gained."""
    state, events = complete_lever(monkeypatch, [
        {"op": "flasks_to_storage", "n": 3},
        {"op": "if", "test": "storage", "min": 3, "then": [{"op": "flasks_to_storage", "n": 1}]},
    ])
    assert state["players"][0]["storage"] == 4


def test_sc_43_an_effect_without_a_target_is_skipped_and_the_rest_still_applies(monkeypatch):
    """SC-43: rotate(2) with no other card is skipped; the flasks after it still come."""
    state, events = complete_lever(monkeypatch, [{"op": "rotate", "n": 2},
                                                 {"op": "flasks_to_storage", "n": 2}])
    assert f.of_type(events, "EffectSkipped")[0]["op"] == "rotate"
    assert state["players"][0]["storage"] == 2


def test_sc_43_an_effect_applies_as_far_as_it_can(monkeypatch):
    """SC-43, SC-47: take(3) with two empty slots takes two cards and stops."""
    f.with_effects(monkeypatch, 1, [{"op": "take", "n": 3}])
    state = f.at_turn(hands={1: [(1, 3, 0)]})
    f.rotate(state, 1, [0])
    f.act(state, "choose_stack", 1, stack=5)
    events = f.act(state, "choose_stack", 1, stack=7)
    assert [c["face"] for c in state["players"][0]["slots"]] == [5, 7]
    assert f.of_type(events, "EffectSkipped")[0]["op"] == "take"


def test_sc_44_an_arrow_applies_only_when_its_condition_holds(monkeypatch):
    """SC-44, SC-G22: level(PHY) >= 3 fails at level 1: skipped, later effects apply; at
    level 3 it applies."""
    arrow = [{"op": "if", "test": "level", "field": "PHY", "min": 3,
              "then": [{"op": "flasks_to_storage", "n": 3}]},
             {"op": "flasks_to_storage", "n": 1}]
    state, events = complete_lever(monkeypatch, arrow)
    checked = f.of_type(events, "ConditionChecked")[0]
    assert (checked["value"], checked["met"]) == (1, False)
    assert state["players"][0]["storage"] == 1
    state, events = complete_lever(monkeypatch, arrow, tracks={"PHY": [2]})
    assert state["players"][0]["storage"] == 4


@pytest.mark.parametrize("test, setup_, hands, value", [
    ("storage", {"storage": 4}, [], 4),
    ("cubes", {"tracks": {"BIO": [4, 1]}}, [], 5),
    ("holding", {}, [(25, 0, 0)], 1),
    ("empty_slots", {}, [(25, 0, 0)], 1),
])
def test_sc_44_each_condition_reads_the_board_when_reached(monkeypatch, test, setup_, hands,
                                                            value):
    """SC-44, SC-G03: storage, cubes, holding(BIO) and empty slots are counted when checked
    (the completed card has left its slot)."""
    op = {"op": "if", "test": test, "min": 1, "then": [{"op": "flasks_on_stack", "n": 1}]}
    if test == "holding":
        op["field"] = "BIO"
    if test == "cubes":
        f.with_effects(monkeypatch, 25, [{"op": "flasks_on_stack", "n": 1}])
    state, events = complete_lever(monkeypatch, [op], hands, **setup_)
    assert f.of_type(events, "ConditionChecked")[0]["value"] == value


def test_sc_45_an_effect_rotates_only_turnable_cards_and_loses_the_rest(monkeypatch):
    """SC-45: rotate(3) on a card at 2 completes it; the third turn is lost; it is pending
    and processed after Lever."""
    state, events = complete_lever(monkeypatch, [{"op": "rotate", "n": 3}],
                                   hands=[(13, 2, 0)])
    turned = f.of_type(events, "CardsRotated")[1]["rotations"][0]
    assert (turned["face"], turned["from"], turned["to"]) == (13, 2, 4)
    assert [e["face"] for e in f.of_type(events, "CompletionStarted")] == [1, 13]


def test_sc_46_flasks_may_go_on_a_pending_card(monkeypatch):
    """SC-46, SC-G10: a card completed and waiting is "one of your cards" for flasks, and its
    flasks reach storage at its own step."""
    f.with_effects(monkeypatch, 13, [{"op": "flasks_to_storage", "n": 1}])
    state, events = complete_lever(monkeypatch, [{"op": "rotate", "n": 1},
                                                 {"op": "flasks_on_card", "n": 2}],
                                   hands=[(13, 3, 0)])
    on_card = f.of_type(events, "FlasksGained")[0]
    assert on_card["to"] == "card" and on_card["face"] == 13
    assert state["players"][0]["storage"] == 3


def test_sc_47_a_take_effect_works_like_the_take_action_with_the_stacks_flasks(monkeypatch):
    """SC-47: the card taken by an effect carries its stack's flasks into a free slot."""
    f.with_effects(monkeypatch, 1, [{"op": "take", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 0, 0)]})
    state["stacks"][2]["flasks"] = 2  # face 7
    state["supply"]["flasks"] -= 2
    f.rotate(state, 1, [0])
    events = f.act(state, "choose_stack", 1, stack=7)
    taken = f.of_type(events, "CardTaken")[0]
    assert (taken["by"], taken["source"], taken["flasks"]) == ("effect", 1, 2)
    assert state["players"][0]["slots"][0] == {"face": 7, "turns": 0, "flasks": 2}


def test_sc_48_only_the_active_seat_answers_a_choice(monkeypatch):
    """SC-48: during seat 1's chain, seat 2 cannot choose (not_your_turn) and has no menu."""
    f.with_effects(monkeypatch, 1, [{"op": "take", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0)]})
    f.rotate(state, 1, [0])
    assert api.current_seats(state) == [1]
    assert api.legal_actions(state, 2) == []
    assert not any(entry["enabled"] for entry in api.action_menu(state, 2))
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "choose_stack", "seat": 2, "stack": 7})
    assert error.value.code == "not_your_turn"


def test_sc_g03_rotate_each_turns_every_card_below_four(monkeypatch):
    """SC-G03: rotate_each(1) turns each turnable card once, without asking."""
    f.with_effects(monkeypatch, 1, [{"op": "rotate_each", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 0, 0)]})
    f.setup(state, 1, storage=5)  # a third slot
    f.give(state, 1, [(7, 2, 0)])
    f.rotate(state, 1, [0])
    assert [c["turns"] for c in state["players"][0]["slots"] if c] == [1, 3]
    assert api.check_invariants(state) == []


def test_sc_g03_flasks_on_a_stack_and_on_every_stack_of_a_field(monkeypatch):
    """SC-G03: flasks_on_stack asks for one stack; flasks_on_field fills each non-empty stack
    of the field."""
    f.with_effects(monkeypatch, 1, [{"op": "flasks_on_stack", "n": 2},
                                    {"op": "flasks_on_field", "n": 1, "field": "BIO"}])
    state = f.at_turn(hands={1: [(1, 3, 0)], 2: [(25, 0, 0), (25, 0, 0)]})
    f.rotate(state, 1, [0])
    assert state["step"]["kind"] == "choose_stack"
    f.act(state, "choose_stack", 1, stack=43)
    flasks = {s["face"]: s["flasks"] for s in state["stacks"]}
    assert flasks[43] == 2 and flasks[29] == flasks[31] == 1 and flasks[25] == 0


def test_sc_g03_advance_a_named_field_a_chosen_field_and_the_lowest(monkeypatch):
    """SC-G03: advance(BIO) moves Biology; advance(choice) asks; advance(lowest) moves the
    lowest field and asks only between tied fields."""
    state, _ = complete_lever(monkeypatch, [{"op": "advance", "target": "BIO", "n": 1}])
    assert state["players"][0]["tracks"]["BIO"] == [1]
    f.with_effects(monkeypatch, 1, [{"op": "advance", "target": "choice", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0)]})
    f.rotate(state, 1, [0])
    assert [a["field"] for a in api.legal_actions(state, 1)] == ["PHY", "CHE", "BIO", "AST"]
    f.act(state, "choose_field", 1, field="AST")
    assert state["players"][0]["tracks"]["AST"] == [1]
    f.with_effects(monkeypatch, 1, [{"op": "advance", "target": "lowest", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0)]})
    f.setup(state, 1, tracks={"CHE": [2], "BIO": [1], "AST": [2]})
    f.rotate(state, 1, [0])  # PHY 1 after the card; BIO 1 too: a tie
    assert [a["field"] for a in api.legal_actions(state, 1)] == ["PHY", "BIO"]
    f.act(state, "choose_field", 1, field="BIO")
    assert state["players"][0]["tracks"]["BIO"] == [2]


def test_sc_g03_others_gain_flasks_without_deciding(monkeypatch):
    """SC-G03, SC-48: others_flasks_to_storage gives every other seat flasks, asking none."""
    f.with_effects(monkeypatch, 1, [{"op": "others_flasks_to_storage", "n": 2}])
    state = f.at_turn(3, hands={1: [(1, 3, 0)]})
    f.rotate(state, 1, [0])
    assert [p["storage"] for p in state["players"]] == [0, 2, 2]
    assert state["step"] == {"kind": "turn", "seat": 2}
