"""What a viewer may see of a state: `view_for` (NR-39, Part 4 of the rules file).

Public: the pools, each supply deck's face-up top and size, every discard pile, play area, CV,
block area and PP, the turn pool, hand and deck sizes, and who targeted whom. Private to a seat:
its hand and its own deck's composition (never an order: a deck has none). Server-only: the
cards under each supply deck's top. The teacher sees the public view: hands are not shown to the
teacher in this game (`teacher_sees_private=False`).
"""

from __future__ import annotations

from .events import events_for
from .negatives import discard_options
from .scoring import outcome, papers
from .state import RESPONSE_SECONDS, goal


def view_for(state: dict, viewer) -> dict:
    return {
        "game": state["game"],
        "variant": state["variant"],
        "you": viewer,
        "goal": goal(state),
        "options": {"situations_systemic": state["options"]["situations_systemic"]},
        "round": state["round"],
        "turn": state["turn"],
        "first_seat": state["first_seat"],
        "active": state["active"],
        "step": step_view(state),
        "turn_pool": dict(state["turn_pool"]),
        "published": state["published"],
        "supply": {name: {"pool": list(s["pool"]), "top": s["top"],
                          "deck_size": len(s["rest"]) + (s["top"] is not None)}
                   for name, s in state["supply"].items()},
        "out_of_game": len(state["out_of_game"]),
        "players": [player_view(state, p, viewer) for p in state["players"]],
        "targeting": [dict(t) for t in state["targeting"]],
        "triggered": dict(state["triggered"]) if state["triggered"] else None,
        "time_called": state["time_called"],
        "events": events_for(state["events"], viewer),
        "outcome": outcome(state),
    }


def step_view(state: dict) -> dict:
    """The step without anything secret: a chance step names what is drawn, never from what."""
    step = state["step"]
    shown = {k: v for k, v in step.items() if k in ("kind", "draw", "supply", "seat", "by",
                                                    "card", "res", "n", "key")}
    if step["kind"] == "respond":
        shown["seconds"] = RESPONSE_SECONDS
    return shown


def player_view(state: dict, p: dict, viewer) -> dict:
    view = {
        "seat": p["seat"],
        "name": p["name"],
        "pp": p["pp"],
        "hand_size": len(p["hand"]),
        "deck_size": len(p["deck"]),
        "discard": list(p["discard"]),
        "play": list(p["play"]),
        "cv": [dict(entry) for entry in p["cv"]],
        "papers": len(papers(p)),
        "blocks": [dict(b) for b in p["blocks"]],
        "defaults": p["defaults"],
    }
    if viewer == p["seat"]:
        view["hand"] = list(p["hand"])
        view["deck_cards"] = list(p["deck"])
        step = state["step"]
        if step["kind"] == "respond" and step["seat"] == viewer:
            view["response_options"] = discard_options(p["hand"], step["res"], step["n"])
    return view
