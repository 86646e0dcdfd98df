"""Hidden hexes are server-only (FG-02, FG-05, FG-06, G-25): under two different placements of
the hidden markers, every seat's, the teacher's and the public's views, events and error codes
are identical until a success reveals a hex, over whole seeded playouts."""

import json
import random

import pytest

from games.engines.base import PUBLIC, TEACHER, IllegalAction, resolve_chance
from games.research_programme.engine import ENGINE, api, board
from games.research_programme.engine.rules import full_setup

from . import factory as f

MIXED = {1: "greedy", 2: "random", 3: "greedy", 4: "random"}


def probes(state: dict) -> list[str]:
    """Error codes for actions that touch hidden hexes (a build there, a reveal out of turn)."""
    codes = []
    hidden = sorted(h for h, c in state["hexes"].items() if c["hidden"])
    card = state["market"][0] if state["market"] else "P-GRA-1"
    for seat in state["seats"]:
        for hex_id in hidden[:6]:
            for action in ({"type": "build", "seat": seat, "card": card, "hex": hex_id},
                           {"type": "reveal", "seat": seat, "hex": hex_id}):
                try:
                    api.canonical_action(state, action)
                    codes.append("legal")
                except IllegalAction as error:
                    codes.append(error.code)
    return codes


def seen(state: dict, events: list) -> str:
    """Everything every reader may see now, as one text."""
    readers = [*state["seats"], TEACHER, PUBLIC]
    return json.dumps([[api.view_for(state, r), api.events_for(events, r)] for r in readers]
                      + [probes(state)], sort_keys=True)


def playout(seed: int, n: int, variant: str, pick: int) -> tuple[list[str], dict]:
    """A bot game where every marker placement takes outcome `pick`; what was seen at each step
    until the first reveal, and the final state."""
    state = api.new_game(f.seats(n), {"variant": variant}, seed)
    rng = random.Random(f"bots:{seed}")
    shown = [seen(state, state["events"])]
    revealed = False
    while api.current_seats(state):
        step = state["step"]
        if step["kind"] == "chance":
            outcomes = api.chance_outcomes(state)
            action = ({"type": "chance", "outcome": outcomes[pick]}
                      if step["chance"] == "markers" else resolve_chance(ENGINE, state, seed))
        else:
            seat = api.current_seats(state)[0]
            action = ENGINE.bots[MIXED[seat]](state, seat, rng)
        events = api.apply_in_place(state, action)
        revealed = revealed or any(e["type"] == "HexRevealed" for e in events)
        if not revealed:
            shown.append(seen(state, events))
    return shown, state


@pytest.mark.parametrize("variant", ["full", "beginner"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_fg_g25_views_events_and_codes_are_identical_under_two_placements_until_a_reveal(n,
                                                                                  variant):
    """FG-02, G-25: nobody, the teacher included, can tell two placements apart before a
    success reveals a hex; the seeded games then run on to their end."""
    compared = reveals = 0
    for seed in range(6):
        first, state_a = playout(seed, n, variant, 0)
        second, state_b = playout(seed, n, variant, -1)
        assert state_a["hidden_markers"] != state_b["hidden_markers"] or not first
        steps = min(len(first), len(second))
        assert first[:steps] == second[:steps], f"seed {seed}: a placement showed"
        compared += steps
        reveals += state_a["tally"]["hexes_revealed"] > 0
        assert state_a["phase"] == state_b["phase"] == "over"
    assert compared > 100 and reveals


@pytest.mark.parametrize("variant", ["full", "beginner"])
def test_fg_g25_the_marker_back_in_the_box_is_never_stored_or_shown(variant):
    """FG-02, G-25: per region only the two placed markers exist; every reveal shows one of
    them (or none), and the third marker is in no state, view or event."""
    for seed in range(4):
        state = api.new_game(f.seats(3), {"variant": variant}, seed)
        placed = {}
        while api.current_seats(state):
            if state["step"]["kind"] == "chance":
                action = resolve_chance(ENGINE, state)
            else:
                seat = api.current_seats(state)[0]
                action = ENGINE.bots["greedy"](state, seat, random.Random(seed))
            for e in api.apply_in_place(state, action):
                if e["type"] == "HiddenHexesPlaced":
                    placed.update(e["markers"])
                    assert "markers" not in api.events_for([e], None)[0]
                if e["type"] == "HexRevealed":
                    assert e["marker"] == placed[e["hex"]]
        for region in board.OUTER_REGIONS:
            hexes = [h for h in board.REGION_HEXES[region] if h in placed]
            markers = [placed[h] for h in hexes]
            assert len(set(markers) - {full_setup.NO_MARKER}) == 2
        known = {**state["hidden_markers"], **state["revealed"]}
        assert known == {h: m for h, m in placed.items()
                         if m != "none" or h in state["revealed"]}
