"""A turn entered as a plan on the tablet: the form's layout (each hand card's choices as one
group, the pool cards to buy, the deck tops, the blocks to remove) and its live check (what the
plan gives and costs, and every problem the engine finds before it is sent)."""

import json

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.nobel_run import labels, words
from games.nobel_run.engine.cards import COST, PUBLISH, USES
from games.nobel_run.engine.content import RESOURCES
from games.nobel_run.presentation import card

CHECK = "nobel_run/parts/plan_check.html"
CHECK_ID = "nr-plan-check"
PARTS = ("uses", "publish", "discards", "disables", "buys")


def _pair(param, option):
    return json.dumps([param, option], sort_keys=True)


def _value(option):
    return json.dumps(option, sort_keys=True)


def send_message(step, end_turn):
    """The message that sends the plan with the form's inputs, ending the turn or not."""
    picks = [list(p) for p in step.picks] + [["end_turn", end_turn]]
    return json.dumps({"type": "act_inputs", "kind": step.kind, "picks": picks})


def layout(view, seat, names, step, inputs):
    """The plan form: one group of choices per hand card, then buying and removing blocks."""
    specs = {spec["param"]: spec for spec in inputs}
    hand = view["players"][seat - 1]["hand"]
    rows = [_hand_row(slot, kind, specs, names) for slot, kind in enumerate(hand)]
    buys = [o for o in specs["buys"]["options"] if o["from"] == "pool"]
    return {
        "hand": rows,
        "market": [{"supply": name, "label": labels.SUPPLIES[name],
                    "cards": [{**card(o["card"]), "value": _value(o),
                               "id": f"nr-buy-{name}-{o['index']}"}
                              for o in buys if o["supply"] == name]}
                   for name in view["supply"]],
        "tops": _tops(view, specs["buys"]["options"], hand),
        "blocks": [{"value": _value(i), "id": f"nr-disable-{i}",
                    "label": _("Pay %(what)s to remove %(card)s (from %(who)s)") % {
                        "what": words.amount(b["res"], b["n"]),
                        "card": words.card_name(b["card"]),
                        "who": words.seat_name(names, b["by"])}}
                   for i, b in zip(specs["disables"]["options"],
                                   view["players"][seat - 1]["blocks"], strict=True)],
        "published": view["published"],
        "check": check_context(view, seat, step, empty_plan(), [], ["empty_plan"]),
    }


def _hand_row(slot, kind, specs, names):
    choices = [{"value": "", "label": _("Keep"), "kind": "keep"}]
    for option in specs["uses"]["options"]:
        if option["slot"] == slot:
            use = USES[kind][option["use"]]
            choices.append({"value": _pair("uses", option), "kind": "use",
                            "label": words.use_chip(use, option["target"], names)})
    for option in specs["publish"]["options"]:
        if option["slot"] == slot:
            choices.append({"value": _pair("publish", option), "kind": "publish",
                            "label": words.publish_chip(PUBLISH[kind], option["target"],
                                                        names)})
    for option in specs["discards"]["options"]:
        if option["slot"] == slot:
            choices.append({"value": _pair("discards", option), "kind": "discard",
                            "label": pgettext("a card in the plan", "Discard")})
    for number, choice in enumerate(choices):
        choice["id"] = f"nr-card-{slot}-{number}"
    return {"slot": slot, "card": card(kind), "name": f"in__card{slot}", "choices": choices}


def _tops(view, options, hand):
    tops = []
    for name, supply in view["supply"].items():
        if supply["top"] is None:
            continue
        unlocks = [{"value": _pair("buys", o), "id": f"nr-top-{name}-{o['unlock_slot']}",
                    "label": _("with %(card)s") % {"card": words.card_name(hand[
                        o["unlock_slot"]])}}
                   for o in options if o["from"] == "top" and o["supply"] == name]
        tops.append({"supply": name, "label": labels.SUPPLIES[name],
                     "card": card(supply["top"]), "name": f"in__top_{name}",
                     "unlocks": unlocks})
    return tops


def empty_plan():
    return dict.fromkeys(PARTS, ()) | {"publish": None}


def plan_of(values):
    """The plan the form's values make so far, and a problem of the form's own (two
    publishes where one is allowed)."""
    publish = list(values.get("publish") or ())
    plan = {part: list(values.get(part) or ()) for part in PARTS}
    plan["publish"] = publish[0] if publish else None
    return plan, (["publish_once"] if len(publish) > 1 else [])


def balance(view, seat, plan):
    """What the turn pool holds after the plan's uses and publish, what its purchases and
    removed blocks cost, and what is left (NR-09)."""
    have = dict(view["turn_pool"])
    for use in plan["uses"]:
        option = USES[use["card"]][use["use"]]
        if option["op"] == "resource":
            have[option["res"]] += option["n"]
    effect = PUBLISH[plan["publish"]["card"]] if plan["publish"] else None
    if effect and effect["op"] == "resource":
        have[effect["res"]] += effect["n"]
    spend = dict.fromkeys(RESOURCES, 0)
    blocks = view["players"][seat - 1]["blocks"]
    for index in plan["disables"]:
        spend[blocks[index]["res"]] += blocks[index]["n"]
    for buy in plan["buys"]:
        for res, n in zip(RESOURCES, COST[buy["card"]], strict=True):
            spend[res] += n
    return [{"res": r, "code": labels.RESOURCE_CODES[r], "word": labels.RESOURCES[r],
             "have": have[r], "spend": spend[r], "left": have[r] - spend[r]} for r in RESOURCES]


def check_context(view, seat, step, plan, end_problems, more_problems):
    buying = [words.card_name(b["card"]) for b in plan["buys"]]
    return {
        "rows": balance(view, seat, plan), "buying": buying,
        "problems": [str(labels.ERRORS.get(code, labels.ERRORS["bad_action"]))
                     for code in dict.fromkeys(end_problems)],
        "end": {"message": send_message(step, True), "enabled": not end_problems},
        "more": {"message": send_message(step, False), "enabled": not more_problems},
    }


def check_parts(snapshot, seat, step, values, view):
    """The live check of a plan being filled in: its balance and every problem, for the
    planning seat's tablet only (the engine's problems read only what that seat may see)."""
    plan, own = plan_of(values)
    problems = {end: own + snapshot.engine.plan_problems(snapshot.state, seat,
                                                         {**plan, "end_turn": end})
                for end in (True, False)}
    context = check_context(view, seat, step, plan, problems[True], problems[False])
    return {CHECK_ID: render_to_string(CHECK, {"check": context})}
