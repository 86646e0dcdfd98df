"""What a valid card is: the vocabulary the engine implements, checked when content loads.

The format is docs/content-schema.md. `check_card` checks one card's fields and ops (test
factories register cards through it); `validate` checks a whole content set, with the cross
references between cards, every record's provenance and every text's three languages.
"""

from __future__ import annotations

from typing import Any

from .full_checks import full_problems
from .provenance import record_problems

REGIONS = ("GRA", "COS", "PAR", "CON", "QUA", "MAT", "MET")
OUTER_REGIONS = REGIONS[:6]
RESOURCES = ("R", "D", "L", "O", "S")
TRACKS = ("reputation", "rigour", "hype", "vp", "technique_next_test")
GAIN_CODES = RESOURCES + TRACKS

METHOD_OPS = {
    "before_roll": {"plus", "remove_noise", "pay_for_plus"},
    "success": {"artefact_proof", "kv", "gain"},
    "null": {"kv", "gain"},
}
ABILITY_OPS = {"protect_neighbours_from_noise", "clean_neighbour_at_production",
               "protect_neighbours_from_disruption"}
EVENT_OPS = {"gain", "choose_one", "preprint_scoop", "null_results", "file_drawer",
             "add_noise_own_tile"}
CHOICE_OPS = {"choose_one", "preprint_scoop", "file_drawer", "add_noise_own_tile"}
EVENT_HITS = {"all", "hype_at_least_2", "has_unpublished_null", "rigour_gt_hype",
              "hype_gt_rigour", "debt_at_least_1", "no_published_record"}
EVENT_TYPES = {"ordinary", "bias", "influence"}


def validate(content) -> list[str]:
    """Every problem of a loaded content set: cards, cross references, provenance, texts."""
    problems = [p for card in content.cards.values() for p in check_card(card)]
    problems += [p for card in content.cards.values() for p in record_problems(card["id"], card)]
    for packet in content.packets:
        problems += record_problems(f"packet {packet.get('packet')}", packet)
    problems += record_problems("map.json", content.map)
    method_keys = {c["key"] for c in content.cards.values() if c["deck"] == "method"}
    for card in content.cards.values():
        test = card.get("test") or {}
        if "project" in test and test["project"] not in content.cards:
            problems.append(f"{card['id']}: Test field names unknown project {test['project']}")
        if "method" in test and test["method"] not in method_keys:
            problems.append(f"{card['id']}: Test field names unknown method {test['method']}")
        for key in card.get("block", []) if card["deck"] == "event" else ():
            if key not in method_keys:
                problems.append(f"{card['id']}: Block names unknown method {key}")
    return problems + full_problems(content, method_keys, _check_gain)


def _check_gain(owner: str, gain: dict) -> list[str]:
    if gain.get("gain") not in GAIN_CODES or not isinstance(gain.get("amount"), int):
        return [f"{owner}: bad gain {gain}"]
    return []


def check_card(card: dict[str, Any]) -> list[str]:
    """What is wrong with one card (its fields and effect vocabulary); [] for a good one."""
    checks = {
        "theory": _check_theory,
        "method": _check_method,
        "project": _check_project,
        "event": _check_event,
        "anomaly": _check_anomaly,
        "disruption": lambda card: [],  # checked with the kinds it names (full_checks)
    }
    check = checks.get(card.get("deck"))
    if check is None:
        return [f"{card.get('id')}: unknown card deck {card.get('deck')}"]
    return check(card)


def _check_theory(card: dict) -> list[str]:
    problems = []
    if card.get("region") not in REGIONS:
        problems.append(f"{card['id']}: bad region {card.get('region')}")
    test = card.get("test") or {}
    if len(test) != 1 or not ({"project", "method"} & set(test)):
        problems.append(f"{card['id']}: Test field must name one project or one method")
    for gain in card.get("reward", []):
        problems += _check_gain(card["id"], gain)
    return problems


def _check_method(card: dict) -> list[str]:
    problems = []
    for effect in card.get("effects", []):
        if effect.get("op") not in METHOD_OPS.get(effect.get("when"), ()):
            problems.append(f"{card['id']}: unknown method effect {effect}")
        elif effect["op"] == "gain":
            problems += _check_gain(card["id"], effect)
    return problems


def _check_project(card: dict) -> list[str]:
    problems = []
    if card.get("region") not in REGIONS:
        problems.append(f"{card['id']}: bad region {card.get('region')}")
    produces = card.get("produces") or {}
    if produces and produces.get("resource") not in RESOURCES:
        problems.append(f"{card['id']}: bad production {produces}")
    ability = card.get("ability")
    if ability is not None and ability.get("op") not in ABILITY_OPS:
        problems.append(f"{card['id']}: unknown ability {ability}")
    return problems


def _check_event(card: dict) -> list[str]:
    problems = []
    if card.get("type") not in EVENT_TYPES:
        problems.append(f"{card['id']}: unknown event type {card.get('type')}")
    if card.get("hits") not in EVENT_HITS:
        problems.append(f"{card['id']}: unknown hits {card.get('hits')}")
    effects = card.get("effects", [])
    for effect in effects:
        problems += _check_event_effect(card["id"], effect)
    if sum(effect.get("op") in CHOICE_OPS for effect in effects) > 1:
        problems.append(f"{card['id']}: at most one effect may ask for a choice")
    return problems


def _check_event_effect(owner: str, effect: dict) -> list[str]:
    op = effect.get("op")
    if op not in EVENT_OPS:
        return [f"{owner}: unknown event op {op}"]
    if op == "gain":
        return _check_gain(owner, effect)
    if op == "choose_one":
        problems = []
        for option in effect.get("options", []):
            for inner in option:
                if inner.get("op") in CHOICE_OPS or inner.get("op") not in EVENT_OPS:
                    problems.append(f"{owner}: a choose_one option may hold only plain effects")
                elif inner["op"] == "gain":
                    problems += _check_gain(owner, inner)
        return problems
    return []


def _check_anomaly(card: dict) -> list[str]:
    problems = []
    for gain in card.get("reward", []):
        problems += _check_gain(card["id"], gain)
    return problems
