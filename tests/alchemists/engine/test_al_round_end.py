"""The end of a round, and round 6 (AL-88 to AL-97)."""

from games.alchemists.engine import api
from games.alchemists.engine.declare import cubes_to_place, space_open
from games.alchemists.engine.state import player

from . import factory as f


def ending(n=2, variant="apprentice", round_=3):
    state = f.game(n, variant)
    state.update(round=round_, ranks=list(range(1, n + 1)), adventurer="AD1",
                 next_adventurer="AD2")
    state["secret"]["adventurers"] = ["AD3", "AD4", "AD5"]
    return state


def test_al_88_end_of_round_order():
    """Conference, new artifacts, best alchemist, unused cubes, hospital, adventurers, row,
    markers and the start player, then the next round (AL-88)."""
    state = ending()
    f.theory(state, "mushroom", "a6", [(1, "silver")])
    player(state, 1)["unused"] = 2
    player(state, 2)["hospital"] = 1
    events = f.run(state, {"t": "round_end"}) + f.settle(state)
    order = [t for t in f.types(events) if t in (
        "ConferenceHeld", "ArtifactsReplaced", "BestAlchemistAwarded", "UnusedCubesReturned",
        "HospitalLeft", "RoundEnded")]
    assert order == ["ConferenceHeld", "ArtifactsReplaced", "BestAlchemistAwarded",
                     "UnusedCubesReturned", "HospitalLeft", "RoundEnded"]
    assert f.types(events)[-1] == "RoundStarted" and state["round"] == 4


def test_al_89_conference_thresholds():
    """Apprentice first: 0 seals -1, 1 seal +1; master second: 1 seal -2 (15 -> 12), 3 seals
    +1 (AL-89, G-10)."""
    state = ending()
    f.theory(state, "mushroom", "a6", [(1, "silver")])
    events = f.run(state, {"t": "conference"})
    assert f.reputation_changes(events) == {1: 1, 2: -1}
    state = ending(2, "master", round_=5)
    f.theory(state, "mushroom", "a6", [(1, "silver")])
    for ingredient, token in (("fern", "a1"), ("toad", "a2"), ("claw", "a3")):
        f.theory(state, ingredient, token, [(2, "silver" if token != "a3" else "gold")])
    player(state, 1)["reputation"] = 15
    f.run(state, {"t": "conference"})
    assert player(state, 1)["reputation"] == 12 and player(state, 2)["reputation"] == 11


def test_al_90_level_two_artifacts_after_the_first_conference():
    """The row leaves the game; the level II preview becomes the row (AL-90)."""
    state = ending()
    preview = list(state["artifact_preview"]["2"])
    f.run(state, {"t": "conference"})
    assert state["artifact_row"] == preview and "2" not in state["artifact_preview"]


def test_al_91_best_alchemist_most_seals_ties_share_zero_gets_nothing():
    """Ties all gain 1; with no seal on the board nobody does (AL-91, G-28)."""
    state = ending(3)
    assert f.run(state, {"t": "best_alchemist"}) == []
    f.theory(state, "mushroom", "a6", [(1, "silver"), (2, "gold")])
    events = f.run(state, {"t": "best_alchemist"})
    assert f.reputation_changes(events) == {1: 1, 2: 1}


def test_al_92_a_favour_for_every_two_unused_cubes():
    """3 unused cubes: 1 favour card; the cubes come back (AL-92)."""
    state = ending()
    player(state, 1)["unused"] = 3
    events = f.run(state, {"t": "unused_cubes", "inert": False})
    assert f.of_type(events, "UnusedCubesReturned")[0]["favours"] == 1
    assert player(state, 1)["unused"] == 0 and state["step"]["draw"] == "favour"


def test_al_93_hospital_cubes_are_not_placed_next_round_and_count_as_unused():
    """4 seats, poisoned in round 2: 3 cubes in round 3; forgoing one more there gives u = 2 and
    1 favour (AL-93)."""
    state = ending(4, round_=2)
    player(state, 1)["hospital"] = 1
    f.run(state, {"t": "hospital"})
    state["round"] = 3
    assert cubes_to_place(state, 1) == 3
    player(state, 1)["unused"] += 1
    events = f.run(state, {"t": "unused_cubes", "inert": False})
    assert f.of_type(events, "UnusedCubesReturned")[0]["favours"] == 1


def test_al_94_the_next_adventurer_arrives_and_the_one_after_is_shown():
    """AD2 becomes current, a new next one is drawn; the conference tile after round 2
    (AL-94)."""
    state = ending(round_=2)
    events = f.run(state, {"t": "advance_round"})
    assert state["adventurer"] == "AD2" and state["step"]["draw"] == "adventurer"
    assert f.of_type(events, "ConferenceAnnounced")[0]["tile"] == "apprentice_1"
    f.chance(state, "AD4")
    assert state["next_adventurer"] == "AD4"


def test_al_95_the_ingredient_row_is_dealt_again():
    """Cards left in the row go to the discard pile; 5 new ones are dealt (AL-95)."""
    state = ending()
    state["row"] = {"fern": 2}
    discards = dict(state["discards"]["ingredient"])
    f.run(state, {"t": "advance_round"})
    assert state["discards"]["ingredient"]["fern"] == discards.get("fern", 0) + 2
    f.settle(state)
    assert sum(state["row"].values()) == 5


def test_al_96_only_green_markers_stay():
    """Seats paralysed this round are on green next round, in order (AL-96)."""
    state = ending(3)
    state["paralysed"] = [3, 1]
    state["track"] = {"T1": 2}
    f.run(state, {"t": "advance_round"})
    assert state["green"] == [3, 1]


def test_al_97_round_six():
    """No Test or Drink but Exhibit; the end is best alchemist, unused cubes, final scoring
    (AL-97)."""
    state = ending(round_=6)
    assert space_open(state, "exhibit") and not space_open(state, "test")
    assert not space_open(state, "drink")
    state["round"] = 5
    assert not space_open(state, "exhibit") and space_open(state, "test")
    state["round"] = 6
    f.theory(state, "mushroom", "a6", [(1, "silver")])
    player(state, 2)["unused"] = 2
    events = f.run(state, {"t": "round_end"})
    assert "ConferenceHeld" not in f.types(events)
    assert f.of_type(events, "UnusedCubesReturned")[0]["favours"] == 1
    f.chance(state, api.chance_outcomes(state)[0])
    assert state["phase"] == "over" and state["result"] is not None
