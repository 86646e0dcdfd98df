"""The cards and map, loaded from the JSON files beside this module and in `full/`.

The format is fixed in docs/content-schema.md. Every card is indexed by id in `CARDS` (with a
`deck` added: theory, method, project, event, anomaly, disruption); `decks` lists the ids the
school game shuffles at setup, without the beginner-packet cards (SV-09), and `full_decks` those
of the full and beginner games: the school decks, the full game's extra projects and anomalies
(`full/`), and the Disruption deck. `validate` checks that every effect, ability and op is one the
engine implements, every record's provenance and every text's languages, so a content typo fails
at load time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engines.base import GameError

from .checks import check_card, validate

CONTENT_DIR = Path(__file__).resolve().parent

DECK_FILES = {
    "theory": "theories.json",
    "method": "methods.json",
    "project": "projects.json",
    "event": "events.json",
    "anomaly": "anomalies.json",
}
FULL_DECK_FILES = {  # in full/: added to the school decks (anomalies, projects) or new
    "project": "projects.json",
    "anomaly": "anomalies.json",
    "disruption": "disruptions.json",
}


class ContentError(GameError):
    """A content file is missing, malformed, or uses an op the engine does not know."""


@dataclass
class Content:
    cards: dict[str, dict[str, Any]]
    decks: dict[str, list[str]]
    packets: list[dict[str, Any]]
    map: dict[str, Any]
    full_decks: dict[str, list[str]] = field(default_factory=dict)
    kinds: dict[str, dict[str, Any]] = field(default_factory=dict)
    markers: dict[str, dict[str, Any]] = field(default_factory=dict)
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
    load_full(directory / "full", content)
    content.problems = validate(content)
    if content.problems:
        raise ContentError("; ".join(content.problems))
    return content


def load_full(directory: Path, content: Content) -> None:
    """The full game's additions: its decks, the Disruption kinds and the hidden markers."""
    full = {kind: list(ids) for kind, ids in content.decks.items()}
    full["disruption"] = []
    for kind, name in FULL_DECK_FILES.items():
        for card in _read(directory, name):
            content.cards[card["id"]] = {**card, "deck": kind}
            full[kind].append(card["id"])
            if kind == "disruption" and card.get("type") != "protection":
                content.cards[card["id"]]["kind_key"] = card.get("kind")
    content.full_decks = full
    content.kinds = {kind["key"]: kind for kind in _read(directory, "kinds.json")}
    content.markers = {marker["id"]: marker for marker in _read(directory, "markers.json")}
    names = {(kind["type"], kind["name"]["en"]): key for key, kind in content.kinds.items()}
    for card in content.cards.values():
        if card["deck"] == "event" and card.get("type") in ("bias", "influence"):
            card["kind_key"] = names.get((card["type"], (card.get("kind") or {}).get("en")))


def install(content: Content) -> Content:
    """Make `content` the one the engine plays with."""
    global _loaded
    _loaded = content
    CARDS.update(content.cards)  # cards a test factory registered stay
    return content


def school() -> Content:
    """The game's content (every variant's), loaded once."""
    return _loaded if _loaded is not None else install(load())


def register(card: dict[str, Any]) -> dict[str, Any]:
    """Add one card to `CARDS` (test factories build positions with their own cards)."""
    problems = check_card(card)
    if problems:
        raise ContentError("; ".join(problems))
    CARDS[card["id"]] = card
    return card


def method_key(card_id: str | None) -> str | None:
    return None if card_id is None else CARDS[card_id]["key"]



