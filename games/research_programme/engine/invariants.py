"""What must hold in every state the rules can reach: `check_invariants` (docs/engine.md)."""

from __future__ import annotations

from .content import CARDS
from .rules import scoring
from .state import DISRUPTION_HAND_LIMIT, HAND_LIMIT


def check_invariants(state: dict) -> list[str]:
    """What is wrong with a state; [] for a sound one (SV-12, SV-16, SV-23, FG-05, FG-08).

    Resources, debt, EP and Insight are never negative, tracks stay on their scales, every
    project tile is on its own hex, a seat holds six tiles in all, hands keep their limits
    outside a discard, no hidden hex holds a tile, anomaly or neutral marker, and a finished
    game's VP is the sum of its breakdown with at most 2 VP from EP.
    """
    broken: list[str] = []
    limits = (state["step"] or {}).get("kind") not in ("discard", "chance", "keep")
    tiles = 0
    for p in state["players"]:
        tiles += len(p["projects"])
        seat_problems(state, p, limits, broken)
    cells = state["hexes"].values()
    noise = [cell["noise"] for cell in cells]
    if min(noise) < 0 or max(noise) > 3:
        broken.append("Noise off its scale")
    owners = [cell["owner"] for cell in cells]
    if tiles != len(owners) - owners.count(None):
        broken.append("tiles on the map and in the seats' projects differ")
    if "hidden_markers" in state and any(
            cell["hidden"] and (cell["owner"] or cell["anomaly"] or cell["neutral"])
            for cell in cells):
        broken.append("a hidden hex holds a tile, an anomaly or a neutral marker")
    if not 1 <= state["round"] <= state["rounds"]:
        broken.append("the round off its scale")
    if state["replication_counter"] > state["replication_target"]:
        broken.append("the replication counter is past N + 2")
    result = scoring.outcome(state)
    for row in (result or {}).get("players", ()):
        if row["vp"] != sum(row["breakdown"].values()) or not 0 <= row["breakdown"]["ep"] <= 2:
            broken.append(f"seat {row['seat']}: VP differs from its breakdown")
    return broken


def seat_problems(state: dict, p: dict, limits: bool, broken: list[str]) -> None:
    seat = p["seat"]
    if min(p["resources"].values()) < 0 or p["debt"] < 0 or p["ep"] < 0 or p["insight"] < 0:
        broken.append(f"seat {seat}: negative resources, debt, EP or Insight")
    if not (0 <= p["reputation"] <= 6 and 0 <= p["rigour"] <= 10 and 0 <= p["hype"] <= 10):
        broken.append(f"seat {seat}: a track off its scale")
    hexes = state["hexes"]
    for tile in p["projects"]:
        cell = hexes[tile["hex"]]
        if cell["owner"] != seat or cell["card"] != tile["card"]:
            broken.append(f"seat {seat}: a project is not on its hex")
    if len(p["projects"]) + p["tiles_left"] != 6:
        broken.append(f"seat {seat}: tiles do not add up to 6")
    disruptions = p.get("disruptions", ())
    if limits and (len(p["hand"]) > HAND_LIMIT or len(disruptions) > DISRUPTION_HAND_LIMIT):
        broken.append(f"seat {seat}: a hand over its limit")
    if "hype_from_cards" in p:
        for card in disruptions:
            if CARDS[card]["deck"] != "disruption":
                broken.append(f"seat {seat}: a card other than a Disruption card in that hand")
        if p["hype_from_cards"] < 0 or p["silenced_nulls"] < 0:
            broken.append(f"seat {seat}: a negative repair or silence count")
