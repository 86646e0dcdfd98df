"""A seat's turn: its plans applied, and the end of the turn (NR-09 to NR-17, NR-20, NR-22).

A plan (validated as a whole by `plan.problems`) is applied in a fixed order: discards, the
publish, the uses, disabled blocks, then purchases. What needs a later decision (a target's
choice, a blind pick, extra cards, refilling a pool) is queued behind it, and the turn then
either ends or waits for the seat's next plan.
"""

from __future__ import annotations

from . import scoring
from .cards import COST, GROUP, PAPER_PP, PUBLISH, TYPE, USES
from .events import event
from .state import RESOURCES, player, put, take


def start_turn(state: dict, task: dict, out: list) -> bool:
    """The turn pool starts at 0 and the seat may publish once (NR-09, NR-13)."""
    state["turn"] += 1
    state["turn_pool"] = dict.fromkeys(RESOURCES, 0)
    state["published"] = False
    seat = state["active"]
    state["step"] = {"kind": "plan", "seat": seat}
    p = player(state, seat)
    out.append(event(state, "TurnStarted", seat, hand_size=len(p["hand"]),
                     blocks=[dict(b) for b in p["blocks"]]))
    return False


def reopen_plan(state: dict, task: dict, out: list) -> bool:
    """After a plan that did not end the turn, the same seat plans again (e.g. after Sally
    Kristen Ride's cards arrive, NR-24)."""
    state["step"] = {"kind": "plan", "seat": state["active"]}
    return False


def apply_plan(state: dict, plan: dict, out: list) -> None:
    """Apply a legal, canonical plan and queue what follows it."""
    p = player(state, plan["seat"])
    before = dict(state["turn_pool"])
    for kind in plan["discards"]:
        discard(state, p, kind, "discard", out)
    if plan["publish"] is not None:
        publish(state, p, plan["publish"], out)
    follow: list[dict] = []
    for use in plan["uses"]:
        follow += use_card(state, p, use, out)
    spent = {"buys": dict.fromkeys(RESOURCES, 0), "disables": dict.fromkeys(RESOURCES, 0)}
    for index in sorted(plan["disables"], reverse=True):
        disable_block(state, p, index, spent["disables"], out)
    refills = set()
    for buy in plan["buys"]:
        refills.add(buy_card(state, p, buy, spent["buys"], out))
    scoring.update(state, out)
    out.append(event(state, "PlanConfirmed", p["seat"], end_turn=plan["end_turn"],
                     gained=_gained(before, state["turn_pool"], spent), spent=spent,
                     left=dict(state["turn_pool"])))
    tasks = [{"t": "fill", "supply": name} for name in sorted(refills)] + follow
    tasks.append({"t": "end_turn"} if plan["end_turn"] else {"t": "plan"})
    state["queue"][0:0] = tasks


def _gained(before: dict, after: dict, spent: dict) -> dict:
    return {r: after[r] - before[r] + spent["buys"][r] + spent["disables"][r] for r in RESOURCES}


def discard(state: dict, p: dict, kind: str, why: str, out: list) -> None:
    """A card from hand to the discard pile without effect: a free discard (NR-15) or the
    card that unlocks a deck's top (NR-12)."""
    take(p["hand"], kind)
    put(p["discard"], kind)
    out.append(event(state, "CardDiscarded", p["seat"], card=kind, why=why))


def target_record(state: dict, by: int, target: int, kind: str, effect: str, **extra) -> dict:
    """Note who targeted whom with what, for the teacher and the debrief (Part 4, NR-G19)."""
    systemic = state["options"]["situations_systemic"] and TYPE[kind] == "situation"
    record = {"round": state["round"], "turn": state["turn"], "by": by, "target": target,
              "card": kind, "effect": effect, "systemic": systemic, **extra}
    state["targeting"].append(record)
    return record


def _target_event(state: dict, record: dict) -> dict:
    return event(state, "Targeted", record["by"], **{k: v for k, v in record.items()
                                                     if k not in ("round", "turn")})


# Publish (NR-13, NR-20, NR-22, NR-35) --------------------------------------------------------


def publish(state: dict, p: dict, chosen: dict, out: list) -> None:
    """The seat's one publish of the turn: the card leaves the hand for good (NR-13, NR-14)."""
    kind = chosen["card"]
    take(p["hand"], kind)
    state["published"] = True
    state["round_active"] = True
    effect = PUBLISH[kind]
    pp, record = PUBLISHERS[effect["op"]](state, p, kind, effect, chosen["target"])
    out.append(event(state, "CardPublished", p["seat"], card=kind, effect=dict(effect),
                     target=chosen["target"], pp=pp))
    if record is not None:
        out.append(_target_event(state, record))


def _to_cv(state: dict, p: dict, kind: str, pp: int, how: str, by: int | None = None) -> None:
    p["cv"].append({"card": kind, "pp": pp, "how": how, "by": by, "round": state["round"]})


def _publish_plain(state, p, kind, effect, target) -> tuple[int, None]:
    """No publish effect, or prestige: the card goes to the own CV (NR-13, NR-35)."""
    pp = effect["n"] if effect["op"] == "prestige" else 0
    _to_cv(state, p, kind, pp, "published")
    return pp, None


def _publish_resource(state, p, kind, effect, target) -> tuple[int, None]:
    """Extra resources into this turn's pool; the card rests in the CV (NR-13)."""
    state["turn_pool"][effect["res"]] += effect["n"]
    _to_cv(state, p, kind, 0, "published")
    return 0, None


def _publish_block(state, p, kind, effect, target) -> tuple[int, dict]:
    """The card goes in front of the opponent's CV as a block (NR-20)."""
    record = target_record(state, p["seat"], target, kind, "block", res=effect["res"],
                           n=effect["n"])
    player(state, target)["blocks"].append({"card": kind, "res": effect["res"],
                                            "n": effect["n"], "by": p["seat"],
                                            "round": state["round"]})
    return 0, record


def _publish_minus(state, p, kind, effect, target) -> tuple[int, dict]:
    """The card goes into the opponent's CV with its negative prestige (NR-22, NR-23)."""
    record = target_record(state, p["seat"], target, kind, "minus_prestige", n=effect["n"])
    _to_cv(state, player(state, target), kind, -effect["n"], "placed", p["seat"])
    return -effect["n"], record


PUBLISHERS = {"none": _publish_plain, "prestige": _publish_plain,
              "resource": _publish_resource, "block": _publish_block,
              "minus_prestige": _publish_minus}


# Use (NR-10, NR-18, NR-24, NR-25, NR-33) -----------------------------------------------------


def use_card(state: dict, p: dict, use: dict, out: list) -> list[dict]:
    """The card goes to the play area for exactly one of its options (NR-10, NR-33); returns
    the tasks that follow it."""
    kind = use["card"]
    take(p["hand"], kind)
    p["play"].append(kind)
    option = USES[kind][use["use"]]
    out.append(event(state, "CardUsed", p["seat"], card=kind, use=use["use"],
                     effect=dict(option), target=use["target"]))
    return USERS[option["op"]](state, p, kind, option, use["target"], out)


def _use_resource(state, p, kind, option, target, out) -> list[dict]:
    state["turn_pool"][option["res"]] += option["n"]
    return []


def _use_negative(state, p, kind, option, target, out) -> list[dict]:
    """The target will choose cards worth the amount (NR-18)."""
    record = target_record(state, p["seat"], target, kind, "normal", res=option["res"],
                           n=option["n"])
    out.append(_target_event(state, record))
    return [{"t": "respond", "seat": target, "by": p["seat"], "card": kind,
             "res": option["res"], "n": option["n"]}]


def _use_draw(state, p, kind, option, target, out) -> list[dict]:
    """Sally Kristen Ride: n cards from the own deck at once, usable this turn (NR-24)."""
    return [{"t": "draw", "seat": p["seat"], "left": option["n"], "why": kind}]


def _use_blind(state, p, kind, option, target, out) -> list[dict]:
    """Donna Strickland: a card from the target's hand, picked blind (NR-25)."""
    record = target_record(state, p["seat"], target, kind, "blind_discard")
    out.append(_target_event(state, record))
    return [{"t": "blind", "seat": target, "by": p["seat"], "card": kind}]


USERS = {"resource": _use_resource, "negative": _use_negative, "draw": _use_draw,
         "blind_discard": _use_blind}


# Blocks and purchases (NR-11, NR-12, NR-16, NR-21, NR-34) -------------------------------------


def disable_block(state: dict, p: dict, index: int, spent: dict, out: list) -> None:
    """Pay the block's amount from the turn pool; the card rests in the CV at 0 PP (NR-16,
    NR-23)."""
    block = p["blocks"].pop(index)
    state["turn_pool"][block["res"]] -= block["n"]
    spent[block["res"]] += block["n"]
    _to_cv(state, p, block["card"], 0, "disabled_block", block["by"])
    out.append(event(state, "BlockDisabled", p["seat"], card=block["card"], res=block["res"],
                     paid=block["n"], by=block["by"]))


def buy_card(state: dict, p: dict, buy: dict, spent: dict, out: list) -> str:
    """Take a pool card, or unlock and take a deck's top; pay its cost; a paper goes straight
    to the CV with its PP, any other card to the discard pile. Returns the supply to refill."""
    kind, name = buy["card"], buy["supply"]
    source = state["supply"][name]
    if buy["from"] == "top":
        discard(state, p, buy["unlock"], "unlock", out)
        source["top"] = None
    else:
        take(source["pool"], kind)
    for r, amount in zip(RESOURCES, COST[kind], strict=True):
        state["turn_pool"][r] -= amount
        spent[r] += amount
    state["round_active"] = True
    if kind in PAPER_PP:
        _to_cv(state, p, kind, PAPER_PP[kind], "paper")
    else:
        put(p["discard"], kind)
    out.append(event(state, "CardBought", p["seat"], card=kind, kind=TYPE[kind],
                     group=GROUP[kind], supply=name, source=buy["from"], unlock=buy["unlock"],
                     cost=dict(zip(RESOURCES, COST[kind], strict=True)),
                     to="cv" if kind in PAPER_PP else "discard", pp=PAPER_PP.get(kind, 0)))
    return name


def end_turn(state: dict, task: dict, out: list) -> bool:
    """The play area goes to the discard pile, unspent resources are lost, the seat draws up
    to 5, and the next seat plays (NR-09, NR-17)."""
    p = player(state, state["active"])
    for kind in p["play"]:
        put(p["discard"], kind)
    p["play"] = []
    out.append(event(state, "TurnEnded", p["seat"], unspent=dict(state["turn_pool"]),
                     kept=len(p["hand"])))
    state["turn_pool"] = dict.fromkeys(RESOURCES, 0)
    state["queue"][0:0] = [{"t": "draw", "seat": p["seat"]}, {"t": "next"}]
    return False
