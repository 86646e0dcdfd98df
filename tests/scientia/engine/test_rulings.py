"""The rulings the engine relies on: the rules file's SC-G.. and the engine's own SC-E..
(docs/games/scientia.md lists both)."""

from games.engines.playout import players
from games.scientia.engine import api
from games.scientia.engine.content import COMBINATIONS, FACES
from games.scientia.engine.state import TRACK_LENGTH

from . import factory as f


def test_sc_g01_each_field_has_a_project_board_of_three_stacks():
    """SC-G01: the project boards hold three stacks per field."""
    fields = [FACES[s["face"]]["field"] for s in f.new()["stacks"]]
    assert {field: fields.count(field) for field in fields} == {
        "PHY": 3, "CHE": 3, "BIO": 3, "AST": 3}


def test_sc_g04_tracks_have_spaces_0_to_4_and_cubes_start_on_0():
    """SC-G04: the track length is a parameter (4) and the start icon is space 0."""
    state = f.new()
    assert TRACK_LENGTH == 4
    assert all(track == [0] for track in state["players"][0]["tracks"].values())


def test_sc_g06_first_step_is_the_starred_faces_with_rotation_and_dna():
    """SC-G06: the starter combination is faces 1, 5, 7, 13, 17, 19, 25, 29, 31, 37, 41, 43."""
    assert COMBINATIONS["first_step"]["faces"] == f.FIRST_STEP
    assert {25, 37} <= set(f.FIRST_STEP)


def test_sc_g07_flasks_are_counted_as_whole_values():
    """SC-G07: supplies, storage and flasks on cards and stacks are integers."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)]})
    f.rotate(state, 1, [0, 0])
    values = [state["supply"]["flasks"], *(p["storage"] for p in state["players"]),
              *(s["flasks"] for s in state["stacks"])]
    assert all(type(v) is int for v in values)


def test_sc_g08_flasks_never_go_on_an_empty_stack(monkeypatch):
    """SC-G08: flasks_on_stack offers only stacks with a card; flasks_on_field skips empty
    ones."""
    f.with_effects(monkeypatch, 1, [{"op": "flasks_on_field", "n": 1, "field": "BIO"},
                                    {"op": "flasks_on_stack", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0)], 2: [(25, 0, 0), (25, 0, 0)]})
    f.rotate(state, 1, [0])
    assert 25 not in [a["stack"] for a in api.legal_actions(state, 1)]
    assert {s["face"]: s["flasks"] for s in state["stacks"]}[25] == 0
    assert api.check_invariants(state) == []


def test_sc_g09_a_returned_card_finds_its_stack_by_face():
    """SC-G09: stacks are keyed by face, so a returned card needs no choice of space."""
    state = f.at_turn(hands={1: [(13, 3, 0)], 2: [(13, 0, 0)]})
    f.rotate(state, 1, [0])
    assert [s["cards"] for s in state["stacks"] if s["face"] == 13] == [1]


def test_sc_g10_a_pending_card_cannot_be_rotated(monkeypatch):
    """SC-G10: a completed card waiting for its step is no target of a rotation."""
    f.with_effects(monkeypatch, 1, [{"op": "rotate", "n": 1}])
    f.with_effects(monkeypatch, 5, [{"op": "flasks_on_stack", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 3, 0)]})
    f.act(state, "rotate", 1, slots=[0, 1])
    f.act(state, "confirm", 1)
    events = f.act(state, "complete", 1, slot=0)
    assert f.of_type(events, "EffectSkipped")[0]["op"] == "rotate"


def test_sc_g11_any_number_of_cards_can_be_pending():
    """SC-G11: Telescope completes three cards at once; all wait, and all are processed."""
    state = f.at_turn(hands={1: [(41, 3, 0), (1, 3, 0)], 2: [(37, 0, 0)]})
    f.setup(state, 1, storage=5, tracks={"CHE": [4, 0]})  # four slots
    f.give(state, 1, [(5, 3, 0), (7, 3, 0)])
    f.rotate(state, 1, [0])
    p = state["players"][0]
    assert state["step"]["kind"] == "complete"
    assert [c["turns"] for c in p["slots"] if c] == [4, 4, 4]
    while state["step"]["seat"] == 1:
        action = api.legal_actions(state, 1)[0]
        f.act(state, action["type"], 1, **{k: v for k, v in action.items()
                                            if k not in ("type", "seat")})
    assert sum(state["players"][0]["completions"].values()) == 4


def test_sc_g16_the_teacher_chooses_the_combination_and_may_name_the_first_player():
    """SC-G16: options choose "first_step" (default), "random" or a listed combination, and
    a first player; without one the first player is drawn."""
    listed = [2, 5, 7, 14, 17, 19, 26, 29, 31, 38, 41, 43]
    state = api.new_game(players(2), {"combination": listed, "first_player": 2}, 0)
    assert sorted(s["face"] for s in state["stacks"]) == listed
    assert state["step"] == {"kind": "draft", "seat": 1}
    assert api.new_game(players(2), {}, 0)["step"]["draw"] == "first_player"


def test_sc_g18_rotating_one_card_once_is_legal_and_twice_is_one_choice():
    """SC-G18: [i] is a legal rotation; the same card twice is [i, i], not two choices."""
    state = f.at_turn(hands={1: [(1, 0, 0)]})
    plans = [a["slots"] for a in api.legal_actions(state, 1) if a["type"] == "rotate"]
    assert plans == [[0], [0, 0]]


def test_sc_g21_no_card_is_pending_when_a_game_ends():
    """SC-G21: every completion phase ends within its turn, so the final board holds none."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)], 2: [(5, 0, 0)]})
    f.act(state, "call_time", None)
    f.rotate(state, 1, [0, 0])
    f.act(state, "choose_stack", 1, stack=1)
    f.act(state, "choose_stack", 1, stack=13)
    f.rotate(state, 2, [0])
    assert state["stage"] == "over"
    assert all(c is None or c["turns"] < 4 for p in state["players"] for c in p["slots"])


def test_sc_e01_a_taken_card_goes_into_the_first_empty_slot():
    """SC-E01: slot positions are cosmetic; a card fills the first empty slot."""
    state = f.at_turn(hands={1: [(13, 3, 0), (1, 0, 0)], 2: [(5, 0, 0)]})
    f.rotate(state, 1, [0])
    assert state["players"][0]["slots"][0] is None
    f.rotate(state, 2, [0])
    f.act(state, "take", 1, stack=7)
    assert [c["face"] for c in state["players"][0]["slots"]] == [7, 1]


def test_sc_e02_rotate_each_does_not_ask_for_an_order():
    """SC-E02: Telescope turns every card at once; no choice step appears."""
    state = f.at_turn(hands={1: [(41, 3, 0), (1, 0, 0)]})
    f.rotate(state, 1, [0])
    assert state["players"][0]["slots"][1]["turns"] == 1 and state["step"]["seat"] == 2


def test_sc_e03_the_chain_is_the_deepest_completion_of_a_turn():
    """SC-E03: Rotation (depth 1) completes DNA (depth 2): the turn's chain and the seat's
    longest chain are 2, and the table's longest chain names the seat and faces."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)]})
    f.rotate(state, 1, [0, 0])
    f.act(state, "choose_stack", 1, stack=1)
    events = f.act(state, "choose_stack", 1, stack=13)
    ended = f.of_type(events, "TurnEnded")[0]
    assert (ended["chain"], ended["completed"]) == (2, [37, 25])
    assert state["players"][0]["longest_chain"] == 2
    assert state["longest_chain"] == {"length": 2, "seat": 1, "turn": 1, "faces": [37, 25]}


def test_sc_e05_identical_targets_are_not_a_choice(monkeypatch):
    """SC-E05: two copies at the same rotation with the same flasks are one target."""
    f.with_effects(monkeypatch, 1, [{"op": "rotate", "n": 1}])
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 1, 0)]})
    f.setup(state, 1, storage=5)
    f.give(state, 1, [(5, 1, 0)])
    f.rotate(state, 1, [0])
    assert state["step"]["seat"] == 2
    assert sorted(c["turns"] for c in state["players"][0]["slots"] if c) == [1, 2]
