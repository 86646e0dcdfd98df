"""Alchemy: the alchemicals, the mixing function and the quality of a potion (AL-01 to AL-11).

Pure functions of the alchemical ids; `result` is the only function that reads the secret mapping,
and only the rules that the companion-app table of part 3 names call it.
"""

from __future__ import annotations

from itertools import combinations

from .content import ALCHEMICAL_IDS, ALCHEMICALS, COLOURS, POTIONS

NEUTRAL = "N"
QUALITIES = ("opposite", "neutral", "sign", "exact")  # worst to best (AL-11)
PRICES = {"exact": 4, "sign": 3, "neutral": 2, "opposite": 1}
COLOURED = tuple(p for p in POTIONS if p != NEUTRAL)


def sign(alchemical: str, colour: str) -> str:
    """The sign of one aspect of an alchemical (AL-01)."""
    return ALCHEMICALS[alchemical]["signs"][colour]


def is_big(alchemical: str, colour: str) -> bool:
    return colour in ALCHEMICALS[alchemical]["big"]


def opposite(alchemical: str) -> str:
    """The alchemical with every sign flipped: mixing the two gives Neutral (AL-05)."""
    return ALCHEMICALS[alchemical]["opposite"]


def _mix(x: str, y: str) -> str:
    for colour in COLOURS:
        if sign(x, colour) == sign(y, colour) and is_big(x, colour) != is_big(y, colour):
            return colour + sign(x, colour)
    return NEUTRAL


MIX_TABLE = {(x, y): _mix(x, y) for x in ALCHEMICAL_IDS for y in ALCHEMICAL_IDS if x != y}


def mix(x: str, y: str) -> str:
    """The potion two different alchemicals make: the colour in which they share a sign with
    different sizes, or Neutral (AL-04). Symmetric."""
    return MIX_TABLE[(x, y)]


def pairs_making(potion: str) -> list[tuple[str, str]]:
    """The unordered pairs of alchemicals that make `potion` (AL-06: 4 for every result)."""
    return [(x, y) for x, y in combinations(ALCHEMICAL_IDS, 2) if mix(x, y) == potion]


def result(mapping: dict[str, str], first: str, second: str) -> str:
    """The potion two different ingredients make under the secret mapping (AL-10)."""
    return mix(mapping[first], mapping[second])


def potion_colour(potion: str) -> str | None:
    return POTIONS[potion]["colour"]


def potion_sign(potion: str) -> str | None:
    return POTIONS[potion]["sign"]


def quality(wanted: str, made: str) -> str:
    """How well `made` matches the wanted coloured potion: exact, sign, neutral or opposite
    (AL-11)."""
    if made == wanted:
        return "exact"
    if made == NEUTRAL:
        return "neutral"
    return "sign" if potion_sign(made) == potion_sign(wanted) else "opposite"


def quality_rank(level: str) -> int:
    return QUALITIES.index(level)


def upgraded(level: str) -> str:
    """One quality level higher (the Barmaid, AL-57)."""
    return QUALITIES[min(len(QUALITIES) - 1, quality_rank(level) + 1)]


def wrong_colours(token: str, truth: str) -> set[str]:
    """The colours in which a theory's token and the true alchemical differ in sign (AL-108)."""
    return {c for c in COLOURS if sign(token, c) != sign(truth, c)}
