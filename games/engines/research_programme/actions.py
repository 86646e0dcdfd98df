"""Actions: their types and canonical form, which step takes which, validation and costs.

An action is a plain dict with a `type`, the acting `seat` (None for the teacher) and its
parameters. `canonical` fills in the optional parameters, so `{"type": "pass", "seat": 2}` and
the same with `"debt": false` are one action. `check` raises IllegalAction with a stable code;
it never changes the state.
"""

from __future__ import annotations

from ..base import CHANCE, IllegalAction
from . import board
from .content import CARDS
from .rules import actions as turn_actions
from .rules import event_cards, funding, preview, stories, tests
from .rules.flow import chance_outcomes
from .state import player

PLAY_KINDS = turn_actions.ACTION_KINDS + ("pass",)
STEP_KINDS = {
    "funding": ("fund",),
    "discard": ("discard",),
    "event": ("event_block", "event_choose"),
    "actions": PLAY_KINDS,
    "test": ("roll",),
}
MODERATOR_KINDS = ("story_accept", "story_reject", "call_time")
SIDE_KINDS = ("story_request", "story_vote") + MODERATOR_KINDS
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
    "peer_review": {"debt": False},
    "pass": {},
    "roll": {"pay_for_plus": False, "clean": None},
    "story_request": {"story_id": None},
    "story_accept": {"story_id": None},
    "story_reject": {"story_id": None, "reason": None},
    "story_vote": {"story_id": None, "accept": None},
    "call_time": {},
}


def _seat_legal(kind: str):
    def legal(state: dict, seat: int) -> list[dict]:
        return turn_actions.LEGAL[kind](state, player(state, seat))
    return legal


LEGAL = {
    "fund": funding.legal_fund,
    "discard": funding.legal_discard,
    "event_block": event_cards.legal_event_block,
    "event_choose": event_cards.legal_event_choose,
    "roll": tests.legal_roll,
    **{kind: _seat_legal(kind) for kind in PLAY_KINDS},
}
APPLY = {
    "fund": funding.apply_fund,
    "discard": funding.apply_discard,
    "event_block": event_cards.apply_event_block,
    "event_choose": event_cards.apply_event_choose,
    "roll": tests.apply_roll,
    **turn_actions.APPLY,
}


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
    if kind == "simulate" and isinstance(result["hexes"], list):
        result["hexes"] = sorted(result["hexes"], key=lambda h: board.HEX_INDEX.get(h, -1))
    if kind == "discard" and isinstance(result["cards"], list):
        result["cards"] = sorted(result["cards"])
    if kind in ("story_request", "story_accept", "story_reject", "story_vote") and not (
        isinstance(result["story_id"], str) and result["story_id"]
    ):
        raise IllegalAction("bad_story_id", "A story needs an id.")
    return result


def step_kinds(state: dict) -> tuple[str, ...]:
    step = state["step"]
    return STEP_KINDS.get(step["kind"], ()) if step else ()


def current_seats(state: dict) -> list:
    step = state["step"]
    if step is None or state["phase"] == "over":
        return []
    if step["kind"] == "chance":
        return [CHANCE]
    return list(step["seats"])


def kind_blocker(state: dict, seat: int, kind: str) -> str | None:
    """Why `seat` cannot take an action of `kind` now, or None."""
    if state["phase"] == "over":
        return "game_over"
    step = state["step"]
    if step["kind"] == "chance" or seat not in step["seats"]:
        return "not_your_turn"
    if kind not in STEP_KINDS[step["kind"]]:
        return "wrong_step"
    if step["kind"] == "actions" and kind != "pass":
        return turn_actions.available(state, seat, kind)
    return None


def legal_of_kind(state: dict, seat: int, kind: str) -> list[dict]:
    """The legal actions of one kind for `seat` now (none if the kind is not open to it)."""
    if kind_blocker(state, seat, kind) is not None:
        return []
    return LEGAL[kind](state, seat)


def open_kinds(state: dict, seat: int) -> list[str]:
    """The kinds of the current step in which `seat` has at least one legal action."""
    step = state["step"]
    if step is None or step["kind"] not in STEP_KINDS or seat not in step["seats"]:
        return []
    if step["kind"] == "actions":
        return [k for k in PLAY_KINDS
                if k == "pass" or turn_actions.available(state, seat, k) is None]
    return [k for k in STEP_KINDS[step["kind"]] if LEGAL[k](state, seat)]


def check(state: dict, action: dict) -> dict:
    """Validate an action against the state; returns its canonical form or raises."""
    action = canonical(action)
    kind = action["type"]
    if kind in SIDE_KINDS:
        check_side(state, action)
        return action
    if state["phase"] == "over":
        raise IllegalAction("game_over", "The game is over.")
    if kind == "chance":
        if state["step"]["kind"] != "chance":
            raise IllegalAction("no_chance_step", "Nothing is waiting for a die or a draw.")
        return _as_listed(action, [{"type": "chance", "outcome": outcome}
                                   for outcome in chance_outcomes(state)], "bad_outcome")
    seat = action["seat"]
    blocker = kind_blocker(state, seat, kind)
    if blocker is not None:
        raise IllegalAction(blocker, REASONS.get(blocker, ""))
    legal = LEGAL[kind](state, seat)
    if action not in legal:
        code = diagnose(state, action)
        raise IllegalAction(code, REASONS.get(code, "That choice is not allowed now."))
    return legal[legal.index(action)]


def _as_listed(action: dict, listed: list[dict], code: str) -> dict:
    """The listed action equal to `action`: `1` equals `True` and `2.0` equals `2` in Python,
    but only the listed form is applied and logged."""
    if action not in listed:
        raise IllegalAction(code, REASONS.get(code, "That outcome is not possible now."))
    return listed[listed.index(action)]


def check_side(state: dict, action: dict) -> None:
    kind = action["type"]
    if kind in MODERATOR_KINDS:
        if action["seat"] is not None:
            raise IllegalAction("teacher_only", REASONS["teacher_only"])
        return
    seat = action["seat"]
    if seat not in state["seats"]:
        raise IllegalAction("not_a_seat", "There is no such seat.")
    if kind == "story_request":
        existing = state["stories"].get(action["story_id"])
        if existing is not None:
            if existing["seat"] != seat:
                raise IllegalAction("story_id_taken", "Another seat used this story id.")
            return
        blocker = stories.request_blocker(state, seat)
        if blocker is not None:
            raise IllegalAction(blocker, REASONS.get(blocker, ""))
    elif kind == "story_vote":
        if state["options"]["story_judge"] != "table":
            raise IllegalAction("teacher_judges", "The teacher decides stories in this lesson.")
        story = state["stories"].get(action["story_id"])
        if story is not None and story["seat"] == seat:
            raise IllegalAction("own_story", "A seat cannot vote on its own story.")
        if not isinstance(action["accept"], bool):
            raise IllegalAction("bad_vote", "A vote is accept or reject.")


def diagnose(state: dict, action: dict) -> str:
    """A specific code for a well-formed action that is not legal (for the tablet's message)."""
    kind = action["type"]
    seat = action["seat"]
    p = player(state, seat)
    if kind == "build":
        if action["card"] not in state["market"]:
            return "not_in_market"
        cost = CARDS[action["card"]]["cost"]
        if cost > p["resources"]["R"] + (2 if action["debt"] else 0):
            return "cannot_pay"
        return "illegal_hex"
    legal = LEGAL[kind](state, seat)
    if action.get("debt") is False and {**action, "debt": True} in legal:
        return "cannot_pay"
    if kind == "roll" and action["pay_for_plus"] and {**action, "pay_for_plus": False} in legal:
        return "cannot_pay"
    return "illegal_choice"


def cost(state: dict, action: dict) -> dict[str, int]:
    """What an action costs its seat now, in resources (debt's R +2 is shown separately)."""
    kind = action["type"]
    if kind in ("theory", "build"):
        return {"R": CARDS[action["card"]]["cost"]}
    if kind == "prediction":
        method = action["method"]
        p = player(state, action["seat"])
        return {"R": CARDS[method]["cost"]} if method in p["hand"] else {}
    if kind == "roll":
        total = dict(tests.TEST_COST)
        if action["pay_for_plus"]:
            method = player(state, action["seat"])["scheduled"]["method"]
            for code, amount in preview.pay_for_plus_effect(method)["cost"].items():
                total[code] = total.get(code, 0) + amount
        return total
    if kind == "event_block":
        if action["how"] == "method":
            return {"R": CARDS[action["card"]]["cost"]}
        return event_cards.scepticism_cost(CARDS[state["event"]])
    if kind == "fund":
        return {"R": 2 * action["repay"]} if action["repay"] else {}
    return dict(FIXED_COSTS.get(kind, {}))


FIXED_COSTS = {
    "preprint": {"D": 1},
    "journal": {"D": 1, "L": 1},
    "simulate": turn_actions.SIMULATE_COST,
    "peer_review": turn_actions.PEER_REVIEW_COST,
}

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
    "illegal_choice": "That choice is not allowed now.",
    "teacher_only": "Only the teacher can do that.",
    "story_pending": "Your story is still waiting for a decision.",
    "story_limit": "No more stories this round.",
    "stories_off": "Stories are not used in this game.",
}
