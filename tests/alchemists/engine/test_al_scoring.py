"""Final scoring and the Great Truth (AL-101 to AL-110)."""

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.scoring import artifact_vp, seal_vp
from games.alchemists.engine.state import player

from . import factory as f


def scored(state):
    f.run(state, {"t": "final_scoring"})
    return {r["seat"]: r for r in state["result"]["players"]}


def test_al_101_the_order_of_final_scoring():
    """Reputation, artifacts, grants, gold, seals (the Great Truth), Wisdom Idol (AL-101)."""
    state = f.game(2)
    events = f.run(state, {"t": "final_scoring"})
    assert f.types(events) == ["GreatTruthRevealed", "GameOver"]
    row = state["result"]["players"][0]
    assert list(row["breakdown"]) == ["reputation", "artifacts", "grants", "gold", "seals",
                                      "wisdom_idol"]
    assert row["vp"] == sum(row["breakdown"].values()) and state["phase"] == "over"


def test_al_102_reputation_is_victory_points():
    """16 reputation starts final scoring with 16 VP (AL-102)."""
    state = f.game(2)
    player(state, 1)["reputation"] = 16
    assert scored(state)[1]["breakdown"]["reputation"] == 16


def test_al_103_artifact_points():
    """Crystal Cabinet, Bronze Cup and Magic Mortar: 6 + 4 + 1 = 11; Magic Mirror reputation /
    5; Feather in Cap one per different ingredient set aside (AL-103, G-23)."""
    p = {"artifacts": ["crystal_cabinet", "bronze_cup", "magic_mortar"], "reputation": 10,
         "set_aside": {}}
    assert artifact_vp(p) == 11
    assert artifact_vp({"artifacts": ["magic_mirror"], "reputation": 14, "set_aside": {}}) == 2
    assert artifact_vp({"artifacts": ["feather_in_cap"], "reputation": 1,
                        "set_aside": {"toad": 2, "fern": 1}}) == 2


def test_al_104_grant_points():
    """An outer tile is worth 2, the central one 1 (AL-104, G-11)."""
    state = f.game(2)
    player(state, 1)["grants"] = ["G1", "G5"]
    assert scored(state)[1]["breakdown"]["grants"] == 3


def test_al_105_favours_become_gold_and_three_gold_a_point():
    """7 gold and 2 favours: 11 gold, 3 VP, 2 left for the tie-break (AL-105)."""
    state = f.game(2)
    player(state, 1).update(gold=7, favours={"sage": 1, "barmaid": 1})
    row = scored(state)[1]
    assert row["breakdown"]["gold"] == 3 and row["gold_left"] == 2


def test_al_106_the_great_truth_reveals_the_mapping_and_every_seal():
    """The mapping and every seal become public (AL-106)."""
    state = f.game(2)
    f.theory(state, "mushroom", "a6", [(1, "gold")])
    assert api.view_for(state, 2)["outcome"] is None
    events = f.run(state, {"t": "final_scoring"})
    truth = api.events_for(f.of_type(events, "GreatTruthRevealed"), 2)[0]
    assert truth["mapping"] == f.MAPPING
    assert truth["theories"][0]["seals"] == [{"seat": 1, "kind": "gold", "vp": 5}]
    view = api.view_for(state, "public")
    assert view["outcome"]["mapping"] == f.MAPPING


@pytest.mark.parametrize("kind, token, vp", [("gold", "a6", 5), ("silver", "a6", 3),
                                             ("hedge_R", "a6", 0), ("gold", "a1", -4),
                                             ("silver", "a1", -4)])
def test_al_107_seal_points(kind, token, vp):
    """Correct: gold 5, silver 3, hedge 0; wrong: starred -4 (AL-107)."""
    assert seal_vp(kind, token, "a6") == vp


def test_al_108_properly_hedged_only_on_the_one_wrong_colour():
    """T = a6, truth a1: red hedge 0, green hedge -4, gold -4; truth a7: every seal -4
    (AL-108)."""
    assert seal_vp("hedge_R", "a6", "a1") == 0
    assert seal_vp("hedge_G", "a6", "a1") == -4 and seal_vp("gold", "a6", "a1") == -4
    assert {seal_vp(k, "a6", "a7") for k in ("hedge_R", "hedge_G", "hedge_B")} == {-4}


def test_al_109_wisdom_idol_a_point_per_seal_on_a_correct_theory():
    """+1 VP for each of the owner's seals on a correct theory, any kind (AL-109)."""
    state = f.game(2)
    player(state, 1)["artifacts"] = ["wisdom_idol"]
    f.theory(state, "mushroom", "a6", [(1, "hedge_B")])
    f.theory(state, "toad", "a2", [(1, "silver")])
    f.theory(state, "fern", "a8", [(1, "gold")])
    assert scored(state)[1]["breakdown"]["wisdom_idol"] == 2


def test_al_110_most_points_then_gold_left_then_shared():
    """A tie on VP goes to the larger remainder; equal remainders share the win (AL-110,
    G-25)."""
    state = f.game(3)
    player(state, 1).update(gold=2)
    player(state, 2).update(gold=1)
    rows = scored(state)
    assert {s: r["vp"] for s, r in rows.items()} == {1: 10, 2: 10, 3: 10}
    assert [s for s, r in rows.items() if r["winner"]] == [1, 3]
    assert rows[2]["rank"] == 3 and rows[1]["rank"] == 1
    state = f.game(2)
    rows = scored(state)
    assert rows[1]["winner"] and rows[2]["winner"] and state["result"]["winners"] == [1, 2]
