"""Setup and state: NR-01 to NR-08, with rulings NR-G03 and NR-G14."""

from collections import Counter

import pytest

from games.engines.base import CHANCE, PUBLIC, GameError
from games.nobel_run.engine import api
from games.nobel_run.engine.content import CARDS
from games.nobel_run.engine.invariants import all_cards

from .factory import chance, seats, settle, setup_game


def fresh(n=2, options=None, seed=0):
    return api.new_game(seats(n), options or {}, seed)


@pytest.mark.parametrize("n", [1, 5])
def test_nr_01_only_two_to_four_seats(n):
    """A game needs 2, 3 or 4 seats numbered 1..N (NR-01)."""
    with pytest.raises(GameError):
        fresh(n)


def test_nr_01_seats_must_be_numbered_from_one():
    """Seats 1..N in order; any other numbering is refused (NR-01)."""
    with pytest.raises(GameError):
        api.new_game([{"seat": 2}, {"seat": 3}], {}, 0)
    assert [p["seat"] for p in fresh(4)["players"]] == [1, 2, 3, 4]


def test_nr_02_the_catalogue_holds_106_cards_in_three_groups():
    """20 initial, 50 basic, 36 advanced cards, 106 in all (NR-02, NR-G01, NR-G02)."""
    by_group = Counter()
    for card in CARDS.values():
        by_group[card["group"]] += card["copies"]
    assert by_group == {"initial": 20, "basic": 50, "advanced": 36}
    assert sum(by_group.values()) == 106


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nr_02_every_card_of_the_game_is_on_the_table(n):
    """All 106 cards minus the undealt initial cards are in the zones (NR-02, NR-37)."""
    state = setup_game(n)
    assert len(all_cards(state)) - len(state["out_of_game"]) == 106 - (20 - 5 * n)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nr_03_each_seat_starts_with_seven_cards(n):
    """4 Work, 1 Research, 1 Predoc and 1 Local Grant per seat; 20 - 5N initial cards leave
    the game (NR-03)."""
    state = setup_game(n)
    for p in state["players"]:
        assert Counter(p["hand"] + p["deck"]) == {"work": 4, "research": 1, "predoc": 1,
                                                   "local-grant": 1}
    assert len(state["out_of_game"]) == 20 - 5 * n


@pytest.mark.parametrize("n, size", [(2, 46), (3, 44), (4, 42)])
def test_nr_g03_basic_supply_loses_the_starting_predocs_and_grants(n, size):
    """The basic supply holds 50 - 2N cards: 46, 44, 42 (NR-G03's formula; its printed
    "48, 46, 44" is an arithmetic slip, see docs/games/nobel_run.md)."""
    state = fresh(n)
    assert len(state["supply"]["basic"]["rest"]) == size


def test_nr_04_basic_pool_of_five_and_a_face_up_top_by_chance_steps():
    """Six chance steps fill the basic pool and show its deck's top; the view shows the top
    and the deck's size, never the cards under it (NR-04)."""
    state = fresh(2)
    assert api.current_seats(state) == [CHANCE]
    assert state["step"] == {"kind": "chance", "draw": "top", "supply": "basic"}
    for _ in range(6):
        assert state["step"]["supply"] == "basic"
        chance(state, api.chance_outcomes(state)[-1])
    basic = state["supply"]["basic"]
    assert len(basic["pool"]) == 5 and basic["top"] is not None
    shown = api.view_for(state, PUBLIC)["supply"]["basic"]
    assert shown == {"pool": basic["pool"], "top": basic["top"], "deck_size": 46 - 5}
    assert "rest" not in shown


def test_nr_05_advanced_pool_of_five_from_all_36_advanced_cards():
    """The advanced supply is the 36 advanced cards: 5 in the pool, the rest its deck with a
    face-up top (NR-05)."""
    state = fresh(3)
    assert len(state["supply"]["advanced"]["rest"]) == 36
    settle(state)
    advanced = state["supply"]["advanced"]
    assert len(advanced["pool"]) == 5 and advanced["top"] is not None
    assert len(advanced["rest"]) == 30


def test_nr_06_each_seat_draws_five_of_its_seven_by_chance():
    """Each seat's hand is five chance draws from its own 7-card deck; others only learn that
    a card was drawn (NR-06)."""
    state = fresh(2)
    drawn = []
    while api.current_seats(state) == [CHANCE]:
        step = state["step"]
        if step["draw"] == "card":
            assert api.chance_outcomes(state) == state["players"][step["seat"] - 1]["deck"]
        events = chance(state, api.chance_outcomes(state)[0])
        drawn += [e for e in events if e["type"] == "CardDrawn"]
    assert [e["seat"] for e in drawn] == [1] * 5 + [2] * 5
    for p in state["players"]:
        assert len(p["hand"]) == 5 and len(p["deck"]) == 2
    other = api.events_for(drawn, 2)
    assert all("card" not in e for e in other if e["seat"] == 1)
    assert all("card" in e for e in other if e["seat"] == 2)


def test_nr_07_first_seat_is_a_chance_step_and_play_goes_clockwise():
    """Without the teacher's choice the first seat is drawn over the seats; the order runs
    clockwise from it (NR-07, NR-G14)."""
    state = fresh(4)
    while state["step"].get("draw") != "first_seat":
        chance(state, api.chance_outcomes(state)[0])
    assert api.chance_outcomes(state) == [1, 2, 3, 4]
    events = chance(state, 3)
    chosen = next(e for e in events if e["type"] == "FirstSeatChosen")
    assert chosen["seat"] == 3 and chosen["order"] == [3, 4, 1, 2] and chosen["drawn"]
    assert state["step"] == {"kind": "plan", "seat": 3}


def test_nr_g14_the_teacher_may_name_the_first_seat():
    """With first_seat set there is no chance step for it (NR-G14)."""
    state = setup_game(3, first=2)
    assert state["active"] == 2 and state["step"] == {"kind": "plan", "seat": 2}
    assert state["chance_n"] == 6 + 6 + 15


def test_nr_08_zones_and_what_each_viewer_sees_of_them():
    """Each seat has hand, deck, discard, play area, CV and blocks; a seat sees its own hand
    and deck composition, others only their sizes (NR-08, Part 4)."""
    state = setup_game(2)
    mine = api.view_for(state, 1)["players"]
    assert mine[0]["hand"] == state["players"][0]["hand"]
    assert mine[0]["deck_cards"] == state["players"][0]["deck"]
    assert "hand" not in mine[1] and "deck_cards" not in mine[1]
    assert mine[1]["hand_size"] == 5 and mine[1]["deck_size"] == 2
    for key in ("discard", "play", "cv", "blocks", "pp"):
        assert key in mine[1]
