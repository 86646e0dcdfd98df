"""Setting up the full and beginner games: the hidden outer ring and its markers, random
anomalies, and the opening hand (FG-02 to FG-04, FG-16).

Which hidden hex holds which marker is server-only: it lives in `state["hidden_markers"]`, which
no view shows, and the event that records it carries the markers as server-only fields (G-25).
"""

from __future__ import annotations

from itertools import permutations

from games.engines.base import server_only_event

from .. import board
from ..content import CARDS
from ..events import event, private
from ..state import player, uses
from .noise import add_noise
from .steps import chance, push, task, wait_for

MARKERS = ("anomaly", "discovery", "null")
NO_MARKER = "none"
ANOMALIES = 3
OPENING_DRAWS = {"theory": 2, "method": 2}


def full_fields() -> dict:
    """What a full or beginner game keeps besides the school state."""
    return {
        "hidden_markers": {},
        "revealed": {},
        "interference": None,
        "pending_success": None,
        "disruption_n": 0,
        "synthesis_winner": None,
        "tally": {"disruptions_played": 0, "disruptions_blocked": 0, "hexes_revealed": 0,
                  "synthesis_attempts": 0},
    }


def hide_outer_ring(state: dict) -> None:
    """The outer ring (X3 to X5) of each outer region is hidden; in the beginner game the four
    packet hexes stay known, so CON5 is known and Condensed matter has two hidden hexes (FG-02,
    FG-16)."""
    known = set(board.SCHOOL_SETUP["packet_hexes"].values()) if uses(state, "packets") else set()
    for hex_id, cell in state["hexes"].items():
        outer_ring = board.HEXES[hex_id]["ring"] == 3 and board.REGION[hex_id] != board.METASCIENCE
        cell["hidden"] = outer_ring and hex_id not in known


def hidden_hexes(state: dict, region: str) -> list[str]:
    """The region's hidden hexes, in map order."""
    hexes = state["hexes"]
    return [h for h in board.REGION_HEXES[region] if hexes[h].get("hidden")]


def marker_outcomes(state: dict, step: dict) -> list:
    """Every way to put 2 of the region's 3 markers on its hidden hexes, the third going back
    to the box unseen: one marker (or "none") per hidden hex, in map order (FG-02)."""
    spaces = len(hidden_hexes(state, step["region"]))
    outcomes = set()
    for pair in permutations(MARKERS, 2):
        for empty in range(spaces) if spaces > 2 else (None,):
            placed = list(pair)
            if empty is not None:
                placed.insert(empty, NO_MARKER)
            outcomes.add(tuple(placed))
    return [list(outcome) for outcome in sorted(outcomes)]


def place_markers(state: dict, step: dict, outcome: list, out: list) -> None:
    """The markers go face down on the hidden hexes; nobody sees which is where (FG-02, G-25)."""
    hexes = hidden_hexes(state, step["region"])
    for hex_id, marker in zip(hexes, outcome, strict=True):
        if marker != NO_MARKER:
            state["hidden_markers"][hex_id] = marker
    out.append(server_only_event(
        event(state, "HiddenHexesPlaced", None, region=step["region"], hexes=hexes,
              markers=dict(zip(hexes, outcome, strict=True))), ("markers",)))


def anomaly_hex_outcomes(state: dict, step: dict) -> list:
    """Empty known outer hexes in regions that hold no anomaly yet (FG-03)."""
    hexes = state["hexes"]
    taken = {board.REGION[h] for h, cell in hexes.items() if cell["anomaly"] is not None}
    return [h for h in board.OUTER_HEXES
            if board.REGION[h] not in taken and is_free_known(hexes[h])]


def is_free_known(cell: dict) -> bool:
    """No tile, anomaly or neutral marker, and not hidden (a school hex has no `hidden`)."""
    return (cell["owner"] is None and cell["anomaly"] is None and not cell["neutral"]
            and not cell.get("hidden"))


def choose_anomaly_hex(state: dict, step: dict, hex_id: str, out: list) -> None:
    """A random anomaly card goes on the chosen hex, then Noise next to it (FG-03)."""
    push(state, chance("anomaly", hex=hex_id), task("anomaly_noise", hex=hex_id))


def noise_hexes(state: dict, anomaly_hex: str) -> list[str]:
    """Empty known hexes next to the anomaly and in its region (FG-03)."""
    region = board.REGION[anomaly_hex]
    hexes = state["hexes"]
    return [h for h in board.neighbours(hexes, anomaly_hex)
            if board.REGION[h] == region and is_free_known(hexes[h])]


def anomaly_noise(state: dict, task_: dict, out: list) -> None:
    """1 Noise on a random empty known hex next to the anomaly in its region, if there is one;
    with one such hex (the usual case: the region's other inner hex) there is nothing to draw."""
    hexes = noise_hexes(state, task_["hex"])
    if len(hexes) == 1:
        add_noise(state, hexes[0], 1, None, out)
    elif hexes:
        push(state, chance("anomaly_noise", hex=task_["hex"]))


def noise_outcomes(state: dict, step: dict) -> list:
    return sorted(noise_hexes(state, step["hex"]), key=board.HEX_INDEX.__getitem__)


def place_anomaly_noise(state: dict, step: dict, hex_id: str, out: list) -> None:
    add_noise(state, hex_id, 1, None, out)


def opening_hand_tasks(state: dict) -> list[dict]:
    """Each seat draws 2 Theories and 2 Methods, then all keep 1 + 1 at once (FG-04)."""
    tasks = [chance("draw", seat=seat, deck=deck)
             for seat in state["seats"] for deck, count in OPENING_DRAWS.items()
             for _ in range(count)]
    return tasks + [task("keep")]


def keep_step(state: dict, task_: dict, out: list) -> None:
    wait_for(state, "keep", state["seats"])


def legal_keep(state: dict, seat: int) -> list[dict]:
    hand = player(state, seat)["hand"]
    theories = [c for c in hand if CARDS[c]["deck"] == "theory"] or [None]
    methods = [c for c in hand if CARDS[c]["deck"] == "method"] or [None]
    return [{"type": "keep", "seat": seat, "theory": t, "method": m}
            for t in theories for m in methods]


def apply_keep(state: dict, action: dict, out: list) -> None:
    """Keep 1 + 1; the rest are shuffled back into their decks (FG-04, AM-32)."""
    p = player(state, action["seat"])
    kept = [c for c in (action["theory"], action["method"]) if c is not None]
    returned = [c for c in p["hand"] if c not in kept]
    p["hand"] = kept
    for card in returned:
        deck = state["decks"][CARDS[card]["deck"]]
        deck.append(card)
        deck.sort()
    out.append(private(state, "OpeningHandKept", p["seat"], ("theory", "method", "returned"),
                       theory=action["theory"], method=action["method"], returned=returned,
                       kept=len(kept), returned_count=len(returned)))
    waiting = state["step"]["seats"]
    waiting.remove(p["seat"])
    if not waiting:
        state["step"] = None
