"""Setup of the school game (SV-01 to SV-12)."""

import pytest

from games.engines.base import CHANCE, GameError, IllegalAction
from games.research_programme.engine import api, board
from games.research_programme.engine.content import school
from games.research_programme.engine.state import player

from . import factory as f


@pytest.mark.parametrize("n", [1, 5])
def test_sv_01_a_game_needs_two_to_four_seats(n):
    """A school game with fewer than 2 or more than 4 seats is refused."""
    with pytest.raises(GameError):
        api.new_game(f.seats(n), {}, 1)


def test_sv_01_seats_are_numbered_from_one():
    """Seats must be numbered 1..N."""
    with pytest.raises(GameError):
        api.new_game([{"seat": 2}, {"seat": 3}], {}, 1)
    assert api.new_game(f.seats(3), {}, 1)["seats"] == [1, 2, 3]


def test_sv_02_the_game_ends_after_round_5():
    """SV-02: Cleanup of round 5 ends the game by the round limit; round 4 goes on to round 5."""
    going_on = f.actions_position(n=2)
    going_on["round"] = 4
    f.run(going_on, "cleanup")
    f.settle(going_on)
    assert going_on["round"] == 5 and going_on["phase"] == "funding"
    ending = f.actions_position(n=2)
    ending["round"] = 5
    f.run(ending, "cleanup")
    f.settle(ending)
    assert ending["phase"] == "over"
    assert api.outcome(ending)["ended_by"] == "round_limit"
    assert api.current_seats(ending) == []


def test_sv_03_the_map_has_37_known_hexes_in_seven_regions():
    """SV-03: 37 hexes: Metascience 7, each outer region 5; no hex is hidden."""
    assert len(board.HEX_IDS) == 37
    assert len(board.REGION_HEXES["MET"]) == 7
    for region in board.OUTER_REGIONS:
        assert len(board.REGION_HEXES[region]) == 5
    state = f.setup_game(n=4)
    assert all(set(cell) >= {"noise", "owner"} and "hidden" not in cell
               for cell in state["hexes"].values())


G11_NEIGHBOURS = {
    "MET0": "MET1 MET2 MET3 MET4 MET5 MET6", "MET1": "MET0 MET2 MET6 COS1 GRA1 GRA2",
    "MET2": "MET0 MET1 MET3 COS1 COS2 PAR1", "MET3": "MET0 MET2 MET4 CON1 PAR1 PAR2",
    "MET4": "MET0 MET3 MET5 CON1 CON2 QUA1", "MET5": "MET0 MET4 MET6 MAT1 QUA1 QUA2",
    "MET6": "MET0 MET1 MET5 GRA1 MAT1 MAT2", "GRA1": "GRA2 GRA3 GRA4 MAT2 MET1 MET6",
    "GRA2": "GRA1 GRA4 GRA5 COS1 COS3 MET1", "GRA3": "GRA1 GRA4 MAT2 MAT5",
    "GRA4": "GRA1 GRA2 GRA3 GRA5", "GRA5": "GRA2 GRA4 COS3",
    "COS1": "COS2 COS3 COS4 GRA2 MET1 MET2", "COS2": "COS1 COS4 COS5 MET2 PAR1 PAR3",
    "COS3": "COS1 COS4 GRA2 GRA5", "COS4": "COS1 COS2 COS3 COS5", "COS5": "COS2 COS4 PAR3",
    "PAR1": "PAR2 PAR3 PAR4 COS2 MET2 MET3", "PAR2": "PAR1 PAR4 PAR5 CON1 CON3 MET3",
    "PAR3": "PAR1 PAR4 COS2 COS5", "PAR4": "PAR1 PAR2 PAR3 PAR5", "PAR5": "PAR2 PAR4 CON3",
    "CON1": "CON2 CON3 CON4 MET3 MET4 PAR2", "CON2": "CON1 CON4 CON5 MET4 QUA1 QUA3",
    "CON3": "CON1 CON4 PAR2 PAR5", "CON4": "CON1 CON2 CON3 CON5", "CON5": "CON2 CON4 QUA3",
    "QUA1": "QUA2 QUA3 QUA4 CON2 MET4 MET5", "QUA2": "QUA1 QUA4 QUA5 MAT1 MAT3 MET5",
    "QUA3": "QUA1 QUA4 CON2 CON5", "QUA4": "QUA1 QUA2 QUA3 QUA5", "QUA5": "QUA2 QUA4 MAT3",
    "MAT1": "MAT2 MAT3 MAT4 MET5 MET6 QUA2", "MAT2": "MAT1 MAT4 MAT5 GRA1 GRA3 MET6",
    "MAT3": "MAT1 MAT4 QUA2 QUA5", "MAT4": "MAT1 MAT2 MAT3 MAT5", "MAT5": "MAT2 MAT4 GRA3",
}


def test_sv_03_neighbours_follow_g11():
    """Every hex's axial neighbours are exactly those of G-11's table."""
    for hex_id, expected in G11_NEIGHBOURS.items():
        assert set(board.AXIAL_NEIGHBOURS[hex_id]) == set(expected.split()), hex_id


def test_sv_03_region_pairs_and_border_edges_follow_g11():
    """12 neighbouring pairs with 3 border edges each, 9 wormhole-only pairs that never touch."""
    assert len(board.BORDER_EDGES) == 12
    for pair, edges in board.BORDER_EDGES.items():
        a, b = pair.split("-")
        assert len(edges) == 3
        for x, y in edges:
            assert {board.REGION[x], board.REGION[y]} == {a, b}
            assert y in board.AXIAL_NEIGHBOURS[x]
    assert len(board.WORMHOLE_PAIRS) == 9
    for pair in board.WORMHOLE_PAIRS:
        a, b = sorted(pair)
        assert not any(board.REGION[n] == b for h in board.REGION_HEXES[a]
                       for n in board.AXIAL_NEIGHBOURS[h])


def test_sv_04_three_random_anomalies_on_cos1_con1_mat1():
    """Setup draws anomaly cards by chance onto COS1, CON1 and MAT1."""
    state = api.new_game(f.seats(2), {}, 7)
    f.chance(state, 1)
    assert state["step"]["chance"] == "anomaly" and state["step"]["hex"] == "COS1"
    assert api.chance_outcomes(state) == sorted(school().decks["anomaly"])
    f.chance(state, "A-HUBBLE")
    f.chance(state, "A-FTL")
    f.chance(state, "A-MUON")
    assert [state["hexes"][h]["anomaly"] for h in ("COS1", "CON1", "MAT1")] == [
        "A-HUBBLE", "A-FTL", "A-MUON"]
    assert "A-HUBBLE" not in state["decks"]["anomaly"]


def test_sv_04_no_tile_on_an_anomaly():
    """A tile can never go on a hex with an unresolved anomaly."""
    state = f.actions_position(n=4, seat=4)
    f.give(state, 4, R=9)
    state["market"] = ["P-CON-2"]
    hexes = {a["hex"] for a in api.legal_actions(state, 4) if a["type"] == "build"}
    assert hexes and "CON1" not in hexes
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "build", "seat": 4, "card": "P-CON-2", "hex": "CON1"})


@pytest.mark.parametrize("n, supply", [(2, 7), (3, 10), (4, 13)])
def test_sv_05_noise_supply_and_starting_noise(n, supply):
    """Supply 4 + 3N, minus the 1 Noise on each of COS4, CON4 and MAT4."""
    state = api.new_game(f.seats(n), {}, 3)
    assert state["noise_supply"] == supply
    assert {h for h, c in state["hexes"].items() if c["noise"]} == {"COS4", "CON4", "MAT4"}
    assert all(state["hexes"][h]["noise"] == 1 for h in ("COS4", "CON4", "MAT4"))


def test_sv_06_each_seat_takes_its_beginner_packet():
    """Seat k: packet k's theory in slot 1 at KV 0, its tile on the packet hex, method in hand."""
    state = api.new_game(f.seats(4), {}, 3)
    expected = {1: ("GRA1", "T-GRA-PK", "P-GRA-PK", "M-PREREG-PK"),
                2: ("PAR1", "T-PAR-PK", "P-PAR-PK", "M-XVAL-PK"),
                3: ("QUA1", "T-QUA-PK", "P-QUA-PK", "M-BAYES-PK"),
                4: ("CON5", "T-CON-PK", "P-CON-PK", "M-NOISE-PK")}
    for seat, (hex_id, theory, project, method) in expected.items():
        p = player(state, seat)
        assert p["theories"] == [theory]
        assert state["theories"][theory] == {"owner": seat, "consensus": 0, "hits": []}
        assert state["hexes"][hex_id]["owner"] == seat
        assert state["hexes"][hex_id]["card"] == project
        assert p["hand"] == [method]
        assert p["tiles_left"] == 5
        assert p["resources"] == {"R": 3, "D": 1, "L": 1, "O": 0, "S": 1}
    packet_cards = {c for row in expected.values() for c in row[1:]}
    assert not packet_cards & {c for deck in state["decks"].values() for c in deck}


def test_sv_06_packets_follow_g14():
    """Packet cards: 4+ theories naming their Technique 1, D1 project; reward D +1."""
    for packet in school().packets:
        theory, project = packet["theory"], packet["project"]
        assert theory["difficulty"] == 4 and theory["test"] == {"project": project["id"]}
        assert theory["reward"] == [{"gain": "D", "amount": 1}]
        assert project["technique"] == 1 and project["produces"] == {"resource": "D", "amount": 1}
        assert project["region"] == theory["region"] == packet["region"]
    keys = [p["method"]["key"] for p in school().packets]
    assert keys == ["preregistration", "cross_validation", "bayesian_model_comparison",
                    "noise_filtering"]


@pytest.mark.parametrize("n, markers", [(2, 6), (3, 3), (4, 0)])
def test_sv_07_neutral_markers_on_free_outer_hexes(n, markers):
    """6, 3 or 0 neutral markers, each a chance step over free outer hexes."""
    state = api.new_game(f.seats(n), {}, 3)
    for outcome in [1, "A-ROTATION", "A-MUON", "A-BUMP"]:
        f.chance(state, outcome)
    placed = 0
    while state["step"]["chance"] == "neutral":
        outcomes = api.chance_outcomes(state)
        assert all(board.REGION[h] != "MET" for h in outcomes)
        assert not {"COS1", "CON1", "MAT1", "GRA1", "PAR1"} & set(outcomes)
        f.chance(state, outcomes[-1])
        placed += 1
    assert placed == markers
    assert sum(c["neutral"] for c in state["hexes"].values()) == markers


def test_sv_07_no_tile_on_a_neutral_marker():
    """A hex with a neutral marker never receives a tile."""
    state = f.actions_position(n=2, seat=1)
    f.give(state, 1, R=9)
    state["hexes"]["GRA2"]["neutral"] = True
    builds = {a["hex"] for a in api.legal_actions(state, 1) if a["type"] == "build"}
    assert "GRA2" not in builds and builds


def test_sv_08_starting_state_of_a_player():
    """R3 D1 L1 O0 S1, every track 0, 5 tiles left after the packet, 2 action markers unused."""
    p = player(api.new_game(f.seats(2), {}, 5), 2)
    assert p["resources"] == {"R": 3, "D": 1, "L": 1, "O": 0, "S": 1}
    assert [p[k] for k in ("rigour", "hype", "reputation", "debt", "vp", "ep", "insight")] == [
        0] * 7
    assert p["tiles_left"] == 5 and p["actions_taken"] == [] and len(p["theories"]) == 1


def test_sv_09_decks_market_and_no_disruption_deck():
    """Shuffled school decks, 3 face-up projects, empty Next Event slot, no Disruption deck."""
    state = f.setup_game(n=4)
    assert state["market"] == list(f.DEFAULT_MARKET)
    assert state["next_event"] is None
    assert set(state["decks"]) == {"theory", "method", "project", "event", "anomaly"}
    assert len(state["decks"]["theory"]) == 24 and len(state["decks"]["method"]) == 10
    assert len(state["decks"]["project"]) == 17 and len(state["decks"]["event"]) == 10
    assert state["step"]["kind"] == "chance" and state["step"]["chance"] == "event"


def test_sv_10_round_one_counter_zero_random_start_player():
    """The first chance step picks the start player among all seats; order runs clockwise."""
    state = api.new_game(f.seats(4), {}, 11)
    assert state["round"] == 1 and state["replication_counter"] == 0
    assert api.current_seats(state) == [CHANCE]
    assert api.chance_outcomes(state) == [1, 2, 3, 4]
    f.chance(state, 3)
    assert state["start_player"] == 3 and state["order"] == [3, 4, 1, 2]


@pytest.mark.parametrize("n, start, bonus_seat", [(3, 1, 3), (3, 2, 1), (3, 3, 2)])
def test_sv_11_three_player_compensation(n, start, bonus_seat):
    """With 3 seats the third in starting order gets R +1."""
    state = f.setup_game(n=n, start=start)
    money = {p["seat"]: p["resources"]["R"] for p in state["players"]}
    assert money == {s: 4 if s == bonus_seat else 3 for s in (1, 2, 3)}


@pytest.mark.parametrize("n", [2, 4])
def test_sv_11_no_compensation_with_two_or_four(n):
    """With 2 or 4 seats nobody gets extra money."""
    state = f.setup_game(n=n, start=2)
    assert all(p["resources"]["R"] == 3 for p in state["players"])


def test_sv_12_tracks_stay_in_range_and_gains_above_a_maximum_are_lost():
    """Reputation 0..6, Rigour and Hype 0..10, resources never below 0."""
    from games.research_programme.engine.state import gain

    p = player(f.setup_game(n=2), 1)
    p["reputation"], p["rigour"], p["hype"] = 6, 10, 0
    assert gain(p, "reputation", 1) == 0 and p["reputation"] == 6
    assert gain(p, "rigour", 2) == 0 and p["rigour"] == 10
    assert gain(p, "hype", -1) == 0 and p["hype"] == 0
    assert gain(p, "R", -5) == -3 and p["resources"]["R"] == 0


def test_sv_12_an_action_the_player_cannot_pay_for_is_refused():
    """A payment that cannot be made in full makes the action illegal, and nothing changes."""
    state = f.actions_position(n=2, seat=1)
    f.give(state, 1, O=0, S=1)
    before = f.api.state_to_json(state)
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "peer_review", "seat": 1})
    assert error.value.code == "cannot_pay"
    assert state == before


@pytest.mark.parametrize("seat", [9, 0, None])
def test_sv_01_an_action_for_a_seat_outside_the_game_is_not_a_seat(seat):
    """SV-01: seats are 1..N; an action for seat 9 is refused as `not_a_seat`, not as
    `not_your_turn`."""
    state = f.actions_position(n=2, seat=1)
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "pass", "seat": seat})
    assert error.value.code == "not_a_seat"
