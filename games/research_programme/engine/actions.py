"""Actions: which step takes which kind, validation and costs (the forms are in `forms`).

`check` raises IllegalAction with a stable code; it never changes the state, and no code depends
on what the acting seat may not see.
"""

from __future__ import annotations

from games.engines.base import CHANCE, IllegalAction

from .content import CARDS
from .forms import FULL_GAME_TYPES, REASONS, canonical
from .rules import actions as turn_actions
from .rules import (
    event_cards,
    exploration,
    full_setup,
    funding,
    interfere,
    noise,
    preview,
    review,
    stories,
    synthesis,
    tests,
)
from .rules.flow import chance_outcomes
from .state import player, uses

STEP_KINDS = {
    "funding": ("fund",),
    "discard": ("discard",),
    "event": ("event_block", "event_choose"),
    "actions": turn_actions.ACTION_KINDS + ("pass",),
    "test": ("roll",),
    "keep": ("keep",),
    "defend": ("defend",),
    "reveal": ("reveal",),
    "exploration": ("exploration_reward",),
    "overflow": ("overflow",),
    "synthesis": ("synthesis",),
}
FULL_PLAY_KINDS = turn_actions.FULL_ACTION_KINDS + ("pass",)
MODERATOR_KINDS = ("story_accept", "story_reject", "call_time")
SIDE_KINDS = ("story_request", "story_vote") + MODERATOR_KINDS
def _seat_legal(kind: str):
    def legal(state: dict, seat: int) -> list[dict]:
        return turn_actions.LEGAL[kind](state, player(state, seat))
    return legal


LEGAL = {
    "keep": full_setup.legal_keep,
    "defend": interfere.legal_defend,
    "reveal": exploration.legal_reveal,
    "exploration_reward": exploration.legal_exploration,
    "overflow": noise.legal_overflow,
    "synthesis": synthesis.legal_synthesis,
    "fund": funding.legal_fund,
    "discard": funding.legal_discard,
    "event_block": event_cards.legal_event_block,
    "event_choose": event_cards.legal_event_choose,
    "roll": tests.legal_roll,
    **{kind: _seat_legal(kind) for kind in FULL_PLAY_KINDS},
}
APPLY = {
    "keep": full_setup.apply_keep,
    "defend": interfere.apply_defend,
    "reveal": exploration.apply_reveal,
    "exploration_reward": exploration.apply_exploration,
    "overflow": noise.apply_overflow,
    "synthesis": synthesis.apply_synthesis,
    "fund": funding.apply_fund,
    "discard": funding.apply_discard,
    "event_block": event_cards.apply_event_block,
    "event_choose": event_cards.apply_event_choose,
    "roll": tests.apply_roll,
    **turn_actions.APPLY,
}


def step_kinds(state: dict) -> tuple[str, ...]:
    """The action kinds the current step takes; in the full game's Actions phase also
    Interfere (FG-09)."""
    step = state["step"]
    if not step:
        return ()
    if step["kind"] == "actions" and uses(state, "disruption_cards"):
        return FULL_PLAY_KINDS
    return STEP_KINDS.get(step["kind"], ())


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
    if kind not in step_kinds(state):
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
        return [k for k in step_kinds(state)
                if k == "pass" or turn_actions.available(state, seat, k) is None]
    return [k for k in step_kinds(state) if LEGAL[k](state, seat)]


def check(state: dict, action: dict) -> dict:
    """Validate an action against the state; returns its canonical form or raises."""
    action = canonical(action)
    kind = action["type"]
    if kind in FULL_GAME_TYPES and not uses(state, "disruption_cards"):
        raise IllegalAction("unknown_action", "That is not an action of this game.")
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
    if seat not in state["seats"]:
        raise IllegalAction("not_a_seat", "There is no such seat.")
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
    if kind in ("event_block", "defend"):
        card = state["event"] if kind == "event_block" else state["interference"]["card"]
        if action["how"] == "method":
            return {"R": CARDS[action["card"]]["cost"]}
        if action["how"] == "scepticism":
            return event_cards.scepticism_cost(CARDS[card])
        return {}
    if kind == "interfere":
        price = CARDS[action["card"]]["cost"]
        return {"R": price} if price else {}
    if kind == "fund":
        return {"R": 2 * action["repay"]} if action["repay"] else {}
    return dict(FIXED_COSTS.get(kind, {}))


FIXED_COSTS = {
    "preprint": {"D": 1},
    "journal": {"D": 1, "L": 1},
    "simulate": review.SIMULATE_COST,
    "peer_review": review.PEER_REVIEW_COST,
}
