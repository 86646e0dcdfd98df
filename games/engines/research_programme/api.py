"""The engine's face: what the classroom calls (docs/engine.md).

`apply_action` validates, then applies the action to a copy, so its input never changes and an
illegal action raises IllegalAction with the state as it was. `apply_in_place` is the same rules
code without the copy, for the simulator and the bots' playouts.
"""

from __future__ import annotations

from ..base import GameError, IllegalAction
from . import actions as dispatch
from . import views
from .content import school
from .events import events_for as _events_for
from .rules import flow, scoring, setup, stories
from .state import GAME_KEY, SCHEMA, clone, player

KEY = GAME_KEY
VARIANTS = {
    "school": {
        "title": {"en": "Research Programme: school game", "fi": "Tutkimusohjelma: koulupeli"},
        "min_seats": 2,
        "max_seats": 4,
    },
}


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
    its legal actions with their costs. In the Actions phase, the 7 actions and pass."""
    step = state["step"]
    if state["phase"] == "over":
        return []
    kinds = dispatch.STEP_KINDS.get(step["kind"], ())
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
    """What is wrong with a state the rules can reach; [] for a sound one (SV-16, SV-23).

    Resources, debt, EP and Insight are never negative, tracks stay on their scales, every
    project tile is on its own hex, a seat holds six tiles in all, and a finished game's VP is
    the sum of its breakdown with at most 2 VP from EP.
    """
    broken = []
    hexes = state["hexes"]
    for p in state["players"]:
        seat = p["seat"]
        if any(v < 0 for v in p["resources"].values()):
            broken.append(f"seat {seat}: negative resources {p['resources']}")
        if min(p["debt"], p["ep"], p["insight"]) < 0:
            broken.append(f"seat {seat}: negative debt, EP or Insight")
        if not (0 <= p["reputation"] <= 6 and 0 <= p["rigour"] <= 10 and 0 <= p["hype"] <= 10):
            broken.append(f"seat {seat}: a track off its scale")
        if any(hexes[t["hex"]]["owner"] != seat or hexes[t["hex"]]["card"] != t["card"]
               for t in p["projects"]):
            broken.append(f"seat {seat}: a project is not on its hex")
        if len(p["projects"]) + p["tiles_left"] != 6:
            broken.append(f"seat {seat}: tiles do not add up to 6")
    tiles = sum(len(p["projects"]) for p in state["players"])
    if tiles != sum(1 for cell in hexes.values() if cell["owner"] is not None):
        broken.append("tiles on the map and in the seats' projects differ")
    if not all(0 <= cell["noise"] <= 3 for cell in hexes.values()) or state["round"] > 5:
        broken.append("Noise or the round off its scale")
    result = scoring.outcome(state)
    for row in (result or {}).get("players", ()):
        if row["vp"] != sum(row["breakdown"].values()) or not 0 <= row["breakdown"]["ep"] <= 2:
            broken.append(f"seat {row['seat']}: VP differs from its breakdown")
    return broken


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


def state_to_json(state: dict) -> dict:
    return clone(state)


def state_from_json(data: dict) -> dict:
    if data.get("game") != GAME_KEY or data.get("schema") != SCHEMA:
        raise GameError("not a Research Programme state of this schema")
    school()  # a process that only reads stored games (a worker, a restart) needs the cards
    return clone(data)


def hand(state: dict, seat: int) -> list[str]:
    return list(player(state, seat)["hand"])


class ResearchProgrammeEngine:
    """The engine as one object, for the registry in games.engines.base."""

    key = KEY
    variants = VARIANTS

    @property
    def bots(self):
        from .bots import BOTS

        return BOTS

    new_game = staticmethod(new_game)
    current_seats = staticmethod(current_seats)
    chance_outcomes = staticmethod(chance_outcomes)
    legal_actions = staticmethod(legal_actions)
    canonical_action = staticmethod(canonical_action)
    check_invariants = staticmethod(check_invariants)
    action_menu = staticmethod(action_menu)
    apply_action = staticmethod(apply_action)
    apply_in_place = staticmethod(apply_in_place)
    view_for = staticmethod(view_for)
    events_for = staticmethod(events_for)
    outcome = staticmethod(outcome)
    state_to_json = staticmethod(state_to_json)
    state_from_json = staticmethod(state_from_json)
    accept_story = staticmethod(accept_story)
    reject_story = staticmethod(reject_story)


ENGINE = ResearchProgrammeEngine()

__all__ = ["ENGINE", "IllegalAction", "new_game", "apply_action", "view_for", "outcome"]
