"""The engine's face: plain JSON data, pure apply_action, chance steps, views and menus."""

import json
import random

import pytest

from games.engines.base import CHANCE, ENGINES, GameError, IllegalAction, chance_rng, resolve_chance
from games.research_programme.engine import api
from games.research_programme.engine.simulate import play, players

from . import factory as f

TEACHER_PLAYER_FIELDS = {"seat", "resources", "rigour", "hype", "reputation", "debt", "vp", "ep",
                         "insight", "theories"}


def test_the_registry_serves_the_engine_and_its_bots():
    """ENGINES["research_programme"] is this engine, with a random and a greedy bot."""
    engine = ENGINES["research_programme"]
    assert engine.key == "research_programme" and engine.new_game is api.new_game
    assert set(engine.bots) == {"random", "greedy"}
    assert engine.variants["school"]["min_seats"] == 2
    with pytest.raises(KeyError):
        ENGINES["chess"]


def test_states_round_trip_through_json_at_every_step():
    """A whole game's states are plain data: dumping and loading gives an equal state."""
    checked = []

    def check(state, action, events):
        text = json.dumps(state)
        assert json.loads(text) == state
        checked.append(1)

    play(3, 4, "greedy", on_step=check)
    assert len(checked) > 50
    state = play(3, 2, "random").state
    assert api.state_from_json(json.loads(json.dumps(api.state_to_json(state)))) == state


def test_state_from_json_refuses_another_game():
    """Only a Research Programme state of this schema is accepted."""
    with pytest.raises(GameError):
        api.state_from_json({"game": "alchemists", "schema": 1})


def test_apply_action_never_changes_its_input():
    """The given state is unchanged after apply_action, legal or not."""
    state = f.actions_position(n=2, seat=1)
    before = json.dumps(state, sort_keys=True)
    new_state, events = api.apply_action(state, {"type": "build", "seat": 1, "card": "P-GRA-1",
                                                 "hex": "GRA2"})
    assert json.dumps(state, sort_keys=True) == before
    assert new_state["hexes"]["GRA2"]["owner"] == 1 and events


@pytest.mark.parametrize("action, code", [
    ({"type": "build", "seat": 2, "card": "P-GRA-1", "hex": "GRA2"}, "not_your_turn"),
    ({"type": "build", "seat": 1, "card": "P-QUA-3", "hex": "GRA2"}, "not_in_market"),
    ({"type": "build", "seat": 1, "card": "P-GRA-1", "hex": "COS3"}, "illegal_hex"),
    ({"type": "fund", "seat": 1, "income": "D", "draw": "theory"}, "wrong_step"),
    ({"type": "chance", "outcome": 3}, "no_chance_step"),
    ({"type": "teleport", "seat": 1}, "unknown_action"),
    ("not a dict", "unknown_action"),
])
def test_an_illegal_action_raises_with_a_code_and_changes_nothing(action, code):
    """IllegalAction carries a stable code and a sentence; the state is untouched."""
    state = f.actions_position(n=2, seat=1)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, action)
    assert error.value.code == code and error.value.reason
    assert error.value.as_dict() == {"code": code, "reason": error.value.reason}
    assert json.dumps(state, sort_keys=True) == before


def test_a_chance_step_lists_sorted_outcomes_and_replays_from_the_seed():
    """resolve_chance picks with chance_rng(seed, n); the same seed gives the same game."""
    state = api.new_game(f.seats(3), {}, 42)
    assert api.current_seats(state) == [CHANCE]
    action = resolve_chance(api.ENGINE, state)
    expected = [1, 2, 3][chance_rng(42, 0).randrange(3)]
    assert action == {"type": "chance", "outcome": expected}
    state, _ = api.apply_action(state, action)
    outcomes = api.chance_outcomes(state)
    assert outcomes == sorted(outcomes)
    assert play(9, 3, "random").state == play(9, 3, "random").state


def test_in_place_and_public_paths_agree():
    """Replaying a game's log through apply_action gives the simulator's final state."""
    game = play(12, 4, "random")
    state = api.new_game(players(4), {}, 12)
    for action in game.actions:
        state, _ = api.apply_action(state, action)
    assert state == game.state


def test_the_teachers_view_has_the_documented_fields():
    """round, phase, replication_counter, players[] with tracks and theories, hexes[], events."""
    state = play(4, 3, "greedy").state
    view = api.view_for(state, None)
    assert {"round", "phase", "replication_counter", "players", "hexes", "events"} <= set(view)
    for p in view["players"]:
        assert TEACHER_PLAYER_FIELDS <= set(p)
        assert set(p["resources"]) == {"R", "D", "L", "O", "S"}
        assert "hand" in p
        for theory in p["theories"]:
            assert {"id", "region", "consensus", "hits"} <= set(theory)
    assert len(view["hexes"]) == 37
    for cell in view["hexes"]:
        assert {"q", "r", "region", "tile_owner", "noise", "anomaly"} <= set(cell)
    assert view["outcome"]["ended_by"] in ("round_limit", "replication_counter")
    json.dumps(view)


def test_a_seats_view_holds_its_own_hand_only():
    """Seat 1 sees its hand; the other seats only as a count; the teacher sees all."""
    state = f.actions_position(n=3, seat=1)
    from games.research_programme.engine.state import player

    player(state, 2)["hand"].append("T-COS-4")
    view = api.view_for(state, 1)
    assert view["players"][0]["hand"] == ["M-PREREG-PK"]
    assert "hand" not in view["players"][1] and view["players"][1]["hand_size"] == 2
    assert "T-COS-4" not in json.dumps(view)
    assert "T-COS-4" in json.dumps(api.view_for(state, None))


def test_drawn_cards_are_private_to_the_drawer():
    """Others see that a card was drawn and from which deck, never which card."""
    events = [{"type": "CardDrawn", "round": 1, "seat": 2, "private_to": 2, "secret": ["card"],
               "deck": "theory", "card": "T-COS-4", "hand_size": 2}]
    assert api.events_for(events, 1)[0] == {"type": "CardDrawn", "round": 1, "seat": 2,
                                           "private_to": 2, "secret": ["card"],
                                           "deck": "theory", "hand_size": 2}
    assert api.events_for(events, 2)[0]["card"] == "T-COS-4"
    assert api.events_for(events, None)[0]["card"] == "T-COS-4"


def test_the_funding_choice_stays_hidden_until_everyone_has_chosen():
    """Another seat sees that a seat has chosen, not what."""
    state = f.setup_game(n=2)
    f.chance(state, "E-SCOOP")
    f.act(state, {"type": "fund", "seat": 1, "income": "O", "draw": "method"})
    other = api.view_for(state, 2)["players"][0]
    assert other["funding_chosen"] is True and "funding" not in other
    assert api.view_for(state, 1)["players"][0]["funding"]["income"] == "O"


def test_the_action_menu_lists_kinds_reasons_and_costs():
    """Each kind with enabled/reason, and its legal actions with their costs."""
    state = f.actions_position(n=2, seat=1)
    menu = f.kinds(api.action_menu(state, 1))
    build = menu["build"]
    assert build["enabled"] and build["reason"] is None
    costs = {(a["action"]["card"], a["action"]["debt"]): a["cost"] for a in build["actions"]}
    assert costs[("P-GRA-1", False)] == {"R": 3} and costs[("P-GRA-1", True)] == {"R": 3}
    assert menu["story_request"]["enabled"] is True
    assert all(not entry["enabled"] for entry in api.action_menu(state, 2)
               if entry["kind"] != "story_request")


def test_the_teacher_has_moderator_actions():
    """legal_actions(None): decisions on pending stories and calling time."""
    state = f.actions_position(n=2, seat=1)
    assert api.legal_actions(state, None) == [{"type": "call_time", "seat": None}]
    f.act(state, {"type": "story_request", "seat": 1, "story_id": "x"})
    kinds = {a["type"] for a in api.legal_actions(state, None)}
    assert kinds == {"story_accept", "story_reject", "call_time"}


def test_every_legal_action_applies_and_the_menu_agrees():
    """At every decision of random games, each kind the menu enables has legal actions that
    apply without error, and disabled kinds have none."""
    from games.research_programme.engine import actions as dispatch

    rng = random.Random(5)

    def check(state, action, events):
        for seat in api.current_seats(state):
            if seat == CHANCE:
                continue
            for entry in api.action_menu(state, seat):
                if entry["kind"] == "story_request":
                    continue
                legal = dispatch.legal_of_kind(state, seat, entry["kind"])
                assert entry["enabled"] == bool(legal), entry
                if legal:
                    api.apply_action(state, rng.choice(legal))

    for seed in range(6):
        play(seed, 2 + seed % 3, "random", on_step=check)


def test_no_global_random_generator_is_used(monkeypatch):
    """Whole games run with the module-level random functions booby-trapped."""
    import random as stdlib_random

    def forbidden(*args, **kwargs):
        raise AssertionError("the engine used the global random generator")

    for name in ("random", "choice", "choices", "randrange", "randint", "shuffle", "sample",
                 "uniform", "seed"):
        monkeypatch.setattr(stdlib_random, name, forbidden)
    for bot in ("random", "greedy"):
        assert play(8, 4, bot).state["phase"] == "over"


def test_the_view_says_which_seats_may_tell_a_story():
    """Only the seat whose turn it is may ask now, until it has a pending story."""
    state = f.actions_position(n=3, seat=2, start=2)
    assert [p["may_tell_story"] for p in api.view_for(state, None)["players"]] == [
        False, True, False]
    f.act(state, {"type": "story_request", "seat": 2, "story_id": "a"})
    assert not any(p["may_tell_story"] for p in api.view_for(state, 1)["players"])
