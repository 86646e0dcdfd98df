"""The game's fixed content, loaded from the JSON files beside this module and validated on import.

* `categories.json`: the six categories, their question-bank names (AS-G06) and their face on
  the Replication Chance table (AS-G05).
* `lengths.json`: the game lengths and their six row requirements (AS-02, AS-03, AS-G03).
* `specials.json`: the four special squares and the effect each one has (AS-20 to AS-23).
* `board.json`: the 42 squares (AS-G01); the loader also derives the board from the ruling's
  formula and refuses a file that differs from it.
* `settings.json`: the die, the time limits and the option defaults.

Every record carries a `provenance` map (`{"*": "rulebook", "name.sv": "house"}`) naming where
each value came from, and every text a student reads is `{"fi", "en", "sv"}`. A bad file raises
ContentError naming every problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.engines.base import GameError

CONTENT_DIR = Path(__file__).resolve().parent
SOURCES = {"rulebook", "ruling", "published_source", "house"}
LANGUAGES = ("fi", "en", "sv")
CATEGORY_CODES = ("MAT", "BIO", "CHE", "PHY", "ENG", "OTH")
LENGTH_KEYS = ("lesson", "short", "medium", "long")
EFFECTS = {"genius": {"points"}, "duel": set(), "replication": {"empty_wager"}, "turnabout": set()}
SPECIAL_SQUARES = {0: "universal_genius", 7: "duel", 14: "replication_chance", 21: "turnabout",
                   28: "duel", 35: "replication_chance"}
BOARD_SIZE = 42


class ContentError(GameError):
    """A content file is missing, malformed, or names something the engine does not know."""


@dataclass(frozen=True)
class Content:
    categories: dict[str, dict[str, Any]]  # by code, in the rulebook's order
    lengths: dict[str, dict[str, Any]]
    specials: dict[str, dict[str, Any]]
    board: list[dict[str, Any]]
    settings: dict[str, Any]


def _read(directory: Path, name: str) -> Any:
    try:
        return json.loads((directory / name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"content file {name} is missing") from None
    except json.JSONDecodeError as error:
        raise ContentError(f"content file {name} is not valid JSON: {error}") from None


def formula_square(square: int) -> tuple[str, str | None, int | None]:
    """The square's kind, category and value by the ruling's formula (AS-G01)."""
    if square in SPECIAL_SQUARES:
        return SPECIAL_SQUARES[square], None, None
    g, j = divmod(square, 7)
    j -= 1
    return "category", CATEGORY_CODES[(j + g) % 6], 1 + (j + 2 * g) % 3


def _has_path(record: dict, path: str) -> bool:
    value: Any = record
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return False
        value = value[part]
    return True


def _provenance(name: str, record: dict) -> list[str]:
    prov = record.get("provenance")
    if not isinstance(prov, dict) or not prov:
        return [f"{name}: no provenance"]
    problems = [f"{name}: provenance source {v!r} unknown" for v in prov.values()
                if v not in SOURCES]
    problems += [f"{name}: provenance names {k!r}, which the record lacks" for k in prov
                 if k != "*" and not _has_path(record, k)]
    if "*" not in prov:
        problems += [f"{name}: field {k!r} has no provenance" for k in record
                     if k != "provenance" and k not in prov]
    return problems


def _text(name: str, value: Any) -> list[str]:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        return [f"{name}: a text must have exactly {LANGUAGES}"]
    return [f"{name}.{lang}: empty text" for lang in LANGUAGES
            if not isinstance(value[lang], str) or not value[lang].strip()]


def _check_categories(records: Any, die: list[int]) -> list[str]:
    if not isinstance(records, list) or [r.get("code") for r in records] != list(CATEGORY_CODES):
        return [f"categories: must be {CATEGORY_CODES} in that order"]
    problems = []
    for r in records:
        name = f"category {r['code']}"
        problems += _provenance(name, r) + _text(f"{name}.name", r.get("name"))
        if not isinstance(r.get("bank"), str) or not r["bank"]:
            problems.append(f"{name}: no bank name")
    if sorted(r.get("replication_face") for r in records) != sorted(die):
        problems.append("categories: replication faces must be the die's faces, one each")
    return problems


def _check_lengths(records: Any) -> list[str]:
    if not isinstance(records, list) or [r.get("key") for r in records] != list(LENGTH_KEYS):
        return [f"lengths: must be {LENGTH_KEYS} in that order"]
    problems = []
    for r in records:
        name = f"length {r['key']}"
        problems += _provenance(name, r) + _text(f"{name}.title", r.get("title"))
        req = r.get("requirements")
        if not (isinstance(req, list) and len(req) == 6 and all(
                isinstance(x, int) and x >= 1 for x in req)):
            problems.append(f"{name}: requirements must be six whole numbers of at least 1")
        elif req != sorted(req, reverse=True) or sum(req) != r.get("points"):
            problems.append(f"{name}: requirements must fall row by row and sum to the points")
    return problems


def _check_specials(records: Any) -> list[str]:
    if not isinstance(records, list) or sorted(r.get("kind") for r in records) != sorted(
            set(SPECIAL_SQUARES.values())):
        return ["specials: one record for each special square kind"]
    problems = []
    for r in records:
        name = f"special {r['kind']}"
        problems += _provenance(name, r) + _text(f"{name}.name", r.get("name"))
        problems += _text(f"{name}.text", r.get("text"))
        effect = r.get("effect") if isinstance(r.get("effect"), dict) else {}
        op = effect.get("op")
        if op not in EFFECTS:
            problems.append(f"{name}: effect op {op!r} unknown")
        elif set(effect) - {"op"} != EFFECTS[op] or not all(
                isinstance(effect[k], int) and effect[k] > 0 for k in EFFECTS[op]):
            problems.append(f"{name}: effect {op} needs exactly {sorted(EFFECTS[op])}")
    return problems


def _check_board(records: Any) -> list[str]:
    if not isinstance(records, list) or len(records) != BOARD_SIZE:
        return [f"board: must have {BOARD_SIZE} squares"]
    problems = []
    for index, r in enumerate(records):
        name = f"square {index}"
        problems += _provenance(name, r)
        found = (r.get("kind"), r.get("category"), r.get("value"))
        if r.get("square") != index or found != formula_square(index):
            problems.append(f"{name}: {found} differs from the board formula (AS-G01)")
    return problems + board_properties(records)


def board_properties(board: list[dict]) -> list[str]:
    """What AS-G01 promises: each category six times with values 1, 1, 2, 2, 3, 3; no two
    neighbouring squares share a category; each run between specials holds all six."""
    problems = []
    for code in CATEGORY_CODES:
        values = sorted(s["value"] for s in board if s["category"] == code)
        if values != [1, 1, 2, 2, 3, 3]:
            problems.append(f"board: {code} has values {values}")
    for s in board:
        after = board[(s["square"] + 1) % len(board)]
        if s["category"] and s["category"] == after["category"]:
            problems.append(f"board: squares {s['square']} and {after['square']} share a category")
    for start in SPECIAL_SQUARES:
        run = {board[(start + k) % len(board)]["category"] for k in range(1, 7)}
        if run != set(CATEGORY_CODES):
            problems.append(f"board: the run after square {start} lacks a category")
    return problems


def _check_settings(s: Any) -> list[str]:
    if not isinstance(s, dict):
        return ["settings: not an object"]
    problems = _provenance("settings", s)
    die = s.get("die")
    if not (isinstance(die, list) and len(die) == 6 and die == sorted(set(die)) and min(die) > 0):
        problems.append("settings: the die needs six distinct faces, sorted")
    limits = s.get("answer_seconds", {})
    if not limits.get("min", 0) <= limits.get("default", -1) <= limits.get("max", -1):
        problems.append("settings: answer_seconds must have min <= default <= max")
    for key in ("new_round_limit", "allocation_seconds", "advice_max_length",
                "open_answer_max_length", "numeric_answer_max_length"):
        if not isinstance(s.get(key), int) or s[key] < 1:
            problems.append(f"settings: {key} must be a positive whole number")
    return problems


def load(directory: Path | None = None) -> Content:
    """Read and validate a content directory; raise ContentError listing every problem."""
    directory = directory or CONTENT_DIR
    settings = _read(directory, "settings.json")
    problems = _check_settings(settings)
    raw = {name: _read(directory, f"{name}.json")
           for name in ("categories", "lengths", "specials", "board")}
    if not problems:
        problems += _check_categories(raw["categories"], settings["die"])
    problems += _check_lengths(raw["lengths"]) + _check_specials(raw["specials"])
    problems += _check_board(raw["board"])
    if problems:
        raise ContentError("; ".join(problems))
    return Content(
        categories={r["code"]: r for r in raw["categories"]},
        lengths={r["key"]: r for r in raw["lengths"]},
        specials={r["kind"]: r for r in raw["specials"]},
        board=raw["board"],
        settings=settings,
    )


CONTENT = load()
CATEGORIES = CONTENT.categories
LENGTHS = CONTENT.lengths
SPECIALS = CONTENT.specials
BOARD = CONTENT.board
SETTINGS = CONTENT.settings
DIE = tuple(SETTINGS["die"])
FACE_CATEGORY = {c["replication_face"]: code for code, c in CATEGORIES.items()}
BANK_CATEGORY = {c["bank"]: code for code, c in CATEGORIES.items()}
CATEGORY_SQUARES = tuple(s["square"] for s in BOARD if s["kind"] == "category")
