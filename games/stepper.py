"""Choosing an action in steps, from the engine's `action_menu`.

A tablet never shows a wall of buttons (a Prediction alone has dozens of combinations): the seat
picks the kind of action, then one parameter at a time, and only values that still lead to a legal
action are offered. The choices so far are a `Draft`, which the socket keeps; this module says
what to ask next. An option that leaves exactly one legal action sends that action at once.
"""

import json
from dataclasses import dataclass, field
from typing import Any

# The order in which a seat decides each kind's parameters: the decision first, the payment last.
ORDER = {
    "theory": ("card", "withdraw", "debt"),
    "build": ("card", "hex", "debt"),
    "prediction": ("theory", "project", "desk_hex", "method", "debt"),
    "preprint": ("record", "debt"),
    "journal": ("record", "debt"),
    "simulate": ("hexes", "debt"),
    "peer_review": ("debt",),
    "fund": ("income", "draw", "repay"),
    "discard": ("cards",),
    "event_block": ("how", "card"),
    "event_choose": ("choice",),
    "roll": ("pay_for_plus", "clean"),
}
HIDDEN_KINDS = ("story_request",)  # asked for elsewhere on the page (the story panel)


@dataclass(frozen=True)
class Draft:
    kind: str | None = None
    picks: tuple = ()  # ((parameter, value), ...)

    def pick(self, param, value):
        return Draft(self.kind, self.picks + ((param, value),))

    def back(self):
        return Draft(self.kind, self.picks[:-1]) if self.picks else Draft()


@dataclass
class Option:
    value: Any
    actions: list  # the menu's {"action", "cost"} entries this option leaves open

    @property
    def action(self):
        """The action this option sends at once, or None if more choices follow."""
        return self.actions[0]["action"] if len(self.actions) == 1 else None

    @property
    def cost(self):
        """The cost every action under this option shares, or None when it depends."""
        costs = {json.dumps(a["cost"], sort_keys=True) for a in self.actions}
        return self.actions[0]["cost"] if len(costs) == 1 else None


@dataclass
class Step:
    """What to show: the kinds (`param` None and no kind), a parameter to choose, or one action."""

    kind: str | None
    param: str | None = None
    options: list = field(default_factory=list)
    kinds: list = field(default_factory=list)  # the menu entries, when choosing the kind
    action: dict | None = None  # the one action left
    cost: dict | None = None
    picks: tuple = ()
    can_go_back: bool = False


def visible_menu(menu):
    return [entry for entry in menu if entry["kind"] not in HIDDEN_KINDS]


def next_step(menu, draft, choose_kind=True):
    """The next question for `draft` on `menu`, or None if the draft no longer fits the menu.

    With `choose_kind` False (steps other than Actions) a single open kind is taken at once.
    """
    entries = visible_menu(menu)
    kind = draft.kind
    if kind is None:
        open_kinds = [e for e in entries if e["enabled"]]
        if choose_kind or len(open_kinds) != 1:
            return Step(kind=None, kinds=entries)
        kind = open_kinds[0]["kind"]
    entry = next((e for e in entries if e["kind"] == kind and e["enabled"]), None)
    if entry is None:
        return None
    remaining = [a for a in entry["actions"]
                 if all(a["action"].get(p) == v for p, v in draft.picks)]
    if not remaining:
        return None
    back = bool(draft.picks) or (draft.kind is not None and choose_kind)
    for param in _parameters(kind, remaining):
        if any(p == param for p, _ in draft.picks):
            continue
        options = _options(remaining, param)
        if len(options) > 1:
            return Step(kind=kind, param=param, options=options, picks=draft.picks,
                        can_go_back=back)
    return Step(kind=kind, action=remaining[0]["action"], cost=remaining[0]["cost"],
                picks=draft.picks, can_go_back=back)


def _parameters(kind, actions):
    known = ORDER.get(kind, ())
    others = sorted({p for a in actions for p in a["action"]} - set(known) - {"type", "seat"})
    return known + tuple(others)


def _options(actions, param):
    options = {}
    for entry in actions:
        value = entry["action"].get(param)
        key = json.dumps(value, sort_keys=True)
        options.setdefault(key, Option(value, [])).actions.append(entry)
    return list(options.values())


def draft_from(kind, picks):
    """A draft rebuilt from a client's message, or an empty draft when it is malformed."""
    if not isinstance(kind, str) or not isinstance(picks, list | tuple):
        return Draft()
    pairs = tuple((p[0], p[1]) for p in picks if isinstance(p, list | tuple) and len(p) == 2
                  and isinstance(p[0], str))
    return Draft(kind, pairs)
