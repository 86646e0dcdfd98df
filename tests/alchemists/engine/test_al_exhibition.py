"""The exhibition (AL-98 to AL-100)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.state import player
from games.engines.base import IllegalAction

from . import factory as f


def exhibit(state, seat, potion, pair):
    f.at(state, "exhibit", seat, round_=6)
    return f.act(state, {"type": "exhibit", "seat": seat, "potion": potion,
                         "ingredients": pair})


def test_al_98_only_success_or_failure_is_revealed():
    """The named potion is public; the result is not, even to the exhibitor; no Neutral
    (AL-98, G-22)."""
    state = f.game(2, "apprentice")
    f.hand(state, 1, {"mushroom": 1, "fern": 1})
    events = exhibit(state, 1, "R+", ["mushroom", "fern"])
    shown = f.of_type(events, "PotionExhibited")[0]
    assert shown["success"] is False and "made" not in shown and "result" not in shown
    assert "ingredients" not in api.events_for([shown], 2)[0]
    f.hand(state, 1, {"mushroom": 1, "fern": 1})
    with pytest.raises(IllegalAction) as error:
        exhibit(state, 1, "N", ["mushroom", "fern"])
    assert error.value.code == "not_coloured"


def test_al_99_first_success_mastery_and_failure():
    """A exhibits G+ first: +1; B then G+: 0; A then G- first: +1 + 2 = +3; a failure -1
    (AL-99)."""
    mapping = {**f.MAPPING, "claw": "a3", "toad": "a2"}  # a6 + a8 = G+, a2 + a3 = G-
    state = f.game(2, "apprentice", mapping=mapping)
    f.hand(state, 1, {"mushroom": 1, "feather": 1})
    assert f.reputation_changes(exhibit(state, 1, "G+", ["feather", "mushroom"])) == {1: 1}
    f.hand(state, 2, {"mushroom": 1, "feather": 1})
    assert f.reputation_changes(exhibit(state, 2, "G+", ["feather", "mushroom"])) == {}
    f.hand(state, 1, {"claw": 1, "toad": 1})
    assert f.reputation_changes(exhibit(state, 1, "G-", ["claw", "toad"])) == {1: 3}
    assert player(state, 1)["mastery"] == ["G"]
    f.hand(state, 1, {"claw": 1, "toad": 1})
    with pytest.raises(IllegalAction) as error:
        exhibit(state, 1, "G-", ["claw", "toad"])
    assert error.value.code == "already_exhibited"
    assert f.reputation_changes(exhibit(state, 1, "B+", ["claw", "toad"])) == {1: -1}


def test_al_100_feather_in_cap_sets_successful_cards_aside():
    """Success sets both cards aside; with the Mortar too another seat picks one blind, the
    other returns to the hand, unless the owner sets both aside (AL-100; ruling H-01)."""
    state = f.game(2, "apprentice")
    player(state, 1)["artifacts"].append("feather_in_cap")
    f.hand(state, 1, {"mushroom": 1, "feather": 1})
    exhibit(state, 1, "G+", ["feather", "mushroom"])
    assert player(state, 1)["set_aside"] == {"feather": 1, "mushroom": 1}
    player(state, 1)["artifacts"].append("magic_mortar")
    player(state, 1)["exhibited"] = []
    f.hand(state, 1, {"mushroom": 1, "feather": 1})
    exhibit(state, 1, "G+", ["feather", "mushroom"])
    assert state["step"]["decision"] == "feather_pick" and state["step"]["seat"] == 2
    f.act(state, {"type": "pick_card", "seat": 2, "card": 1})
    assert state["step"]["decision"] == "feather"
    f.act(state, {"type": "set_aside", "seat": 1, "both": False})
    assert player(state, 1)["set_aside"] == {"feather": 2, "mushroom": 1}
    assert player(state, 1)["hand"] == {"mushroom": 1}
