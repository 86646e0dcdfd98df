"""The engine's face: what the classroom calls (docs/engine.md, version 2).

`apply_action` validates, then applies the action to a copy, so its input never changes and an
illegal action raises IllegalAction with the state as it was. `apply_in_place` is the same rules
code without the copy, for playouts. Besides the face: `plan_problems` (a plan's problems as
codes, for the tablet to show before the plan is sent).
"""

from __future__ import annotations

from games.engines.base import CALL_TIME, CHANCE, GameError, GameInfo, IllegalAction, engine_from

from . import flow, invariants, menu, negatives, plan, turn, views
from .events import event
from .events import events_for as _events_for
from .scoring import outcome as _outcome
from .scoring import papers
from .state import (
    GAME_KEY,
    GOALS,
    RESPONSE_SECONDS,
    SCHEMA,
    SHORT,
    VARIANT,
    clone,
    goal,
    new_state,
    player,
)

VARIANTS = {
    SHORT: {
        "title": {"en": f"the short race to {GOALS[SHORT]} prestige",
                  "fi": f"lyhyt kilpa {GOALS[SHORT]} arvostuspisteeseen",
                  "sv": f"det korta loppet till {GOALS[SHORT]} prestigepoäng"},
        "min_seats": 2,
        "max_seats": 4,
    },
    VARIANT: {
        "title": {"en": f"the whole race to {GOALS[VARIANT]} prestige",
                  "fi": f"koko kilpa {GOALS[VARIANT]} arvostuspisteeseen",
                  "sv": f"hela loppet till {GOALS[VARIANT]} prestigepoäng"},
        "min_seats": 2,
        "max_seats": 4,
    },
}
INFO = GameInfo(
    key=GAME_KEY, title={"en": "Nobel Run", "fi": "Nobel Run", "sv": "Nobel Run"},
    variants=VARIANTS, default_variant=VARIANT, information="hidden", simultaneous=False,
    teacher_sees_private=False, chance="throughout", tags=("deck-building", "out-of-turn"),
)
RESPONSES = ("discard_for_effect", "discard_by_default")


def new_game(players: list[dict], options: dict | None = None, seed: int = 0) -> dict:
    """A new game, waiting for its first chance step (the supplies' first cards) (NR-01 to
    NR-07)."""
    state = new_state(players, options or {}, seed)
    out = [event(state, "GameStarted", None, seats=len(players), options=dict(state["options"]),
                 goal=goal(state))]
    state["queue"] = flow.setup_tasks(state)
    flow.advance(state, out)
    state["events"] = out
    return state


def current_seats(state: dict) -> list:
    step = state["step"]
    if step["kind"] == "chance":
        return [CHANCE]
    if step["kind"] == "over":
        return []
    return [step["seat"]]


def chance_outcomes(state: dict) -> list:
    return flow.chance_outcomes(state)


def legal_actions(state: dict, seat) -> list[dict]:
    return menu.legal_actions(state, seat)


def action_menu(state: dict, seat: int) -> list[dict]:
    return menu.action_menu(state, seat)


def plan_problems(state: dict, seat: int, proposed: dict) -> list[str]:
    """Every reason `proposed` (a plan without or with its type and seat) is illegal now, as
    codes; [] when the seat may confirm it."""
    return plan.problems(state, {**proposed, "type": "plan", "seat": seat})


def _check_call_time(state: dict, action: dict) -> dict:
    if action.get("seat") is not None:
        raise IllegalAction("not_moderator", "only the teacher calls time")
    if state["step"]["kind"] == "over":
        raise IllegalAction("game_over", "the game is over")
    if state["time_called"]:
        raise IllegalAction("already_called", "time has been called already")
    return {"type": CALL_TIME, "seat": None}


def _check_response(state: dict, action: dict) -> dict:
    if state["step"]["kind"] == "over":
        raise IllegalAction("game_over", "the game is over")
    return negatives.check_response(state, action)


CHECKS = {
    CHANCE: flow.check_chance,
    "plan": plan.canonical,
    CALL_TIME: _check_call_time,
    "discard_for_effect": _check_response,
    "discard_by_default": _check_response,
}


def canonical_action(state: dict, action: dict) -> dict:
    """The action as the rules list it (defaults filled, tablet-only fields dropped, lists
    sorted), the form a log keeps; raises IllegalAction if it is not legal now."""
    if not isinstance(action, dict) or action.get("type") not in CHECKS:
        raise IllegalAction("unknown_action", "not an action of Nobel Run")
    return CHECKS[action["type"]](state, action)


def apply_action(state: dict, action: dict) -> tuple[dict, list[dict]]:
    """Apply a legal action to a copy of `state`; raise IllegalAction and change nothing if it
    is not legal."""
    action = canonical_action(state, action)
    new_state = clone(state)
    return new_state, _apply(new_state, action)


def apply_in_place(state: dict, action: dict, validate: bool = False) -> list[dict]:
    """Apply an action by changing `state` itself (the playouts' fast path). Without
    `validate` the action must be legal and canonical, as the bots' and chance steps' are."""
    if validate:
        action = canonical_action(state, action)
    return _apply(state, action)


def _apply_plan(state: dict, action: dict, out: list) -> None:
    state["step"] = None
    turn.apply_plan(state, action, out)


APPLY = {
    CHANCE: lambda state, action, out: flow.apply_chance(state, action["outcome"], out),
    "plan": _apply_plan,
    CALL_TIME: lambda state, action, out: flow.call_time(state, out),
    "discard_for_effect": negatives.respond,
    "discard_by_default": negatives.respond,
}


def _apply(state: dict, action: dict) -> list[dict]:
    out: list[dict] = []
    APPLY[action["type"]](state, action, out)
    if state["step"] is None:
        flow.advance(state, out)
    state["actions_n"] += 1
    state["events"] = out
    return out


def check_invariants(state: dict) -> list[str]:
    return invariants.check(state)


def view_for(state: dict, viewer) -> dict:
    return views.view_for(state, viewer)


def events_for(events: list[dict], viewer) -> list[dict]:
    return _events_for(events, viewer)


def outcome(state: dict) -> dict | None:
    return _outcome(state)


def stage(state: dict) -> str:
    step = state["step"]["kind"]
    if step == "over":
        return "over"
    if state["turn"] == 0:
        return "setup"
    if step == "respond":
        return "response"
    return "final_round" if state["triggered"] else "turns"


def summary(state: dict) -> dict:
    """The table at a glance: PP against 20 per seat, papers in each CV, who is being waited
    for out of turn and each seat's stalled choices (answers the engine made for it)."""
    over = state["step"]["kind"] == "over"
    best = max(p["pp"] for p in state["players"])
    step = state["step"]
    received = {p["seat"]: 0 for p in state["players"]}
    for record in state["targeting"]:
        received[record["target"]] += 1
    return {
        "progress": 1.0 if over else round(min(0.99, max(0, best) / goal(state)), 3),
        "stage": stage(state), "round": state["round"], "rounds": None,
        "to_act": [s for s in current_seats(state) if isinstance(s, int)], "over": over,
        "figures": {"goal": goal(state), "leader_pp": best,
                    "triggered": int(bool(state["triggered"])),
                    "waiting_for": step["seat"] if step["kind"] == "respond" else 0},
        "seats": [{"seat": p["seat"], "score": p["pp"],
                   "figures": {"papers": len(papers(p)), "targeted": received[p["seat"]],
                               "stalled": p["defaults"]}}
                  for p in state["players"]],
    }


def deadlines(state: dict) -> list[dict]:
    """The target of a normal negative effect answers within 45 s; then the engine chooses for
    it by NR-19 (the fallback names no card, so the list is safe to show anyone)."""
    step = state["step"]
    if step["kind"] != "respond":
        return []
    return [{"key": step["key"], "seat": step["seat"], "seconds": RESPONSE_SECONDS,
             "fallback": {"type": "discard_by_default", "seat": step["seat"]}}]


INSTANT_DRAWS = ("card", "top", "blind")


def pace_kind(state: dict, action: dict) -> str | None:
    """A whole plan is "plan", one atomic step of a plan a "choice", ending the turn with
    nothing else "quick"; a target's chosen discard is a "choice", the engine's choice "quick".
    A card the server draws (into a hand, onto a supply deck's top, behind a blind pick) is
    "instant": the tablets show it at once and nobody waits for it; drawing the first seat is
    announced to the table and keeps a chance step's time."""
    kind = action.get("type")
    if kind == CHANCE:
        return "instant" if state["step"].get("draw") in INSTANT_DRAWS else None
    if kind == "plan":
        parts = (len(action["discards"]) + len(action["uses"]) + len(action["disables"])
                 + len(action["buys"]) + (action["publish"] is not None))
        if parts == 0:
            return "quick"
        return "choice" if parts == 1 and not action["end_turn"] else "plan"
    return {"discard_for_effect": "choice", "discard_by_default": "quick"}.get(kind)


def state_to_json(state: dict) -> dict:
    return clone(state)


def state_from_json(data: dict) -> dict:
    if data.get("game") != GAME_KEY or data.get("schema") != SCHEMA:
        raise GameError("not a Nobel Run state of this schema")
    return clone(data)


def hand(state: dict, seat: int) -> list[str]:
    return list(player(state, seat)["hand"])

ENGINE = engine_from(INFO, globals(), "games.nobel_run.engine.bots",
                     extra=("plan_problems",))

__all__ = ["ENGINE", "IllegalAction", "new_game", "apply_action", "view_for", "outcome",
           "plan_problems"]
