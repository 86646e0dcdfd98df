"""The engine face (docs/engine.md, version 2): information, menu and inputs, plans checked
as a whole, canonical actions, copies, summary, deadlines, pace and JSON."""

import json

import pytest

from games.engines.base import CALL_TIME, GameError, IllegalAction
from games.nobel_run.engine import ENGINE, api
from games.nobel_run.engine.menu import atomic_groups

from .factory import arrange, buy, plan, settle, setup_game, use


def test_info_declares_a_hidden_turn_based_game():
    """Titles in fi/en/sv, the whole race and the short one for 2-4 seats, hidden hands the
    teacher does not see, chance throughout, one seat at a time."""
    info = ENGINE.info
    assert info.key == "nobel_run" and set(info.title) == {"fi", "en", "sv"}
    assert info.default_variant == "lesson" and (info.min_seats, info.max_seats) == (2, 4)
    assert set(info.variants) == {"lesson", "short"}
    assert all(set(v["title"]) == {"fi", "en", "sv"} for v in info.variants.values())
    assert info.information == "hidden" and info.teacher_sees_private is False
    assert info.simultaneous is False and info.chance == "throughout"
    assert set(ENGINE.bots) == {"random", "greedy"}


def test_bad_options_are_refused():
    """Unknown options, variants or first seats raise GameError."""
    for options in ({"colour": "red"}, {"variant": "solo"}, {"first_seat": 5},
                    {"situations_systemic": "yes"}):
        with pytest.raises(GameError):
            api.new_game([{"seat": 1}, {"seat": 2}], options, 0)


def test_apply_action_leaves_its_input_unchanged():
    """apply_action works on a copy; an illegal action raises and changes nothing."""
    state = arrange(setup_game(2), 1, hand=["predoc", "work", "work", "work", "work"])
    before = json.loads(json.dumps(state))
    new_state, events = api.apply_action(state, {"type": "plan", "seat": 1,
                                                 "uses": [use("work")]})
    assert state == before and new_state != state and events
    with pytest.raises(IllegalAction):
        api.apply_action(state, {"type": "plan", "seat": 2})
    assert state == before


def test_canonical_action_fills_defaults_sorts_and_drops_tablet_fields():
    """Slots, pool indexes and a one-element publish list are checked and dropped; lists are
    sorted; a plan ends the turn unless it says otherwise."""
    state = arrange(setup_game(2), 1, hand=["predoc", "research", "work", "work", "work"])
    hand = state["players"][0]["hand"]
    assert hand == ["predoc", "research", "work", "work", "work"]
    sent = {"type": "plan", "seat": 1,
            "uses": [{"slot": 4, "card": "work", "use": 1}, {"slot": 0, "card": "predoc",
                                                              "use": 1}],
            "publish": [{"slot": 1, "card": "research"}]}
    assert api.canonical_action(state, sent) == {
        "type": "plan", "seat": 1, "end_turn": True, "discards": [],
        "uses": [use("predoc", 1), use("work", 1)], "publish": {"card": "research",
                                                                 "target": None},
        "disables": [], "buys": []}
    wrong = {"type": "plan", "seat": 1, "uses": [{"slot": 1, "card": "work", "use": 0}]}
    assert api.plan_problems(state, 1, wrong) == ["bad_slot"]
    twice = {"uses": [{"slot": 2, "card": "work", "use": 0}],
             "discards": [{"slot": 2, "card": "work"}]}
    assert api.plan_problems(state, 1, twice) == ["slot_twice"]


@pytest.mark.parametrize("action, code", [
    ({"type": "fly"}, "unknown_action"),
    ("plan", "unknown_action"),
    ({"type": "plan", "seat": 1, "uses": "all"}, "bad_plan"),
    ({"type": "plan", "seat": 1, "colour": 3}, "bad_plan"),
    ({"type": "plan", "seat": 2}, "not_your_turn"),
    ({"type": "discard_by_default", "seat": 2}, "not_your_turn"),
    ({"type": "chance", "outcome": "work"}, "no_chance_step"),
    ({"type": "plan", "seat": 1, "end_turn": False}, "empty_plan"),
])
def test_illegal_actions_have_stable_codes(action, code):
    """Each kind of illegal action raises its code."""
    state = setup_game(2)
    with pytest.raises(IllegalAction) as error:
        api.canonical_action(state, action)
    assert error.value.code == code


def test_plan_problems_lists_every_problem_at_once():
    """The tablet's live check names all that is wrong with a plan, not only the first."""
    state = arrange(setup_game(2), 1, hand=["predoc", "work", "work", "work", "work"])
    problems = api.plan_problems(state, 1, {"uses": [use("care", 0, 1)],
                                            "buys": [buy("top-paper", "advanced")]})
    assert problems == ["card_not_in_hand", "self_target", "not_in_pool", "cannot_afford"]
    assert api.plan_problems(state, 1, {"uses": [use("work")]}) == []


def test_every_legal_action_is_legal_and_canonical():
    """Each atomic plan and answer listed by legal_actions passes canonical_action unchanged."""
    state = arrange(setup_game(3), 1, hand=["care", "donna-strickland", "predoc", "work",
                                            "work"])
    plan(state, end_turn=False, uses=[use("work")] * 2 + [use("predoc")])
    for action in api.legal_actions(state, 1):
        assert api.canonical_action(state, action) == action
    assert {k for k, v in atomic_groups(state, 1).items() if v} >= {
        "use", "publish", "discard", "end"}
    assert api.legal_actions(state, 2) == []
    assert api.legal_actions(state, None) == [{"type": CALL_TIME, "seat": None}]


def test_the_menu_offers_the_whole_plan_with_inputs():
    """The plan's end_turn is enumerated; uses, publish, discards, disables and buys are
    subset inputs whose options, chosen together, make a valid plan."""
    state = arrange(setup_game(2), 1, hand=["lab-equipment", "predoc", "work", "work", "work"],
                    pools={"basic": ["q4-paper", "q3-paper", "predoc", "care", "local-grant"]})
    [entry] = api.action_menu(state, 1)
    assert entry["kind"] == "plan" and entry["enabled"]
    assert [a["action"]["end_turn"] for a in entry["actions"]] == [True, False]
    inputs = {i["param"]: i for i in entry["inputs"]}
    assert set(inputs) == {"uses", "publish", "discards", "disables", "buys"}
    assert all(i["type"] == "subset" for i in inputs.values())
    assert inputs["publish"]["max"] == 1
    chosen_uses = [o for o in inputs["uses"]["options"]
                   if (o["card"], o["use"]) in (("lab-equipment", 0), ("predoc", 1))
                   or (o["card"] == "work" and o["use"] == 1)]
    q3 = [o for o in inputs["buys"]["options"] if o["card"] == "q3-paper"]
    action = {**entry["actions"][0]["action"], "uses": chosen_uses, "buys": q3}
    assert api.plan_problems(state, 1, action) == []
    assert api.canonical_action(state, action)["buys"] == [buy("q3-paper")]
    assert api.action_menu(state, 2) == []


def test_the_target_gets_its_own_menu_out_of_turn():
    """During a normal negative effect only the target has a menu: its valid discards and
    the engine's choice; its view lists the options."""
    state = setup_game(2)
    arrange(state, 2, hand=["predoc", "work", "work", "research", "lab-equipment"])
    arrange(state, 1, hand=["care", "work", "work", "work", "work"])
    plan(state, end_turn=False, uses=[use("care", 0, 2)])
    menu = api.action_menu(state, 2)
    assert [m["kind"] for m in menu] == ["discard_for_effect", "discard_by_default"]
    assert [a["action"]["cards"] for a in menu[0]["actions"]] == [["predoc"], ["work", "work"]]
    assert api.action_menu(state, 1) == []
    assert api.view_for(state, 2)["players"][1]["response_options"] == [["predoc"],
                                                                        ["work", "work"]]


def test_summary_figures_are_keys_and_numbers():
    """PP against 20 per seat, papers in each CV, who is waited for, stalled choices."""
    state = setup_game(3)
    summary = api.summary(state)
    assert summary["stage"] == "turns" and summary["to_act"] == [1] and not summary["over"]
    assert summary["figures"] == {"goal": 20, "leader_pp": 0, "triggered": 0,
                                  "waiting_for": 0}
    assert summary["seats"][0] == {"seat": 1, "score": 0,
                                   "figures": {"papers": 0, "targeted": 0, "stalled": 0}}
    assert 0 <= summary["progress"] < 1 and summary["rounds"] is None


def test_pace_kinds_name_each_decision():
    """A whole plan is a plan, one atomic step a choice, an empty end of turn quick; a chosen
    discard is a choice, the engine's choice quick."""
    full = {"type": "plan", "seat": 1, "end_turn": True, "discards": [], "publish": None,
            "uses": [use("work")] * 3, "disables": [], "buys": [buy("predoc")]}
    one = {**full, "uses": [use("work")], "buys": [], "end_turn": False}
    empty = {**full, "uses": [], "buys": []}
    state = setup_game(2)
    assert [api.pace_kind(state, a) for a in (full, one, empty)] == ["plan", "choice", "quick"]
    assert api.pace_kind(state, {"type": "discard_for_effect"}) == "choice"
    assert api.pace_kind(state, {"type": "discard_by_default"}) == "quick"


def test_states_are_json_and_refuse_a_foreign_state():
    """A state survives JSON; state_from_json refuses another game's state."""
    state = setup_game(4)
    plan(state, uses=[use("work")])
    settle(state)
    assert json.loads(json.dumps(state)) == state
    assert api.state_from_json(api.state_to_json(state)) == state
    with pytest.raises(GameError):
        api.state_from_json({"game": "scientia", "schema": 1})


def test_events_carry_the_debrief_facts():
    """A purchase names its card, type and cost; a publish its effect; a negative card who
    targeted whom with what."""
    state = arrange(setup_game(2), 1, hand=["care", "predoc", "predoc", "work", "work"],
                    pools={"basic": ["predoc", "q4-paper", "q3-paper", "q4-paper", "local-grant"]})
    events = plan(state, uses=[use("predoc", 0)] * 2 + [use("work", 0)] * 2,
                  publish={"card": "care", "target": 2}, buys=[buy("predoc")])
    bought = next(e for e in events if e["type"] == "CardBought")
    assert bought["kind"] == "staff" and bought["cost"] == {"M": 4, "E": 0, "D": 0}
    published = next(e for e in events if e["type"] == "CardPublished")
    assert published["target"] == 2 and published["effect"]["op"] == "block"
    targeted = next(e for e in events if e["type"] == "Targeted")
    assert (targeted["by"], targeted["target"], targeted["card"]) == (1, 2, "care")
    assert api.view_for(state, "public")["targeting"][0]["effect"] == "block"
    assert api.summary(state)["seats"][1]["figures"]["targeted"] == 1
