"""The full game's setup and length, the beginner game, and what stays as in the school game
(FG-01 to FG-05, FG-15 to FG-17)."""

import pytest

from games.engines.base import IllegalAction
from games.research_programme.engine import api, board
from games.research_programme.engine.content import CARDS, school
from games.research_programme.engine.rules import full_setup
from games.research_programme.engine.state import player

from . import factory as f
from . import factory_full as ff


def test_fg_01_the_full_game_has_eight_rounds_and_no_reveal_in_round_8():
    """FG-01: 8 rounds; round 7 reveals the next Event, round 8 does not, and the game ends
    after round 8's Cleanup."""
    state = ff.full_game(n=2)
    assert state["rounds"] == 8
    for round_, reveals in ((7, True), (8, False)):
        state["round"], state["next_event"] = round_, None
        f.run(state, "round_start")
        assert (state["step"].get("chance") == "event") is reveals
    state["round"] = 8
    events = f.run(state, "end_check")
    assert state["phase"] == "over" and f.first(events, "GameEnded")["ended_by"] == "round_limit"
    state = ff.full_game(n=2)
    state["round"] = 7
    f.run(state, "end_check")
    assert state["phase"] != "over" and state["round"] == 8


def test_fg_02_each_outer_region_hides_its_outer_ring_with_two_of_its_three_markers():
    """FG-02: X3 to X5 are hidden; each region's three hidden hexes hold 2 of its 3 markers, one
    hex none; the chance step offers all 18 placements."""
    state = api.new_game(f.seats(2), {"variant": "full"}, 1)
    hidden = {h for h, cell in state["hexes"].items() if cell["hidden"]}
    assert hidden == {h for h in board.OUTER_HEXES if board.HEXES[h]["ring"] == 3}
    f.chance(state, 1)
    outcomes = api.chance_outcomes(state)
    assert state["step"]["chance"] == "markers" and len(outcomes) == 18
    assert all(sorted(o) in (["anomaly", "discovery", "none"], ["anomaly", "none", "null"],
                             ["discovery", "none", "null"]) for o in outcomes)
    state = ff.full_game(n=2, markers={"GRA": ["null", "none", "discovery"]})
    assert ff.markers_of(state, "GRA") == {"GRA3": "null", "GRA4": "none", "GRA5": "discovery"}
    for region in board.OUTER_REGIONS:
        assert sorted(ff.markers_of(state, region).values()).count("none") == 1


def test_fg_03_three_random_anomalies_on_known_hexes_of_different_regions_with_noise_beside():
    """FG-03: the 3 anomalies lie on known outer hexes, no two in one region; each has 1 Noise
    on the empty known hex beside it in its region; neutral markers only on known hexes."""
    state = api.new_game(f.seats(2), {"variant": "full"}, 1)
    f.chance(state, 1)
    for _ in board.OUTER_REGIONS:
        f.chance(state, api.chance_outcomes(state)[0])
    assert state["step"]["chance"] == "anomaly_hex"
    assert set(api.chance_outcomes(state)) == {h for h in board.OUTER_HEXES
                                               if board.HEXES[h]["ring"] == 2}
    state = ff.full_game(n=2, anomaly_hexes=("GRA2", "COS1", "MAT2"))
    anomalies = {h for h, c in state["hexes"].items() if c["anomaly"]}
    assert anomalies == {"GRA2", "COS1", "MAT2"}
    assert {h for h, c in state["hexes"].items() if c["noise"]} == {"GRA1", "COS2", "MAT1"}
    neutrals = [h for h, c in state["hexes"].items() if c["neutral"]]
    assert len(neutrals) == 6 and not any(state["hexes"][h]["hidden"] for h in neutrals)


def test_fg_04_the_opening_hand_is_two_theories_and_two_methods_keeping_one_of_each():
    """FG-04: no packet, no tile; each seat keeps 1 theory + 1 method and the others go back
    into their decks."""
    state = api.new_game(f.seats(2), {"variant": "full"}, 3)
    while state["step"]["kind"] == "chance":
        f.chance(state, api.chance_outcomes(state)[0])
    assert state["step"]["kind"] == "keep" and state["step"]["seats"] == [1, 2]
    p = player(state, 1)
    assert sorted(CARDS[c]["deck"] for c in p["hand"]) == ["method", "method", "theory",
                                                           "theory"]
    assert not p["theories"] and not p["projects"] and p["tiles_left"] == 6
    theories_left = len(state["decks"]["theory"])
    keep = {"type": "keep", "seat": 1, "theory": p["hand"][0], "method": p["hand"][2]}
    events = f.act(state, keep)
    assert player(state, 1)["hand"] == [keep["theory"], keep["method"]]
    assert len(state["decks"]["theory"]) == theories_left + 1
    kept = f.first(events, "OpeningHandKept")
    assert "theory" not in api.events_for(events, 2)[0] and kept["returned_count"] == 2


def test_fg_05_a_hidden_hex_takes_no_tile_and_is_ordinary_for_adjacency_and_noise():
    """FG-05: a build on a hidden hex is refused like any illegal hex; neighbours and Noise
    treat it as an ordinary hex."""
    state = ff.actions_position(n=2, seat=1, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    state["market"] = ["P-GRA-1"]
    f.give(state, 1, R=5)
    hexes = {a["hex"] for a in api.legal_actions(state, 1) if a["type"] == "build"}
    assert hexes and not hexes & {"GRA3", "GRA4", "GRA5"}
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "build", "seat": 1, "card": "P-GRA-1", "hex": "GRA4"})
    assert error.value.code == "illegal_hex"
    assert "GRA4" in board.neighbours(state["hexes"], "GRA1")
    from games.research_programme.engine.rules.noise import add_noise
    assert add_noise(state, "GRA4", 1, None, []) == 1


def test_fg_15_there_are_no_stories_in_the_full_game():
    """FG-15: a story request is refused as stories_off, and no seat may tell one."""
    state = ff.actions_position(n=2, seat=1)
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "story_request", "seat": 1, "story_id": "a"})
    assert error.value.code == "stories_off"
    assert not any(p["may_tell_story"] for p in api.view_for(state, 1)["players"])


def test_fg_16_the_beginner_game_uses_packets_fixed_anomalies_and_known_packet_hexes():
    """FG-16: beginner packets and tiles, anomalies on COS1, CON1, MAT1 with Noise on COS4,
    CON4, MAT4; CON5 known, so CON3 and CON4 hold both Condensed matter markers; synthesis on."""
    state = ff.full_game(n=2, variant="beginner")
    assert [p["theories"] for p in state["players"]] == [["T-GRA-PK"], ["T-PAR-PK"]]
    assert {h for h, c in state["hexes"].items() if c["anomaly"]} == {"COS1", "CON1", "MAT1"}
    assert {h for h, c in state["hexes"].items() if c["noise"]} == {"COS4", "CON4", "MAT4"}
    assert not state["hexes"]["CON5"]["hidden"]
    assert full_setup.hidden_hexes(state, "CON") == ["CON3", "CON4"]
    assert "none" not in ff.markers_of(state, "CON").values()
    assert len(full_setup.hidden_hexes(state, "GRA")) == 3
    assert state["rounds"] == 8 and state["decks"]["disruption"]


@pytest.mark.parametrize("variant", ["full", "beginner"])
def test_fg_17_the_three_player_compensation_still_applies(variant):
    """FG-17: every other SV rule applies, e.g. SV-11: with 3 seats the third in starting order
    gets R +1."""
    state = ff.full_game(n=3, variant=variant, start=2)
    assert [player(state, s)["resources"]["R"] for s in (1, 2, 3)] == [4, 3, 3]


def test_fg_17_the_school_game_is_unchanged_by_default():
    """FG-17: a game without a variant option is the school game (5 rounds, no Disruption deck,
    no hidden hexes)."""
    state = f.setup_game(n=2)
    assert state["variant"] == "school" and state["rounds"] == 5
    assert "disruption" not in state["decks"]
    assert all("hidden" not in cell for cell in state["hexes"].values())
    assert school().full_decks["disruption"]
