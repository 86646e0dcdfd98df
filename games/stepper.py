"""Choosing an action in steps, from the engine's `action_menu`.

A tablet never shows a wall of buttons (a Prediction alone has dozens of combinations): the seat
picks the kind of action, then one parameter at a time, and only values that still lead to a legal
action are offered. The choices so far are a `Draft`, which the socket keeps; this module says
what to ask next. An option that leaves exactly one legal action sends that action at once.
"""

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Draft:
    kind: str | None = None
    picks: tuple = ()  # ((parameter, value), ...)
    values: tuple = ()  # ((input's parameter, its value as JSON), ...): a half-filled form

    def value_of(self, param, default=None):
        """The value the seat has given an input so far (default: none yet)."""
        for name, value in self.values:
            if name == param:
                return json.loads(value)
        return default

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
    inputs: list = field(default_factory=list)  # what `action` still needs typed or ticked


def visible_menu(menu, hidden=()):
    return [entry for entry in menu if entry["kind"] not in hidden]


def next_step(menu, draft, choose_kind=True, order=None, hidden=()):
    """The next question for `draft` on `menu`, or None if the draft no longer fits the menu.

    With `choose_kind` False (steps other than Actions) a single open kind is taken at once.
    `order` gives, by kind, the order in which its parameters are asked (the game's package);
    `hidden` kinds are asked for elsewhere on the page.
    """
    entries = visible_menu(menu, hidden)
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
    for param in _parameters(kind, remaining, order or {}):
        if any(p == param for p, _ in draft.picks):
            continue
        options = _options(remaining, param)
        if len(options) > 1:
            return Step(kind=kind, param=param, options=options, picks=draft.picks,
                        can_go_back=back, inputs=list(entry.get("inputs") or ()))
    return Step(kind=kind, action=remaining[0]["action"], cost=remaining[0]["cost"],
                picks=draft.picks, can_go_back=back, inputs=list(entry.get("inputs") or ()))


def _parameters(kind, actions, order):
    known = tuple(order.get(kind, ()))
    others = sorted({p for a in actions for p in a["action"]} - set(known) - {"type", "seat"})
    return known + tuple(others)


def _options(actions, param):
    options = {}
    for entry in actions:
        value = entry["action"].get(param)
        key = json.dumps(value, sort_keys=True)
        options.setdefault(key, Option(value, [])).actions.append(entry)
    return list(options.values())


def draft_from(kind, picks, values=()):
    """A draft rebuilt from a client's message, or an empty draft when it is malformed."""
    if not isinstance(kind, str) or not isinstance(picks, list | tuple):
        return Draft()
    pairs = tuple((p[0], p[1]) for p in picks if isinstance(p, list | tuple) and len(p) == 2
                  and isinstance(p[0], str))
    return Draft(kind, pairs, tuple(values))


# Inputs: parameters the menu does not enumerate (docs/engine.md, "The menu") ------------------

MAX_TEXT = 500


def with_inputs(action, inputs, values):
    """`action` with the seat's values for its inputs (`values`: {param: what the form sent}), or
    None when a value does not fit its input. A dotted param ("points.MAT") fills a mapping of
    the action ({"points": {"MAT": …}}). The engine checks the whole action after this."""
    action = dict(action)
    for spec in inputs:
        try:
            value = PARSERS[spec["type"]](spec, values.get(spec["param"]))
        except (KeyError, TypeError, ValueError):
            return None
        name, _dot, key = spec["param"].partition(".")
        if key:
            action[name] = {**action.get(name, {}), key: value}
        else:
            action[name] = value
    return action


def form_values(inputs, content):
    """{param: what the form sent for it} from a form's fields: each input's own field
    `in_<param>`, and the picks of its either-groups, fields `in__<group>` whose values are JSON
    pairs [param, option] (one choice among options of several inputs, as a card is used,
    published or discarded; "" picks none). ValueError for a pair that names no input."""
    values = {spec["param"]: content.get(f"in_{spec['param']}") for spec in inputs}
    for name, sent in content.items():
        if not (isinstance(name, str) and name.startswith("in__")):
            continue
        for item in _as_list(sent):
            if item == "":
                continue
            pair = json.loads(item) if isinstance(item, str) else None
            if not isinstance(pair, list) or len(pair) != 2 or pair[0] not in values:
                raise ValueError(name)
            values[pair[0]] = [*_as_list(values[pair[0]]), json.dumps(pair[1], sort_keys=True)]
    return values


def chosen_so_far(inputs, values):
    """{param: its options chosen so far} of a form still being filled in: known options only,
    without the input's bounds (a game shows what is wrong before the form is sent)."""
    chosen = {}
    for spec in inputs:
        sent = values.get(spec["param"])
        if spec["type"] in ("subset", "order"):
            known = {json.dumps(o, sort_keys=True): o for o in spec["options"]}
            chosen[spec["param"]] = [known[v] for v in _as_list(sent)
                                  if isinstance(v, str) and v in known]
        else:
            chosen[spec["param"]] = sent
    return chosen


def _as_list(value):
    return list(value) if isinstance(value, list | tuple) else [] if value in (None, "") \
        else [value]


def _option_values(spec, value):
    """Options are sent as their JSON text, so 3 and "3" stay apart."""
    known = {json.dumps(option, sort_keys=True): option for option in spec["options"]}
    return [known[item] for item in _as_list(value)]


def _number(spec, value):
    number = int(str(value).strip())
    if not spec.get("min", number) <= number <= spec.get("max", number):
        raise ValueError(value)
    return number


def _subset(spec, value):
    chosen = _option_values(spec, value)
    keys = [json.dumps(c, sort_keys=True) for c in chosen]
    if len(set(keys)) != len(keys) or not spec.get("min", 0) <= len(chosen) <= spec.get(
            "max", len(spec["options"])):
        raise ValueError(value)
    return chosen


def _order(spec, value):
    chosen = _option_values(spec, value)
    if sorted(json.dumps(c, sort_keys=True) for c in chosen) != sorted(
            json.dumps(o, sort_keys=True) for o in spec["options"]):
        raise ValueError(value)
    return chosen


def _text(spec, value):
    if not isinstance(value, str):
        raise TypeError(value)
    text = " ".join(value.split())
    if len(text) > min(spec.get("max_length", MAX_TEXT), MAX_TEXT):
        raise ValueError(value)
    return text


PARSERS = {"number": _number, "subset": _subset, "order": _order, "text": _text}
