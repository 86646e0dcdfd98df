"""Revealing a hidden hex after a success, and the revealer's reward (FG-05 to FG-07, G-25,
AM-10).

Success step 2: the tester chooses one hidden hex of the theory's region; its marker (kept
server-only until now) becomes public, and the revealer takes its reward once. The rewards are
data (content/full/markers.json): a Discovery offers Technique +1 on the next test, 2 resources
of any types or 1 VP; a Null result marker 1 resource; an Anomaly marker an anomaly card on the
hex and D +1; a hex without a marker nothing.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .. import board
from ..content import school
from ..events import event
from ..state import RESOURCES, gain, player
from .full_setup import NO_MARKER, hidden_hexes
from .steps import chance, push, wait_for


def reveal_turn(state: dict, task_: dict, out: list) -> None:
    """The tester picks which hidden hex of the theory's region to reveal; with one left there
    is nothing to pick (FG-06, G-25)."""
    hexes = hidden_hexes(state, task_["region"])
    if len(hexes) == 1:
        reveal(state, task_["seat"], hexes[0], out)
    elif hexes:
        wait_for(state, "reveal", [task_["seat"]], region=task_["region"], options=hexes)


def legal_reveal(state: dict, seat: int) -> list[dict]:
    return [{"type": "reveal", "seat": seat, "hex": h} for h in state["step"]["options"]]


def apply_reveal(state: dict, action: dict, out: list) -> None:
    state["step"] = None
    reveal(state, action["seat"], action["hex"], out)


def reveal(state: dict, seat: int, hex_id: str, out: list) -> None:
    """The hex becomes known and its marker public; the revealer's reward follows (FG-06)."""
    state["hexes"][hex_id]["hidden"] = False
    marker = state["hidden_markers"].pop(hex_id, NO_MARKER)
    state["revealed"][hex_id] = marker
    state["tally"]["hexes_revealed"] += 1
    out.append(event(state, "HexRevealed", seat, hex=hex_id, region=board.REGION[hex_id],
                     marker=marker))
    if marker == NO_MARKER:
        return
    choices = reward_choices(school().markers[marker]["reward"])
    if len(choices) == 1:
        take_reward(state, seat, hex_id, marker, choices[0], out)
    else:
        wait_for(state, "exploration", [seat], hex=hex_id, marker=marker,
                 options=[c["gains"] for c in choices])


def reward_choices(effects: list[dict]) -> list[dict]:
    """Every way to take a reward: {"gains": {code: n}, "anomaly_card": bool}."""
    choices = [{"gains": {}, "anomaly_card": False}]
    for effect in effects:
        op = effect["op"]
        if op == "choose":
            alternatives = [alt for option in effect["options"] for alt in reward_choices(option)]
        elif op == "resources":  # any types, in any mix (G-25)
            alternatives = [{"gains": count(picked), "anomaly_card": False}
                            for picked in combinations_with_replacement(RESOURCES,
                                                                        effect["amount"])]
        elif op == "gain":
            alternatives = [{"gains": {effect["gain"]: effect["amount"]}, "anomaly_card": False}]
        else:
            alternatives = [{"gains": {}, "anomaly_card": True}]
        choices = [merge(choice, alt) for choice in choices for alt in alternatives]
    return choices


def count(codes: tuple[str, ...]) -> dict[str, int]:
    gains: dict[str, int] = {}
    for code in codes:
        gains[code] = gains.get(code, 0) + 1
    return gains


def merge(a: dict, b: dict) -> dict:
    gains = dict(a["gains"])
    for code, amount in b["gains"].items():
        gains[code] = gains.get(code, 0) + amount
    return {"gains": gains, "anomaly_card": a["anomaly_card"] or b["anomaly_card"]}


def legal_exploration(state: dict, seat: int) -> list[dict]:
    return [{"type": "exploration_reward", "seat": seat, "gains": gains}
            for gains in state["step"]["options"]]


def apply_exploration(state: dict, action: dict, out: list) -> None:
    step = state["step"]
    state["step"] = None
    take_reward(state, action["seat"], step["hex"], step["marker"],
                {"gains": action["gains"], "anomaly_card": False}, out)


def take_reward(state: dict, seat: int, hex_id: str, marker: str, choice: dict,
                out: list) -> None:
    """Gains at once (a Technique +1 waits for the next rolled test, FG-07); an Anomaly marker
    draws an anomaly card onto the hex (a chance step)."""
    p = player(state, seat)
    gained = {code: gain(p, code, amount, source="exploration")
              for code, amount in choice["gains"].items()}
    out.append(event(state, "ExplorationRewarded", seat, hex=hex_id, marker=marker,
                     gains=gained))
    if choice["anomaly_card"]:
        push(state, chance("anomaly", hex=hex_id))
