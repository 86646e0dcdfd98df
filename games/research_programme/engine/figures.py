"""What the platform reads besides the rules: the cockpit's summary, the deadlines of out-of-turn
choices, and the pace model's name for each decision (docs/engine.md)."""

from __future__ import annotations

from . import actions as dispatch
from .rules import scoring
from .rules.defence import DEFEND_SECONDS
from .state import uses

# How far into its round a table is, by phase: rounds done = round - 1 + this.
PHASE_PROGRESS = {"setup": 0.0, "funding": 0.1, "actions": 0.4, "tests": 0.8, "cleanup": 0.95,
                  "over": 1.0}
FULL_FIGURES = ("disruptions_played", "disruptions_blocked", "hexes_revealed",
                "synthesis_attempts")


def summary(state: dict) -> dict:
    """The table at a glance for the cockpit: rounds done, the replication counter against its
    target (and in the full game the disruptions played and blocked, hexes revealed and synthesis
    attempts), and each seat's VP (its final VP once the game is over) with a few figures."""
    over = state["phase"] == "over"
    done = state["rounds"] if over else state["round"] - 1 + PHASE_PROGRESS.get(state["phase"], 0)
    final = {row["seat"]: row["vp"] for row in (scoring.outcome(state) or {}).get("players", [])}
    full = uses(state, "disruption_cards")
    figures = {"replications": state["replication_counter"],
               "replication_target": state["replication_target"]}
    if full:
        figures.update({key: state["tally"][key] for key in FULL_FIGURES})
    return {
        "progress": min(1.0, done / state["rounds"]), "stage": state["phase"],
        "round": state["round"], "rounds": state["rounds"],
        "to_act": [s for s in dispatch.current_seats(state) if isinstance(s, int)], "over": over,
        "figures": figures,
        "seats": [{"seat": p["seat"], "score": final.get(p["seat"], p["vp"]),
                   "figures": seat_figures(p, full)} for p in state["players"]],
    }


def seat_figures(p: dict, full: bool) -> dict:
    figures = {"replications": p["replications"], "bridges": len(p["bridges"])}
    if full:
        figures.update(disruptions=len(p["disruptions"]), rigour=p["rigour"], hype=p["hype"])
    else:
        figures.update(ep=p["ep"], insight=p["insight"])
    return figures


def deadlines(state: dict) -> list[dict]:
    """The target of an Interfere decides how to block out of turn, within 30 seconds; the
    fallback is no block (FG-10). Nothing else has a time limit."""
    step = state["step"]
    if not step or step["kind"] != "defend":
        return []
    i = state["interference"]
    seat = i["target"]
    return [{"key": f"disruption{i['n']}:defend{i['asked']}", "seat": seat,
             "seconds": DEFEND_SECONDS,
             "fallback": {"type": "defend", "seat": seat, "how": None, "card": None}}]


PACE = {
    # the kind of decision each action is for a class at a table (games.engines.playout.Pace)
    "fund": "choice", "discard": "choice", "keep": "read", "event_block": "choice",
    "event_choose": "choice", "theory": "choice", "build": "plan", "prediction": "plan",
    "preprint": "quick", "journal": "quick", "simulate": "choice", "peer_review": "quick",
    "pass": "quick", "roll": "read", "interfere": "plan", "defend": "choice",
    "reveal": "choice", "exploration_reward": "choice", "overflow": "choice",
    "synthesis": "quick",
}


def pace_kind(state: dict, action: dict) -> str | None:
    """The kind of decision an action is: reading a test's Condition aloud before the roll and
    the opening hand are "read", a Prediction, a Build or an Interfere are "plan", and so on."""
    return PACE.get(action.get("type"))
