"""One-tap kinds (`GamePackage.one_tap_kinds`): a step that is itself a confirmation sends its
kind's only action on the first tap; every other kind still opens the stepper."""

import json

from games.choices import choices_context
from games.packages import GamePackage
from games.stepper import Draft

MENU = [
    {"kind": "carry_out", "enabled": True, "reason": None, "inputs": [],
     "actions": [{"action": {"type": "carry_out", "seat": 1}, "cost": None}]},
    {"kind": "withdraw", "enabled": True, "reason": None, "inputs": [],
     "actions": [{"action": {"type": "withdraw", "seat": 1}, "cost": None}]},
    {"kind": "pick", "enabled": True, "reason": None, "inputs": [],
     "actions": [{"action": {"type": "pick", "seat": 1, "n": n}, "cost": None} for n in (1, 2)]},
]


class OneTap(GamePackage):
    key = "one_tap"
    one_tap_kinds = ("carry_out", "pick")


def messages(package):
    shown = choices_context(package, {}, MENU, Draft(), 1, {})
    return {k["kind"]: json.loads(k["message"]) for k in shown["kinds"]}


def test_a_one_tap_kind_with_one_action_sends_it_at_once():
    sent = messages(OneTap())
    assert sent["carry_out"] == {"type": "act", "action": {"type": "carry_out", "seat": 1}}


def test_other_kinds_and_a_one_tap_kind_with_several_actions_open_the_stepper():
    sent = messages(OneTap())
    assert sent["withdraw"] == {"type": "pick", "kind": "withdraw", "picks": []}
    assert sent["pick"] == {"type": "pick", "kind": "pick", "picks": []}


def test_by_default_no_kind_is_one_tap():
    assert all(m["type"] == "pick" for m in messages(GamePackage()).values())
