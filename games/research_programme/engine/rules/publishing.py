"""Result records, publishing them, and the Preprint and Journal actions (SV-68 to SV-72)."""

from __future__ import annotations

from ..events import event
from ..state import can_pay, gain, pay
from .turns import debt_variants, end_turn, start_action

PREPRINT_COST = {"D": 1}
JOURNAL_COST = {"D": 1, "L": 1}


def add_record(state: dict, p: dict, theory: str, outcome: str) -> dict:
    """A resolved success or null result gives the tester an unpublished record (SV-68)."""
    p["record_n"] += 1
    record = {
        "id": f"{p['seat']}.{p['record_n']}",
        "theory": theory,
        "outcome": outcome,
        "round": state["round"],
        "status": "unpublished",
    }
    p["records"].append(record)
    return record


def find_record(p: dict, record_id: str) -> dict:
    for record in p["records"]:
        if record["id"] == record_id:
            return record
    raise KeyError(record_id)


def publishable(p: dict) -> list[dict]:
    """Records that can still be published: each once, never from the drawer (SV-68)."""
    return [r for r in p["records"] if r["status"] == "unpublished"]


def preprint(state: dict, p: dict, record_id: str, out: list, scoop: bool = False) -> None:
    """Pay D1, publish a record: Reputation +1 and Hype +1, success or null (SV-69, SV-71)."""
    record = find_record(p, record_id)
    pay(p, PREPRINT_COST)
    record["status"] = "preprint"
    reputation = gain(p, "reputation", 1)
    hype = gain(p, "hype", 1)
    out.append(event(state, "Preprinted", p["seat"], record=record_id, theory=record["theory"],
                     outcome=record["outcome"], reputation=reputation, hype=hype, scoop=scoop,
                     cost=dict(PREPRINT_COST)))


def journal(state: dict, p: dict, record_id: str, out: list) -> None:
    """Pay D1 + L1, publish a record: Rigour +1, its theory KV +1 if still in play (SV-70)."""
    record = find_record(p, record_id)
    pay(p, JOURNAL_COST)
    record["status"] = "journal"
    rigour = gain(p, "rigour", 1)
    theory = state["theories"].get(record["theory"])
    if theory is not None:
        theory["consensus"] += 1
    out.append(event(state, "JournalPublished", p["seat"], record=record_id,
                     theory=record["theory"], outcome=record["outcome"], rigour=rigour,
                     consensus=None if theory is None else theory["consensus"],
                     cost=dict(JOURNAL_COST)))


# --- the Preprint and Journal actions -------------------------------------------------------

def publish_available(cost: dict):
    def check(state: dict, p: dict) -> str | None:
        if not publishable(p):
            return "no_unpublished_record"
        return None if can_pay(p, cost) else "cannot_pay"
    return check


def publish_legal(kind: str, cost: dict):
    def legal(state: dict, p: dict) -> list[dict]:
        actions = []
        for record in publishable(p):
            actions += debt_variants(
                p, {"type": kind, "seat": p["seat"], "record": record["id"]}, cost)
        return actions
    return legal


def preprint_apply(state: dict, action: dict, out: list) -> None:
    p = start_action(state, action, out)
    preprint(state, p, action["record"], out)
    end_turn(state, p, "preprint")


def journal_apply(state: dict, action: dict, out: list) -> None:
    p = start_action(state, action, out)
    journal(state, p, action["record"], out)
    end_turn(state, p, "journal")
