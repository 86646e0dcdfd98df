"""Simulate and Peer review: cleaning Noise and checking work, and in the full game repairing
what Disruption cards did (SV-34, SV-35, FG-14, G-05, G-06, G-26)."""

from __future__ import annotations

from .. import board
from ..events import event
from ..state import can_pay, gain, pay, player
from .noise import remove_noise
from .turns import debt_variants, end_turn, start_action

SIMULATE_COST = {"L": 1}
PEER_REVIEW_COST = {"O": 1, "S": 1}
SIMULATE_REMOVALS = 2


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


def repairs(state: dict, p: dict) -> list[str]:
    """Damage a Disruption card did that peer review can repair: Hype it added ("hype"), KV it
    took from one of the seat's theories (the theory's id) (FG-14, G-26)."""
    found = ["hype"] if p.get("hype_from_cards") and p["hype"] > 0 else []
    return found + [t for t in p["theories"] if state["theories"][t].get("kv_taken")]


def peer_review_legal(state: dict, p: dict) -> list[dict]:
    actions = []
    for repair in [None] + repairs(state, p):
        actions += debt_variants(p, {"type": "peer_review", "seat": p["seat"], "repair": repair},
                                 PEER_REVIEW_COST)
    return actions


def peer_review_apply(state: dict, action: dict, out: list) -> None:
    """Pay O1 + S1, gain Rigour +1 (SV-35), or instead repair one piece of a Disruption card's
    damage: undo 1 Hype it added, or restore 1 KV it took (FG-14)."""
    p = start_action(state, action, out)
    pay(p, PEER_REVIEW_COST)
    repair = action.get("repair")
    rigour = 0 if repair else gain(p, "rigour", 1)
    out.append(event(state, "PeerReviewed", p["seat"], rigour=rigour,
                     cost=dict(PEER_REVIEW_COST)))
    if repair is not None:
        repair_damage(state, p, repair, out)
    end_turn(state, p, "peer_review")


def repair_damage(state: dict, p: dict, repair: str, out: list) -> None:
    if repair == "hype":
        p["hype_from_cards"] -= 1
        hype = -gain(p, "hype", -1)
        kv, theory = 0, None
    else:
        record = state["theories"][repair]
        record["kv_taken"] -= 1
        record["consensus"] += 1
        hype, kv, theory = 0, 1, repair
    out.append(event(state, "DamageRepaired", p["seat"], how="peer_review", theory=theory,
                     kv=kv, hype=hype))
