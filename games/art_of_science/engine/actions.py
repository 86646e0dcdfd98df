"""Actions: their types and canonical form, which step takes which, the legal ones, validation.

An action is a plain dict with a `type`, the acting `seat` (None for the teacher) and its
parameters. `canonical` keeps exactly the type's parameters (a missing one is None); `check`
validates against the state and returns the form that is applied and logged, or raises
IllegalAction with a code that depends only on what the actor may see.
"""

from __future__ import annotations

from games.engines.base import CHANCE, IllegalAction

from . import questions
from .content import DIE
from .rules import flags, override, points
from .rules.asking import candidates
from .rules.turns import DIRECTIONS, new_rounds_left
from .state import CATEGORIES, opponents, placement_squares, player, unlocked_points

STEP_TYPES = {
    "order": ("choose_order",), "place": ("place",), "move": ("move",), "shove": ("shove",),
    "answer": ("answer", "ask_advice"), "advise": ("advise",), "judge": ("judge",),
    "reward": ("take_points", "new_round"), "spree": ("new_round", "end_turn"),
    "genius": ("choose_category",), "challenge": ("challenge",),
    "duel_category": ("choose_category",), "duel": ("answer",), "wager": ("wager",),
    "allocate": ("distribute", "strike"),
}
PARAMETERS = {
    "chance": ("outcome",), "choose_order": ("order",), "place": ("square",),
    "move": ("direction",), "shove": ("target", "square"), "answer": ("value",),
    "ask_advice": ("adviser",), "advise": ("suggestion",), "judge": ("correct",),
    "take_points": (), "new_round": (), "end_turn": (), "choose_category": ("category",),
    "challenge": ("opponent", "stake"), "wager": ("points",), "distribute": ("points",),
    "strike": ("points",), "flag": ("question", "reason"), "override": ("judgement",),
    "call_time": (),
}
MODERATOR_TYPES = ("call_time", "override")
INPUT_TYPES = ("choose_order",)  # parameters the menu asks as inputs, never enumerated
NOT_LISTED = {
    "place": "not_a_category_square", "move": "bad_direction", "shove": "bad_square",
    "ask_advice": "advice_not_allowed", "judge": "bad_vote", "new_round": "new_round_limit",
    "choose_category": "bad_category", "challenge": "bad_challenge", "wager": "bad_wager",
    "take_points": "not_allowed", "end_turn": "not_allowed",
}


def canonical(action: dict) -> dict:
    """The action with exactly its type's parameters; raises for an unknown type."""
    if not isinstance(action, dict) or action.get("type") not in PARAMETERS:
        raise IllegalAction("unknown_action", "That is not an action of this game.")
    kind = action["type"]
    result = {"type": kind} if kind == "chance" else {"type": kind, "seat": action.get("seat")}
    for name in PARAMETERS[kind]:
        result[name] = action.get(name)
    return result


def current_seats(state: dict) -> list:
    step = state["step"]
    kind = step["kind"]
    if kind == "chance":
        return [CHANCE]
    if kind in ("order",):
        return list(step["waiting"])
    if kind in ("judge", "duel"):
        return list(step["seats"])
    if kind == "allocate":
        return list(dict.fromkeys(a["seat"] for a in state["allocations"]))
    if kind == "over":
        return []
    return [step["seat"]]


def chance_outcomes(state: dict) -> list:
    step = state["step"]
    if step["kind"] != "chance":
        return []
    if step["draw"] == "start":
        return list(state["seats"])
    if step["draw"] == "die":
        return list(DIE)
    pending = state["pending_question"]
    return candidates(state, pending["category"], pending["context"])


# Legal actions, by type ------------------------------------------------------------------------

def _answers(state: dict) -> list:
    record = state["bank"][state["question"]["id"]]
    if record["format"] == "multiple_choice":
        return [*questions.LETTERS[:len(record["options"])], None]
    if record["format"] == "true_false":
        return [True, False, None]
    return [None]  # a typed answer is an input


def _advice_open(state: dict, seat: int) -> bool:
    """Advice: on a category square, before answering, once per question (AS-25)."""
    q = state["question"]
    return (state["options"]["advice"] and q["context"] == "square"
            and not state["step"]["advised"])


def _splits(state: dict, seat: int, mode: str) -> list[dict]:
    allocation = points.pending_for(state, seat)
    if allocation is None or allocation["mode"] != mode:
        return []
    return points.splits(player(state, seat), mode, allocation["points"])


LEGAL = {
    "choose_order": lambda state, seat: [],
    "place": lambda state, seat: [{"square": s} for s in placement_squares()],
    "move": lambda state, seat: [{"direction": d} for d in DIRECTIONS],
    "shove": lambda state, seat: [{"target": state["step"]["targets"][0], "square": s}
                                  for s in (None, *range(42))],
    "answer": lambda state, seat: [{"value": v} for v in _answers(state)],
    "ask_advice": lambda state, seat: [{"adviser": a} for a in opponents(state, seat)]
    if _advice_open(state, seat) else [],
    "advise": lambda state, seat: [{"suggestion": v} for v in _answers(state)],
    "judge": lambda state, seat: [{"correct": v} for v in (True, False, None)],
    "take_points": lambda state, seat: [{}],
    "new_round": lambda state, seat: [{}] if new_rounds_left(state) > 0 else [],
    "end_turn": lambda state, seat: [{}],
    "choose_category": lambda state, seat: [{"category": c} for c in CATEGORIES],
    "challenge": lambda state, seat: [
        {"opponent": o, "stake": s} for o in opponents(state, seat)
        for s in range(1, unlocked_points(player(state, seat)) + 1)],
    "wager": lambda state, seat: [
        {"points": w} for w in range(1, unlocked_points(player(state, seat)) + 1)],
    "distribute": lambda state, seat: [{"points": s} for s in _splits(state, seat, "gain")],
    "strike": lambda state, seat: [{"points": s} for s in _splits(state, seat, "strike")],
}


def blocker(state: dict, seat: int, kind: str) -> str | None:
    """Why `seat` cannot take an action of type `kind` now, or None."""
    if state["over"]:
        return "game_over"
    q = state["question"]
    if kind == "answer" and q and any(a["seat"] == seat for a in q["answers"]):
        return "already_answered"  # a team's first submission counts (AS-36)
    if seat not in current_seats(state):
        return "not_your_turn"
    step_kind = state["step"]["kind"]
    if kind not in STEP_TYPES[step_kind]:
        return "wrong_step"
    if step_kind == "allocate":
        allocation = points.pending_for(state, seat)
        if ("distribute" if allocation["mode"] == "gain" else "strike") != kind:
            return "wrong_step"
    return None


def legal_of(state: dict, seat: int, kind: str) -> list[dict]:
    """The legal actions of one type for `seat` now, in canonical form."""
    if blocker(state, seat, kind) is not None:
        return []
    return [{"type": kind, "seat": seat, **params} for params in LEGAL[kind](state, seat)]


def step_types(state: dict, seat: int) -> tuple[str, ...]:
    if seat not in current_seats(state) or state["over"]:
        return ()
    return tuple(k for k in STEP_TYPES.get(state["step"]["kind"], ())
                 if blocker(state, seat, k) is None)


# Validation ------------------------------------------------------------------------------------

def _listed(state: dict, action: dict) -> dict:
    listed = legal_of(state, action["seat"], action["type"])
    if action not in listed:
        raise IllegalAction(NOT_LISTED.get(action["type"], "not_allowed"))
    return listed[listed.index(action)]


def _order(state: dict, action: dict) -> dict:
    order = action["order"]
    if not (isinstance(order, list) and sorted(map(str, order)) == sorted(CATEGORIES)):
        raise IllegalAction("bad_order", "Write each of the six categories once.")
    return {**action, "order": list(order)}


def _answer(state: dict, action: dict) -> dict:
    record = state["bank"][state["question"]["id"]]
    limit = questions.text_limit(record)
    return {**action, "value": questions.typed_answer(record, action["value"], limit)}


def _advise(state: dict, action: dict) -> dict:
    record = state["bank"][state["question"]["id"]]
    limit = questions.text_limit(record, advice=True)
    return {**action, "suggestion": questions.typed_answer(record, action["suggestion"], limit)}


def _split(state: dict, action: dict) -> dict:
    split = action["points"]
    if not (isinstance(split, dict) and all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in split.values())):
        raise IllegalAction("bad_split", "Give whole numbers of points by category.")
    split = {c: split[c] for c in CATEGORIES if split.get(c)}
    seat = action["seat"]
    code = points.split_problem(player(state, seat), points.pending_for(state, seat), split)
    if code is not None:
        raise IllegalAction(code)
    return {**action, "points": split}


VALIDATE = {"choose_order": _order, "answer": _answer, "advise": _advise,
            "distribute": _split, "strike": _split}


def _check_chance(state: dict, action: dict) -> dict:
    if state["step"]["kind"] != "chance":
        raise IllegalAction("no_chance_step", "Nothing is waiting for a die or a draw.")
    outcomes = chance_outcomes(state)
    if action["outcome"] not in outcomes:
        raise IllegalAction("bad_outcome", "That outcome is not possible now.")
    return {"type": "chance", "outcome": outcomes[outcomes.index(action["outcome"])]}


def _check_moderator(state: dict, action: dict) -> dict:
    if action["seat"] is not None:
        raise IllegalAction("teacher_only", "Only the teacher may do that.")
    if state["over"]:
        raise IllegalAction("game_over", "The game is over.")
    if action["type"] == "call_time" and state["time_called"]:
        raise IllegalAction("time_already_called", "Time has been called.")
    if action["type"] == "override" and action["judgement"] not in override.reversible(state):
        raise IllegalAction("not_reversible", "That judgement can no longer be reversed.")
    if action["type"] == "judge" and not teacher_judging(state):
        raise IllegalAction("not_judging", "No answer waits for the teacher's judgement.")
    if action["type"] == "judge" and action["correct"] not in (True, False):
        raise IllegalAction("bad_vote", "Judge the answer correct or incorrect.")
    return action


def teacher_judging(state: dict) -> bool:
    """An open answer waits for its judgement: the teacher may give it, as sole judge or over
    the table's vote (my ruling: the teacher's word ends the vote, AS-31, AS-34)."""
    return state["step"]["kind"] == "judge"


def _check_flag(state: dict, action: dict) -> dict:
    seat = action["seat"]
    if seat not in state["seats"]:
        raise IllegalAction("not_a_seat", "There is no such seat.")
    if action["reason"] not in flags.REASONS:
        raise IllegalAction("bad_reason", "Flag a question as wrong or unclear.")
    if action["question"] not in flags.seen_by(state, seat):
        raise IllegalAction("not_seen", "You can flag only a question you have been shown.")
    if action["question"] in flags.flagged_by(state, seat):
        raise IllegalAction("already_flagged", "You have flagged this question.")
    return action


def check(state: dict, action: dict) -> dict:
    """Validate an action against the state; its canonical, listed form, or IllegalAction."""
    action = canonical(action)
    kind = action["type"]
    if kind in MODERATOR_TYPES or (kind == "judge" and action["seat"] is None):
        return _check_moderator(state, action)
    if kind == "flag":
        return _check_flag(state, action)
    if state["over"]:
        raise IllegalAction("game_over", "The game is over.")
    if kind == "chance":
        return _check_chance(state, action)
    if action["seat"] not in state["seats"]:
        raise IllegalAction("not_a_seat", "There is no such seat.")
    code = blocker(state, action["seat"], kind)
    if code is not None:
        raise IllegalAction(code)
    return VALIDATE.get(kind, _listed)(state, action)
