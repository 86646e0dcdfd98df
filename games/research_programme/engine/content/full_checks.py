"""What the full game's content must be (docs/content-schema.md, "The full game"): the
Disruption deck and its kinds, the hidden markers, and how they refer to the other cards."""

from __future__ import annotations

from .provenance import record_problems

DISRUPTION_TYPES = ("bias", "influence", "protection")
DISRUPTION_OPS = {"kv", "hype", "gain", "silence_next_null", "noise_on_tiles"}
PARAMETER_OPS = {"kv", "noise_on_tiles"}  # the attacker names a theory or hexes (FG-09)
MARKER_OPS = {"gain", "resources", "anomaly_card", "choose"}
MARKERS = ("discovery", "null", "anomaly")  # FG-02, Exploration
PARTIAL_ROLLS = (None, 2, 3, 4, 5, 6)


def full_problems(content, method_keys: set[str], gain_problems) -> list[str]:
    kinds = content.kinds
    problems = [p for kind in kinds.values() for p in record_problems(kind["key"], kind)]
    problems += [f"{key}: a kind is a bias or an influence" for key, kind in kinds.items()
                 if kind.get("type") not in ("bias", "influence")]
    for card in content.cards.values():
        if card["deck"] == "disruption":
            problems += disruption_problems(card, content, method_keys, gain_problems)
        elif card["deck"] == "event" and card.get("type") in ("bias", "influence"):
            problems += event_kind_problems(card, kinds)
        elif card["deck"] == "project" and "disruption_block" in card:
            problems += service_problems(card, method_keys)
    if sorted(content.markers) != sorted(MARKERS):
        problems.append(f"markers.json must hold exactly {MARKERS}")
    for marker in content.markers.values():
        problems += record_problems(marker["id"], marker)
        problems += marker_problems(marker["id"], marker.get("reward", []), gain_problems)
    return problems


def disruption_problems(card: dict, content, method_keys: set[str], gain_problems) -> list[str]:
    owner = card["id"]
    kind_type = card.get("type")
    if kind_type not in DISRUPTION_TYPES:
        return [f"{owner}: unknown disruption type {kind_type}"]
    if kind_type == "protection":
        return protection_problems(card, content)
    problems = []
    kind = content.kinds.get(card.get("kind"))
    if kind is None or kind["type"] != kind_type:
        problems.append(f"{owner}: kind {card.get('kind')} is not a {kind_type} kind")
    elif not card["text"]["en"].startswith(kind["name"]["en"] + ":"):
        problems.append(f"{owner}: the effect line must start with its kind")
    if not isinstance(card.get("cost"), int) or card["cost"] < 0:
        problems.append(f"{owner}: cost must be a whole number of R, 0 for none")
    effects = card.get("effects") or []
    if not effects or sum(e.get("op") in PARAMETER_OPS for e in effects) > 1:
        problems.append(f"{owner}: one or more effects, at most one naming a theory or hexes")
    for effect in effects:
        op = effect.get("op")
        if op not in DISRUPTION_OPS:
            problems.append(f"{owner}: unknown disruption op {op}")
        elif op == "gain":
            problems += gain_problems(owner, effect)
    problems += [f"{owner}: Block names unknown method {key}" for key in card.get("block", [])
                 if key not in method_keys]
    return problems


def protection_problems(card: dict, content) -> list[str]:
    owner = card["id"]
    problems = [f"{owner}: blocks unknown kind {key}" for key in card.get("blocks", [])
                if key not in content.kinds]
    problems += [f"{owner}: also blocks unknown card {card_id}"
                 for card_id in card.get("also_blocks", []) if card_id not in content.cards]
    if card.get("partial") not in PARTIAL_ROLLS:
        problems.append(f"{owner}: partial must be null or a die roll 2-6")
    if not card.get("blocks"):
        problems.append(f"{owner}: a Protection blocks at least one kind")
    return problems


def event_kind_problems(card: dict, kinds: dict) -> list[str]:
    """A disruption Event's kind is one of the Disruption deck's kinds, named the same way in
    every language (the loader found it by its English name)."""
    kind = kinds.get(card.get("kind_key"))
    if kind is None or kind["name"] != card.get("kind"):
        return [f"{card['id']}: kind {card.get('kind')} is not a {card['type']} kind of kinds.json"]
    return []


def service_problems(card: dict, method_keys: set[str]) -> list[str]:
    block = card["disruption_block"]
    if (block.get("type") not in ("bias", "influence") or block.get("block") not in method_keys
            or block.get("min_roll") not in range(2, 7)):
        return [f"{card['id']}: bad disruption_block {block}"]
    return []


def marker_problems(owner: str, effects: list, gain_problems) -> list[str]:
    problems = []
    for effect in effects:
        op = effect.get("op")
        if op not in MARKER_OPS:
            problems.append(f"{owner}: unknown marker op {op}")
        elif op == "gain":
            problems += gain_problems(owner, effect)
        elif op == "choose":
            for option in effect.get("options", []):
                if any(inner.get("op") == "choose" for inner in option):
                    problems.append(f"{owner}: a choice holds plain rewards only")
                problems += marker_problems(owner, option, gain_problems)
    return problems
