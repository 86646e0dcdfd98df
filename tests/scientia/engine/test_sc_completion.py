"""The completion phase: order, the four steps, nested completions and the return
(SC-20 to SC-26)."""

from games.scientia.engine import api

from . import factory as f

NO_EFFECT = [{"op": "flasks_on_stack", "n": 1}]


def test_sc_20_the_seat_chooses_which_pending_card_completes_first(monkeypatch):
    """SC-20: two cards completed at once: the seat is asked, and its choice goes first."""
    f.with_effects(monkeypatch, 13, [{"op": "flasks_to_storage", "n": 1}])
    state = f.at_turn(hands={1: [(13, 3, 0), (19, 3, 2)]})
    f.act(state, "rotate", 1, slots=[0, 1])
    f.act(state, "confirm", 1)
    assert state["step"] == {"kind": "complete", "seat": 1}
    assert [a["slot"] for a in api.legal_actions(state, 1)] == [0, 1]
    events = f.act(state, "complete", 1, slot=1)
    started = [e["face"] for e in f.of_type(events, "CompletionStarted")]
    assert started == [19, 13]


def test_sc_20_identical_pending_cards_are_not_a_choice():
    """SC-20, SC-E05: two copies completed together with equal flasks need no question."""
    state = f.at_turn(hands={1: [(13, 3, 0), (13, 3, 0)]})
    events = f.rotate(state, 1, [0, 1])
    assert len(f.of_type(events, "CompletionStarted")) == 2 and state["step"]["seat"] == 2


def test_sc_21_the_card_leaves_its_slot_for_the_completion_area(monkeypatch):
    """SC-21: while its effects run, the card is in the completion area and its slot empty."""
    f.with_effects(monkeypatch, 13, [{"op": "take", "n": 1}])
    state = f.at_turn(hands={1: [(13, 2, 0), (5, 0, 0)]})
    f.rotate(state, 1, [0, 0])
    p = state["players"][0]
    assert state["step"]["kind"] == "choose_stack"
    assert p["area"] == [13] and p["slots"][0] is None


def test_sc_22_flasks_on_the_card_move_to_storage_without_touching_the_supply():
    """SC-22: the card's flasks go to storage; the supply pays only the card's own effect."""
    state = f.at_turn(hands={1: [(13, 3, 4)]})
    supply = state["supply"]["flasks"]
    f.rotate(state, 1, [0])
    assert state["players"][0]["storage"] == 4 + 2
    assert state["supply"]["flasks"] == supply - 2


def test_sc_23_the_cube_of_the_cards_field_advances_one_space():
    """SC-23: completing a Chemistry card moves the Chemistry cube from 0 to 1."""
    state = f.at_turn(hands={1: [(13, 3, 0)]})
    events = f.rotate(state, 1, [0])
    assert state["players"][0]["tracks"]["CHE"] == [1]
    assert f.of_type(events, "TechnologyAdvanced")[0]["field"] == "CHE"


def test_sc_24_the_effects_follow_the_three_steps(monkeypatch):
    """SC-24: the effect comes after the move, the flasks and the cube."""
    state = f.at_turn(hands={1: [(13, 3, 1)]})
    kinds = f.types(f.rotate(state, 1, [0]))
    assert kinds[kinds.index("CompletionStarted"):kinds.index("CardsReturned")] == [
        "CompletionStarted", "FlasksGained", "TechnologyAdvanced", "FlasksGained"]


def test_sc_25_a_card_completed_by_an_effect_waits_for_every_effect_of_the_current_card():
    """SC-25: Rotation turns DNA to 4, then still puts 2 flasks on it, then DNA completes."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)]})
    events = f.rotate(state, 1, [0, 0])
    kinds = f.types(events)
    dna_done = [i for i, e in enumerate(events) if e["type"] == "CardCompleted"
                and e["face"] == 25][0]
    flasks_on_dna = [i for i, e in enumerate(events) if e["type"] == "FlasksGained"
                     and e["to"] == "card"][0]
    dna_starts = [i for i, e in enumerate(events) if e["type"] == "CompletionStarted"
                  and e["face"] == 25][0]
    assert dna_done < flasks_on_dna < dna_starts
    assert kinds.count("CompletionStarted") == 2 and state["step"]["kind"] == "choose_stack"
    assert events[dna_done]["depth"] == 2 and events[dna_done]["cause"] == 37


def test_sc_26_completed_cards_return_to_their_stacks_under_the_flasks():
    """SC-26: at the end of the phase each completed card goes back onto its own stack; the
    stack keeps its flasks."""
    state = f.at_turn(hands={1: [(13, 3, 0)], 2: [(13, 0, 0)]})
    stack = state["stacks"][3]
    assert stack["face"] == 13 and stack["cards"] == 0
    stack["cards"], stack["flasks"] = 0, 0
    events = f.rotate(state, 1, [0])
    assert f.of_type(events, "CardsReturned")[0]["faces"] == [13]
    assert state["stacks"][3]["cards"] == 1 and state["players"][0]["area"] == []
