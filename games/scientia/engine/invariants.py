"""What must hold in every state the rules can reach: `check_invariants` lists what does not.

Supplies and conservation (cubes, flasks, cards), tracks and slots, pending cards only inside a
completion phase, and no stalemate: the seat asked to act always has a legal action (SC-18,
SC-G19).
"""

from __future__ import annotations

from . import actions
from .state import (
    FLASK_SUPPLY,
    FULL_TURN,
    MAX_CUBES,
    START_SLOTS,
    TECH_SUPPLY,
    State,
    open_stacks,
    rotatable,
)
from .tracks import cube_count, last_space

CHAIN_STEPS = {"complete", "choose_card", "choose_stack", "choose_field"}


def check_invariants(state: State) -> list[str]:
    broken = _supplies(state) + _cards(state) + _flow(state)
    for p in state["players"]:
        broken += _seat(state, p)
    return broken


def _supplies(state: State) -> list[str]:
    n = len(state["players"])
    supply, reserve = state["supply"], state["reserve"]
    broken = []
    if min(supply.values()) < 0 or min(reserve.values()) < 0 or state["slot_supply"] < 0:
        broken.append("a supply is negative")
    if (reserve["cubes"] or reserve["flasks"]) and state["trigger"] is None:
        broken.append("the reserve was used before the end was triggered (SC-38)")
    cubes = flasks = gained = 0
    for p in state["players"]:
        cubes += cube_count(p) - 4
        flasks += p["storage"]
        for card in p["slots"]:
            if card is not None:
                flasks += card["flasks"]
        gained += len(p["slots"]) - START_SLOTS
    if cubes != TECH_SUPPLY[n] - supply["cubes"] + reserve["cubes"]:
        broken.append("technology cubes do not add up")
    flasks += supply["flasks"] + sum(s["flasks"] for s in state["stacks"])
    if flasks != FLASK_SUPPLY[n] + reserve["flasks"]:
        broken.append("flasks do not add up")
    if state["slot_supply"] != 2 * n - gained:
        broken.append("slot tiles do not add up")
    return broken


def _cards(state: State) -> list[str]:
    copies = {s["face"]: s["cards"] for s in state["stacks"]}
    broken = [f"stack {s['face']} holds flasks but no card (SC-G08)"
              for s in state["stacks"] if s["flasks"] and not s["cards"]]
    for p in state["players"]:
        for face in [c["face"] for c in p["slots"] if c is not None] + p["area"]:
            if face not in copies:
                broken.append(f"seat {p['seat']} holds face {face}, not in the game")
                continue
            copies[face] += 1
    if state["stacks"] and any(count != 2 for count in copies.values()):
        broken.append(f"each face must have 2 copies in play: {copies}")
    if state["stage"] in ("draft", "play") and not any(copies[f] for f in open_stacks(state)):
        broken.append("every stack is empty (SC-18)")
    return broken


def _tracks() -> frozenset:
    """Every track the rules allow: 1-4 cubes, each earlier cube on its own last space, the
    newest between 0 and its last (SC-27, SC-28); only 14 exist."""
    tracks = set()
    for n in range(1, MAX_CUBES + 1):
        done = tuple(last_space(k) for k in range(1, n))
        tracks.update(done + (space,) for space in range(last_space(n) + 1))
    return frozenset(tracks)


TRACKS = _tracks()


def _seat(state: State, p: dict) -> list[str]:
    seat, broken = p["seat"], []
    for field, track in p["tracks"].items():
        if tuple(track) not in TRACKS:
            broken.append(f"seat {seat}: track {field} is off its spaces {track}")
    if len(p["slots"]) != START_SLOTS + p["slot_for_cubes"] + p["slot_for_flasks"]:
        broken.append(f"seat {seat}: slots do not match the conditions met")
    if p["slot_for_cubes"] != (cube_count(p) >= 5) or p["slot_for_flasks"] != (p["storage"] >= 5):
        broken.append(f"seat {seat}: a slot condition was met without its slot (SC-32, SC-33)")
    in_chain = state["step"] is not None and state["step"]["kind"] in CHAIN_STEPS
    for card in p["slots"]:
        if card is None:
            continue
        if not 0 <= card["turns"] <= FULL_TURN:
            broken.append(f"seat {seat}: a card is turned {card['turns']} times")
        elif card["turns"] == FULL_TURN and not in_chain:
            broken.append(f"seat {seat}: a completed card outside a completion phase")
    if p["area"] and not in_chain:
        broken.append(f"seat {seat}: cards left in the completion area (SC-26)")
    return broken


def _flow(state: State) -> list[str]:
    step, broken = state["step"], []
    if (step is None) != (state["stage"] == "over"):
        broken.append("a game without a step must be over, and only then")
    if state["last_round"] is not None and state["round"] > state["last_round"]:
        broken.append("a round after the last round (SC-39)")
    if step is None or step["kind"] == "chance":
        return broken
    seat = step["seat"]
    if step["kind"] == "turn" and not (rotatable(state["players"][seat - 1]) or
                                       actions.legal_take(state, seat)):
        broken.append(f"seat {seat} has no legal action (SC-18)")
    elif not any(actions.legal_of_kind(state, seat, k) for k in actions.step_kinds(state)):
        broken.append(f"seat {seat} is asked to {step['kind']} with no legal choice")
    return broken
