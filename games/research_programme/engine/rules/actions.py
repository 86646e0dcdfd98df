"""The Actions phase: turns and the school actions (SV-28 to SV-35), and the full game's
Interfere (FG-09) and repairs by peer review (FG-14).

Each action kind has `available` (None, or the reason code it cannot be taken now), `legal` (every
legal action of that kind, with and without debt) and `apply`. Build lives in `placement`, Preprint
and Journal in `publishing`, Interfere in `interfere`; debt and the end of a turn in `turns`.
"""

from __future__ import annotations

from .. import board
from ..content import CARDS
from ..events import event
from ..state import THEORY_SLOTS, pay, player, uses
from . import interfere, placement, publishing, review
from .steps import push, task, wait_for
from .turns import DEBT_MONEY, debt_variants, end_turn, start_action

ACTION_KINDS = ("theory", "build", "prediction", "preprint", "journal", "simulate",
                "peer_review")
FULL_ACTION_KINDS = ACTION_KINDS + ("interfere",)


def action_kinds(state: dict) -> tuple[str, ...]:
    """The seven school actions, and Interfere as the eighth in the full game (SV-30, FG-09)."""
    return FULL_ACTION_KINDS if uses(state, "disruption_cards") else ACTION_KINDS


# --- turns (SV-28) -----------------------------------------------------------------------

def actions_start(state: dict, task_: dict, out: list) -> None:
    state["phase"] = "actions"
    state["turn"] = 0
    out.append(event(state, "PhaseStarted", None, phase="actions"))
    push(state, task("actions_next"))


def actions_next(state: dict, task_: dict, out: list) -> None:
    """Seats act one at a time, round the table twice; a seat that passed is skipped (SV-28).

    A seat whose only legal choice is to pass passes without being asked.
    """
    order = state["order"]
    while state["turn"] < 2 * len(order):
        p = player(state, order[state["turn"] % len(order)])
        if p["passed"] or len(p["actions_taken"]) >= 2:
            state["turn"] += 1
            continue
        if not any(available(state, p["seat"], kind) is None for kind in action_kinds(state)):
            p["passed"] = True
            out.append(event(state, "Passed", p["seat"], auto=True))
            state["turn"] += 1
            continue
        wait_for(state, "actions", [p["seat"]])
        return
    push(state, task("tests_start"))


def available(state: dict, seat: int, kind: str) -> str | None:
    p = player(state, seat)
    if kind in p["actions_taken"]:
        return "already_taken"
    return AVAILABLE[kind](state, p)


# --- Theory (SV-31) ----------------------------------------------------------------------

def theories_in_hand(p: dict) -> list[str]:
    return [c for c in p["hand"] if CARDS[c]["deck"] == "theory"]


def theory_available(state: dict, p: dict) -> str | None:
    in_hand = theories_in_hand(p)
    if not in_hand:
        return "no_theory_in_hand"
    if min(CARDS[c]["cost"] for c in in_hand) > p["resources"]["R"] + DEBT_MONEY:
        return "cannot_pay"
    return None


def theory_legal(state: dict, p: dict) -> list[dict]:
    withdraws = p["theories"] if len(p["theories"]) >= THEORY_SLOTS else [None]
    actions = []
    for card in theories_in_hand(p):
        for withdraw in withdraws:
            base = {"type": "theory", "seat": p["seat"], "card": card, "withdraw": withdraw}
            actions += debt_variants(p, base, {"R": CARDS[card]["cost"]})
    return actions


def theory_apply(state: dict, action: dict, out: list) -> None:
    """Pay the card's price and put the theory in an empty slot with KV 0 (SV-31)."""
    p = start_action(state, action, out)
    card = action["card"]
    if action["withdraw"] is not None:
        withdraw_theory(state, p, action["withdraw"], out)
    pay(p, {"R": CARDS[card]["cost"]})
    p["hand"].remove(card)
    p["theories"].append(card)
    state["theories"][card] = {"owner": p["seat"], "consensus": 0, "hits": []}
    out.append(event(state, "TheoryPlayed", p["seat"], theory=card, region=CARDS[card]["region"],
                     cost={"R": CARDS[card]["cost"]}))
    end_turn(state, p, "theory")


def withdraw_theory(state: dict, p: dict, theory: str, out: list) -> None:
    """With all slots full a theory may be withdrawn: it leaves the game without VP (SV-31)."""
    remove_theory(state, theory, "withdrawn", out)
    out.append(event(state, "TheoryWithdrawn", p["seat"], theory=theory))


def remove_theory(state: dict, theory: str, how: str, out: list) -> None:
    """A theory leaves the game; every test scheduled on it is cancelled (SV-26, SV-47)."""
    record = state["theories"].pop(theory)
    owner = player(state, record["owner"])
    owner["theories"].remove(theory)
    state["gone"][theory] = {"owner": record["owner"], "how": how, "round": state["round"],
                             "consensus": record["consensus"], "hits": record["hits"]}
    for p in state["players"]:
        scheduled = p["scheduled"]
        if scheduled is not None and scheduled["theory"] == theory:
            p["scheduled"] = None
            out.append(event(state, "TestCancelled", p["seat"], theory=theory,
                             reason="theory_removed"))


# --- Prediction (SV-33, SV-43) -----------------------------------------------------------

def prediction_available(state: dict, p: dict) -> str | None:
    """A theory in play and something to test it with: an own tile, or a desk with the method
    the theory's Test field names (SV-33, SV-43). Without packets (the full game) a seat may
    start with neither."""
    if not state["theories"]:
        return "no_theory_in_play"
    if p["projects"] or prediction_legal(state, p):
        return None
    return "no_project"


def method_options(p: dict, key: str | None = None) -> list[tuple[str | None, int]]:
    """Methods that can be attached, with the price paid now: own table free, hand at € (SV-33)."""
    options = [(m, 0) for m in p["methods"] if key is None or CARDS[m]["key"] == key]
    options += [(m, CARDS[m]["cost"]) for m in p["hand"]
                if CARDS[m]["deck"] == "method" and (key is None or CARDS[m]["key"] == key)]
    return options


def prediction_legal(state: dict, p: dict) -> list[dict]:
    seat = p["seat"]
    money = p["resources"]["R"]
    debts = [(method, debt) for method, price in [(None, 0)] + method_options(p)
             for debt in (False, True) if price <= money + (DEBT_MONEY if debt else 0)]
    tiles = [project["card"] for project in p["projects"]]
    actions = []
    for theory in ordered_theories(state):
        for project in tiles:
            actions += [{"type": "prediction", "seat": seat, "theory": theory, "project": project,
                         "desk_hex": None, "method": method, "debt": debt}
                        for method, debt in debts]
        named = CARDS[theory]["test"].get("method")
        if named is not None:
            for method, price in method_options(p, named):
                for debt in (False, True):
                    if price > money + (DEBT_MONEY if debt else 0):
                        continue
                    actions += [{"type": "prediction", "seat": seat, "theory": theory,
                                 "project": "desk", "desk_hex": hex_id, "method": method,
                                 "debt": debt}
                                for hex_id in board.REGION_HEXES[board.METASCIENCE]]
    return actions


def ordered_theories(state: dict) -> list[str]:
    """Theories in play, seat by seat in turn order, slot by slot."""
    return [t for seat in state["order"] for t in player(state, seat)["theories"]]


def prediction_apply(state: dict, action: dict, out: list) -> None:
    """Schedule this round's test: theory, project or desk, method. No D is paid yet (SV-33)."""
    p = start_action(state, action, out)
    method = action["method"]
    cost = {}
    if method is not None and method in p["hand"]:
        cost = {"R": CARDS[method]["cost"]}
        pay(p, cost)
        p["hand"].remove(method)
        p["methods"].append(method)
    if action["project"] == "desk":
        hex_id = action["desk_hex"]
    else:
        hex_id = next(pr["hex"] for pr in p["projects"] if pr["card"] == action["project"])
    p["scheduled"] = {"theory": action["theory"], "project": action["project"], "hex": hex_id,
                      "method": method}
    out.append(event(state, "TestScheduled", p["seat"], theory=action["theory"],
                     owner=state["theories"][action["theory"]]["owner"],
                     project=action["project"], hex=hex_id, method=method,
                     method_key=None if method is None else CARDS[method]["key"], cost=cost))
    end_turn(state, p, "prediction")


# --- Pass (SV-28) ------------------------------------------------------------------------

def pass_legal(state: dict, p: dict) -> list[dict]:
    return [{"type": "pass", "seat": p["seat"]}]


def pass_apply(state: dict, action: dict, out: list) -> None:
    """A seat that passes takes no more actions this round (SV-28)."""
    p = player(state, action["seat"])
    p["passed"] = True
    out.append(event(state, "Passed", p["seat"], auto=False))
    end_turn(state, p, "pass")


AVAILABLE = {
    "interfere": interfere.interfere_available,
    "theory": theory_available,
    "build": placement.build_available,
    "prediction": prediction_available,
    "preprint": publishing.publish_available(publishing.PREPRINT_COST),
    "journal": publishing.publish_available(publishing.JOURNAL_COST),
    "simulate": review.simulate_available,
    "peer_review": review.peer_review_available,
    "pass": lambda state, p: None,
}
LEGAL = {
    "interfere": interfere.interfere_legal,
    "theory": theory_legal,
    "build": placement.build_legal,
    "prediction": prediction_legal,
    "preprint": publishing.publish_legal("preprint", publishing.PREPRINT_COST),
    "journal": publishing.publish_legal("journal", publishing.JOURNAL_COST),
    "simulate": review.simulate_legal,
    "peer_review": review.peer_review_legal,
    "pass": pass_legal,
}
APPLY = {
    "interfere": interfere.interfere_apply,
    "theory": theory_apply,
    "build": placement.build_apply,
    "prediction": prediction_apply,
    "preprint": publishing.preprint_apply,
    "journal": publishing.journal_apply,
    "simulate": review.simulate_apply,
    "peer_review": review.peer_review_apply,
    "pass": pass_apply,
}
simulate_area = review.simulate_area  # where tests and older callers look for it
