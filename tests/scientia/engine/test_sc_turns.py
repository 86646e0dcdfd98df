"""Turns: order, the one action, Take, Rotate with its confirm step, completion by rotation,
no stalemate and the end of a turn (SC-12 to SC-19)."""

import pytest

from games.engines.base import IllegalAction
from games.scientia.engine import api

from . import factory as f


def test_sc_12_turns_go_clockwise_and_a_round_is_n_turns():
    """SC-12: seats act in order from the first player; after N turns the next round starts."""
    state = f.at_turn(3, seat=2, first=2, hands={1: [(1, 0, 0)], 2: [(5, 0, 0)], 3: [(7, 0, 0)]})
    seen = []
    for _ in range(4):
        seat = state["step"]["seat"]
        seen.append((state["round"], seat))
        f.rotate(state, seat, [0])
    assert seen == [(1, 2), (1, 3), (1, 1), (2, 2)]
    assert state["turn"] == 5


def test_sc_13_a_turn_offers_take_and_rotate_and_no_pass():
    """SC-13: the turn's menu has exactly Take and Rotate; passing is no action."""
    state = f.at_turn(hands={1: [(1, 0, 0)]})
    assert [entry["kind"] for entry in api.action_menu(state, 1)] == ["take", "rotate"]
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "pass", "seat": 1})
    assert error.value.code == "unknown_action"


def test_sc_14_take_moves_the_top_card_and_all_its_flasks_into_an_empty_slot():
    """SC-14: the card enters an empty slot at rotation 0 carrying every flask of its stack."""
    state = f.at_turn(hands={1: [(1, 0, 0)]})
    state["stacks"][0]["flasks"] = 3  # face 1
    state["supply"]["flasks"] -= 3
    events = f.act(state, "take", 1, stack=1)
    p = state["players"][0]
    assert p["slots"][1] == {"face": 1, "turns": 0, "flasks": 3}
    assert state["stacks"][0] == {"face": 1, "cards": 0, "flasks": 0}
    assert f.of_type(events, "CardTaken")[0]["flasks"] == 3
    assert state["step"] == {"kind": "turn", "seat": 2}


def test_sc_14_take_needs_an_empty_slot_and_a_card_on_the_stack():
    """SC-14: a full seat cannot take (no_empty_slot); an empty stack cannot be taken from
    (empty_stack); a face not in the game is not_in_game."""
    full = f.at_turn(hands={1: [(1, 0, 0), (5, 0, 0)]})
    assert api.legal_actions(full, 1) and all(a["type"] == "rotate"
                                              for a in api.legal_actions(full, 1))
    with pytest.raises(IllegalAction) as error:
        api.apply_action(full, {"type": "take", "seat": 1, "stack": 7})
    assert error.value.code == "no_empty_slot"
    state = f.at_turn(hands={2: [(7, 0, 0), (7, 0, 0)]})
    for stack, code in ((7, "empty_stack"), (2, "not_in_game")):
        with pytest.raises(IllegalAction) as error:
            api.apply_action(state, {"type": "take", "seat": 1, "stack": stack})
        assert error.value.code == code


def test_sc_15_a_seat_may_hold_both_copies_of_a_card():
    """SC-15: taking the second copy of a face already held is legal."""
    state = f.at_turn(hands={1: [(25, 1, 0)]})
    f.act(state, "take", 1, stack=25)
    assert [c["face"] for c in state["players"][0]["slots"]] == [25, 25]


def test_sc_16_rotate_offers_one_card_twice_two_cards_once_or_one_card_once():
    """SC-16: with two cards there are five rotations: each card once, each twice, both once."""
    state = f.at_turn(hands={1: [(1, 0, 0), (5, 1, 0)]})
    plans = [a["slots"] for a in api.legal_actions(state, 1) if a["type"] == "rotate"]
    assert sorted(plans) == [[0], [0, 0], [0, 1], [1], [1, 1]]
    f.rotate(state, 1, [1, 0])  # canonical order: slots sorted
    assert [c["turns"] for c in state["players"][0]["slots"]] == [1, 2]


def test_sc_16_rotating_twice_turns_one_card_two_quarter_turns():
    """SC-16(a): [i, i] adds 2 to one card; (c) [i] adds 1."""
    state = f.at_turn(hands={1: [(1, 0, 0)], 2: [(5, 0, 0)]})
    f.rotate(state, 1, [0, 0])
    f.rotate(state, 2, [0])
    assert state["players"][0]["slots"][0]["turns"] == 2
    assert state["players"][1]["slots"][0]["turns"] == 1


def test_sc_17_a_card_reaching_four_completes_and_a_second_turn_is_lost():
    """SC-17: a card at 3 rotated twice completes after the first turn; it ends at 4, not 5."""
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 0, 0)]})
    events = f.rotate(state, 1, [0, 0])
    rotated = f.of_type(events, "CardsRotated")[0]["rotations"][0]
    assert (rotated["from"], rotated["to"]) == (3, 4)
    completed = f.of_type(events, "CardCompleted")
    assert [e["face"] for e in completed] == [1] and completed[0]["depth"] == 1


def test_sc_18_a_seat_with_no_card_can_take_and_a_full_seat_can_rotate():
    """SC-18: at the start of a turn some action is always legal: Take without cards, Rotate
    with full slots."""
    empty = f.at_turn()
    assert {a["type"] for a in api.legal_actions(empty, 1)} == {"take"}
    full = f.at_turn(hands={1: [(1, 3, 0), (5, 3, 0)]})
    assert {a["type"] for a in api.legal_actions(full, 1)} == {"rotate"}
    assert api.check_invariants(empty) == [] and api.check_invariants(full) == []


def test_sc_18_the_invariant_check_reports_a_stalemate():
    """SC-18: a seat asked to act without a legal action is reported as broken."""
    state = f.at_turn()
    for stack in state["stacks"]:
        stack["cards"] = 0
    assert any("SC-18" in problem for problem in api.check_invariants(state))


def test_sc_19_a_turn_without_a_completion_ends_at_once():
    """SC-19: rotating without completing passes the turn straight to the next seat."""
    state = f.at_turn(hands={1: [(1, 0, 0)]})
    events = f.rotate(state, 1, [0, 0])
    assert f.types(events) == ["RotationChosen", "CardsRotated", "TurnEnded"]
    assert state["step"] == {"kind": "turn", "seat": 2}


def test_sc_19_a_completion_is_processed_before_the_turn_ends():
    """SC-19: after the whole action, the completion phase runs, then the turn ends."""
    state = f.at_turn(hands={1: [(13, 2, 0)]})
    events = f.rotate(state, 1, [0, 0])
    kinds = f.types(events)
    assert kinds.index("CardsRotated") < kinds.index("CompletionStarted") < kinds.index(
        "TurnEnded")
    assert state["players"][0]["storage"] == 2 and state["step"]["seat"] == 2


def test_sc_e04_a_rotation_waits_for_confirmation_and_can_be_withdrawn():
    """SC-E04 (engine ruling): Rotate opens a confirm step with a preview; nothing turns until
    the seat confirms, and Back reopens the turn's choice."""
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 0, 0)]})
    f.act(state, "rotate", 1, slots=[0, 1])
    assert state["step"]["kind"] == "confirm"
    preview = api.view_for(state, 1)["step"]["preview"]
    assert preview == [{"slot": 0, "face": 1, "from": 3, "to": 4, "completes": True},
                       {"slot": 1, "face": 5, "from": 0, "to": 1, "completes": False}]
    assert [c["turns"] for c in state["players"][0]["slots"]] == [3, 0]
    assert [e["kind"] for e in api.action_menu(state, 1)] == ["confirm", "back"]
    f.act(state, "back", 1)
    assert state["step"] == {"kind": "turn", "seat": 1} and state["turn"] == 1
    f.act(state, "rotate", 1, slots=[1])
    f.act(state, "confirm", 1)
    assert state["players"][0]["slots"][1]["turns"] == 1
