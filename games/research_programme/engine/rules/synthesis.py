"""Synthesis, the second way to win (FG-13, G-30).

In the Tests phase, on its own turn and after its own test, a seat with at least 2 bridges
joining at least 3 regions, Rigour 4 or more and Hype under 6 may try once per round, for free:
1d6 + min(3, its best Technique + floor(Rigour / 4)) >= 8 wins the game at once. The map,
Insight, a Discovery and methods give nothing to this roll; a failure has no effect.
"""

from __future__ import annotations

from ..content import CARDS
from ..events import event
from ..state import player
from .scoring import end_game
from .steps import wait_for

TARGET = 8
BONUS_CAP = 3
MIN_BRIDGES = 2
MIN_REGIONS = 3
MIN_RIGOUR = 4
HYPE_BELOW = 6


def bridged_regions(p: dict) -> set[str]:
    return {region for pair in p["bridges"] for region in pair.split("-")}


def may_attempt(p: dict) -> bool:
    """At least 2 bridges, "i.e. into at least three regions" (the rulebook's own gloss, which
    matters because a seat may own two bridges between one pair, D-2), Rigour >= 4, Hype < 6."""
    return (len(p["bridges"]) >= MIN_BRIDGES and len(bridged_regions(p)) >= MIN_REGIONS
            and p["rigour"] >= MIN_RIGOUR and p["hype"] < HYPE_BELOW)


def synthesis_turn(state: dict, task_: dict, out: list) -> None:
    p = player(state, task_["seat"])
    if may_attempt(p):
        wait_for(state, "synthesis", [p["seat"]])


def legal_synthesis(state: dict, seat: int) -> list[dict]:
    return [{"type": "synthesis", "seat": seat, "attempt": True},
            {"type": "synthesis", "seat": seat, "attempt": False}]


def numbers(p: dict) -> dict:
    """The roll's bonus: the best Technique among the seat's tiles and floor(Rigour / 4)."""
    technique = max((CARDS[pr["card"]]["technique"] for pr in p["projects"]), default=0)
    rigour_bonus = p["rigour"] // 4
    return {"seat": p["seat"], "technique": technique, "rigour_bonus": rigour_bonus,
            "bonus": min(BONUS_CAP, technique + rigour_bonus), "target": TARGET,
            "bridges": len(p["bridges"]), "rigour": p["rigour"], "hype": p["hype"]}


def apply_synthesis(state: dict, action: dict, out: list) -> None:
    p = player(state, action["seat"])
    if not action["attempt"]:
        state["step"] = None
        out.append(event(state, "SynthesisDeclined", p["seat"]))
        return
    state["tally"]["synthesis_attempts"] += 1
    state["step"] = {"kind": "chance", "chance": "synthesis_die", "seat": p["seat"],
                     "synthesis": numbers(p)}


def die_outcomes(state: dict, step: dict) -> list:
    return [1, 2, 3, 4, 5, 6]


def resolve_die(state: dict, step: dict, die: int, out: list) -> None:
    """8 or more wins the game at once; otherwise nothing happens (FG-13)."""
    n = step["synthesis"]
    result = die + n["bonus"]
    out.append(event(state, "SynthesisAttempted", n["seat"], die=die, result=result,
                     success=result >= TARGET, **{k: v for k, v in n.items() if k != "seat"}))
    if result >= TARGET:
        state["synthesis_winner"] = n["seat"]
        state["queue"] = []
        end_game(state, "synthesis", out)
