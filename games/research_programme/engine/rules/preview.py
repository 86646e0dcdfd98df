"""The numbers of a test before its roll: threshold, pluses, bonus, Noise, the chance of success,
what a success would be (SV-37 to SV-41, SV-43, SV-44, SV-59, SV-60)."""

from __future__ import annotations

from .. import board
from ..content import CARDS
from ..state import player
from . import replication

BONUS_CAP = 3


_EFFECTS: dict[tuple[str, str], list[dict]] = {}


def method_effects(method: str | None, when: str) -> list[dict]:
    """The method's effects at `when` (cards never change once known, so they are kept)."""
    if method is None:
        return []
    found = _EFFECTS.get((method, when))
    if found is None:
        found = _EFFECTS[method, when] = [e for e in CARDS[method].get("effects", ())
                                          if e["when"] == when]
    return found


def location_modifier(theory: str, test: dict, hits: list, tile_region: str | None,
                      method_key: str | None) -> int:
    """The threshold's location part (SV-38, SV-43)."""
    if test["project"] == "desk":
        return 1
    card = CARDS[theory]
    field = card["test"]
    if field.get("project") == test["project"]:
        return 0
    if field.get("method") is not None and field["method"] == method_key \
            and tile_region == card["region"]:
        return 0
    if tile_region == card["region"]:
        return 1
    return 1 if hits else 3


def preview(state: dict, seat: int, pay_for_plus: bool = False, planned: bool = True,
            scheduled: dict | None = None) -> dict:
    """Everything a roll will use, computed now (SV-37 to SV-41, SV-44, SV-59, SV-60).

    `planned` counts a method's Noise removal that happens when the roll is made. `scheduled`
    previews a test that is not scheduled (bots weigh their Predictions with it).
    """
    p = player(state, seat)
    scheduled = scheduled or p["scheduled"]
    theory_id = scheduled["theory"]
    method = scheduled["method"]
    test = {"project": scheduled["project"], "hex": scheduled["hex"], "method": method,
            "method_key": None if method is None else CARDS[method]["key"]}
    hits = state["theories"][theory_id]["hits"]
    classification = replication.classify(
        hits, replication.project_key(seat, test["project"]), test["method_key"])
    bridge = (replication.new_bridge(state, theory_id, test)
              if classification == "replication" else None)
    wormhole = bridge is not None and board.is_wormhole_pair(*bridge.split("-"))
    parts = threshold_parts(p, theory_id, test, hits, wormhole)
    pluses = pluses_of(state, p, theory_id, test, pay_for_plus)
    bonus = min(BONUS_CAP, sum(pluses.values()))
    noise = noise_of(state, test, planned)
    threshold = sum(parts.values())
    needed = threshold - bonus + noise
    paid_plus = pay_for_plus_effect(method)
    return {
        "seat": seat, "theory": theory_id, "owner": state["theories"][theory_id]["owner"],
        "project": test["project"], "hex": test["hex"], "method": method,
        "method_key": test["method_key"], "condition": CARDS[theory_id].get("condition"),
        "threshold": threshold, "threshold_parts": parts, **pluses,
        "pluses": sum(pluses.values()), "bonus": bonus, "noise": noise, "needed": needed,
        "chance": max(0, min(6, 7 - needed)) / 6, "hopeless": needed > 6,
        "classification": classification, "bridge": bridge, "wormhole": wormhole,
        "artefact_risk": artefact_risk(p, method), "hype": p["hype"], "rigour": p["rigour"],
        "pay_for_plus": bool(pay_for_plus and paid_plus is not None),
        "pay_for_plus_offer": paid_plus,
        "clean_options": clean_options(state, test["hex"], classification),
    }


def tile_of(p: dict, project: str) -> tuple[str | None, int, bool]:
    """(card region, Technique, displaced) of a test project; a desk has none (SV-43)."""
    if project == "desk":
        return None, 0, False
    card = CARDS[project]
    displaced = next(pr["displaced"] for pr in p["projects"] if pr["card"] == project)
    return card["region"], card["technique"], displaced


def threshold_parts(p: dict, theory_id: str, test: dict, hits: list, wormhole: bool) -> dict:
    """Printed Difficulty + location + displaced + wormhole + card modifiers (SV-38, SV-59)."""
    tile_region, _, displaced = tile_of(p, test["project"])
    return {
        "printed": CARDS[theory_id]["difficulty"],
        "location": location_modifier(theory_id, test, hits, tile_region, test["method_key"]),
        "displaced": 1 if displaced else 0,
        "wormhole": 1 if wormhole else 0,
        "card": 0,
    }


def pluses_of(state: dict, p: dict, theory_id: str, test: dict, pay_for_plus: bool) -> dict:
    """Technique, Rigour, map, Insight, a card's next-test plus and the method's (SV-39)."""
    _, technique, _ = tile_of(p, test["project"])
    method = test["method"]
    method_plus = sum(e["amount"] for e in method_effects(method, "before_roll")
                      if e["op"] == "plus")
    paid_plus = pay_for_plus_effect(method)
    if pay_for_plus and paid_plus is not None:
        method_plus += paid_plus["amount"]
    desk = test["project"] == "desk"
    return {
        "technique": technique,
        "rigour_bonus": p["rigour"] // 4,
        "map_bonus": 0 if desk else replication.map_bonus(state, test["hex"],
                                                          CARDS[theory_id]["region"]),
        "insight": p["insight"],
        "next_test_plus": p["next_test_plus"],
        "method_plus": method_plus,
    }


def noise_of(state: dict, test: dict, planned: bool) -> int:
    """The Noise on the test hex, after a method's planned removal (SV-40)."""
    noise = state["hexes"][test["hex"]]["noise"]
    if planned:
        removal = sum(e["amount"] for e in method_effects(test["method"], "before_roll")
                      if e["op"] == "remove_noise")
        noise -= min(noise, removal)
    return noise


def pay_for_plus_effect(method: str | None) -> dict | None:
    for effect in method_effects(method, "before_roll"):
        if effect["op"] == "pay_for_plus":
            return effect
    return None


def artefact_proof(method: str | None) -> bool:
    return any(e["op"] == "artefact_proof" for e in method_effects(method, "success"))


def artefact_risk(p: dict, method: str | None) -> bool:
    """A first success this round is annulled when Hype >= Rigour + 2 (SV-44)."""
    return p["hype"] >= p["rigour"] + 2 and p["successes"] == 0 and not artefact_proof(method)


def clean_options(state: dict, hex_id: str, classification: str) -> list[str]:
    """Neighbours a replication could clean, when the tester has a real choice (SV-54)."""
    if classification != "replication":
        return []
    hexes = state["hexes"]
    noisy = [h for h in board.neighbours(hexes, hex_id) if hexes[h]["noise"] > 0]
    return sorted(noisy, key=board.HEX_INDEX.__getitem__) if len(noisy) > 1 else []
