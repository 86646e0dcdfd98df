"""The engine's face: information, plain data, pure apply_action, codes, menu, deadlines,
summary, pace and calling time."""

import json
import random

import pytest

from games.alchemists.engine import ENGINE, api, face
from games.engines.base import CHANCE, PUBLIC, GameError, IllegalAction, chance_rng, resolve_chance
from games.engines.playout import play, replay

from . import factory as f


def test_the_game_information():
    """Titles in three languages; lesson, apprentice and master for 2-4 seats; the lesson is
    the default; hidden information the teacher does not see; simultaneous choices."""
    info = ENGINE.info
    assert set(info.title) == {"fi", "en", "sv"} and info.key == "alchemists"
    assert set(info.variants) == {"lesson", "apprentice", "master"}
    assert info.default_variant == "lesson"
    assert all((v["min_seats"], v["max_seats"]) == (2, 4) for v in info.variants.values())
    assert info.information == "hidden" and info.simultaneous and not info.teacher_sees_private
    assert set(ENGINE.bots) == {"random", "greedy"}


def test_states_round_trip_through_json_at_every_step():
    """Every state of a whole game is plain data."""
    checked = []

    def check(state, action, events):
        assert json.loads(json.dumps(state)) == state
        checked.append(1)

    play(ENGINE, 3, 4, "greedy", {"variant": "apprentice"}, on_step=check)
    assert len(checked) > 100
    state = play(ENGINE, 2, 5, "random").state
    assert api.state_from_json(json.loads(json.dumps(api.state_to_json(state)))) == state


def test_state_from_json_refuses_another_game():
    """Only an Alchemists state of this schema is accepted."""
    with pytest.raises(GameError):
        api.state_from_json({"game": "research_programme", "schema": 1})


def test_apply_action_never_changes_its_input():
    """The given state is unchanged, legal action or not."""
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    before = json.dumps(state, sort_keys=True)
    new_state, events = api.apply_action(state, {"type": "test", "seat": 1,
                                                 "ingredients": ["mushroom", "toad"]})
    assert json.dumps(state, sort_keys=True) == before
    assert new_state["players"][0]["hand"] == {} and events


@pytest.mark.parametrize("action, code", [
    ({"type": "test", "seat": 2, "ingredients": ["mushroom", "toad"]}, "not_your_turn"),
    ({"type": "forage", "seat": 1, "source": "deck", "ingredient": None}, "wrong_step"),
    ({"type": "test", "seat": 1, "ingredients": ["mushroom", "toad"], "x": 1}, "unknown_field"),
    ({"type": "test", "seat": 1}, "missing_parameter"),
    ({"type": "test", "seat": 1, "ingredients": ["gold", "toad"]}, "bad_parameter"),
    ({"type": "test", "seat": 1, "ingredients": ["fern", "toad"]}, "not_in_hand"),
    ({"type": "test", "seat": 9, "ingredients": ["fern", "toad"]}, "unknown_seat"),
    ({"type": "chance", "outcome": "a1"}, "no_chance_step"),
    ({"type": "teleport", "seat": 1}, "wrong_step"),
    ("not a dict", "unknown_action"),
    ({"type": "call_time", "seat": 1}, "cannot_call_time"),
])
def test_an_illegal_action_raises_with_a_code_and_changes_nothing(action, code):
    """IllegalAction carries a stable code and a sentence; the state is untouched."""
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"mushroom": 1, "toad": 1})
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, action)
    assert error.value.code == code and error.value.reason
    assert json.dumps(state, sort_keys=True) == before


def test_chance_steps_list_sorted_outcomes_and_replay_from_the_seed():
    """resolve_chance picks with chance_rng(seed, n); a seed gives the same game twice."""
    state = api.new_game(f.seats(3), {}, 42)
    assert api.current_seats(state) == [CHANCE]
    action = resolve_chance(ENGINE, state)
    outcomes = api.chance_outcomes(state)
    assert outcomes == sorted(outcomes)
    assert action["outcome"] == outcomes[chance_rng(42, 0).randrange(len(outcomes))]
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "chance", "outcome": "a9"})
    assert error.value.code == "bad_outcome"
    assert play(ENGINE, 3, 9, "greedy").state == play(ENGINE, 3, 9, "greedy").state


def test_the_validating_path_replays_the_fast_path():
    """playout.replay (canonical_action + apply_action) rebuilds a game exactly."""
    game = play(ENGINE, 4, 12, {1: "random", 2: "greedy", 3: "random", 4: "greedy"},
                {"variant": "master"})
    state, _ = replay(ENGINE, 4, 12, game.actions, {"variant": "master"})
    assert state == game.state


def test_the_menu_lists_kinds_and_the_plan_as_inputs():
    """The plan is one action with a number per open space and the favour inputs; a disabled
    kind has no actions (the notebook is the platform's, not a menu kind)."""
    state = f.game(2)
    menu = {entry["kind"]: entry for entry in api.ENGINE.action_menu(state, 1)}
    assert set(menu) == {"declare"}
    params = {i["param"]: i for i in menu["declare"]["inputs"]}
    assert {"forage", "transmute", "test", "drink", "assistants", "custodians",
            "associates"} <= set(params)
    assert params["forage"] == {"param": "forage", "type": "number", "min": 0, "max": 2}
    assert params["associates"]["type"] == "subset"
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"toad": 1})
    menu = {entry["kind"]: entry for entry in api.ENGINE.action_menu(state, 1)}
    assert menu["test"] == {"kind": "test", "enabled": False, "reason": "no_legal_choice",
                            "actions": []}
    assert menu["forgo"]["enabled"]


def test_every_legal_action_applies_and_the_menu_agrees():
    """At decisions of random games, each legal action passes canonical_action unchanged, and a
    sample applies."""
    rng = random.Random(5)

    def check(state, action, events):
        for seat in api.current_seats(state):
            if seat == CHANCE:
                continue
            legal = api.legal_actions(state, seat)
            for action in rng.sample(legal, min(8, len(legal))):
                assert api.canonical_action(state, action) == action
            api.apply_action(state, rng.choice(legal))
            kinds = {e["kind"]: e["enabled"] for e in api.ENGINE.action_menu(state, seat)}
            assert all(kinds[a["type"]] for a in legal)

    for seed, variant in ((1, "lesson"), (2, "apprentice"), (3, "master")):
        play(ENGINE, 2 + seed % 3, seed, "random", {"variant": variant}, on_step=check)


def test_call_time_ends_the_game_at_the_end_of_the_round():
    """The teacher's call_time: listed for seat None until used; the game then ends after the
    current round with the Great Truth."""
    state = f.game(2)
    assert api.legal_actions(state, None) == [{"type": "call_time", "seat": None}]
    f.act(state, {"type": "call_time", "seat": None})
    assert api.legal_actions(state, None) == []
    game_round = state["round"]
    while state["phase"] != "over":
        seat = api.current_seats(state)[0]
        action = (resolve_chance(ENGINE, state) if seat == CHANCE
                  else ENGINE.bots["greedy"](state, seat, random.Random(0)))
        f.act(state, action)
    assert state["round"] == game_round and state["result"]["ended_by"] == "time_called"


def test_deadlines_name_the_hidden_choices_and_legal_fallbacks():
    """The setup favour choice and the lesson's plans have deadlines whose fallbacks are legal;
    a met deadline disappears (AL-115, AL-L07)."""
    state = f.game(3, "apprentice")
    deadlines = api.ENGINE.deadlines(state)
    assert [d["key"] for d in deadlines] == ["setup:keep_favour:1", "setup:keep_favour:2",
                                             "setup:keep_favour:3"]
    for d in deadlines:
        assert api.canonical_action(state, d["fallback"]) == d["fallback"]
    f.act(state, deadlines[0]["fallback"])
    assert len(api.ENGINE.deadlines(state)) == 2
    state = f.game(2)
    deadlines = api.ENGINE.deadlines(state)
    assert [(d["key"], d["seconds"]) for d in deadlines] == [("r1:declare:1", 180),
                                                             ("r1:declare:2", 180)]
    for d in deadlines:
        assert api.canonical_action(state, d["fallback"]) == d["fallback"]
        assert d["fallback"]["forage"] == 2
    assert api.ENGINE.deadlines(f.at(f.game(2), "test", 1, round_=1)) == []


def test_the_summary_is_numbers_under_keys():
    """progress grows to 1; figures and each seat's figures are numbers; score is the final VP
    once over."""
    game = play(ENGINE, 3, 8, "greedy")
    summary = api.ENGINE.summary(game.state)
    assert summary["over"] and summary["progress"] == 1.0 and summary["to_act"] == []
    assert set(summary["figures"]) == {"theories", "seals", "debunked"}
    final = {r["seat"]: r["vp"] for r in game.state["result"]["players"]}
    for seat in summary["seats"]:
        assert seat["score"] == final[seat["seat"]]
        assert all(isinstance(v, int) for v in seat["figures"].values())
    start = api.ENGINE.summary(f.game(3))
    assert 0 <= start["progress"] < 0.2 and start["stage"] == "declare"


def test_pace_kinds():
    """Deduction decisions are plans, publishing is discussed, the rest are choices or quick."""
    kinds = {t: api.ENGINE.pace_kind({}, {"type": t}) for t in ("declare", "test", "publish",
                                                                "forage", "forgo")}
    assert kinds == {"declare": "plan", "test": "plan", "publish": "discuss",
                     "forage": "choice", "forgo": "quick"}
    assert api.ENGINE.pace_kind({}, {"type": "chance"}) is None


def test_plan_problems_list_every_problem_for_the_tablet():
    """A pure helper: codes for each problem, [] for a good plan."""
    state = f.game(2)
    bad = {"forage": 3, "sell": 1, "assistants": 1}
    assert face.plan_problems(state, 1, bad) == ["too_many_actions", "space_closed",
                                                 "no_such_favour"]
    assert face.plan_problems(state, 1, {"forage": 2, "test": 1, "associates": []}) == []


def test_no_global_random_generator_is_used(monkeypatch):
    """Whole games run with the module-level random functions booby-trapped."""
    import random as stdlib_random

    def trap(*args, **kwargs):
        raise AssertionError("global random used")

    for name in ("random", "randrange", "randint", "choice", "shuffle", "sample"):
        monkeypatch.setattr(stdlib_random, name, trap)
    for variant in ("lesson", "apprentice", "master"):
        assert play(ENGINE, 3, 2, "greedy", {"variant": variant}).state["phase"] == "over"


def test_a_view_is_a_copy():
    """Changing a view changes nothing in the state."""
    state = f.game(2)
    view = api.view_for(state, 1)
    view["players"][0]["hand"]["toad"] = 99
    assert "toad" not in state["players"][0]["hand"] or state["players"][0]["hand"]["toad"] != 99
    assert api.view_for(state, PUBLIC)["viewer"] == "public"
