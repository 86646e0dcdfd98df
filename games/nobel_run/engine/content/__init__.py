"""The catalogue of Nobel Run: every card of NR-G01 as data, validated when it is imported.

`cards.json` holds one record per card kind (106 cards in 39 kinds). Each record names its
group, type, copies, cost, use options, publish effect, immediate effect (papers), the scientist
it shows, a one-line true blurb in fi/en/sv, and a `provenance` map saying where every value came
from (`rulebook`, `unofficial_list`, `ruling`, `house`); values NR-G21 changed also carry a
`changed` entry with the value they replaced. Effects are vocabulary the rules interpret
(`EFFECT_OPS`); no code is written per card. A bad file raises ContentError on import.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.engines.base import GameError

CONTENT_DIR = Path(__file__).resolve().parent
RESOURCES = ("M", "E", "D")
GROUPS = ("initial", "basic", "advanced")
TYPES = ("work", "research", "staff", "grant", "equipment", "paper", "situation", "scientist")
SOURCES = ("rulebook", "unofficial_list", "ruling", "house")
LANGUAGES = ("fi", "en", "sv")
FIELDS = ("id", "name", "group", "type", "copies", "cost", "uses", "publish", "immediate",
          "scientist", "blurb", "provenance")
OPTIONAL = ("changed",)
USE_OPS = {"resource": ("res", "n"), "negative": ("res", "n"), "draw": ("n",),
           "blind_discard": ()}
PUBLISH_OPS = {"none": (), "prestige": ("n",), "resource": ("res", "n"), "block": ("res", "n"),
               "minus_prestige": ("n",)}
EFFECT_OPS = {"uses": USE_OPS, "publish": PUBLISH_OPS, "immediate": {"prestige": ("n",)}}
PROVENANCE_KEYS = {"*", "id", "group", "type", "copies", "cost", "uses", "publish", "immediate",
                   "scientist", *(f"{field}.{lang}" for field in ("name", "blurb")
                                  for lang in (*LANGUAGES, "es"))}
# NR-02: 106 cards, 20 initial, 50 basic, 36 advanced.
GROUP_COUNTS = {"initial": 20, "basic": 50, "advanced": 36}


class ContentError(GameError):
    """A content file is missing, malformed, or uses an effect the engine does not know."""


def _text_problems(owner: str, field: str, value: Any) -> list[str]:
    if not isinstance(value, dict) or any(
            not isinstance(value.get(lang), str) or not value[lang].strip() for lang in LANGUAGES):
        return [f"{owner}: {field} needs a text in each of {', '.join(LANGUAGES)}"]
    return []


def _effect_problems(owner: str, field: str, effect: Any, ops: dict) -> list[str]:
    if not isinstance(effect, dict) or effect.get("op") not in ops:
        return [f"{owner}: unknown {field} effect {effect}"]
    wanted = {"op", *ops[effect["op"]]}
    if set(effect) != wanted:
        return [f"{owner}: {field} effect {effect} needs exactly {sorted(wanted)}"]
    if "res" in effect and effect["res"] not in RESOURCES:
        return [f"{owner}: {field} effect names unknown resource {effect['res']}"]
    if "n" in effect and (not isinstance(effect["n"], int) or effect["n"] <= 0):
        return [f"{owner}: {field} effect amount must be a positive whole number"]
    return []


def _shape_problems(card: dict) -> list[str]:
    owner = str(card.get("id"))
    missing = [f for f in FIELDS if f not in card]
    unknown = [f for f in card if f not in FIELDS and f not in OPTIONAL]
    if missing or unknown:
        return [f"{owner}: missing fields {missing}, unknown fields {unknown}"]
    problems = []
    if card["group"] not in GROUPS or card["type"] not in TYPES:
        problems.append(f"{owner}: unknown group or type")
    if not isinstance(card["copies"], int) or card["copies"] < 1:
        problems.append(f"{owner}: copies must be a positive whole number")
    cost = card["cost"]
    if not isinstance(cost, dict) or set(cost) != set(RESOURCES) or any(
            not isinstance(v, int) or v < 0 for v in cost.values()):
        problems.append(f"{owner}: cost needs M, E and D as whole numbers from 0")
    if card["scientist"] is not None and not isinstance(card["scientist"], str):
        problems.append(f"{owner}: scientist must be a name or null")
    return problems


def _card_problems(card: dict) -> list[str]:
    problems = _shape_problems(card)
    if problems:
        return problems
    owner = card["id"]
    problems += _text_problems(owner, "name", card["name"])
    problems += _text_problems(owner, "blurb", card["blurb"])
    if not isinstance(card["uses"], list):
        problems.append(f"{owner}: uses must be a list")
    else:
        for use in card["uses"]:
            problems += _effect_problems(owner, "use", use, USE_OPS)
    problems += _effect_problems(owner, "publish", card["publish"], PUBLISH_OPS)
    if card["immediate"] is not None:
        problems += _effect_problems(owner, "immediate", card["immediate"], EFFECT_OPS["immediate"])
    problems += _rule_problems(card)
    problems += _provenance_problems(card)
    return problems


def _rule_problems(card: dict) -> list[str]:
    """What the rules need of a kind: papers act at once and nothing else (NR-34); a Situation
    has only negative effects (NR-36); the scientist field marks exactly the scientists."""
    owner, kind = card["id"], card["type"]
    problems = []
    if (kind == "paper") != (card["immediate"] is not None):
        problems.append(f"{owner}: exactly the papers have an immediate effect")
    if kind == "paper" and (card["uses"] or card["publish"]["op"] != "none"):
        problems.append(f"{owner}: a paper has no use and no publish effect (NR-34)")
    if kind != "paper" and not card["uses"]:
        problems.append(f"{owner}: a card that enters a hand needs a use option")
    if kind == "situation" and (any(u["op"] != "negative" for u in card["uses"])
                                or card["publish"]["op"] != "block"):
        problems.append(f"{owner}: a Situation has only negative effects (NR-36)")
    if (kind == "scientist") != (card["scientist"] is not None):
        problems.append(f"{owner}: exactly the scientists name a scientist")
    return problems


def _provenance_problems(card: dict) -> list[str]:
    owner, provenance = card["id"], card["provenance"]
    if not isinstance(provenance, dict) or "*" not in provenance:
        return [f"{owner}: provenance needs a default '*'"]
    problems = [f"{owner}: provenance names unknown value {key}"
                for key in provenance if key not in PROVENANCE_KEYS]
    problems += [f"{owner}: unknown source {source} in provenance"
                 for source in provenance.values() if source not in SOURCES]
    for change in card.get("changed", []):
        if change.get("ruling") != "NR-G21" or change.get("field") not in FIELDS:
            problems.append(f"{owner}: a changed value must name its field and NR-G21")
        elif provenance.get(change["field"], provenance["*"]) != "ruling":
            problems.append(f"{owner}: a value NR-G21 changed has provenance 'ruling'")
        if change.get("was_source") not in SOURCES or "was" not in change:
            problems.append(f"{owner}: a changed value records what it was and where from")
    return problems


def validate(cards: list[dict]) -> list[str]:
    """Every problem of a catalogue: each record, unique ids, and NR-02's counts."""
    if not isinstance(cards, list):
        return ["the catalogue must be a list of cards"]
    problems = [p for card in cards for p in (_card_problems(card) if isinstance(card, dict)
                                               else [f"not a card record: {card!r}"])]
    if problems:
        return problems
    ids = [card["id"] for card in cards]
    if len(ids) != len(set(ids)):
        problems.append("card ids repeat")
    for group, count in GROUP_COUNTS.items():
        found = sum(c["copies"] for c in cards if c["group"] == group)
        if found != count:
            problems.append(f"{found} {group} cards, NR-02 has {count}")
    return problems


def load(path: Path | None = None) -> dict[str, dict]:
    """Read and validate a catalogue file; the cards by id. Raises ContentError."""
    path = path or CONTENT_DIR / "cards.json"
    try:
        cards = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"content file {path.name} is missing") from None
    except json.JSONDecodeError as error:
        raise ContentError(f"content file {path.name} is not valid JSON: {error}") from None
    problems = validate(cards)
    if problems:
        raise ContentError("; ".join(problems))
    return {card["id"]: card for card in cards}


CARDS: dict[str, dict[str, Any]] = load()
"""Every card kind by id. Rules look cards up here."""
