"""Components and setup (AL-12 to AL-21)."""

import json

import pytest

from games.alchemists.engine import api
from games.alchemists.engine.content import ARTIFACTS
from games.alchemists.engine.declare import cubes_to_place
from games.alchemists.engine.state import player
from games.engines.base import GameError

from . import factory as f


def test_al_12_two_to_four_seats_a_fixed_mode_and_six_rounds():
    """The full game: 2-4 seats, 6 rounds, apprentice or master fixed at creation (AL-12)."""
    for n in (2, 3, 4):
        state = api.new_game(f.seats(n), {"variant": "master"}, 1)
        assert state["rules"]["rounds"] == 6 and state["rules"]["mode"] == "master"
    for bad in ([], f.seats(1), f.seats(5), [{"seat": 2}, {"seat": 1}]):
        with pytest.raises(GameError):
            api.new_game(bad, {"variant": "apprentice"}, 1)
    with pytest.raises(GameError):
        api.new_game(f.seats(2), {"variant": "grandmaster"}, 1)


def test_al_13_forty_ingredient_cards_five_of_each():
    """The ingredient deck is 5 of each of the 8 ingredients, with no order (AL-13)."""
    state = api.new_game(f.seats(2), {}, 1)
    assert state["decks"]["ingredient"] == dict.fromkeys(state["decks"]["ingredient"], 5)
    assert len(state["decks"]["ingredient"]) == 8


def test_al_14_twenty_two_favour_cards():
    """assistant 4, herbalist 4, associate 3, custodian 3, barmaid, merchant, sage and
    shopkeeper 2 each (AL-14)."""
    state = api.new_game(f.seats(2), {"variant": "apprentice"}, 1)
    assert state["decks"]["favour"] == {"assistant": 4, "herbalist": 4, "associate": 3,
                                        "custodian": 3, "barmaid": 2, "merchant": 2, "sage": 2,
                                        "shopkeeper": 2}


def test_al_15_three_artifacts_of_each_level_are_drawn_the_rest_unseen():
    """Level I forms the row, II and III are previews; the undrawn stay server-only (AL-15)."""
    state = f.game(3, "apprentice")
    assert len(state["artifact_row"]) == 3
    assert {ARTIFACTS[a]["level"] for a in state["artifact_row"]} == {1}
    for level in ("2", "3"):
        assert len(state["artifact_preview"][level]) == 3
        assert {ARTIFACTS[a]["level"] for a in state["artifact_preview"][level]} == {int(level)}
    unseen = [a for level in state["secret"]["artifacts"].values() for a in level]
    assert len(unseen) == 9
    shown = json.dumps(api.view_for(state, 1))
    assert not [a for a in unseen if f'"{a}"' in shown]


def test_al_16_round_two_adventurer_is_public_one_is_never_drawn():
    """At setup the round-2 adventurer is public; round 1 has none; 5 stay in the secret pool
    (AL-16)."""
    state = f.game(2, "apprentice")
    assert state["adventurer"] is None and state["next_adventurer"] is not None
    assert len(state["secret"]["adventurers"]) == 5
    assert api.view_for(state, "public")["next_adventurer"] == state["next_adventurer"]


def test_al_17_conferences_at_rounds_three_and_five_announced_a_round_early():
    """Apprentice thresholds 1 then 2, master 2 then 3; tiles shown after rounds 2 and 4
    (AL-17)."""
    apprentice = f.game(2, "apprentice")["rules"]["conferences"]
    assert [(c["tile"], c["round"], c["revealed_after"]) for c in apprentice] == [
        ("apprentice_1", 3, 2), ("apprentice_2", 5, 4)]
    master = f.game(2, "master")["rules"]["conferences"]
    assert [c["tile"] for c in master] == ["master_1", "master_2"]
    state = f.game(2, "apprentice")
    assert state["conferences_shown"] == []
    state["round"] = 2
    f.run(state, {"t": "advance_round"})
    assert state["conferences_shown"] == ["apprentice_1"]


def test_al_18_board_setup():
    """5 face-up row cards, every grant untaken, all 8 tokens in the supply (AL-18)."""
    state = f.game(4, "apprentice")
    assert sum(state["row"].values()) == 5
    assert set(state["grants"].values()) == {None} and len(state["grants"]) == 5
    assert state["theories"] == {}
    assert api.view_for(state, 1)["row"] == state["row"]


def test_al_19_each_seat_starts_with_its_pieces():
    """Cubes 6/5/4, 3 (apprentice) or 2 (master) ingredients, 2 favours of which one is kept,
    11 seals, reputation 10, gold 2 (AL-19)."""
    for n, cubes in ((2, 6), (3, 5), (4, 4)):
        state = f.game(n, "apprentice")
        state["round"] = 2
        assert cubes_to_place(state, 1) == cubes
    state = f.game(2, "apprentice")
    p = player(state, 1)
    assert sum(p["hand"].values()) == 3 and sum(p["favours"].values()) == 2
    assert p["seals"] == {"gold": 2, "silver": 3, "hedge_R": 2, "hedge_G": 2, "hedge_B": 2}
    assert p["reputation"] == 10 and p["gold"] == 2
    assert state["step"]["kind"] == "together" and state["step"]["decision"] == "keep_favour"
    master = player(f.game(2, "master"), 1)
    assert sum(master["hand"].values()) == 2


def test_al_20_the_start_player_is_a_chance_step():
    """Without a teacher's choice, the start player is drawn among the seats (AL-20, G-06)."""
    state = api.new_game(f.seats(3), {}, 5)
    for ingredient in f.MAPPING:
        f.chance(state, f.MAPPING[ingredient])
    assert state["step"]["draw"] == "start_player"
    assert api.chance_outcomes(state) == [1, 2, 3]
    f.chance(state, 2)
    assert state["start_player"] == 2


def test_al_21_an_empty_deck_takes_its_discard_pile_and_with_none_nothing_is_drawn():
    """Drawing from an empty deck moves the discard pile into it; with no card at all nothing
    is drawn (AL-21)."""
    state = f.game(2)
    state["decks"]["ingredient"] = {}
    state["discards"]["ingredient"] = {"fern": 2}
    events = f.run(state, {"t": "draw", "deck": "ingredient", "to": "hand", "seat": 1,
                           "why": "test"})
    assert f.types(events) == ["DeckReshuffled"]
    assert state["decks"]["ingredient"] == {"fern": 2} and state["discards"]["ingredient"] == {}
    assert api.chance_outcomes(state) == ["fern", "fern"]
    state["decks"]["ingredient"] = {}
    events = f.run(state, {"t": "draw", "deck": "ingredient", "to": "hand", "seat": 1,
                           "why": "test"})
    assert f.types(events) == ["DeckEmpty"] and state["step"] is None
