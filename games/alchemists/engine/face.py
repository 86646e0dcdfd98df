"""The platform's helpers: the menu with its inputs, the cockpit's summary, deadlines with their
fallbacks, the kind of each decision for the pace model, and a plan's problems for the tablet."""

from __future__ import annotations

from . import declare, flow
from .state import player

# Seconds a hidden simultaneous choice may take before its fallback applies (AL-115).
DEADLINE_SECONDS = {"keep_favour": 60, "bid": 45, "declare": 180}
PACE = {
    "declare": "plan", "test": "plan", "drink": "plan", "sell": "plan", "exhibit": "plan",
    "cap_test": "plan", "debunk": "plan", "demonstrate": "plan",
    "publish": "discuss", "endorse": "discuss",
    "forage": "choice", "transmute": "choice", "buy": "choice", "choose_order": "choice",
    "bid": "choice", "keep_favour": "choice", "discard": "choice", "altar": "choice",
    "forgo": "quick", "decline": "quick", "choose_grant": "quick", "set_aside": "quick",
    "pick_card": "quick",
}
PHASE_PROGRESS = {"setup": 0.0, "round": 0.5, "round_end": 0.95, "over": 1.0}


def pace_kind(state: dict, action: dict) -> str | None:
    """Deciding what to mix, declare or debunk is deduction ("plan", 30 s); publishing with a
    seal is a team's confidence call ("discuss", 40 s); the rest are choices or quick."""
    return PACE.get(action.get("type"))


def action_menu(state: dict, seat: int) -> list[dict]:
    """Each action kind of the current step for `seat`. A plan is one action with a number
    input per open space and the favour cards it plays. (The notebook is not the game's: the
    platform keeps it beside the game, so writing in it tells no other seat anything.)"""
    menu = []
    decision = flow.decision_of(state)
    if decision is not None and seat in flow.current_seats(state):
        legal = decision.legal(state, seat)
        for kind in decision.types:
            if kind == "declare":
                menu.append(plan_entry(state, seat))
                continue
            actions = [a for a in legal if a["type"] == kind]
            menu.append({"kind": kind, "enabled": bool(actions),
                         "reason": None if actions else "no_legal_choice",
                         "actions": [{"action": a, "cost": None} for a in actions]})
    return menu


def plan_entry(state: dict, seat: int) -> dict:
    favours = player(state, seat)["favours"]
    opened = declare.open_spaces(state)
    inputs = [{"param": s, "type": "number", "min": 0, "max": len(declare.slots(state, s))}
              for s in opened]
    inputs += [{"param": "assistants", "type": "number", "min": 0,
                "max": favours.get("assistant", 0)},
               {"param": "custodians", "type": "number", "min": 0,
                "max": favours.get("custodian", 0)},
               {"param": "associates", "type": "subset", "options": opened, "min": 0,
                "max": min(len(opened), favours.get("associate", 0))}]
    return {"kind": "declare", "enabled": True, "reason": None,
            "actions": [{"action": {"type": "declare", "seat": seat},
                         "cost": {"cubes": declare.cubes_to_place(state, seat)}}],
            "inputs": inputs}


def plan_problems(state: dict, seat: int, plan: dict) -> list[str]:
    return declare.plan_problems(state, seat, plan)


def fallback_plan(state: dict, seat: int) -> dict:
    """The plan applied when a seat's time is up: no favour cards, as many actions as early in
    the resolution order as the cubes allow (Forage first)."""
    plans = [a for a in declare.legal_declare(state, seat)
             if not (a["assistants"] or a["custodians"] or a["associates"])]
    opened = declare.open_spaces(state)
    return min(plans, key=lambda a: tuple(-a[s] for s in opened))


FALLBACKS = {
    "keep_favour": lambda state, seat: flow.DECISIONS["keep_favour"].legal(state, seat)[0],
    "bid": lambda state, seat: {"type": "bid", "seat": seat, "bid": 0},
    "declare": fallback_plan,
}


def deadlines(state: dict) -> list[dict]:
    """The hidden simultaneous choices waiting now, each with its time and fallback: the
    setup favour (keep the first card), a bid (0), the lesson's plan (AL-115, AL-L07)."""
    step = state["step"]
    if step is None or step["kind"] != "together":
        return []
    name = step["decision"]
    stage = f"r{state['round']}" if state["round"] else "setup"
    return [{"key": f"{stage}:{name}:{seat}", "seat": seat, "seconds": DEADLINE_SECONDS[name],
             "fallback": FALLBACKS[name](state, seat)} for seat in step["waiting"]]


def summary(state: dict) -> dict:
    """The table at a glance: theories and seals on the board and theories debunked; each
    seat's score (reputation, or its final VP), seals on the board, experiments and debunks."""
    over = state["phase"] == "over"
    rounds = state["rules"]["rounds"]
    done = rounds if over else max(0, state["round"] - 1) + PHASE_PROGRESS[state["phase"]]
    final = {r["seat"]: r["vp"] for r in (state["result"] or {}).get("players", [])}
    step = state["step"]
    seals = {p["seat"]: 0 for p in state["players"]}
    for theory in state["theories"].values():
        for seal in theory["seals"]:
            seals[seal["seat"]] += 1
    return {
        "progress": round(min(1.0, done / rounds), 3),
        "stage": "over" if over else (step["decision"] if step and step["kind"] != "chance"
                                      else state["phase"]),
        "round": state["round"], "rounds": rounds,
        "to_act": [s for s in flow.current_seats(state) if isinstance(s, int)], "over": over,
        "figures": {"theories": len(state["theories"]), "seals": sum(seals.values()),
                    "debunked": sum(len(d["debunked"]) for d in state["debunks"])},
        "seats": [{"seat": p["seat"], "score": final.get(p["seat"], p["reputation"]),
                   "figures": {"seals": seals[p["seat"]],
                               "experiments": p["stats"]["experiments"],
                               "debunks": p["stats"]["debunks"]}}
                  for p in state["players"]],
    }
