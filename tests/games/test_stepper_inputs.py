"""Inputs: what a tablet types or ticks for a parameter the menu does not enumerate, checked by
its input before the engine sees the action (docs/engine.md, "The menu")."""

import json
import re

import pytest

from games.choices import choices_context
from games.packages import GamePackage
from games.stepper import Draft, chosen_so_far, form_values, with_inputs

PICK = {"type": "pick", "seat": 1}


def test_a_number_is_taken_within_its_range_and_refused_outside_it():
    spec = [{"param": "number", "type": "number", "min": 1, "max": 3}]
    assert with_inputs(PICK, spec, {"number": "2"}) == {**PICK, "number": 2}
    assert with_inputs(PICK, spec, {"number": "4"}) is None
    assert with_inputs(PICK, spec, {"number": "two"}) is None
    assert with_inputs(PICK, spec, {}) is None


def test_a_subset_takes_distinct_known_options_between_its_bounds():
    spec = [{"param": "cards", "type": "subset", "options": ["a", "b", 3], "min": 1, "max": 2}]
    sent = [json.dumps("a"), json.dumps(3)]
    assert with_inputs(PICK, spec, {"cards": sent}) == {**PICK, "cards": ["a", 3]}
    assert with_inputs(PICK, spec, {"cards": json.dumps("b")}) == {**PICK, "cards": ["b"]}
    assert with_inputs(PICK, spec, {"cards": [json.dumps("a")] * 2}) is None
    assert with_inputs(PICK, spec, {"cards": [json.dumps("z")]}) is None
    assert with_inputs(PICK, spec, {"cards": []}) is None


def test_an_order_must_place_every_option_once():
    spec = [{"param": "order", "type": "order", "options": [1, 2, 3]}]
    places = [json.dumps(n) for n in (3, 1, 2)]
    assert with_inputs(PICK, spec, {"order": places}) == {**PICK, "order": [3, 1, 2]}
    assert with_inputs(PICK, spec, {"order": places[:2]}) is None


def test_a_text_is_one_line_within_its_length():
    spec = [{"param": "answer", "type": "text", "max_length": 10}]
    assert with_inputs(PICK, spec, {"answer": " one two "}) == {**PICK, "answer": "one two"}
    assert with_inputs(PICK, spec, {"answer": " a   b "}) == {**PICK, "answer": "a b"}
    assert with_inputs(PICK, spec, {"answer": "x" * 11}) is None
    assert with_inputs(PICK, spec, {"answer": 5}) is None


def test_dotted_params_fill_one_mapping_of_the_action():
    spec = [{"param": "points.MAT", "type": "number", "min": 0, "max": 3},
            {"param": "points.BIO", "type": "number", "min": 0, "max": 3}]
    assert with_inputs(PICK, spec, {"points.MAT": "1", "points.BIO": "2"}) == {
        **PICK, "points": {"MAT": 1, "BIO": 2}}


SUBSETS = [{"param": "uses", "type": "subset", "options": [{"slot": 0}, {"slot": 1}]},
           {"param": "publish", "type": "subset", "options": [{"slot": 0}], "max": 1}]


def test_an_either_group_picks_one_option_of_one_of_several_inputs():
    """A field `in__<group>` sends [param, option] pairs; "" picks nothing; a pair naming no
    input is refused."""
    fields = {"in__card0": json.dumps(["publish", {"slot": 0}]), "in__card1": "",
              "in_uses": json.dumps({"slot": 1})}
    values = form_values(SUBSETS, fields)
    assert with_inputs(PICK, SUBSETS, values) == {**PICK, "uses": [{"slot": 1}],
                                                  "publish": [{"slot": 0}]}
    with pytest.raises(ValueError):
        form_values(SUBSETS, {"in__card0": json.dumps(["discards", {"slot": 0}])})


def test_a_form_still_being_filled_in_keeps_known_options_beyond_its_bounds():
    """Two publishes where one is allowed are shown as chosen (the game says what is wrong);
    unknown values are dropped."""
    sent = {"publish": [json.dumps({"slot": 0})] * 2, "uses": [json.dumps({"slot": 7}), "x"]}
    assert chosen_so_far(SUBSETS, sent) == {"publish": [{"slot": 0}, {"slot": 0}], "uses": []}


class _Own(GamePackage):
    choice_templates = {"plan": "own/plan.html"}


def test_a_kind_with_its_own_template_gets_one_inputs_message_per_enumerated_option():
    """Each value of the last enumerated parameter sends the action with the form's inputs
    (one submit button each); the form is checked live under the same picks."""
    menu = [{"kind": "plan", "enabled": True, "reason": None, "inputs": SUBSETS,
             "actions": [{"action": {"type": "plan", "seat": 1, "end": end}, "cost": None}
                         for end in (True, False)]}]
    choice = choices_context(_Own(), {}, menu, Draft(), 1, {})
    assert choice["template"] == "own/plan.html" and choice["layout"] is None
    sent = [json.loads(o["inputs_message"]) for o in choice["options"]]
    assert sent == [{"type": "act_inputs", "kind": "plan", "picks": [["end", True]]},
                    {"type": "act_inputs", "kind": "plan", "picks": [["end", False]]}]
    assert json.loads(choice["check_message"]) == {"type": "check_inputs", "kind": "plan",
                                                   "picks": []}


ORDER_MENU = [{"kind": "rank", "enabled": True, "reason": None,
               "inputs": [{"param": "order", "type": "order", "options": ["A", "B", "C"]}],
               "actions": [{"action": {"type": "rank", "seat": 1}, "cost": None}]}]


def _places(choice):
    from django.template.loader import render_to_string

    html = render_to_string("games/parts/input.html", {"i": choice["inputs"][0]})
    return re.findall(r'<option value="&quot;(\w)&quot;" selected>', html)


def test_an_order_as_first_shown_may_be_sent_and_shows_the_seats_own_order_after():
    """The form's first drawing lists the options in order and has nothing wrong with it (its
    confirm is enabled); once the seat reorders, each place shows the seat's choice."""
    first = choices_context(GamePackage(), {}, ORDER_MENU, Draft(), 1, {}, snapshot=object())
    assert first["problems"] == [] and _places(first) == ["A", "B", "C"]
    reordered = Draft("rank", (), (("order", json.dumps(["C", "A", "B"])),))
    again = choices_context(GamePackage(), {}, ORDER_MENU, reordered, 1, {}, snapshot=object())
    assert again["problems"] == [] and _places(again) == ["C", "A", "B"]
