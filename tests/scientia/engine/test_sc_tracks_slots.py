"""Technology tracks and slots (SC-27 to SC-35, SC-G04, SC-G12)."""

from games.scientia.engine import tracks
from games.scientia.engine.tracks import cube_count, last_space, level

from . import factory as f


def test_sc_27_the_newest_cube_of_a_track_is_the_one_that_moves():
    """SC-27: with cubes on 4 and 1, an advance moves the newest cube (1 -> 2)."""
    state = f.at_turn()
    p = f.setup(state, 1, tracks={"PHY": [4, 1]})
    tracks.advance(state, p, "PHY", [], None)
    assert p["tracks"]["PHY"] == [4, 2]


def test_sc_28_the_last_space_shrinks_with_each_cube():
    """SC-28, SC-G04: the k-th cube's last space is 5 - k: 4, 3, 2, 1."""
    assert [last_space(k) for k in (1, 2, 3, 4)] == [4, 3, 2, 1]


def test_sc_29_a_level_is_the_sum_of_the_spaces_its_cubes_occupy():
    """SC-29: cubes on 2 and 4 make level 6 (the rulebook's example); a full track is 10."""
    assert level([4, 2]) == 6 and level([4, 3, 2, 1]) == 10 and level([0]) == 0


def test_sc_30_reaching_the_last_space_brings_a_new_cube_on_zero():
    """SC-30: the cube arriving on its last space takes a cube from the supply onto space 0."""
    state = f.at_turn()
    p = f.setup(state, 1, tracks={"BIO": [3]})
    supply = state["supply"]["cubes"]
    out = []
    tracks.advance(state, p, "BIO", out, None)
    assert p["tracks"]["BIO"] == [4, 0] and state["supply"]["cubes"] == supply - 1
    assert out[0]["new_cube"] is True and out[0]["space"] == 4


def test_sc_30_a_full_track_no_longer_moves():
    """SC-30: with four cubes on 4, 3, 2, 1 an advance changes nothing and takes no cube."""
    state = f.at_turn()
    p = f.setup(state, 1, tracks={"AST": [4, 3, 2, 1]})
    supply = state["supply"]["cubes"]
    assert tracks.advance(state, p, "AST", [], None) is False
    assert p["tracks"]["AST"] == [4, 3, 2, 1] and state["supply"]["cubes"] == supply


def test_sc_30_the_fourth_cube_stops_on_space_1_without_a_fifth():
    """SC-30: the fourth cube's last space is 1 and no fifth cube comes."""
    state = f.at_turn()
    p = f.setup(state, 1, tracks={"CHE": [4, 3, 2, 0]})
    tracks.advance(state, p, "CHE", [], None)
    assert p["tracks"]["CHE"] == [4, 3, 2, 1] and level(p["tracks"]["CHE"]) == 10


def test_sc_31_the_cube_count_is_every_cube_on_the_four_tracks():
    """SC-31: 4 at the start; 6 with two extra cubes."""
    state = f.at_turn()
    assert cube_count(state["players"][0]) == 4
    p = f.setup(state, 1, tracks={"PHY": [4, 0], "BIO": [4, 3, 0]})
    assert cube_count(p) == 7


def test_sc_32_the_fifth_cube_opens_a_slot_once():
    """SC-32: the first new cube gives a third slot; later cubes give none."""
    state = f.at_turn()
    p = f.setup(state, 1, tracks={"BIO": [3], "PHY": [3]})
    out = []
    tracks.advance(state, p, "BIO", out, None)
    assert len(p["slots"]) == 3 and f.of_type(out, "SlotGained")[0]["reason"] == "cubes"
    tracks.advance(state, p, "PHY", [], None)
    assert len(p["slots"]) == 3 and cube_count(p) == 6


def test_sc_33_five_flasks_in_storage_open_a_slot_once():
    """SC-33: storage reaching 5 gives a slot at once; reaching 10 gives none."""
    state = f.at_turn(hands={1: [(13, 3, 3)], 2: [(13, 3, 3)]})
    f.rotate(state, 1, [0])  # 3 from the card + 2 from Periodic table
    p = state["players"][0]
    assert p["storage"] == 5 and len(p["slots"]) == 3 and p["slot_for_flasks"]
    f.rotate(state, 2, [0])
    p = state["players"][0]
    p["storage"] += 5
    state["supply"]["flasks"] -= 5
    f.give(state, 1, [(19, 3, 0)])
    f.rotate(state, 1, [0])  # Distillation: storage 10 -> 13
    assert state["players"][0]["storage"] == 13 and len(state["players"][0]["slots"]) == 3


def test_sc_34_at_most_four_slots_and_a_new_slot_is_usable_at_once(monkeypatch):
    """SC-34, SC-G12: both conditions give 4 slots; a slot gained in the middle of a completion
    phase receives a card from a later take of the same phase."""
    f.with_effects(monkeypatch, 13, [{"op": "flasks_to_storage", "n": 3},
                                     {"op": "take", "n": 3}])
    state = f.at_turn(hands={1: [(13, 3, 0), (5, 0, 0)]})
    f.setup(state, 1, tracks={"CHE": [3], "PHY": [4, 0]}, storage=2)  # 3 slots already
    f.act(state, "rotate", 1, slots=[0])
    f.act(state, "confirm", 1)
    p = state["players"][0]
    assert len(p["slots"]) == 4  # storage 5: the fourth slot
    for stack in (25, 25, 37):  # the third take fills the new slot
        f.act(state, "choose_stack", 1, stack=stack)
    p = state["players"][0]
    assert [c["face"] for c in p["slots"]] == [25, 5, 25, 37]


def test_sc_35_a_pending_card_still_occupies_its_slot(monkeypatch):
    """SC-35: while a completed card waits for its step, its slot is not empty: a take effect
    of another card cannot use it."""
    f.with_effects(monkeypatch, 1, [{"op": "take", "n": 2}])
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 3, 0)]})
    f.act(state, "rotate", 1, slots=[0, 1])
    f.act(state, "confirm", 1)
    f.act(state, "complete", 1, slot=0)  # Lever first; Electromagnetism still pending
    p = state["players"][0]
    assert p["slots"][1]["turns"] == 4 and state["step"]["kind"] == "choose_stack"
    events = f.act(state, "choose_stack", 1, stack=25)
    assert len(f.of_type(events, "CardTaken")) == 1  # the second take has no room
    assert f.of_type(events, "EffectSkipped")[0]["op"] == "take"
