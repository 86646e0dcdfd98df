"""The engine's face: what the classroom calls (docs/engine.md, version 2).

`apply_action` validates, then applies the action to a copy, so its input never changes and an
illegal action raises IllegalAction with the state as it was. `apply_in_place` is the same rules
code without the copy, for the playouts and the bots.
"""

from __future__ import annotations

from games.engines.base import CALL_TIME, CHANCE, GameError, GameInfo, engine_from

from . import actions, setup, views
from .events import events_for as _events_for
from .invariants import check_invariants as _check_invariants
from .scoring import outcome as _outcome
from .scoring import total
from .state import FLASK_SUPPLY, GAME_KEY, SCHEMA, TECH_SUPPLY, clone

KEY = GAME_KEY
VARIANTS = {
    "lesson": {
        "title": {"fi": "oppitunnin peli", "en": "lesson game",
                  "sv": "lektionsspel"},
        "min_seats": 2,
        "max_seats": 4,
    },
}
INFO = GameInfo(
    key=KEY, title={"fi": "Scientia", "en": "Scientia", "sv": "Scientia"}, variants=VARIANTS,
    default_variant="lesson", information="perfect", simultaneous=False,
    # Nothing is private to a seat (SC-58), so the teacher sees all any seat sees: the table
    # view needs no "look at a seat".
    teacher_sees_private=True, chance="setup",
)
PLAY_SHARE = 0.85  # progress when a supply is out; the final rounds make up the rest


def new_game(players: list[dict], options: dict | None = None, seed: int = 0) -> dict:
    """A new game: the combination's draws (if random), the first player's draw (unless named),
    then the opening draft (SC-01 to SC-11)."""
    return setup.new_game(players, options or {}, seed)


def current_seats(state: dict) -> list:
    return actions.current_seats(state)


def chance_outcomes(state: dict) -> list:
    return setup.chance_outcomes(state)


def legal_actions(state: dict, seat) -> list[dict]:
    """Every legal action of `seat` now; for the teacher (None), the moderator's."""
    if seat is None:
        return actions.moderator_actions(state)
    legal = []
    for kind in actions.step_kinds(state):
        legal += actions.legal_of_kind(state, seat, kind)
    return legal


def action_menu(state: dict, seat) -> list[dict]:
    return actions.menu(state, seat)


def canonical_action(state: dict, action: dict) -> dict:
    return actions.check(state, action)


def apply_action(state: dict, action: dict) -> tuple[dict, list[dict]]:
    action = actions.check(state, action)
    new_state = clone(state)
    return new_state, _apply(new_state, action)


def apply_in_place(state: dict, action: dict, validate: bool = False) -> list[dict]:
    """Apply an action by changing `state` itself. Without `validate` the action must be legal
    and canonical, as those from `legal_actions`, `resolve_chance` and the bots are."""
    if validate:
        action = actions.check(state, action)
    return _apply(state, action)


def _apply(state: dict, action: dict) -> list[dict]:
    out: list[dict] = []
    if action["type"] == CHANCE:
        setup.apply_chance(state, action["outcome"], out)
    else:
        actions.APPLY[action["type"]](state, action, out)
    state["actions_n"] += 1
    state["events"] = out
    return out


def check_invariants(state: dict) -> list[str]:
    return _check_invariants(state)


def view_for(state: dict, viewer) -> dict:
    return views.view_for(state, viewer)


def events_for(events: list[dict], viewer) -> list[dict]:
    return _events_for(events, viewer)


def outcome(state: dict) -> dict | None:
    return _outcome(state)


def progress(state: dict) -> float:
    """How far the game is: the emptier supply's share of the way to the trigger, then the
    turns played of the known last round."""
    if state["stage"] == "over":
        return 1.0
    n = len(state["players"])
    used = max(1 - state["supply"]["cubes"] / TECH_SUPPLY[n],
               1 - state["supply"]["flasks"] / FLASK_SUPPLY[n])
    share = PLAY_SHARE * used
    if state["last_round"] is not None:
        share = max(share, (state["turn"] - 1) / (state["last_round"] * n))
    return round(min(share, 0.99), 3)


def summary(state: dict) -> dict:
    """The table at a glance: both supplies, the longest chain so far, and each seat's score,
    completions, longest chain and flasks in storage."""
    over = state["stage"] == "over"
    return {
        "progress": progress(state), "stage": state["stage"], "round": state["round"],
        "rounds": state["last_round"], "over": over,
        "to_act": [s for s in actions.current_seats(state) if isinstance(s, int)],
        "figures": {"cubes_left": state["supply"]["cubes"],
                    "flasks_left": state["supply"]["flasks"],
                    "longest_chain": state["longest_chain"]["length"],
                    "end_triggered": int(state["trigger"] is not None)},
        "seats": [{"seat": p["seat"], "score": total(p),
                   "figures": {"completions": sum(p["completions"].values()),
                               "longest_chain": p["longest_chain"], "flasks": p["storage"]}}
                  for p in state["players"]],
    }


def deadlines(state: dict) -> list[dict]:
    """No Scientia choice has a time limit: the teacher's call time is the safety (SC-G17)."""
    return []


def pace_kind(state: dict, action: dict) -> str | None:
    """The kind of decision, for the classroom pace, as a teacher sees a table: the draft is
    the first reading of the cards; a rotation, a take and every choice inside a chain are one
    choice among options whose words (a card's effect, what a rotation completes) the tablet
    shows beside them; confirming or withdrawing a rotation is a tap."""
    return PACE.get(action.get("type"))


PACE = {"draft": "read", "take": "choice", "rotate": "choice", "confirm": "quick",
        "back": "quick", "complete": "choice", "choose_card": "choice",
        "choose_stack": "choice", "choose_field": "choice", CALL_TIME: "quick"}


def state_to_json(state: dict) -> dict:
    return clone(state)


def state_from_json(data: dict) -> dict:
    if data.get("game") != GAME_KEY or data.get("schema") != SCHEMA:
        raise GameError("not a Scientia state of this schema")
    return clone(data)

ENGINE = engine_from(INFO, globals(), "games.scientia.engine.bots")
