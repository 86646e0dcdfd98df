"""Debunking, apprentice and master (AL-65 to AL-75)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.declare import space_open
from games.alchemists.engine.master import shows, valid
from games.alchemists.engine.state import player
from games.engines.base import IllegalAction

from . import factory as f

SCORPION_A1 = {**f.MAPPING, "fern": "a7", "scorpion": "a1"}
RED_MINUS = {**f.MAPPING, "mushroom": "a1", "fern": "a6", "toad": "a5", "mandrake": "a2"}
GREEN_PLUS = {**f.MAPPING, "mushroom": "a1", "fern": "a6", "toad": "a4", "flower": "a2"}


def debunk(state, seat, ingredient, colour):
    f.at(state, "debunk", seat, round_=2)
    return f.act(state, {"type": "debunk", "seat": seat, "ingredient": ingredient,
                         "colour": colour})


def demonstrate(state, seat, pair, potion, confirm=False):
    f.at(state, "debunk", seat, round_=2)
    return f.act(state, {"type": "demonstrate", "seat": seat, "ingredients": pair,
                         "potion": potion, "confirm": confirm})


def test_al_65_debunking_from_round_two_with_a_theory_on_the_board():
    """Closed in round 1; with no theory the action is forgone (AL-65)."""
    state = f.game(2)
    state["round"] = 1
    assert not space_open(state, "debunk")
    state["round"] = 2
    assert space_open(state, "debunk")
    state.update(pending={"debunk": {"1": [1]}}, rows={"debunk": [1]})
    events = f.run(state, {"t": "up", "space": "debunk", "seat": 1, "k": 1, "boots": False})
    assert f.of_type(events, "ActionForgone")[0]["forced"]


@pytest.mark.parametrize("colour, debunked, change", [("R", True, 2), ("G", False, -1),
                                                      ("B", False, -1)])
def test_al_66_apprentice_debunk_reveals_one_sign(colour, debunked, change):
    """Theory scorpion = a6, truth a1: red reveals -, debunked; green +, blue -: fail, -1
    (AL-66)."""
    state = f.game(2, mapping=SCORPION_A1)
    f.theory(state, "scorpion", "a6", [(2, "hedge_B")])
    events = debunk(state, 1, "scorpion", colour)
    revealed = f.of_type(events, "AspectRevealed")[0]
    assert revealed["debunked"] is debunked and revealed["sign"] == {"R": "-", "G": "+",
                                                                     "B": "-"}[colour]
    assert f.reputation_changes(events)[1] == change
    assert state["public_facts"] == [["sign", "scorpion", colour, revealed["sign"]]]


def test_al_67_what_a_demonstration_shows_comes_from_the_board():
    """A yes for a potion the token cannot make debunks it; two theories that disagree with the
    answer conflict (AL-67)."""
    board = {"theories": {"mushroom": {"token": "a6"}, "toad": {"token": "a2"}},
             "conflicts": []}
    assert shows(board, ["mushroom", "toad"], "R-", True)["fallen"] == [("mushroom", "R"),
                                                                        ("toad", "R")]
    assert shows(board, ["mushroom", "toad"], "R-", False) == {"fallen": [], "conflict": None}
    assert shows(board, ["mushroom", "toad"], "R+", False) == {"fallen": [], "conflict": {
        "pair": ["mushroom", "toad"], "new": True}}
    assert shows(board, ["mushroom", "toad"], "R+", True)["conflict"] is None


def test_al_68_validity_uses_public_information_only():
    """Two ingredients without theories: invalid, refused unless confirmed; the same code under
    any mapping (AL-68, G-15)."""
    codes = set()
    for mapping in (f.MAPPING, RED_MINUS):
        state = f.game(2, "master", mapping=mapping)
        f.theory(state, "mushroom", "a6", [(2, "silver")])
        assert not valid(state, ["fern", "toad"], "R+")
        assert valid(state, ["mushroom", "toad"], "R-")
        with pytest.raises(IllegalAction) as error:
            demonstrate(state, 1, ["fern", "toad"], "R+")
        codes.add(error.value.code)
    assert codes == {"invalid_demonstration"}


@pytest.mark.parametrize("mapping, theories, potion, outcome, change", [
    (RED_MINUS, {"mushroom": "a6"}, "R-", "debunked", 2),
    (f.MAPPING, {"mushroom": "a6"}, "R-", "nothing", -2),
    (GREEN_PLUS, {"mushroom": "a4", "toad": "a8"}, "G+", "conflict", 2),
    (f.MAPPING, {"mushroom": "a1", "toad": "a4"}, "G+", "conflict", 2),
    (RED_MINUS, {"mushroom": "a6", "toad": "a2"}, "R-", "both", 2),
])
def test_al_69_master_outcomes(mapping, theories, potion, outcome, change):
    """The rules file's cases (1) to (4): a debunk, a valid nothing (-2), two conflicts and a
    double debunk with +2 once (AL-69)."""
    state = f.game(3, "master", mapping=mapping)
    for ingredient, token in theories.items():
        f.theory(state, ingredient, token, [(3, "gold")])
    events = demonstrate(state, 1, ["mushroom", "toad"], potion)
    assert f.reputation_changes(events)[1] == change
    fallen = f.of_type(events, "TheoryDebunked")
    shown = {"debunked": len(fallen) == 1 and fallen[0]["ingredients"] == ["mushroom"],
             "both": len(fallen) == 1 and fallen[0]["ingredients"] == ["mushroom", "toad"],
             "conflict": state["conflicts"] == [["mushroom", "toad"]],
             "nothing": not fallen and not state["conflicts"]}
    assert shown[outcome]
    if outcome == "both":
        assert f.reputation_changes(events)[3] == -10
    answer = f.of_type(events, "DemonstrationAnswered")[0]
    assert set(answer) >= {"ingredients", "potion", "answer"} and "result" not in answer


def test_al_69_a_confirmed_invalid_or_reshown_conflict_costs_one():
    """Invalid but confirmed: -1 and the answer is public; re-showing a known conflict: -1
    (AL-69)."""
    state = f.game(2, "master")
    events = demonstrate(state, 1, ["fern", "toad"], "R+", confirm=True)
    assert f.reputation_changes(events) == {1: -1}
    assert state["public_facts"][-1][0] == "pair"
    state = f.game(2, "master")
    f.theory(state, "mushroom", "a1", [(2, "gold")])
    f.theory(state, "toad", "a4", [(2, "silver")])
    state["conflicts"] = [["mushroom", "toad"]]
    events = demonstrate(state, 1, ["mushroom", "toad"], "G+", confirm=True)
    assert f.reputation_changes(events) == {1: -1}


def test_al_70_conflicted_theories_count_for_nothing_cannot_be_endorsed_and_clear():
    """Seals on a conflicted theory do not count for the best alchemist; it cannot be endorsed;
    a debunk of either clears the pair (AL-70)."""
    mapping = {**f.MAPPING, "fern": "a2", "toad": "a1"}
    state = f.game(3, "master", mapping=mapping)
    f.theory(state, "mushroom", "a1", [(2, "gold")])
    f.theory(state, "toad", "a4", [(3, "silver")])
    f.theory(state, "scorpion", "a7", [(3, "gold")])
    state["conflicts"] = [["mushroom", "toad"]]
    events = f.run(state, {"t": "best_alchemist"})
    assert f.of_type(events, "BestAlchemistAwarded")[0]["seats"] == [3]
    f.at(state, "publish", 1)
    endorsable = {a["ingredient"] for a in api.legal_actions(state, 1) if a["type"] == "endorse"}
    assert endorsable == {"scorpion"}
    events = demonstrate(state, 1, ["fern", "mushroom"], "R+")
    assert f.of_type(events, "TheoryDebunked")[0]["ingredients"] == ["mushroom"]
    assert state["conflicts"] == []


def test_al_71_consequences_of_a_debunk():
    """The token returns, seals are revealed to all and lost, -5 unless hedged on the colour;
    the debunker +2 (AL-71)."""
    state = f.game(3, mapping=SCORPION_A1)
    f.theory(state, "scorpion", "a6", [(2, "gold"), (3, "hedge_R")])
    events = debunk(state, 1, "scorpion", "R")
    fallen = f.of_type(events, "TheoryDebunked")[0]
    assert fallen["seals"] == [{"ingredient": "scorpion", "seat": 2, "kind": "gold", "loss": 5},
                               {"ingredient": "scorpion", "seat": 3, "kind": "hedge_R",
                                "loss": 0}]
    assert api.events_for([fallen], 1)[0]["seals"] == fallen["seals"]
    assert f.reputation_changes(events) == {1: 2, 2: -5}
    assert "scorpion" not in state["theories"] and player(state, 2)["seals_lost"] == ["gold"]


def test_al_72_only_the_debunking_colour_matters_for_a_hedge():
    """A red hedge loses nothing on a red debunk even if blue is wrong too (AL-72)."""
    state = f.game(2, mapping={**f.MAPPING, "scorpion": "a5", "mandrake": "a7"})
    f.theory(state, "scorpion", "a6", [(2, "hedge_R")])  # a6 R+g+b-, truth a5 R-g-b+
    events = debunk(state, 1, "scorpion", "R")
    assert f.reputation_changes(events) == {1: 2}


def test_al_73_debunking_ones_own_theory_is_one_change():
    """13 reputation, own silver seal: +2 - 5 = -3, to 10 (AL-73, AL-85)."""
    state = f.game(2, mapping=SCORPION_A1)
    f.theory(state, "scorpion", "a6", [(1, "silver")])
    player(state, 1)["reputation"] = 13
    debunk(state, 1, "scorpion", "R")
    assert player(state, 1)["reputation"] == 10


def test_al_74_immediate_publication_after_a_debunk():
    """With a Publish action left, the debunker may publish about the fallen ingredient or with
    its token, not the same theory; it uses its earliest Publish action (AL-74)."""
    state = f.game(2, mapping=SCORPION_A1)
    f.theory(state, "scorpion", "a6", [(2, "gold")])
    state["pending"] = {"publish": {"1": [1, 2]}}
    debunk(state, 1, "scorpion", "R")
    assert state["step"]["decision"] == "immediate"
    options = api.legal_actions(state, 1)
    assert {"type": "decline", "seat": 1} in options
    assert all(a["ingredient"] == "scorpion" or a["token"] == "a6" for a in options
               if a["type"] == "publish")
    assert not [a for a in options if a["type"] == "publish" and a["ingredient"] == "scorpion"
                and a["token"] == "a6"]
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "publish", "seat": 1, "ingredient": "scorpion", "token": "a6",
                      "seal": "gold"})
    assert error.value.code == "same_theory"
    f.act(state, {"type": "publish", "seat": 1, "ingredient": "scorpion", "token": "a1",
                  "seal": "gold"})
    assert state["pending"]["publish"]["1"] == [2]
    assert state["theories"]["scorpion"]["token"] == "a1"


def test_al_75_a_theory_known_wrong_may_still_be_published():
    """After a debunk showed scorpion's red is -, scorpion = a6 (red +) may be published again
    (AL-75)."""
    state = f.game(2, mapping=SCORPION_A1)
    f.theory(state, "scorpion", "a6", [(2, "gold")])
    debunk(state, 1, "scorpion", "R")
    f.at(state, "publish", 2)
    f.act(state, {"type": "publish", "seat": 2, "ingredient": "scorpion", "token": "a6",
                  "seal": "silver"})
    assert state["theories"]["scorpion"]["token"] == "a6"
