"""The engine's face: what the classroom calls (docs/engine.md), for the school game (the
default), the full game and the beginner game (docs/games/research_programme.md).

`apply_action` validates, then applies the action to a copy, so its input never changes and an
illegal action raises IllegalAction with the state as it was. `apply_in_place` is the same rules
code without the copy, for the simulator and the bots' playouts.
"""

from __future__ import annotations

from games.engines.base import GameError, GameInfo, IllegalAction, engine_from

from . import actions as dispatch
from . import figures, invariants, views
from .content import school
from .events import events_for as _events_for
from .rules import flow, scoring, setup, stories
from .state import GAME_KEY, SCHEMA, clone, player

KEY = GAME_KEY
VARIANTS = {
    "school": {
        "title": {"en": "school game", "fi": "koulupeli",
                  "sv": "skolspel"},
        "min_seats": 2,
        "max_seats": 4,
    },
    "full": {
        "title": {"en": "full game", "fi": "täysi peli",
                  "sv": "fullständigt spel"},
        "min_seats": 2,
        "max_seats": 4,
    },
    "beginner": {
        "title": {"en": "beginner game",
                  "fi": "aloittelijan peli",
                  "sv": "nybörjarspel"},
        "min_seats": 2,
        "max_seats": 4,
    },
}
INFO = GameInfo(
    key=KEY,
    title={"en": "Research Programme", "fi": "Tutkimusohjelma", "sv": "Forskningsprogrammet"},
    variants=VARIANTS, default_variant="school", information="hidden", simultaneous=True,
    teacher_sees_private=True, chance="throughout",
)


def new_game(players: list[dict], options: dict | None = None, seed: int = 0) -> dict:
    """A new game, waiting for its first chance step (the start player) (SV-01 to SV-12)."""
    state = setup.new_state(players, options or {}, seed)
    out = state["events"]
    flow.advance(state, out)
    state["events"] = out
    return state


def current_seats(state: dict) -> list:
    return dispatch.current_seats(state)


def chance_outcomes(state: dict) -> list:
    return flow.chance_outcomes(state)


def legal_actions(state: dict, seat: int | None) -> list[dict]:
    """Every legal action of `seat` now; for the teacher (None), the moderator actions.

    A story request is left out: its id comes from the caller (see `action_menu`).
    """
    if seat is None:
        return moderator_actions(state)
    legal = []
    if seat in dispatch.current_seats(state):
        for kind in dispatch.step_kinds(state):
            legal += dispatch.legal_of_kind(state, seat, kind)
    legal += [{"type": "story_vote", "seat": seat, "story_id": s["id"], "accept": accept}
              for s in stories.pending_for_vote(state, seat) for accept in (True, False)]
    return legal


def moderator_actions(state: dict) -> list[dict]:
    pending = [s["id"] for s in state["stories"].values() if s["status"] == "pending"]
    legal = [{"type": kind, "seat": None, "story_id": story_id, **extra}
             for story_id in pending
             for kind, extra in (("story_accept", {}), ("story_reject", {"reason": None}))]
    if state["phase"] != "over" and not state["time_called"]:
        legal.append({"type": "call_time", "seat": None})
    return legal


def action_menu(state: dict, seat: int) -> list[dict]:
    """Each action kind of the current step for `seat`: enabled or the reason it is not, and
    its legal actions with their costs. In the Actions phase, the 7 actions (8 with Interfere in
    the full game) and pass."""
    if state["phase"] == "over":
        return []
    kinds = dispatch.step_kinds(state)
    menu = []
    for kind in kinds:
        reason = dispatch.kind_blocker(state, seat, kind)
        legal = dispatch.LEGAL[kind](state, seat) if reason is None else []
        if reason is None and not legal:
            reason = "no_legal_choice"
        menu.append({
            "kind": kind,
            "enabled": reason is None,
            "reason": reason,
            "actions": [{"action": a, "cost": dispatch.cost(state, a)} for a in legal],
        })
    blocker = stories.request_blocker(state, seat)
    menu.append({"kind": "story_request", "enabled": blocker is None, "reason": blocker,
                 "actions": []})
    return menu


def apply_action(state: dict, action: dict) -> tuple[dict, list[dict]]:
    """Apply a legal action to a copy of `state`; raise IllegalAction and change nothing if it
    is not legal."""
    action = dispatch.check(state, action)
    new_state = clone(state)
    events = _apply(new_state, action)
    return new_state, events


def canonical_action(state: dict, action: dict) -> dict:
    """The action as the rules list it (every parameter, no unknown field, `true` not `1`), the
    form `apply_action` applies and a log keeps; raises IllegalAction if it is not legal now."""
    return dispatch.check(state, action)


def check_invariants(state: dict) -> list[str]:
    return invariants.check_invariants(state)


def apply_in_place(state: dict, action: dict, validate: bool = False) -> list[dict]:
    """Apply an action by changing `state` itself (the simulator's fast path).

    Without `validate` the action must be legal and canonical, as those from `legal_actions`,
    `resolve_chance` and the bots are.
    """
    if validate:
        action = dispatch.check(state, action)
    return _apply(state, action)


def _apply(state: dict, action: dict) -> list[dict]:
    out: list[dict] = []
    kind = action["type"]
    if kind == "chance":
        flow.apply_chance(state, action["outcome"], out)
    elif kind in dispatch.SIDE_KINDS:
        SIDE[kind](state, action, out)
        if not out:
            return out
    else:
        dispatch.APPLY[kind](state, action, out)
    flow.advance(state, out)
    state["actions_n"] += 1
    state["events"] = out
    return out


def _story_request(state: dict, action: dict, out: list) -> None:
    if action["story_id"] not in state["stories"]:
        stories.request(state, action, out)


SIDE = {
    "story_request": _story_request,
    "story_accept": lambda state, a, out: stories.accept(state, a["story_id"], out),
    "story_reject": lambda state, a, out: stories.reject(state, a["story_id"], out, a["reason"]),
    "story_vote": stories.vote,
    "call_time": lambda state, a, out: stories.call_time(state, out),
}


def accept_story(state: dict, story_id: str) -> tuple[dict, list[dict]]:
    """The teacher accepts a story: Insight +1 and EP +1 (SV-79 to SV-81). Idempotent."""
    return apply_action(state, {"type": "story_accept", "seat": None, "story_id": story_id})


def reject_story(state: dict, story_id: str, reason: str | None = None) -> tuple[dict, list]:
    """The teacher rejects a story: nothing is gained. Idempotent."""
    return apply_action(state, {"type": "story_reject", "seat": None, "story_id": story_id,
                                "reason": reason})


def view_for(state: dict, seat: int | None) -> dict:
    return views.view_for(state, seat)


def events_for(events: list[dict], seat: int | None) -> list[dict]:
    return _events_for(events, seat)


def outcome(state: dict) -> dict | None:
    return scoring.outcome(state)


def summary(state: dict) -> dict:
    return figures.summary(state)


def deadlines(state: dict) -> list[dict]:
    return figures.deadlines(state)


def pace_kind(state: dict, action: dict) -> str | None:
    return figures.pace_kind(state, action)


def state_to_json(state: dict) -> dict:
    return clone(state)


def state_from_json(data: dict) -> dict:
    if data.get("game") != GAME_KEY or data.get("schema") != SCHEMA:
        raise GameError("not a Research Programme state of this schema")
    school()  # a process that only reads stored games (a worker, a restart) needs the cards
    return clone(data)


def hand(state: dict, seat: int) -> list[str]:
    return list(player(state, seat)["hand"])

ENGINE = engine_from(INFO, globals(), "games.research_programme.engine.bots",
                     extra=("accept_story", "reject_story"))

__all__ = ["ENGINE", "IllegalAction", "new_game", "apply_action", "view_for", "outcome"]
