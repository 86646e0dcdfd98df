"""The engine's face (docs/engine.md, version 2): information, plain data, a pure apply_action,
menus, canonical actions, the cockpit's summary, deadlines, pace and the debrief's facts."""

import json
import random

import pytest

from games.engines.base import CALL_TIME, CHANCE, GameError, IllegalAction, resolve_chance
from games.engines.playout import play, players
from games.scientia.engine import ENGINE, api

from . import factory as f


def test_info_declares_a_perfect_information_game_with_chance_only_at_setup():
    """GameInfo: titles in fi, en, sv; one lesson variant for 2-4 seats; no hidden
    information, no simultaneous steps, chance only at setup."""
    info = ENGINE.info
    assert info.key == "scientia" and set(info.title) == {"fi", "en", "sv"}
    assert info.default_variant == "lesson" and (info.min_seats, info.max_seats) == (2, 4)
    assert set(info.variants["lesson"]["title"]) == {"fi", "en", "sv"}
    assert (info.information, info.simultaneous, info.chance) == ("perfect", False, "setup")
    assert set(ENGINE.bots) == {"random", "greedy"}


def test_states_round_trip_through_json_at_every_step():
    """A whole game's states are plain data, and state_from_json takes them back."""
    def check(state, action, events):
        assert json.loads(json.dumps(state)) == state

    game = play(ENGINE, 3, 4, "random", {"combination": "random"}, on_step=check)
    data = json.loads(json.dumps(api.state_to_json(game.state)))
    assert api.state_from_json(data) == game.state


def test_state_from_json_refuses_another_game():
    with pytest.raises(GameError):
        api.state_from_json({"game": "alchemists", "schema": 1})


def test_apply_action_never_changes_its_input():
    """apply_action works on a copy; an illegal action leaves the state as it was."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)]})
    before = json.dumps(state, sort_keys=True)
    new_state, events = api.apply_action(state, {"type": "rotate", "seat": 1, "slots": [0, 0]})
    assert json.dumps(state, sort_keys=True) == before and new_state["step"]["kind"] == "confirm"
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "take", "seat": 1, "stack": 1})
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("action, code", [
    ({"type": "rotate", "seat": 2, "slots": [0]}, "not_your_turn"),
    ({"type": "confirm", "seat": 1}, "wrong_step"),
    ({"type": "rotate", "seat": 1, "slots": [0, 0, 1]}, "bad_rotation"),
    ({"type": "rotate", "seat": 1, "slots": [3]}, "bad_rotation"),
    ({"type": "take", "seat": 1, "stack": 99}, "no_empty_slot"),
    ({"type": "chance", "outcome": 1}, "no_chance_step"),
    ({"type": "fly"}, "unknown_action"),
    ({"type": CALL_TIME, "seat": 2}, "teacher_only"),
])
def test_illegal_actions_raise_stable_codes(action, code):
    state = f.at_turn(hands={1: [(1, 0, 0), (5, 0, 0)]})
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, action)
    assert error.value.code == code


def test_canonical_action_fills_parameters_and_orders_a_rotation():
    """A rotation of two cards is listed in slot order; extra fields are dropped."""
    state = f.at_turn(hands={1: [(1, 0, 0), (5, 0, 0)]})
    assert api.canonical_action(state, {"type": "rotate", "seat": 1, "slots": [1, 0],
                                        "note": "x"}) == {"type": "rotate", "seat": 1,
                                                          "slots": [0, 1]}


def test_the_menu_enumerates_every_action_and_says_why_a_kind_is_closed():
    """Each kind of the step with its actions, no inputs; Take closed with a reason when the
    slots are full."""
    state = f.at_turn(hands={1: [(1, 0, 0), (5, 0, 0)]})
    menu = {entry["kind"]: entry for entry in api.action_menu(state, 1)}
    assert menu["take"] == {"kind": "take", "enabled": False, "reason": "no_empty_slot",
                            "actions": [], "inputs": []}
    assert menu["rotate"]["enabled"] and len(menu["rotate"]["actions"]) == 5
    listed = [entry["action"] for entry in menu["rotate"]["actions"]]
    assert listed == api.legal_actions(state, 1)


def test_chance_steps_are_sorted_and_resolved_by_the_seed():
    """Setup's chance outcomes are sorted lists; resolve_chance picks one by (seed, n)."""
    state = api.new_game(players(2), {"combination": "random"}, 11)
    outcomes = api.chance_outcomes(state)
    assert outcomes == sorted(outcomes) and api.current_seats(state) == [CHANCE]
    action = resolve_chance(ENGINE, state)
    assert action == resolve_chance(ENGINE, json.loads(json.dumps(state)))
    assert action["outcome"] in outcomes


def test_the_moderator_may_only_call_time():
    state = f.at_turn(hands={1: [(1, 0, 0)]})
    assert api.legal_actions(state, None) == [{"type": CALL_TIME, "seat": None}]


def test_the_summary_gives_supplies_longest_chain_and_each_seats_figures():
    """The cockpit's figures: both supplies, the longest chain, who acts; per seat its score,
    completions, longest chain and flasks; all numbers."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)]})
    f.rotate(state, 1, [0, 0])
    summary = api.summary(state)
    assert summary["figures"] == {"cubes_left": 6, "flasks_left": 28, "longest_chain": 2,
                                  "end_triggered": 0}
    assert summary["to_act"] == [1] and summary["stage"] == "play" and not summary["over"]
    seat = summary["seats"][0]
    assert seat["figures"] == {"completions": 2, "longest_chain": 2, "flasks": 2}
    assert seat["score"] == 1 + 1 + 2 and 0 <= summary["progress"] < 1


def test_progress_grows_to_one_over_a_game():
    """Progress never falls and is 1 when the game is over."""
    seen = []
    play(ENGINE, 2, 3, "greedy", on_step=lambda s, a, e: seen.append(api.summary(s)["progress"]))
    assert seen == sorted(seen) and seen[-1] == 1.0 and seen[0] == 0.0


def test_no_choice_has_a_deadline():
    """Scientia's safety is the teacher's call time, not timers."""
    assert api.deadlines(f.at_turn(hands={1: [(1, 0, 0)]})) == []


def test_pace_kinds_name_reading_choosing_and_tapping():
    """The draft is read; a rotation (completing or not) and a chain's choice are a choice
    among worded options; a confirm is a tap."""
    state = f.at_turn(hands={1: [(1, 3, 0), (5, 0, 0)]})
    assert api.pace_kind(state, {"type": "rotate", "seat": 1, "slots": [0]}) == "choice"
    assert api.pace_kind(state, {"type": "rotate", "seat": 1, "slots": [1]}) == "choice"
    assert api.pace_kind(state, {"type": "choose_card", "seat": 1, "slot": 1}) == "choice"
    assert api.pace_kind(state, {"type": "confirm", "seat": 1}) == "quick"
    assert api.pace_kind(f.new(), {"type": "draft", "seat": 2, "stack": 1}) == "read"


def test_events_carry_what_the_debrief_needs():
    """Each completion names its seat, field, depth, cause and the seat's turn; each turn its
    chain; the seat's state keeps completions per field, the longest chain and the turn of its
    first completion."""
    state = f.at_turn(hands={1: [(37, 2, 0), (25, 2, 0)]})
    events = f.rotate(state, 1, [0, 0])
    completed = f.of_type(events, "CardCompleted")
    assert [(e["seat"], e["field"], e["depth"], e["cause"], e["seat_turn"], e["turn"])
            for e in completed] == [(1, "AST", 1, None, 1, 1), (1, "BIO", 2, 37, 1, 1)]
    p = state["players"][0]
    assert p["completions"] == {"PHY": 0, "CHE": 0, "BIO": 1, "AST": 1}
    assert p["first_completion"] == {"round": 1, "turn": 1, "seat_turn": 1, "face": 37}


def test_bots_play_only_legal_canonical_actions():
    """Both bots' actions are among the legal actions, at every step of seeded games."""
    for name in ("random", "greedy"):
        state = api.new_game(players(3), {"combination": "random"}, 8)
        rng = random.Random(1)
        while api.current_seats(state):
            seat = api.current_seats(state)[0]
            if seat == CHANCE:
                action = resolve_chance(ENGINE, state)
            else:
                action = ENGINE.bots[name](state, seat, rng)
                assert action in api.legal_actions(state, seat)
                assert api.canonical_action(state, action) == action
            api.apply_in_place(state, action)
