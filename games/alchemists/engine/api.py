"""The engine's face: what the classroom calls (docs/engine.md, docs/games/alchemists.md).

`apply_action` validates, then applies the action to a copy, so its input never changes and an
illegal action raises IllegalAction with the state as it was. `apply_in_place` is the same rules
code without the copy, for the playouts.
"""

from __future__ import annotations

from games.engines.base import CALL_TIME, CHANCE, GameError, GameInfo, IllegalAction, engine_from

from . import (  # noqa: F401  (each module registers its tasks, draws and decisions)
    artifacts,
    debunk,
    declare,
    draws,
    exhibition,
    experiments,
    face,
    favours,
    flow,
    grants,
    ingredients,
    master,
    order,
    rounds,
    scoring,
    selling,
    theories,
    views,
)
from .content import VARIANTS
from .events import events_for as _events_for
from .invariants import check_invariants  # noqa: F401 (the face, by name)
from .setup import new_state
from .state import GAME_KEY, SCHEMA, clone

KEY = GAME_KEY
INFO = GameInfo(
    key=KEY, title={"fi": "Alkemistit", "en": "Alchemists", "sv": "Alkemisterna"},
    variants={name: {"title": v["title"], "min_seats": v["min_seats"],
                     "max_seats": v["max_seats"]} for name, v in VARIANTS.items()},
    default_variant="lesson", information="hidden", simultaneous=True,
    teacher_sees_private=False, chance="throughout", tags=("deduction", "hidden_mapping"),
)


def new_game(players: list[dict], options: dict | None = None, seed: int | str = 0) -> dict:
    """A new game, waiting for its first chance step: the mapping's first draw (AL-09)."""
    state = new_state(players, options or {}, seed)
    out: list[dict] = []
    flow.advance(state, out)
    state["events"] = out
    return state


def current_seats(state: dict) -> list:
    return flow.current_seats(state)


def chance_outcomes(state: dict) -> list:
    return flow.chance_outcomes(state)


def legal_actions(state: dict, seat: int | None) -> list[dict]:
    """Every legal action of `seat` now; for the teacher (None), calling time."""
    if seat is None:
        return moderator_actions(state)
    if seat not in flow.current_seats(state):
        return []
    return flow.decision_of(state).legal(state, seat)


def moderator_actions(state: dict) -> list[dict]:
    if state["phase"] == "over" or state["time_called"]:
        return []
    return [{"type": CALL_TIME, "seat": None}]


def check(state: dict, action: dict) -> dict:
    """The canonical action, or IllegalAction with a code that never depends on the mapping."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("unknown_action")
    kind = action["type"]
    if kind == CHANCE:
        if state["step"] is None or state["step"]["kind"] != "chance":
            raise IllegalAction("no_chance_step")
        if set(action) != {"type", "outcome"} or action["outcome"] not in chance_outcomes(state):
            raise IllegalAction("bad_outcome")
        return {"type": CHANCE, "outcome": action["outcome"]}
    if kind == CALL_TIME:
        if action.get("seat") is not None or not moderator_actions(state):
            raise IllegalAction("cannot_call_time")
        return {"type": CALL_TIME, "seat": None}
    seat = action.get("seat")
    if state["phase"] == "over":
        raise IllegalAction("game_over")
    if not isinstance(seat, int) or seat not in [p["seat"] for p in state["players"]]:
        raise IllegalAction("unknown_seat")
    if seat not in flow.current_seats(state):
        raise IllegalAction("not_your_turn")
    decision = flow.decision_of(state)
    if kind not in decision.types:
        raise IllegalAction("wrong_step", f"{kind} is not a choice now")
    return decision.check(state, action)


def canonical_action(state: dict, action: dict) -> dict:
    return check(state, action)


def apply_action(state: dict, action: dict) -> tuple[dict, list[dict]]:
    """Apply a legal action to a copy of `state`; raise IllegalAction and change nothing if it
    is not legal."""
    action = check(state, action)
    new_state = clone(state)
    return new_state, _apply(new_state, action)


def apply_in_place(state: dict, action: dict, validate: bool = False) -> list[dict]:
    """Apply an action by changing `state` itself (the playouts' fast path). Without
    `validate` the action must be legal and canonical, as the bots' and chance's are."""
    if validate:
        action = check(state, action)
    return _apply(state, action)


def _apply(state: dict, action: dict) -> list[dict]:
    out: list[dict] = []
    kind = action["type"]
    if kind == CHANCE:
        flow.apply_chance(state, action["outcome"], out, validate=False)
    elif kind == CALL_TIME:
        state["time_called"] = True
        out.append({"type": "TimeCalled", "round": state["round"], "seat": None})
    else:
        step = state["step"]
        decision = flow.decision_of(state)
        if step["kind"] == "decide":
            state["context"], state["step"] = step, None
        decision.apply(state, action, out)
    flow.advance(state, out)
    state["events"] = out
    return out


def view_for(state: dict, viewer) -> dict:
    return views.view_for(state, viewer)


def events_for(events: list[dict], viewer) -> list[dict]:
    return _events_for(events, viewer)


def outcome(state: dict) -> dict | None:
    return state["result"]


def state_to_json(state: dict) -> dict:
    return clone(state)


def state_from_json(data: dict) -> dict:
    """A stored game, to continue it: the state is plain data (the whole game is resumable)."""
    if not isinstance(data, dict) or data.get("game") != GAME_KEY or data.get("schema") != SCHEMA:
        raise GameError("not an Alchemists state of this schema")
    return clone(data)

ENGINE = engine_from(INFO, {**globals(), **{name: getattr(face, name) for name in (
    "action_menu", "summary", "deadlines", "pace_kind", "plan_problems")}},
    "games.alchemists.engine.bots", extra=("plan_problems",))

__all__ = ["ENGINE", "INFO", "IllegalAction", "new_game", "apply_action", "view_for", "outcome"]
