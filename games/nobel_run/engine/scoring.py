"""Prestige, the 20-point trigger and the result (NR-27 to NR-30)."""

from __future__ import annotations

from .cards import TYPE
from .events import event
from .state import goal


def prestige(p: dict) -> int:
    """A seat's PP: the prestige of every card in its CV, negative prestige placed there by an
    opponent included and disabled blocks at 0 (NR-27)."""
    return sum(entry["pp"] for entry in p["cv"])


def papers(p: dict) -> list[str]:
    """The papers in a seat's CV, in the order they arrived."""
    return [entry["card"] for entry in p["cv"] if entry["how"] == "paper"]


def update(state: dict, out: list) -> None:
    """Recompute every seat's PP after an action and trigger the end the first time a seat
    reaches 20; the trigger stays even if that seat's PP falls later (NR-27, NR-28, NR-G12)."""
    for p in state["players"]:
        now = prestige(p)
        if now != p["pp"]:
            out.append(event(state, "PrestigeChanged", p["seat"], pp=now, delta=now - p["pp"]))
            p["pp"] = now
    if state["triggered"] is None:
        reached = [p for p in state["players"] if p["pp"] >= goal(state)]
        if reached:
            first = next((p for p in reached if p["seat"] == state["active"]), reached[0])
            state["triggered"] = {"seat": first["seat"], "round": state["round"],
                                  "turn": state["turn"], "pp": first["pp"]}
            out.append(event(state, "EndTriggered", first["seat"], pp=first["pp"],
                             goal=goal(state)))


def winners(state: dict) -> list[int]:
    """Every seat with the highest PP wins, ex aequo (NR-30, NR-G13)."""
    best = max(p["pp"] for p in state["players"])
    return [p["seat"] for p in state["players"] if p["pp"] == best]


def outcome(state: dict) -> dict | None:
    """The result once the game is over: how it ended, the winners and each seat's PP and CV."""
    if state["ended_by"] is None:
        return None
    best = winners(state)
    ranked = sorted({p["pp"] for p in state["players"]}, reverse=True)
    return {
        "ended_by": state["ended_by"],
        "called": state["ended_by"] == "called",
        "winners": best,
        "triggered": dict(state["triggered"]) if state["triggered"] else None,
        "rounds": state["round"],
        "players": [
            {"seat": p["seat"], "pp": p["pp"], "rank": ranked.index(p["pp"]) + 1,
             "winner": p["seat"] in best, "papers": papers(p),
             "cv": [dict(entry) for entry in p["cv"]],
             "scientists": [e["card"] for e in p["cv"] if TYPE[e["card"]] == "scientist"
                            and e["how"] == "published"]}
            for p in state["players"]
        ],
    }
