"""The school variant's cards and map, loaded from the JSON files beside this module.

The format is fixed in docs/content-schema.md. Every card is indexed by id in `CARDS` (with a
`deck` added: theory, method, project, event, anomaly); the decks list the ids that are shuffled
at setup, without the beginner-packet cards (SV-09). `validate` checks that every effect,
ability and event op is one the engine implements, so a content typo fails at load time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...base import GameError

CONTENT_DIR = Path(__file__).resolve().parent

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
ABILITY_OPS = {"protect_neighbours_from_noise", "clean_neighbour_at_production"}
EVENT_OPS = {"gain", "choose_one", "preprint_scoop", "null_results", "file_drawer",
             "add_noise_own_tile"}
CHOICE_OPS = {"choose_one", "preprint_scoop", "file_drawer", "add_noise_own_tile"}
EVENT_HITS = {"all", "hype_at_least_2", "has_unpublished_null", "rigour_gt_hype",
              "hype_gt_rigour", "debt_at_least_1", "no_published_record"}
EVENT_TYPES = {"ordinary", "bias", "influence"}
DECK_FILES = {
    "theory": "theories.json",
    "method": "methods.json",
    "project": "projects.json",
    "event": "events.json",
    "anomaly": "anomalies.json",
}


class ContentError(GameError):
    """A content file is missing, malformed, or uses an op the engine does not know."""


@dataclass
class Content:
    cards: dict[str, dict[str, Any]]
    decks: dict[str, list[str]]
    packets: list[dict[str, Any]]
    map: dict[str, Any]
    problems: list[str] = field(default_factory=list)


CARDS: dict[str, dict[str, Any]] = {}
"""Every card the engine knows, by id. Rules look cards up here."""

_loaded: Content | None = None


def _read(directory: Path, name: str) -> Any:
    path = directory / name
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise ContentError(f"content file {name} is missing from {directory.name}/") from None
    except json.JSONDecodeError as error:
        raise ContentError(f"content file {name} is not valid JSON: {error}") from None


def load(directory: Path | None = None) -> Content:
    """Read and validate a content directory. Raises ContentError listing every problem."""
    directory = directory or CONTENT_DIR
    cards: dict[str, dict[str, Any]] = {}
    decks: dict[str, list[str]] = {}
    for kind, name in DECK_FILES.items():
        decks[kind] = []
        for card in _read(directory, name):
            cards[card["id"]] = {**card, "deck": kind}
            decks[kind].append(card["id"])
    packets = _read(directory, "packets.json")
    for packet in packets:
        for kind in ("theory", "project", "method"):
            card = packet[kind]
            cards[card["id"]] = {**card, "deck": kind}
    content = Content(cards, decks, packets, _read(directory, "map.json"))
    content.problems = validate(content)
    if content.problems:
        raise ContentError("; ".join(content.problems))
    return content


def install(content: Content) -> Content:
    """Make `content` the one the engine plays with."""
    global _loaded
    _loaded = content
    CARDS.update(content.cards)  # cards a test factory registered stay
    return content


def school() -> Content:
    """The school variant's content, loaded once."""
    return _loaded if _loaded is not None else install(load())


def register(card: dict[str, Any]) -> dict[str, Any]:
    """Add one card to `CARDS` (test factories build positions with their own cards)."""
    problems = _check_card(card)
    if problems:
        raise ContentError("; ".join(problems))
    CARDS[card["id"]] = card
    return card


def method_key(card_id: str | None) -> str | None:
    return None if card_id is None else CARDS[card_id]["key"]


def validate(content: Content) -> list[str]:
    problems = [p for card in content.cards.values() for p in _check_card(card)]
    method_keys = {c["key"] for c in content.cards.values() if c["deck"] == "method"}
    for card in content.cards.values():
        test = card.get("test") or {}
        if "project" in test and test["project"] not in content.cards:
            problems.append(f"{card['id']}: Test field names unknown project {test['project']}")
        if "method" in test and test["method"] not in method_keys:
            problems.append(f"{card['id']}: Test field names unknown method {test['method']}")
        for key in card.get("block", []):
            if key not in method_keys:
                problems.append(f"{card['id']}: Block names unknown method {key}")
    return problems


def _check_gain(owner: str, gain: dict) -> list[str]:
    if gain.get("gain") not in GAIN_CODES or not isinstance(gain.get("amount"), int):
        return [f"{owner}: bad gain {gain}"]
    return []


def _check_card(card: dict[str, Any]) -> list[str]:
    checks = {
        "theory": _check_theory,
        "method": _check_method,
        "project": _check_project,
        "event": _check_event,
        "anomaly": _check_anomaly,
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
