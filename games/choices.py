"""The tablet's choice part: the stepper's next question, with every option in words and the JSON
each button sends. The words come from the game's `Labeller` (its package); the questions and
the messages are the platform's, so every game's choices work alike on a tablet.
"""

import json

from django.utils.translation import gettext as _

from games.stepper import next_step, with_inputs


class Labeller:
    """Words for a game's action kinds, parameters and values; a game's package subclasses it.

    `label_<param>(value, kind)` and `detail_<param>(value, kind)` name one parameter's values;
    `mark_of(param, value)` says what an option stands for on the game's board (a hex), so the
    board can mark it. Every method has a plain default.
    """

    kinds: dict = {}  # kind -> lazy label
    helps: dict = {}  # kind -> lazy one-line help
    reasons: dict = {}  # the menu's reason codes -> lazy text
    questions: dict = {}  # parameter -> lazy question ("Which card?")

    def __init__(self, view, seat, names):
        self.view, self.seat, self.names = view, seat, names

    def kind_label(self, kind):
        return self.kinds.get(kind, kind)

    def kind_help(self, kind):
        return self.helps.get(kind, "")

    def reason(self, code):
        return self.reasons.get(code, _("Not possible now.")) if code else ""

    def title(self, step_kind):
        """The heading over the kinds a seat chooses from in this step."""
        return _("Choose")

    def question(self, step):
        return self.questions.get(step.param, "") if step.param else ""

    def cost(self, cost):
        """{"R": 3, "D": 1} as "R3 D1" (what an action costs)."""
        return " ".join(f"{code}{amount}" for code, amount in (cost or {}).items() if amount)

    def label(self, kind, param, value):
        method = getattr(self, f"label_{param}", None)
        return str(method(value, kind) if method else value)

    def detail(self, kind, param, value):
        method = getattr(self, f"detail_{param}", None)
        return method(value, kind) if method else ""

    def mark_of(self, param, value):
        return None

    def lang_of(self, param, value):
        """The language of an option's words where it is not the page's (a question's answers,
        in the language of the bank they came from), for its `lang`; None for the page's."""
        return None

    def summary(self, step):
        return self.kind_label(step.kind)

    def input_label(self, spec):
        return self.questions.get(spec["param"], spec["param"])

    def option_label(self, param, value):
        """An input's option in words (a subset's or an order's values)."""
        return self.label(None, param, value)

    def layout(self, step, inputs):
        """What a game's own template of a kind's step (its package's `choice_templates`)
        lays out, e.g. a form's inputs arranged by card; None for the platform's stepper."""
        return None


def choices_context(package, view, menu, draft, seat, names, snapshot=None):
    """What the actions part shows for `draft`, or None when the draft no longer fits the menu.
    An action with inputs shows the values given so far, − and + for numbers, and what the
    game says is wrong with it (`input_problems`) before it is sent."""
    step = next_step(menu, draft, choose_kind=package.choose_kind(view, menu),
                     order=package.stepper_order, hidden=package.stepper_hidden)
    if step is None:
        return None
    labeller = package.labeller(view, seat, names)
    if step.kind is None:
        kinds = [_kind(entry, labeller) for entry in step.kinds]
        for kind, entry in zip(kinds, step.kinds, strict=True):
            kind["message"] = json.dumps(_one_tap(package, entry) or {
                "type": "pick", "kind": kind["kind"], "picks": []})
        return {"kinds": kinds, "step": step, "title": labeller.title(_step_kind(view))}
    picks = [list(p) for p in step.picks]
    options = [_option(o, step, picks, labeller) for o in step.options]
    values = {spec["param"]: draft.value_of(spec["param"], _default(spec))
              for spec in step.inputs}
    problems = _problems(package, snapshot, seat, step, values) if step.action and \
        step.inputs else []
    inputs = [_input(spec, labeller, values, step, picks) for spec in step.inputs]
    return {
        "step": step, "kind_label": labeller.kind_label(step.kind),
        "kind_help": labeller.kind_help(step.kind), "question": labeller.question(step),
        "path": [labeller.label(step.kind, p, v) for p, v in step.picks],
        "options": options, "cost": labeller.cost(step.cost),
        "action_label": labeller.summary(step),
        "inputs": inputs,
        "problems": problems,
        "act_message": json.dumps({"type": "act", "action": step.action}) if step.action
        and not step.inputs else None,
        "inputs_message": json.dumps({"type": "act_inputs", "kind": step.kind, "picks": picks})
        if step.inputs else None,
        "check_message": json.dumps({"type": "check_inputs", "kind": step.kind, "picks": picks})
        if step.inputs else None,
        "template": package.choice_templates.get(step.kind),
        "layout": labeller.layout(step, inputs),
        "back_message": json.dumps({"type": "pick", "kind": step.kind if step.picks else None,
                                    "picks": picks[:-1]}),
        "marks": [(o["mark"], o["message"]) for o in options if o["mark"]],
    }


def _step_kind(view):
    return (view.get("step") or {}).get("kind") if isinstance(view.get("step"), dict) else None


def _one_tap(package, entry):
    """The message that sends a one-tap kind's only action, or None (docs/adding-a-game.md)."""
    if entry["kind"] in package.one_tap_kinds and len(entry["actions"]) == 1 and \
            not entry.get("inputs"):
        return {"type": "act", "action": entry["actions"][0]["action"]}
    return None


def _kind(entry, labeller):
    costs_seen = {labeller.cost(a["cost"]) for a in entry["actions"]}
    return {"kind": entry["kind"], "label": labeller.kind_label(entry["kind"]),
            "enabled": entry["enabled"], "help": labeller.kind_help(entry["kind"]),
            "reason": labeller.reason(entry["reason"]) if entry["reason"] else "",
            "cost": costs_seen.pop() if len(costs_seen) == 1 else ""}


def _option(option, step, picks, labeller):
    chosen = picks + [[step.param, option.value]]
    message = {"type": "act", "action": option.action} if option.action is not None and not \
        step.inputs else {"type": "pick", "kind": step.kind, "picks": chosen}
    # An option that leaves one action still needing its inputs can send them with itself
    # (a form with one submit button per option).
    sends_inputs = option.action is not None and step.inputs
    return {"option": option, "label": labeller.label(step.kind, step.param, option.value),
            "inputs_message": json.dumps({"type": "act_inputs", "kind": step.kind,
                                          "picks": chosen}) if sends_inputs else None,
            "detail": labeller.detail(step.kind, step.param, option.value),
            "cost": labeller.cost(option.cost), "mark": labeller.mark_of(step.param, option.value),
            "lang": labeller.lang_of(step.param, option.value),
            "message": json.dumps(message), "final": "action" in message}


def _default(spec):
    """An input's value before the seat touches it: what its form shows at first (an order is
    its options as listed, so a form left as shown may be sent)."""
    if spec["type"] == "number":
        return spec.get("min", 0)
    return {"subset": [], "order": list(spec.get("options", ()))}.get(spec["type"], "")


def _problems(package, snapshot, seat, step, values):
    if snapshot is None:
        return []
    given = {param: [json.dumps(v, sort_keys=True) for v in value] if isinstance(value, list)
             else value for param, value in values.items()}
    action = with_inputs(step.action, step.inputs, given)
    if action is None:
        return [_("A value does not fit yet.")]
    return list(package.input_problems(snapshot, seat, {**action, "seat": seat}))


def _input(spec, labeller, values=None, step=None, picks=()):
    shown = {**spec, "label": labeller.input_label(spec), "name": spec["param"]}
    values = values or {}
    shown["value"] = values.get(spec["param"], _default(spec))
    if spec["type"] == "number" and step is not None:
        for name, delta in (("less", -1), ("more", 1)):
            number = shown["value"] + delta
            if spec.get("min", number) <= number <= spec.get("max", number):
                shown[name] = json.dumps({"type": "inputs", "kind": step.kind, "picks": picks,
                                          "values": {**values, spec["param"]: number}})
    if spec["type"] in ("subset", "order"):
        shown["choices"] = [{"value": json.dumps(o, sort_keys=True),
                             "label": labeller.option_label(spec["param"], o)}
                            for o in spec["options"]]
        chosen = [json.dumps(v, sort_keys=True) for v in shown["value"] or ()]
        shown["places"] = [{"place": n, "value": chosen[n - 1] if n <= len(chosen) else None}
                           for n in range(1, len(spec["options"]) + 1)]
        for choice in shown["choices"]:
            choice["checked"] = choice["value"] in chosen
    return shown
