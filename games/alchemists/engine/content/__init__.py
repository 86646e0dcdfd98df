"""Alchemists' components as validated data: the JSON files beside this module.

Every record has an `id`, a `provenance` map (which source each value came from: `rulebook` is
the seed, `ruling` a G-xx ruling of the rules file, `unofficial_list` a public source S-x the
rules file checked, `house` this project) and its rule IDs. Every text a student reads is
`{"fi", "en", "sv"}`. `load` checks fields, types, the effect vocabulary and the cross references
and raises ContentError listing every problem, so a bad file fails at import.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.engines.base import GameError

CONTENT_DIR = Path(__file__).resolve().parent
SOURCES = {"rulebook", "ruling", "unofficial_list", "house"}
LANGUAGES = ("fi", "en", "sv")
COLOURS = ("R", "G", "B")

# The effect vocabulary: op -> its parameters and their types. Rules interpret these ops.
FAVOUR_OPS = {
    "extra_cube": {"amount": int}, "top_row": {}, "custodian_drink": {}, "barmaid": {},
    "herbalist": {"draw": int, "discard": int}, "merchant": {"first_gold": int},
    "sage_gold": {"amount": int}, "shop_discount": {"amount": int},
}
ARTIFACT_OPS = {
    "extra_action": {"per_round": int, "not_on": list}, "discounts": {"amounts": list},
    "mortar": {}, "periscope": {}, "publish_fee": {"amount": int},
    "reputation_bonus": {"amount": int}, "reputation": {"amount": int},
    "draw_favours": {"n": int}, "publish_reputation": {"amount": int},
    "thinking_cap": {"tests": int}, "draw_ingredients": {"n": int},
    "no_track_ingredients": {}, "altar": {"max": int}, "vp_per_artifact": {"amount": int},
    "feather_in_cap": {}, "vp_per_reputation": {"per": int}, "vp_per_correct_seal": {"amount": int},
}
FAVOUR_TIMINGS = {"declare", "sell", "transmute", "buy", "receive"}

TEXT = "text"
SCHEMAS: dict[str, dict[str, Any]] = {
    "alchemicals.json": {"notation": str, "signs": dict, "big": list, "opposite": str},
    "potions.json": {"colour": (str, type(None)), "sign": (str, type(None)), "name": TEXT},
    "ingredients.json": {"cards": int, "name": TEXT},
    "favours.json": {"count": int, "timing": str, "effects": list, "name": TEXT, "text": TEXT},
    "artifacts.json": {"level": int, "cost": int, "vp": (int, type(None)), "effects": list,
                       "name": TEXT, "text": TEXT},
    "adventurers.json": {"wants": list, "name": TEXT},
    "grants.json": {"ingredients": list, "vp": int, "central": bool, "gold": int,
                    "first_needs": int, "next_needs": int},
    "turn_order.json": {"rank": int, "gold": int, "ingredients": int, "favours": int,
                        "seats": list, "paralysed_only": bool},
    "action_spaces.json": {"order": int, "slots": dict, "first_round": int, "last_round": int,
                           "name": TEXT},
    "conferences.json": {"mode": str, "threshold": int, "reach_gain": int},
    "seals.json": {"count": int, "star": bool, "hedge": (str, type(None)), "correct_vp": int,
                   "wrong_vp": int, "debunk_loss": int, "name": TEXT},
    "variants.json": {"title": TEXT, "min_seats": int, "max_seats": int, "mode": str,
                      "start_ingredients": int, "conferences": list, "rounds": int,
                      "cubes": dict, "round1_cubes": int, "turn_order": bool,
                      "round_draws": int, "favours": bool, "artifacts": bool, "selling": bool,
                      "grants": bool, "exhibition": bool, "declaration": str,
                      "slots": (dict, type(None)), "spaces": list, "theories_from": int,
                      "start_gold": int, "start_reputation": int},
}


class ContentError(GameError):
    """A content file is missing, malformed, or names something the engine does not know."""


def _read(directory: Path, name: str) -> list[dict]:
    try:
        with (directory / name).open(encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise ContentError(f"content file {name} is missing") from None
    except json.JSONDecodeError as error:
        raise ContentError(f"content file {name} is not valid JSON: {error}") from None
    if not isinstance(data, list):
        raise ContentError(f"content file {name} is not a list of records")
    return data


def load(directory: Path | None = None) -> dict[str, dict[str, dict]]:
    """Every file's records by id, validated. Raises ContentError listing every problem."""
    directory = directory or CONTENT_DIR
    tables = {name: _read(directory, name) for name in SCHEMAS}
    problems = []
    for name, records in tables.items():
        for record in records:
            problems += check_record(name, record)
    if not problems:
        problems += check_references(tables)
    if problems:
        raise ContentError("; ".join(problems))
    return {name.removesuffix(".json"): {r["id"]: r for r in records}
            for name, records in tables.items()}


def check_record(name: str, record: Any) -> list[str]:
    """What is wrong with one record of file `name`: fields, types, texts, provenance, effects."""
    if not isinstance(record, dict) or not isinstance(record.get("id"), str):
        return [f"{name}: a record without an id"]
    where = f"{name}:{record['id']}"
    problems = []
    for field, kind in SCHEMAS[name].items():
        if field not in record:
            problems.append(f"{where}: missing {field}")
        elif kind == TEXT:
            problems += _check_text(where, field, record[field])
        elif not isinstance(record[field], kind) or isinstance(record[field], bool) and (
                kind is int):
            problems.append(f"{where}: {field} has the wrong type")
    problems += _check_provenance(where, record)
    if name == "favours.json":
        problems += _check_effects(where, record.get("effects"), FAVOUR_OPS)
        if record.get("timing") not in FAVOUR_TIMINGS:
            problems.append(f"{where}: unknown timing {record.get('timing')}")
    if name == "artifacts.json":
        problems += _check_effects(where, record.get("effects"), ARTIFACT_OPS)
    return problems


def _check_text(where: str, field: str, value: Any) -> list[str]:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES) or not all(
            isinstance(v, str) and v for v in value.values()):
        return [f"{where}: {field} must have fi, en and sv texts"]
    return []


def _check_provenance(where: str, record: dict) -> list[str]:
    provenance = record.get("provenance")
    if not isinstance(provenance, dict) or "*" not in provenance:
        return [f"{where}: provenance with a '*' entry is missing"]
    problems = [f"{where}: unknown source {v!r}" for v in provenance.values() if v not in SOURCES]
    for key in provenance:
        if key != "*" and key.split(".")[0] not in record:
            problems.append(f"{where}: provenance names unknown field {key}")
    if not isinstance(record.get("rules"), list) or not record["rules"]:
        problems.append(f"{where}: rules (the rule IDs it serves) are missing")
    return problems


def _check_effects(where: str, effects: Any, vocabulary: dict) -> list[str]:
    problems = []
    for effect in effects if isinstance(effects, list) else [None]:
        params = vocabulary.get(effect.get("op")) if isinstance(effect, dict) else None
        if params is None:
            problems.append(f"{where}: unknown effect {effect}")
            continue
        for param, kind in params.items():
            if not isinstance(effect.get(param), kind):
                problems.append(f"{where}: effect {effect['op']} needs {param}")
        if set(effect) - set(params) - {"op"}:
            problems.append(f"{where}: effect {effect['op']} has unknown parameters")
    return problems


def check_references(tables: dict[str, list[dict]]) -> list[str]:
    """Cross-file checks: the alchemicals of AL-02, potions, ingredients and spaces named."""
    ids = {name: {r["id"] for r in records} for name, records in tables.items()}
    problems = _check_alchemicals(tables["alchemicals.json"])
    for adventurer in tables["adventurers.json"]:
        if len(adventurer["wants"]) != 3 or not set(adventurer["wants"]) <= ids["potions.json"]:
            problems.append(f"adventurers.json:{adventurer['id']}: wants three known potions")
    for grant in tables["grants.json"]:
        if not set(grant["ingredients"]) <= ids["ingredients.json"]:
            problems.append(f"grants.json:{grant['id']}: unknown ingredient")
    for variant in tables["variants.json"]:
        if not set(variant["spaces"]) <= ids["action_spaces.json"]:
            problems.append(f"variants.json:{variant['id']}: unknown action space")
        if any(c.get("tile") not in ids["conferences.json"] for c in variant["conferences"]):
            problems.append(f"variants.json:{variant['id']}: unknown conference tile")
        if variant["mode"] not in ("apprentice", "master"):
            problems.append(f"variants.json:{variant['id']}: unknown mode")
    return problems


def _check_alchemicals(records: list[dict]) -> list[str]:
    """AL-02's invariants: 8 distinct sign patterns, opposites flip every sign and keep sizes."""
    by_id = {r["id"]: r for r in records}
    patterns = {tuple(r["signs"].get(c) for c in COLOURS) for r in records}
    problems = [] if len(records) == 8 and len(patterns) == 8 else ["alchemicals.json: not 8 "
                                                                     "distinct alchemicals"]
    for r in records:
        other = by_id.get(r["opposite"])
        if other is None or any(other["signs"][c] == r["signs"][c] for c in COLOURS) or (
                other["big"] != r["big"]):
            problems.append(f"alchemicals.json:{r['id']}: bad opposite")
        notation = "".join((c if c in r["big"] else c.lower()) + r["signs"][c] for c in COLOURS)
        if notation != r["notation"]:
            problems.append(f"alchemicals.json:{r['id']}: notation differs from signs and sizes")
    return problems


DATA = load()
ALCHEMICALS: dict[str, dict] = DATA["alchemicals"]
POTIONS: dict[str, dict] = DATA["potions"]
INGREDIENTS: dict[str, dict] = DATA["ingredients"]
FAVOURS: dict[str, dict] = DATA["favours"]
ARTIFACTS: dict[str, dict] = DATA["artifacts"]
ADVENTURERS: dict[str, dict] = DATA["adventurers"]
GRANTS: dict[str, dict] = DATA["grants"]
TURN_ORDER: dict[str, dict] = DATA["turn_order"]
SPACES: dict[str, dict] = DATA["action_spaces"]
CONFERENCES: dict[str, dict] = DATA["conferences"]
SEALS: dict[str, dict] = DATA["seals"]
VARIANTS: dict[str, dict] = DATA["variants"]

ALCHEMICAL_IDS = tuple(ALCHEMICALS)
POTION_IDS = tuple(POTIONS)
INGREDIENT_IDS = tuple(INGREDIENTS)
SEAL_KINDS = tuple(SEALS)


def ops(record: dict) -> dict[str, dict]:
    """A favour's or artifact's effects by op."""
    return {effect["op"]: effect for effect in record["effects"]}
