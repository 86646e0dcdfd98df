"""Noise on the map: adding, the supply running out, and removing (SV-65 to SV-67)."""

from __future__ import annotations

from .. import board
from ..content import CARDS
from ..events import event
from ..state import gain, noise_supply_size

MAX_NOISE = 3


def is_protected(state: dict, hex_id: str) -> bool:
    """Noise cannot be added next to a tile with a protecting ability (SV-65, G-27)."""
    hexes = state["hexes"]
    for other in board.neighbours(hexes, hex_id):
        card = hexes[other]["card"]
        if card is not None:
            ability = CARDS[card].get("ability")
            if ability is not None and ability["op"] == "protect_neighbours_from_noise":
                return True
    return False


def add_noise(state: dict, hex_id: str, amount: int, seat: int | None, out: list) -> int:
    """Add Noise token by token; a full or protected hex takes none, with no overflow (SV-65).

    Returns how many tokens went onto the hex.
    """
    added = 0
    cell = state["hexes"][hex_id]
    protected = is_protected(state, hex_id)
    for _ in range(amount):
        if protected or cell["noise"] >= MAX_NOISE:
            break
        cell["noise"] += 1
        state["noise_supply"] -= 1
        added += 1
        if state["noise_supply"] <= 0:
            supply_runs_out(state, out)
    out.append(event(state, "NoiseAdded", seat, hex=hex_id, amount=added, wanted=amount,
                     protected=protected, noise=cell["noise"]))
    return added


def supply_runs_out(state: dict, out: list) -> None:
    """Everyone loses 1 Reputation and the supply is refilled; map Noise stays (SV-66)."""
    losses = {}
    for p in state["players"]:
        losses[str(p["seat"])] = gain(p, "reputation", -1)
    state["noise_supply"] = noise_supply_size(state["n"])
    out.append(event(state, "NoiseSupplyRanOut", None, reputation_lost=losses,
                     supply=state["noise_supply"]))


def remove_noise(state: dict, hex_id: str, amount: int) -> int:
    """Remove up to `amount` Noise from a hex back to the supply (SV-67). Returns how many."""
    cell = state["hexes"][hex_id]
    removed = min(amount, cell["noise"])
    cell["noise"] -= removed
    state["noise_supply"] += removed
    return removed


def noisiest(state: dict, hex_ids) -> str | None:
    """The hex with the most Noise, the first in map order on a tie; None if none has Noise."""
    best, best_noise = None, 0
    hexes = state["hexes"]
    for hex_id in sorted(hex_ids, key=board.HEX_INDEX.__getitem__):
        if hexes[hex_id]["noise"] > best_noise:
            best, best_noise = hex_id, hexes[hex_id]["noise"]
    return best
