"""What every action of the Actions phase shares: debt before it and the end of the turn
(SV-28, SV-29)."""

from __future__ import annotations

from ..events import event
from ..state import can_pay, player
from .steps import push, task

DEBT_MONEY = 2


def end_turn(state: dict, p: dict, kind: str) -> None:
    if kind != "pass":
        p["actions_taken"].append(kind)
    state["turn"] += 1
    state["step"] = None
    push(state, task("actions_next"))


def take_debt(state: dict, p: dict, out: list) -> None:
    """Immediately before an action, once: R +2 and Debt +1 (SV-29)."""
    p["resources"]["R"] += DEBT_MONEY
    p["debt"] += 1
    out.append(event(state, "DebtTaken", p["seat"], money=DEBT_MONEY, debt=p["debt"]))


def debt_variants(p: dict, base: dict, cost: dict) -> list[dict]:
    """The action without debt (if affordable) and with debt (if affordable then)."""
    price = cost.get("R", 0)
    if len(cost) > (1 if "R" in cost else 0) and not can_pay(p, cost, extra_r=DEBT_MONEY):
        return []
    money = p["resources"]["R"]
    if price > money + DEBT_MONEY:
        return []
    if price > money or not can_pay(p, cost):
        return [{**base, "debt": True}]
    return [{**base, "debt": False}, {**base, "debt": True}]


def start_action(state: dict, action: dict, out: list) -> dict:
    p = player(state, action["seat"])
    if action.get("debt"):
        take_debt(state, p, out)
    return p
