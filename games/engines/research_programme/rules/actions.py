"""The Actions phase: turns and the school actions (SV-28 to SV-35).

Each action kind has `available` (None, or the reason code it cannot be taken now), `legal` (every
legal action of that kind, with and without debt) and `apply`. Build lives in `placement`, Preprint
and Journal in `publishing`; debt and the end of a turn in `turns`.
"""

from __future__ import annotations

from .. import board
from ..content import CARDS
from ..events import event
from ..state import THEORY_SLOTS, can_pay, gain, pay, player
from . import placement, publishing
from .noise import remove_noise
from .steps import push, task, wait_for
from .turns import DEBT_MONEY, debt_variants, end_turn, start_action

ACTION_KINDS = ("theory", "build", "prediction", "preprint", "journal", "simulate",
                "peer_review")
SIMULATE_COST = {"L": 1}
PEER_REVIEW_COST = {"O": 1, "S": 1}
SIMULATE_REMOVALS = 2


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
        if not any(available(state, p["seat"], kind) is None for kind in ACTION_KINDS):
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
    return None if state["theories"] else "no_theory_in_play"


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


# --- Simulate (SV-34) --------------------------------------------------------------------

def simulate_area(state: dict, seat: int) -> list[str]:
    """Hexes that hold one of the seat's tiles or are next to one, in map order."""
    hexes = state["hexes"]
    area = set()
    for project in player(state, seat)["projects"]:
        area.add(project["hex"])
        area.update(board.neighbours(hexes, project["hex"]))
    return sorted(area, key=board.HEX_INDEX.__getitem__)


def simulate_available(state: dict, p: dict) -> str | None:
    return None if can_pay(p, SIMULATE_COST) else "cannot_pay"


def simulate_choices(state: dict, seat: int) -> list[list[str]]:
    """Every way to remove up to 2 Noise in the seat's area (a hex may give two)."""
    hexes = state["hexes"]
    noisy = [h for h in simulate_area(state, seat) if hexes[h]["noise"] > 0]
    choices = [[]] + [[h] for h in noisy]
    for i, first in enumerate(noisy):
        if hexes[first]["noise"] >= 2:
            choices.append([first, first])
        choices += [[first, second] for second in noisy[i + 1:]]
    return choices


def simulate_legal(state: dict, p: dict) -> list[dict]:
    actions = []
    for removal in simulate_choices(state, p["seat"]):
        actions += debt_variants(p, {"type": "simulate", "seat": p["seat"], "hexes": removal},
                                 SIMULATE_COST)
    return actions


def simulate_apply(state: dict, action: dict, out: list) -> None:
    """Pay L1, remove up to 2 Noise from hexes with or next to own tiles (SV-34)."""
    p = start_action(state, action, out)
    pay(p, SIMULATE_COST)
    removed = [h for h in action["hexes"] if remove_noise(state, h, 1)]
    out.append(event(state, "Simulated", p["seat"], hexes=removed, cost=dict(SIMULATE_COST)))
    end_turn(state, p, "simulate")


# --- Peer review (SV-35) -----------------------------------------------------------------

def peer_review_available(state: dict, p: dict) -> str | None:
    return None if can_pay(p, PEER_REVIEW_COST) else "cannot_pay"


def peer_review_legal(state: dict, p: dict) -> list[dict]:
    return debt_variants(p, {"type": "peer_review", "seat": p["seat"]}, PEER_REVIEW_COST)


def peer_review_apply(state: dict, action: dict, out: list) -> None:
    """Pay O1 + S1, gain Rigour +1 (SV-35)."""
    p = start_action(state, action, out)
    pay(p, PEER_REVIEW_COST)
    rigour = gain(p, "rigour", 1)
    out.append(event(state, "PeerReviewed", p["seat"], rigour=rigour,
                     cost=dict(PEER_REVIEW_COST)))
    end_turn(state, p, "peer_review")


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
    "theory": theory_available,
    "build": placement.build_available,
    "prediction": prediction_available,
    "preprint": publishing.publish_available(publishing.PREPRINT_COST),
    "journal": publishing.publish_available(publishing.JOURNAL_COST),
    "simulate": simulate_available,
    "peer_review": peer_review_available,
    "pass": lambda state, p: None,
}
LEGAL = {
    "theory": theory_legal,
    "build": placement.build_legal,
    "prediction": prediction_legal,
    "preprint": publishing.publish_legal("preprint", publishing.PREPRINT_COST),
    "journal": publishing.publish_legal("journal", publishing.JOURNAL_COST),
    "simulate": simulate_legal,
    "peer_review": peer_review_legal,
    "pass": pass_legal,
}
APPLY = {
    "theory": theory_apply,
    "build": placement.build_apply,
    "prediction": prediction_apply,
    "preprint": publishing.preprint_apply,
    "journal": publishing.journal_apply,
    "simulate": simulate_apply,
    "peer_review": peer_review_apply,
    "pass": pass_apply,
}
