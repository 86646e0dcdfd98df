"""Noise on the map: adding, overflow in the full game, the supply running out, and removing
(SV-65 to SV-67, FG-12)."""

from __future__ import annotations

from .. import board
from ..content import CARDS
from ..events import event
from ..state import gain, noise_supply_size, uses
from .steps import wait_for

MAX_NOISE = 3
LEAK_STEPS = 2


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
    """Add Noise token by token; a protected hex takes none. A full hex takes none either: in
    the school game the token stays in the supply (SV-65), in the full game it leaks to a
    neighbour that `seat`, who caused it, chooses (FG-12). Returns how many went onto the hex.
    """
    added = leaked = 0
    cell = state["hexes"][hex_id]
    protected = is_protected(state, hex_id)
    overflow = uses(state, "noise_overflow")
    for _ in range(amount):
        if protected or (cell["noise"] >= MAX_NOISE and not overflow):
            break
        if cell["noise"] >= MAX_NOISE:
            queue_leak(state, [hex_id], seat)
            leaked += 1
            continue
        put_token(state, hex_id, out)
        added += 1
    fields = {"leaked": leaked} if overflow else {}
    out.append(event(state, "NoiseAdded", seat, hex=hex_id, amount=added, wanted=amount,
                     protected=protected, noise=cell["noise"], **fields))
    return added


def put_token(state: dict, hex_id: str, out: list) -> None:
    state["hexes"][hex_id]["noise"] += 1
    state["noise_supply"] -= 1
    if state["noise_supply"] <= 0:
        supply_runs_out(state, out)


# --- overflow (FG-12) -----------------------------------------------------------------------

def queue_leak(state: dict, chain: list[str], seat: int | None) -> None:
    """Run a leak next, after the leaks already waiting (so tokens leak in the order added)."""
    queue = state["queue"]
    at = next((i for i, t in enumerate(queue) if t["t"] != "leak"), len(queue))
    queue.insert(at, {"t": "leak", "chain": list(chain), "seat": seat})


def leak_targets(state: dict, chain: list[str]) -> list[str]:
    """Neighbours of the leaking hex that have not leaked in this chain and can take Noise."""
    hexes = state["hexes"]
    return sorted((h for h in board.neighbours(hexes, chain[-1])
                   if h not in chain and not is_protected(state, h)),
                  key=board.HEX_INDEX.__getitem__)


def leak(state: dict, task_: dict, out: list) -> None:
    """A full hex's token moves to a neighbour the causing seat chooses; with one possible
    neighbour, or no causing seat, the first in map order takes it (FG-12, AM-30)."""
    chain, seat = task_["chain"], task_["seat"]
    targets = leak_targets(state, chain)
    if not targets:
        out.append(event(state, "NoiseLeaked", seat, source=chain[-1], target=None,
                         step=len(chain), lost=True, noise=None))
    elif len(targets) == 1 or seat is None:
        move_leak(state, chain, targets[0], seat, out)
    else:
        wait_for(state, "overflow", [seat], chain=list(chain), options=targets)


def legal_overflow(state: dict, seat: int) -> list[dict]:
    return [{"type": "overflow", "seat": seat, "hex": h} for h in state["step"]["options"]]


def apply_overflow(state: dict, action: dict, out: list) -> None:
    chain = state["step"]["chain"]
    state["step"] = None
    move_leak(state, chain, action["hex"], action["seat"], out)


def move_leak(state: dict, chain: list[str], target: str, seat: int | None, out: list) -> None:
    """The token lands on `target`; a full target leaks once more, and after 2 steps the
    chain stops and the token goes back to the supply (FG-12)."""
    full = state["hexes"][target]["noise"] >= MAX_NOISE
    lost = full and len(chain) >= LEAK_STEPS
    if not full:
        put_token(state, target, out)
    out.append(event(state, "NoiseLeaked", seat, source=chain[-1], target=target,
                     step=len(chain), lost=lost, noise=state["hexes"][target]["noise"]))
    if full and not lost:
        queue_leak(state, chain + [target], seat)


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
