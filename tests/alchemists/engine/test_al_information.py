"""What each seat, the teacher and the projector may see (AL-111 to AL-116)."""

import json

from games.alchemists.engine import api
from games.alchemists.engine.state import player
from games.engines.base import PUBLIC, TEACHER

from . import factory as f

PUBLIC_SEAT_FIELDS = {"gold", "reputation", "artifacts", "grants", "hand_size", "favour_count",
                      "seals_left", "hospital", "unused", "potions", "bid", "seals_lost"}
PRIVATE_SEAT_FIELDS = {"hand", "favours", "seals", "results", "sightings", "sold", "kept",
                       "set_aside"}


def midgame():
    state = f.game(3, "apprentice")
    state["round"] = 2
    f.theory(state, "mushroom", "a6", [(1, "gold"), (2, "hedge_R")])
    player(state, 1)["sold"] = ["B-"]
    return state


def test_al_111_public_to_every_seat():
    """Round, track, adventurers, rows, deck sizes, each seat's counts and records, the theory
    board with seal owners, the student: all in the projector's view (AL-111)."""
    view = api.view_for(midgame(), PUBLIC)
    assert {"round", "phase", "track", "plans", "adventurer", "next_adventurer",
            "conferences", "artifact_row", "artifact_preview", "row", "decks", "discards",
            "theories", "conflicts", "debunks", "public_facts", "student"} <= set(view)
    assert set(view["decks"]) == {"ingredient", "favour"}
    assert all(isinstance(v, int) for v in view["decks"].values())
    for seat in view["players"]:
        assert PUBLIC_SEAT_FIELDS <= set(seat) and not PRIVATE_SEAT_FIELDS & set(seat)
    assert view["theories"][0] == {"ingredient": "mushroom", "token": "a6", "round": 2,
                                   "author": 1, "seals": [{"seat": 1}, {"seat": 2}],
                                   "conflict": False}


def test_al_112_private_to_one_seat():
    """A seat's own view holds its hand, favours, seal kinds, results, sightings, sold potions,
    kept favour; another seat's does not (AL-112). The notebook is the platform's (per seat,
    beside the game)."""
    state = midgame()
    own = api.view_for(state, 1)["players"][0]
    assert PRIVATE_SEAT_FIELDS <= set(own)
    assert own["sold"] == ["B-"]
    other = api.view_for(state, 2)["players"][0]
    assert not PRIVATE_SEAT_FIELDS & set(other)
    assert api.view_for(state, 2)["theories"][0]["seals"] == [{"seat": 1},
                                                             {"seat": 2, "kind": "hedge_R"}]


def test_al_113_the_servers_secrets_are_in_no_view():
    """No view holds the seed, the mapping, the unseen adventurers and artifacts or a deck's
    cards, and no view changes when only the mapping does (AL-113)."""
    state = midgame()
    other = json.loads(json.dumps(state))
    other["secret"]["mapping"] = dict(zip(f.MAPPING, reversed(list(f.MAPPING.values())),
                                          strict=True))
    for viewer in (1, 2, 3, TEACHER, PUBLIC):
        view = api.view_for(state, viewer)
        assert "secret" not in view and "seed" not in view and "mapping" not in json.dumps(view)
        assert view == api.view_for(other, viewer)


def test_al_114_events_have_a_public_and_a_private_form():
    """The experimenter's event names its ingredients; everyone else's does not (AL-114)."""
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    events = f.act(state, {"type": "test", "seat": 1, "ingredients": ["mushroom", "toad"]})
    mixed = f.of_type(events, "PotionMixed")
    assert api.events_for(mixed, 1)[0]["ingredients"] == ["mushroom", "toad"]
    for viewer in (2, TEACHER, PUBLIC):
        assert "ingredients" not in api.events_for(mixed, viewer)[0]


def test_al_115_simultaneous_choices_stay_hidden_until_all_are_made():
    """The setup favour choice: others see that a seat has chosen, not what (AL-115)."""
    state = f.game(3, "apprentice")
    kept = sorted(player(state, 1)["favours"])[0]
    events = f.act(state, {"type": "keep_favour", "seat": 1, "favour": kept})
    assert api.view_for(state, 2)["step"]["chosen"] == [1]
    assert "my_choice" not in api.view_for(state, 2)["step"]
    assert api.view_for(state, 1)["step"]["my_choice"] == kept
    assert "favour" not in api.events_for(events, 2)[0]
    assert "kept" not in api.view_for(state, 2)["players"][0]


def test_al_116_the_teacher_sees_what_is_public_and_never_the_mapping():
    """The teacher's view is the projector's but for its viewer field (AL-116, G-31)."""
    state = midgame()
    teacher, public = api.view_for(state, TEACHER), api.view_for(state, PUBLIC)
    assert teacher["viewer"] == "teacher" and public["viewer"] == "public"
    assert {**teacher, "viewer": None} == {**public, "viewer": None}
    assert api.INFO.teacher_sees_private is False
