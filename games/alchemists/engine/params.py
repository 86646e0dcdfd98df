"""Actions' parameters: their kinds, and the canonical form every action is checked into.

An action is `{"type", "seat", ...params}`. `canonical` checks that every parameter of the type is
there with a value of its kind and that nothing else is, and normalises what has no order (a pair
of ingredients is sorted). The rules then check legality. Every code raised here depends only on
the action itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engines.base import IllegalAction

from .content import (
    ALCHEMICAL_IDS,
    ARTIFACTS,
    COLOURS,
    FAVOURS,
    GRANTS,
    INGREDIENT_IDS,
    POTION_IDS,
    SEAL_KINDS,
    SPACES,
    TURN_ORDER,
)


def fail(code: str, reason: str = "") -> None:
    raise IllegalAction(code, reason)


def require(condition: bool, code: str, reason: str = "") -> None:
    if not condition:
        raise IllegalAction(code, reason)


def _member(values) -> Callable[[Any], Any]:
    allowed = set(values)

    def check(value):
        require(isinstance(value, str) and value in allowed, "bad_parameter")
        return value
    return check


def _number(value: Any) -> int:
    require(isinstance(value, int) and not isinstance(value, bool), "bad_parameter")
    return value


def _flag(value: Any) -> bool:
    require(isinstance(value, bool), "bad_parameter")
    return value


def _pair(value: Any) -> list[str]:
    require(isinstance(value, list | tuple) and len(value) == 2, "bad_parameter")
    require(all(isinstance(v, str) and v in INGREDIENT_IDS for v in value), "bad_parameter")
    return sorted(value)


def _cards(value: Any) -> list[str]:
    require(isinstance(value, list | tuple), "bad_parameter")
    require(all(isinstance(v, str) and v in INGREDIENT_IDS for v in value), "bad_parameter")
    return sorted(value)


def _spaces(value: Any) -> list[str]:
    require(isinstance(value, list | tuple) and len(set(value)) == len(value), "bad_parameter")
    require(all(isinstance(v, str) and v in SPACES for v in value), "bad_parameter")
    return sorted(value)


def _optional(check: Callable) -> Callable:
    return lambda value: None if value is None else check(value)


KINDS: dict[str, Callable[[Any], Any]] = {
    "ingredient": _member(INGREDIENT_IDS),
    "maybe_ingredient": _optional(_member(INGREDIENT_IDS)),
    "alchemical": _member(ALCHEMICAL_IDS),
    "potion": _member(POTION_IDS),
    "colour": _member(COLOURS),
    "seal": _member(SEAL_KINDS),
    "artifact": _member(ARTIFACTS),
    "favour": _member(FAVOURS),
    "grant": _member(GRANTS),
    "order_space": _member(TURN_ORDER),
    "guarantee": _member(("exact", "sign", "neutral", "opposite")),
    "source": _member(("row", "deck")),
    "mark": _optional(_member(("no", "yes", "maybe"))),
    "number": _number,
    "flag": _flag,
    "pair": _pair,
    "cards": _cards,
    "spaces": _spaces,
}


def canonical(action: Any, fields: dict[str, str]) -> dict:
    """The action with exactly `fields` (name -> kind) besides type and seat, each checked."""
    require(isinstance(action, dict), "unknown_action")
    extra = set(action) - set(fields) - {"type", "seat"}
    require(not extra, "unknown_field", f"unknown parameters {sorted(extra)}")
    shown = {"type": action["type"], "seat": action.get("seat")}
    for name, kind in fields.items():
        require(name in action, "missing_parameter", f"{name} is missing")
        shown[name] = KINDS[kind](action[name])
    return shown
