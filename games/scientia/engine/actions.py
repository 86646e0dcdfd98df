"""Actions: their parameters and canonical form, which step takes which, the legal ones,
the menu, and validation with stable codes.

An action is a plain dict with a `type`, the acting `seat` (None for the teacher) and its
parameters. Scientia is open information (SC-58), so no code depends on anything hidden.
"""

from __future__ import annotations

from itertools import combinations

from games.engines.base import CALL_TIME, CHANCE, IllegalAction

from . import effects, turns
from .setup import chance_outcomes
from .state import State, empty_slots, open_stacks, pending, rotatable, seat_of, stack_of

PARAMETERS = {
    "chance": ("outcome",),
    "draft": ("stack",),
    "take": ("stack",),
    "rotate": ("slots",),
    "confirm": (),
    "back": (),
    "complete": ("slot",),
    "choose_card": ("slot",),
    "choose_stack": ("stack",),
    "choose_field": ("field",),
    CALL_TIME: (),
}
STEP_KINDS = {
    "draft": ("draft",),
    "turn": ("take", "rotate"),
    "confirm": ("confirm", "back"),
    "complete": ("complete",),
    "choose_card": ("choose_card",),
    "choose_stack": ("choose_stack",),
    "choose_field": ("choose_field",),
}
REASONS = {
    "unknown_action": "That is not an action of Scientia.",
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn to decide.",
    "wrong_step": "That action does not belong to this step.",
    "no_empty_slot": "All your slots hold cards.",
    "nothing_to_rotate": "You have no card that can turn.",
    "not_in_game": "That card is not on the project boards in this game.",
    "empty_stack": "That stack has no card left.",
    "bad_rotation": "Rotate one card once or twice, or two different cards once each.",
    "not_a_target": "That is not a target of this effect.",
    "teacher_only": "Only the teacher can do that.",
    "time_already_called": "Time has already been called.",
    "no_chance_step": "Nothing is waiting for a draw.",
    "bad_outcome": "That outcome is not possible now.",
}


def _stack_actions(kind: str):
    def legal(state: State, seat: int) -> list[dict]:
        return [{"type": kind, "seat": seat, "stack": face} for face in open_stacks(state)]
    return legal


def rotation_plans(state: State, seat: int) -> list[list[int]]:
    """Every rotation of SC-16: each card once or twice, each pair of cards once each."""
    slots = rotatable(seat_of(state, seat))
    plans = [plan for slot in slots for plan in ([slot], [slot, slot])]
    return plans + [list(pair) for pair in combinations(slots, 2)]


def legal_take(state: State, seat: int) -> list[dict]:
    """Take needs an empty slot and a non-empty stack (SC-14)."""
    return _stack_actions("take")(state, seat) if empty_slots(seat_of(state, seat)) else []


def legal_rotate(state: State, seat: int) -> list[dict]:
    return [{"type": "rotate", "seat": seat, "slots": plan}
            for plan in rotation_plans(state, seat)]


def _target_actions(kind: str, parameter: str):
    def legal(state: State, seat: int) -> list[dict]:
        op = state["step"]["op"]
        return [{"type": kind, "seat": seat, parameter: choice}
                for choice in effects.choices(state, seat_of(state, seat), op)]
    return legal


LEGAL = {
    "draft": _stack_actions("draft"),
    "take": legal_take,
    "rotate": legal_rotate,
    "confirm": lambda state, seat: [{"type": "confirm", "seat": seat}],
    "back": lambda state, seat: [{"type": "back", "seat": seat}],
    "complete": lambda state, seat: [{"type": "complete", "seat": seat, "slot": slot}
                                     for slot in pending(seat_of(state, seat))],
    "choose_card": _target_actions("choose_card", "slot"),
    "choose_stack": _target_actions("choose_stack", "stack"),
    "choose_field": _target_actions("choose_field", "field"),
}
APPLY = {
    "draft": turns.draft,
    "take": turns.take,
    "rotate": turns.rotate,
    "confirm": turns.confirm,
    "back": turns.back,
    "complete": turns.complete,
    "choose_card": turns.choose,
    "choose_stack": turns.choose,
    "choose_field": turns.choose,
    CALL_TIME: turns.call_time,
}


def current_seats(state: State) -> list:
    step = state["step"]
    if step is None:
        return []
    return [CHANCE] if step["kind"] == "chance" else [step["seat"]]


def step_kinds(state: State) -> tuple[str, ...]:
    step = state["step"]
    return STEP_KINDS.get(step["kind"], ()) if step else ()


def canonical(action: dict) -> dict:
    """The action with exactly its parameters; a rotation's two cards in slot order."""
    if not isinstance(action, dict) or action.get("type") not in PARAMETERS:
        raise IllegalAction("unknown_action", REASONS["unknown_action"])
    kind = action["type"]
    result = {"type": kind} if kind == CHANCE else {"type": kind, "seat": action.get("seat")}
    for name in PARAMETERS[kind]:
        result[name] = action.get(name)
    if kind == "rotate" and isinstance(result["slots"], list) and all(
            type(s) is int for s in result["slots"]):
        result["slots"] = sorted(result["slots"])
    return result


def blocker(state: State, seat, kind: str) -> str | None:
    """Why `seat` cannot take an action of `kind` now, or None."""
    if state["step"] is None:
        return "game_over"
    if seat not in current_seats(state):
        return "not_your_turn"
    if kind not in step_kinds(state):
        return "wrong_step"
    if kind == "take" and not empty_slots(seat_of(state, seat)):
        return "no_empty_slot"
    if kind == "rotate" and not rotatable(seat_of(state, seat)):
        return "nothing_to_rotate"
    return None


def legal_of_kind(state: State, seat, kind: str) -> list[dict]:
    return [] if blocker(state, seat, kind) else LEGAL[kind](state, seat)


def moderator_actions(state: State) -> list[dict]:
    """The teacher may call time once while the game runs (SC-40)."""
    if state["stage"] == "over" or state["time_called"]:
        return []
    return [{"type": CALL_TIME, "seat": None}]


def check(state: State, action: dict) -> dict:
    """Validate an action; return its listed, canonical form or raise IllegalAction."""
    action = canonical(action)
    kind = action["type"]
    if kind == CALL_TIME:
        return _check_call_time(state, action)
    if kind == CHANCE:
        return _check_chance(state, action)
    code = blocker(state, action["seat"], kind)
    if code is not None:
        raise IllegalAction(code, REASONS[code])
    legal = LEGAL[kind](state, action["seat"])
    if action not in legal:
        code = diagnose(state, action)
        raise IllegalAction(code, REASONS[code])
    return legal[legal.index(action)]


def _check_call_time(state: State, action: dict) -> dict:
    if action["seat"] is not None:
        raise IllegalAction("teacher_only", REASONS["teacher_only"])
    if state["stage"] == "over":
        raise IllegalAction("game_over", REASONS["game_over"])
    if state["time_called"]:
        raise IllegalAction("time_already_called", REASONS["time_already_called"])
    return action


def _check_chance(state: State, action: dict) -> dict:
    if state["step"] is None or state["step"]["kind"] != "chance":
        raise IllegalAction("no_chance_step", REASONS["no_chance_step"])
    outcomes = chance_outcomes(state)
    if action["outcome"] not in outcomes:
        raise IllegalAction("bad_outcome", REASONS["bad_outcome"])
    return {"type": CHANCE, "outcome": outcomes[outcomes.index(action["outcome"])]}


def diagnose(state: State, action: dict) -> str:
    """A specific code for a well-formed action that is not legal now."""
    kind = action["type"]
    if kind in ("draft", "take"):
        stack = stack_of(state, action["stack"]) if type(action["stack"]) is int else None
        return "not_in_game" if stack is None else "empty_stack"
    return "bad_rotation" if kind == "rotate" else "not_a_target"


def menu(state: State, seat) -> list[dict]:
    """Each action kind of the current step for `seat`, enabled or why not, with its actions;
    every parameter is enumerated, so no kind needs inputs."""
    entries = []
    for kind in step_kinds(state):
        reason = blocker(state, seat, kind)
        legal = [] if reason else LEGAL[kind](state, seat)
        entries.append({"kind": kind, "enabled": reason is None, "reason": reason,
                        "actions": [{"action": a, "cost": None} for a in legal], "inputs": []})
    return entries
