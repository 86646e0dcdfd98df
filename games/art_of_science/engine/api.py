"""The engine's face: what the classroom calls (docs/engine.md, version 2).

`apply_action` validates, then applies the action to a copy, so its input never changes and an
illegal action raises IllegalAction with the state as it was. `apply_in_place` is the same rules
code without the copy, for playouts and bots.
"""

from __future__ import annotations

from games.engines.base import GameError, GameInfo, engine_from

from . import actions as dispatch
from . import views
from .content import LENGTHS
from .events import events_for as _events_for
from .rules import asking, duel, ending, flags, override, setup, squares, turns
from .state import GAME_KEY, SCHEMA, clone
from .summary import deadlines as _deadlines
from .summary import invariants
from .summary import summary as _summary

KEY = GAME_KEY
VARIANTS = {
    key: {"title": length["title"], "min_seats": setup.MIN_SEATS, "max_seats": setup.MAX_SEATS}
    for key, length in LENGTHS.items()
}
INFO = GameInfo(
    key=KEY,
    title={"fi": "Tieteen taide", "en": "The Art of Science", "sv": "Vetenskapens konst"},
    variants=VARIANTS, default_variant="lesson", information="hidden", simultaneous=True,
    teacher_sees_private=True, chance="throughout", tags=("trivia", "questions"),
)
APPLY = {
    ("order", "choose_order"): setup.choose_order,
    ("place", "place"): setup.place,
    ("move", "move"): turns.move,
    ("shove", "shove"): turns.shove,
    ("answer", "answer"): asking.answer,
    ("answer", "ask_advice"): asking.ask_advice,
    ("advise", "advise"): asking.advise,
    ("judge", "judge"): asking.vote,
    ("reward", "take_points"): turns.take_points,
    ("reward", "new_round"): turns.new_round,
    ("spree", "new_round"): turns.new_round,
    ("spree", "end_turn"): turns.decline_roll,
    ("genius", "choose_category"): squares.genius_category,
    ("challenge", "challenge"): duel.challenge,
    ("duel_category", "choose_category"): duel.choose_category,
    ("duel", "answer"): duel.answer,
    ("wager", "wager"): squares.wager,
    ("allocate", "distribute"): turns.allocation_chosen,
    ("allocate", "strike"): turns.allocation_chosen,
}
CHANCE_DRAWS = {
    "start": setup.start_seat_chosen,
    "die": turns.die_rolled,
    "question": asking.question_drawn,
}
SIDE = {
    "flag": flags.flag,
    "call_time": lambda state, action, out: ending.call_time(state, out),
    "override": override.override,
    "judge": asking.teacher_judges,
}
PACE = {
    "choose_order": "plan", "place": "choice", "move": "quick", "shove": "choice",
    "answer": "read", "ask_advice": "read", "advise": "read", "judge": "choice",
    "take_points": "quick", "new_round": "quick", "end_turn": "quick",
    "choose_category": "choice", "challenge": "choice", "wager": "choice",
    "distribute": "choice", "strike": "choice",
}


def new_game(players: list[dict], options: dict | None = None, seed: int = 0) -> dict:
    """A new game, waiting for every seat's category order (AS-01 to AS-04)."""
    return setup.new_state(players, options or {}, seed)


def current_seats(state: dict) -> list:
    return dispatch.current_seats(state)


def chance_outcomes(state: dict) -> list:
    return dispatch.chance_outcomes(state)


def legal_actions(state: dict, seat: int | None) -> list[dict]:
    """Every legal action of `seat` now; for the teacher (None), the moderator's. Left out, as
    the menu's inputs: a category order, a typed answer or suggestion, and a flag (the
    question comes from the caller)."""
    if seat is None:
        return moderator_actions(state)
    return [a for kind in dispatch.step_types(state, seat)
            for a in dispatch.legal_of(state, seat, kind)]


def moderator_actions(state: dict) -> list[dict]:
    if state["over"]:
        return []
    legal = [{"type": "override", "seat": None, "judgement": j}
             for j in override.reversible(state)]
    if dispatch.teacher_judging(state):
        legal += [{"type": "judge", "seat": None, "correct": c} for c in (True, False)]
    if not state["time_called"]:
        legal.append({"type": "call_time", "seat": None})
    return legal


def action_menu(state: dict, seat: int) -> list[dict]:
    return views.action_menu(state, seat)


def canonical_action(state: dict, action: dict) -> dict:
    """The action as it is applied and logged; raises IllegalAction if it is not legal now."""
    return dispatch.check(state, action)


def apply_action(state: dict, action: dict) -> tuple[dict, list[dict]]:
    """Apply a legal action to a copy of `state`; raise IllegalAction and change nothing if it
    is not legal."""
    action = dispatch.check(state, action)
    new_state = clone(state)
    return new_state, _apply(new_state, action)


def apply_in_place(state: dict, action: dict, validate: bool = False) -> list[dict]:
    """Apply an action by changing `state` itself (the playouts' fast path). Without `validate`
    the action must be legal and canonical, as those of `legal_actions`, the bots and
    `resolve_chance` are."""
    if validate:
        action = dispatch.check(state, action)
    return _apply(state, action)


def _apply(state: dict, action: dict) -> list[dict]:
    out: list[dict] = []
    kind = action["type"]
    if kind == "chance":
        state["chance_n"] += 1
        CHANCE_DRAWS[state["step"]["draw"]](state, action["outcome"], out)
    elif kind in SIDE and (kind != "judge" or action["seat"] is None):
        SIDE[kind](state, action, out)
    else:
        state["window"] = []  # the table's next action closes the override window (AS-34)
        APPLY[(state["step"]["kind"], kind)](state, action, out)
    ending.settle(state, out)
    state["actions_n"] += 1
    state["events"] = out
    return out


def view_for(state: dict, viewer) -> dict:
    return views.view_for(state, viewer)


def events_for(events: list[dict], viewer) -> list[dict]:
    return _events_for(events, viewer)


def outcome(state: dict) -> dict | None:
    """None until the game ends; then how it ended, the winners and the ranking (AS-24,
    AS-37)."""
    return state["result"]


def summary(state: dict) -> dict:
    return _summary(state)


def deadlines(state: dict) -> list[dict]:
    return _deadlines(state)


def check_invariants(state: dict) -> list[str]:
    return invariants(state)


def pace_kind(state: dict, action: dict) -> str | None:
    """Reading and answering a question is "read" (25 s); an answer after advice is "quick"."""
    if action["type"] == "answer" and state["step"].get("advised"):
        return "quick"
    return PACE.get(action["type"])


def state_to_json(state: dict) -> dict:
    return clone(state)


def state_from_json(data: dict) -> dict:
    if data.get("game") != GAME_KEY or data.get("schema") != SCHEMA:
        raise GameError("not an Art of Science state of this schema")
    return clone(data)

ENGINE = engine_from(INFO, globals(), "games.art_of_science.engine.bots")
