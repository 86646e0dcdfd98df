"""The greedy bot's choices in the full game: the opening hand, Interfere, defence, which hidden
hex to reveal, the reward, where Noise leaks and synthesis (FG-04 to FG-13).

Like every bot it reads only what its seat may see: never another hand, never a hidden marker.
"""

from __future__ import annotations

import random

from . import actions as dispatch
from . import board
from .content import CARDS
from .rules import interfere
from .state import player

BLOCK_PREFERENCE = {"protection": 0, "scepticism": 1, "method": 2}


def greedy_keep(state: dict, seat: int, rng: random.Random) -> dict:
    """The easiest theory and the cheapest method."""
    def value(action: dict) -> tuple:
        theory = CARDS[action["theory"]] if action["theory"] else None
        method = CARDS[action["method"]] if action["method"] else None
        return (theory["difficulty"] if theory else 9, theory["cost"] if theory else 9,
                method["cost"] if method else 9)
    return min(dispatch.legal_of_kind(state, seat, "keep"), key=value)


def greedy_defend(state: dict, seat: int, rng: random.Random) -> dict:
    """Block whenever possible: a sure Protection first, then Scepticism, a method, a partial
    Protection; no block only when nothing else is legal."""
    def rank(action: dict) -> tuple:
        if action["how"] is None:
            return (9, 0)
        if action["how"] == "protection" and CARDS[action["card"]].get("partial"):
            return (3, CARDS[action["card"]]["partial"])
        return (BLOCK_PREFERENCE[action["how"]], 0)
    return min(dispatch.legal_of_kind(state, seat, "defend"), key=rank)


def greedy_reveal(state: dict, seat: int, rng: random.Random) -> dict:
    """A hidden hex with a printed bonus, or one next to the seat's own tiles (both public)."""
    hexes = state["hexes"]

    def value(action: dict) -> int:
        near = any(hexes[o]["owner"] == seat for o in board.neighbours(hexes, action["hex"]))
        return (2 if board.BONUS[action["hex"]] else 0) + (1 if near else 0)
    return max(dispatch.legal_of_kind(state, seat, "reveal"), key=value)


def greedy_exploration(state: dict, seat: int, rng: random.Random) -> dict:
    """1 VP when offered, otherwise the resources the seat has least of."""
    resources = player(state, seat)["resources"]

    def value(action: dict) -> float:
        gains = action["gains"]
        if "vp" in gains:
            return 10
        return sum(n / (1 + resources.get(code, 0)) for code, n in gains.items())
    return max(dispatch.legal_of_kind(state, seat, "exploration_reward"), key=value)


def greedy_overflow(state: dict, seat: int, rng: random.Random) -> dict:
    """Leak onto an opponent's tile, never onto an own one."""
    hexes = state["hexes"]

    def value(action: dict) -> int:
        owner = hexes[action["hex"]]["owner"]
        return -5 if owner == seat else (2 if owner is not None else 0)
    return max(dispatch.legal_of_kind(state, seat, "overflow"), key=value)


def greedy_synthesis(state: dict, seat: int, rng: random.Random) -> dict:
    return {"type": "synthesis", "seat": seat, "attempt": True}


def interfere_choice(state: dict, p: dict, open_: set) -> dict | None:
    """Play a card on the leader (most VP), where its Block names no method on the leader's
    table; hit the theory with the most hits, or the highest-Technique tiles."""
    if "interfere" not in open_:
        return None
    options = [a for a in interfere.interfere_legal(state, p) if not a["debt"]]
    if not options:
        return None
    leader = max((q for q in state["players"] if q["seat"] != p["seat"]),
                 key=lambda q: (q["vp"], q["replications"]))

    def value(action: dict) -> float:
        card = CARDS[action["card"]]
        target = player(state, action["target"])
        blocked = any(CARDS[m]["key"] in card["block"] for m in target["methods"])
        score = (3 if action["target"] == leader["seat"] else 0) - (4 if blocked else 0)
        if action["theory"]:
            score += len(state["theories"][action["theory"]]["hits"])
        if action["hexes"]:
            score += sum(CARDS[state["hexes"][h]["card"]]["technique"] for h in action["hexes"])
        return score - card["cost"]
    return max(options, key=value)


GREEDY = {
    "keep": greedy_keep,
    "defend": greedy_defend,
    "reveal": greedy_reveal,
    "exploration": greedy_exploration,
    "overflow": greedy_overflow,
    "synthesis": greedy_synthesis,
}
