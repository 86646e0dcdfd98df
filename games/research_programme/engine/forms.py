"""Action types, their canonical form, and the codes an illegal action is refused with.

An action is a plain dict with a `type`, the acting `seat` (None for the teacher) and its
parameters. `canonical` fills in the optional parameters, so `{"type": "pass", "seat": 2}` and
the same with `"debt": false` are one action, and orders list parameters.
"""

from __future__ import annotations

from games.engines.base import IllegalAction

from . import board

PARAMETERS = {
    # type: {parameter: default}; `None` as a default means "optional, None if left out"
    "chance": {"outcome": None},
    "fund": {"income": None, "repay": 0, "draw": None},
    "discard": {"cards": None},
    "event_block": {"how": None, "card": None},
    "event_choose": {"choice": None},
    "theory": {"card": None, "withdraw": None, "debt": False},
    "build": {"card": None, "hex": None, "debt": False},
    "prediction": {"theory": None, "project": None, "desk_hex": None, "method": None,
                   "debt": False},
    "preprint": {"record": None, "debt": False},
    "journal": {"record": None, "debt": False},
    "simulate": {"hexes": None, "debt": False},
    "peer_review": {"repair": None, "debt": False},
    "pass": {},
    "roll": {"pay_for_plus": False, "clean": None},
    "story_request": {"story_id": None},
    "story_accept": {"story_id": None},
    "story_reject": {"story_id": None, "reason": None},
    "story_vote": {"story_id": None, "accept": None},
    "call_time": {},
    # the full and beginner games
    "keep": {"theory": None, "method": None},
    "interfere": {"card": None, "target": None, "theory": None, "hexes": None, "debt": False},
    "defend": {"how": None, "card": None},
    "reveal": {"hex": None},
    "exploration_reward": {"gains": None},
    "overflow": {"hex": None},
    "synthesis": {"attempt": None},
}
FULL_GAME_TYPES = frozenset(("keep", "interfere", "defend", "reveal", "exploration_reward",
                             "overflow", "synthesis"))
HEX_LISTS = ("simulate", "interfere")
STORY_TYPES = ("story_request", "story_accept", "story_reject", "story_vote")


def canonical(action: dict) -> dict:
    """The action with every parameter present, in a form that compares equal to the legal
    one: list parameters in a fixed order."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) \
            or action["type"] not in PARAMETERS:
        raise IllegalAction("unknown_action", "That is not an action of this game.")
    kind = action["type"]
    result = {"type": kind}
    if kind != "chance":
        result["seat"] = action.get("seat")
    for name, default in PARAMETERS[kind].items():
        result[name] = action.get(name, default)
    if "debt" in result and not isinstance(result["debt"], bool):
        raise IllegalAction("bad_debt", "Debt is taken (true) or not (false).")
    if kind in HEX_LISTS and isinstance(result["hexes"], list):
        result["hexes"] = sorted(result["hexes"], key=lambda h: board.HEX_INDEX.get(h, -1))
    if kind == "discard" and isinstance(result["cards"], list):
        result["cards"] = sorted(result["cards"])
    if kind in STORY_TYPES and not (isinstance(result["story_id"], str) and result["story_id"]):
        raise IllegalAction("bad_story_id", "A story needs an id.")
    return result


REASONS = {
    "not_your_turn": "It is not your turn.",
    "wrong_step": "That action does not belong to this step of the round.",
    "game_over": "The game is over.",
    "already_taken": "You already took this action this round.",
    "cannot_pay": "You cannot pay for that.",
    "no_tiles_left": "All your project tiles are on the map.",
    "market_empty": "The Project market is empty.",
    "no_legal_hex": "There is no hex where that project could go.",
    "illegal_hex": "The tile cannot go on that hex.",
    "not_in_market": "That project is not in the market.",
    "no_unpublished_record": "You have no unpublished result.",
    "no_theory_in_hand": "You have no theory in your hand.",
    "no_theory_in_play": "No theory is on the table.",
    "no_project": "You have no project to test with.",
    "no_disruption_card": "You hold no Bias or Influence card.",
    "no_target": "No opponent can be hit by your cards now.",
    "illegal_choice": "That choice is not allowed now.",
    "teacher_only": "Only the teacher can do that.",
    "story_pending": "Your story is still waiting for a decision.",
    "story_limit": "No more stories this round.",
    "stories_off": "Stories are not used in this game.",
}
