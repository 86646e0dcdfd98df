"""The two supplies, the reserve, the end trigger and the extra slots (SC-32 to SC-38)."""

from __future__ import annotations

from .events import event
from .state import SLOT_THRESHOLD, Seat, State


def draw(state: State, what: str, n: int, out: list) -> int:
    """Take `n` cubes or flasks ("cubes" / "flasks"); what the supply lacks comes from the
    reserve (SC-38, SC-G13). Emptying the supply triggers the end (SC-37). Returns the number
    taken from the reserve."""
    supply = state["supply"]
    from_supply = min(n, supply[what])
    supply[what] -= from_supply
    from_reserve = n - from_supply
    state["reserve"][what] += from_reserve
    if from_supply and supply[what] == 0:
        trigger_end(state, what, out)
    return from_reserve


def trigger_end(state: State, what: str, out: list) -> None:
    """The end is triggered once: the current round finishes, then one more (SC-37, SC-39)."""
    if state["trigger"] is not None:
        return
    state["trigger"] = {"by": what, "round": state["round"], "turn": state["turn"]}
    set_last_round(state, state["round"] + 1, what)
    out.append(event(state, "EndTriggered", None, by=what, last_round=state["last_round"]))


def set_last_round(state: State, last: int, reason: str) -> None:
    """The game ends after round `last`, or earlier if it was already due to."""
    if state["last_round"] is None or last < state["last_round"]:
        state["last_round"] = last
        state["end_reason"] = reason


def flasks_to_storage(state: State, p: Seat, n: int, out: list, source: int | None,
                      moved: bool = False) -> None:
    """`n` flasks into the seat's storage: from the supply, or `moved` from a completed card
    (SC-22). Storage only grows (SC-36); 5 or more opens a slot (SC-33)."""
    reserve = 0 if moved else draw(state, "flasks", n, out)
    p["storage"] += n
    out.append(event(state, "FlasksGained", p["seat"], amount=n, to="storage", source=source,
                     moved=moved, reserve=reserve, storage=p["storage"]))
    if not p["slot_for_flasks"] and p["storage"] >= SLOT_THRESHOLD:
        p["slot_for_flasks"] = True
        gain_slot(state, p, "flasks", out)


def check_cube_slot(state: State, p: Seat, cubes: int, out: list) -> None:
    """The first time a seat holds 5 cubes its slots grow by one (SC-32)."""
    if not p["slot_for_cubes"] and cubes >= SLOT_THRESHOLD:
        p["slot_for_cubes"] = True
        gain_slot(state, p, "cubes", out)


def gain_slot(state: State, p: Seat, reason: str, out: list) -> None:
    """An extra slot tile, usable at once (SC-34, SC-G12); 2 x N tiles always suffice (SC-08)."""
    p["slots"].append(None)
    state["slot_supply"] -= 1
    p["slots_gained"].append({"reason": reason, "round": state["round"], "turn": state["turn"]})
    out.append(event(state, "SlotGained", p["seat"], reason=reason, slots=len(p["slots"])))
