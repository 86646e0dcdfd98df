"""The card catalogue and the named combinations, loaded from the JSON files beside this module.

`faces.json` holds all 48 faces (SC-02, SC-G02, SC-G03); `combinations.json` the named
combinations ("First Step", SC-G06). Every record is validated on import: its fields and types,
the numbering and basic marks of SC-G02, the effect vocabulary of SC-G03 (amounts 1-3), every
text in fi, en and sv, and a provenance map whose sources are known. A bad file raises
ContentError, so a typo never reaches a game.
"""

from __future__ import annotations

import json
from itertools import combinations as pairs
from pathlib import Path
from typing import Any

from games.engines.base import GameError

CONTENT_DIR = Path(__file__).resolve().parent
FIELDS = ("PHY", "CHE", "BIO", "AST")
LANGUAGES = ("fi", "en", "sv")
SOURCES = {"rulebook", "ruling", "house"}
FACE_KEYS = {"number", "kind", "side", "field", "basic", "name", "effects", "science_note",
             "provenance"}
# op -> its parameters besides "op" (SC-G03, "effect vocabulary")
OPS = {
    "rotate": {"n"},
    "rotate_each": {"n"},
    "flasks_on_card": {"n"},
    "flasks_to_storage": {"n"},
    "flasks_on_stack": {"n"},
    "flasks_on_field": {"n", "field"},
    "take": {"n"},
    "advance": {"target", "n"},
    "others_flasks_to_storage": {"n"},
    "if": {"test", "min", "then"},
}
TESTS = {"level": True, "storage": False, "cubes": False, "holding": True, "empty_slots": False}
ADVANCE_TARGETS = {"choice", "lowest", *FIELDS}


class ContentError(GameError):
    """A content file is missing, malformed, or uses an operation the engine does not know."""


def _read(directory: Path, name: str) -> Any:
    try:
        return json.loads((directory / name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"content file {name} is missing") from None
    except json.JSONDecodeError as error:
        raise ContentError(f"content file {name} is not valid JSON: {error}") from None


def face_place(number: int) -> tuple[str, int, str, bool]:
    """(field, kind 1-24, side, basic) of a face number under SC-G02's numbering."""
    field_index, offset = divmod(number - 1, 12)
    k = offset // 2 + 1
    return FIELDS[field_index], 6 * field_index + k, "AB"[offset % 2], k <= 2


def _texts(record: dict, key: str, where: str) -> list[str]:
    texts = record.get(key)
    if not isinstance(texts, dict):
        return [f"{where}: {key} is not a map of languages"]
    return [f"{where}: {key}.{lang} is missing or empty" for lang in LANGUAGES
            if not (isinstance(texts.get(lang), str) and texts[lang].strip())]


def _provenance(record: dict, where: str) -> list[str]:
    provenance = record.get("provenance")
    if not isinstance(provenance, dict) or "*" not in provenance:
        return [f"{where}: provenance with a '*' source is required"]
    return [f"{where}: provenance {key} has unknown source {source!r}"
            for key, source in provenance.items() if source not in SOURCES]


def _amount(op: dict, where: str) -> list[str]:
    n = op.get("n")
    if type(n) is not int or not 1 <= n <= 3:
        return [f"{where}: {op.get('op')} needs an amount n of 1-3"]
    return []


def check_op(op: Any, where: str) -> list[str]:
    """What is wrong with one effect operation (SC-G03), [] if nothing."""
    if not isinstance(op, dict) or op.get("op") not in OPS:
        return [f"{where}: unknown operation {op!r}"]
    name = op["op"]
    wanted = OPS[name] | ({"field"} if name == "if" and TESTS.get(op.get("test")) else set())
    if set(op) - {"op"} != wanted:
        return [f"{where}: {name} takes exactly {sorted(wanted)}"]
    if name == "if":
        return _check_if(op, where)
    problems = _amount(op, where)
    if name == "flasks_on_field" and op["field"] not in FIELDS:
        problems.append(f"{where}: unknown field {op['field']!r}")
    if name == "advance" and op["target"] not in ADVANCE_TARGETS:
        problems.append(f"{where}: unknown advance target {op['target']!r}")
    return problems


def _check_if(op: dict, where: str) -> list[str]:
    problems = []
    if op["test"] not in TESTS:
        problems.append(f"{where}: unknown condition {op['test']!r}")
    if TESTS.get(op["test"]) and op.get("field") not in FIELDS:
        problems.append(f"{where}: condition {op['test']} needs a field")
    if type(op["min"]) is not int or op["min"] < 1:
        problems.append(f"{where}: condition needs a whole min of at least 1")
    if not isinstance(op["then"], list) or not op["then"]:
        return problems + [f"{where}: an arrow needs operations after it"]
    for i, inner in enumerate(op["then"]):
        problems += check_op(inner, f"{where}.then[{i}]")
    return problems


def check_face(face: Any) -> list[str]:
    """What is wrong with one face record (SC-02, SC-G02, SC-G03), [] if nothing."""
    if not isinstance(face, dict):
        return ["a face is not an object"]
    number = face.get("number")
    where = f"face {number}"
    if set(face) != FACE_KEYS:
        return [f"{where}: fields must be exactly {sorted(FACE_KEYS)}"]
    if type(number) is not int or not 1 <= number <= 48:
        return [f"{where}: number must be 1-48"]
    problems = []
    field, kind, side, basic = face_place(number)
    actual = (face["field"], face["kind"], face["side"], face["basic"])
    if actual != (field, kind, side, basic):
        problems.append(f"{where}: field, kind, side and basic must be {field}, {kind}, "
                        f"{side}, {basic} (SC-G02)")
    problems += _texts(face, "name", where) + _texts(face, "science_note", where)
    problems += _provenance(face, where)
    effects = face["effects"]
    if not isinstance(effects, list) or not effects:
        problems.append(f"{where}: effects must be a non-empty list")
    else:
        for i, op in enumerate(effects):
            problems += check_op(op, f"{where}.effects[{i}]")
    return problems


def combination_problems(faces: list[int], catalogue: dict[int, dict]) -> list[str]:
    """Why a list of faces is not a legal combination (SC-03), [] if it is."""
    if sorted(set(faces)) != sorted(faces) or len(faces) != 12:
        return ["a combination is 12 different faces"]
    problems = []
    for field in FIELDS:
        mine = [catalogue[f] for f in faces if f in catalogue and catalogue[f]["field"] == field]
        if len(mine) != 3:
            problems.append(f"{field}: 3 faces are needed")
        elif sum(f["basic"] for f in mine) != 1:
            problems.append(f"{field}: exactly 1 basic face is needed")
        elif len({f["kind"] for f in mine}) != 3:
            problems.append(f"{field}: the 3 faces must lie on 3 different kinds")
    unknown = [f for f in faces if f not in catalogue]
    return problems + ([f"unknown faces {unknown}"] if unknown else [])


def field_combinations(field: str, catalogue: dict[int, dict]) -> list[list[int]]:
    """Every legal choice of 3 faces in one field, sorted (SC-03): 4 basic x 24 others."""
    faces = sorted(n for n, f in catalogue.items() if f["field"] == field)
    basic = [n for n in faces if catalogue[n]["basic"]]
    others = [n for n in faces if not catalogue[n]["basic"]]
    return sorted([b, x, y] for b in basic for x, y in pairs(others, 2)
                  if catalogue[x]["kind"] != catalogue[y]["kind"])


def load(directory: Path | None = None) -> tuple[dict[int, dict], dict[str, dict]]:
    """Read and validate a content directory; raise ContentError listing every problem."""
    directory = directory or CONTENT_DIR
    records = _read(directory, "faces.json")
    if not isinstance(records, list):
        raise ContentError("faces.json must be a list of faces")
    problems = [p for face in records for p in check_face(face)]
    numbers = sorted(f["number"] for f in records if isinstance(f, dict)
                     and type(f.get("number")) is int)
    if numbers != list(range(1, 49)) or len(records) != 48:
        problems.append("faces.json must hold each face 1-48 exactly once (SC-02)")
    if problems:
        raise ContentError("; ".join(problems))
    catalogue = {face["number"]: face for face in records}
    named = {}
    for combo in _read(directory, "combinations.json"):
        where = f"combination {combo.get('key')}"
        found = _texts(combo, "name", where) + _provenance(combo, where)
        found += combination_problems(combo.get("faces", []), catalogue)
        if found:
            raise ContentError("; ".join(found))
        named[combo["key"]] = combo
    return catalogue, named


FACES, COMBINATIONS = load()
"""Every face by number, and the named combinations by key. Rules read faces only here."""

FIELD_CHOICES = {field: field_combinations(field, FACES) for field in FIELDS}
