"""Setting up a game (SV-01 to SV-12; FG-02 to FG-04 and FG-16 in `full_setup`).

`new_state` lays out everything that is fixed (packets, starting Noise, resources, decks, the
hidden outer ring); what is random (start player, hidden markers, anomalies, neutral markers,
opening hands, the market) follows as chance steps, which the caller resolves before round 1.
"""

from __future__ import annotations

from games.engines.base import GameError

from .. import board
from ..content import school
from ..events import event, private
from ..state import (
    GAME_KEY,
    MARKET_SIZE,
    SCHEMA,
    VARIANTS,
    compute_order,
    gain,
    new_hexes,
    new_player,
    noise_supply_size,
    player,
)
from . import full_setup
from .steps import chance, task

NEUTRAL_MARKERS = {2: 6, 3: 3, 4: 0}
DEFAULT_OPTIONS = {"variant": "school", "stories_per_round": 2, "story_judge": "teacher"}


def check_seats(players: list[dict]) -> int:
    """A game has N = 2, 3 or 4 seats, numbered 1..N (SV-01)."""
    seats = [p.get("seat") for p in players]
    if not 2 <= len(seats) <= 4 or seats != list(range(1, len(seats) + 1)):
        raise GameError("a game needs 2-4 seats numbered 1..N")
    return len(seats)


def check_options(options: dict) -> dict:
    options = {**DEFAULT_OPTIONS, **(options or {})}
    if options["variant"] not in VARIANTS:  # "school" (default), "full", "beginner"
        raise GameError(f"unknown variant {options['variant']!r}")
    if options["stories_per_round"] not in (1, 2, 3):
        raise GameError("stories_per_round must be 1, 2 or 3")
    if options["story_judge"] not in ("teacher", "table"):
        raise GameError("story_judge must be 'teacher' or 'table'")
    return options


def new_state(players: list[dict], options: dict, seed: int) -> dict:
    n = check_seats(players)
    options = check_options(options)
    content = school()
    variant = VARIANTS[options["variant"]]
    decks = content.full_decks if variant["disruption_cards"] else content.decks
    discards = ("theory", "method", "disruption") if variant["disruption_cards"] else (
        "theory", "method")
    state = {
        "game": GAME_KEY,
        "schema": SCHEMA,
        "variant": options["variant"],
        "options": options,
        "seed": seed,
        "n": n,
        "seats": list(range(1, n + 1)),
        "round": 1,
        "rounds": variant["rounds"],
        "phase": "setup",
        "start_player": None,
        "order": [],
        "step": None,
        "queue": [],
        "turn": 0,
        "chance_n": 0,
        "actions_n": 0,
        "replication_counter": 0,
        "replication_target": n + 2,
        "noise_supply": noise_supply_size(n),
        "hexes": new_hexes(),
        "border_markers": {},
        "decks": {kind: sorted(ids) for kind, ids in decks.items()},
        "discards": {deck: [] for deck in discards},
        "market": [],
        "next_event": None,
        "event": None,
        "theories": {},
        "gone": {},
        "resolved_anomalies": [],
        "players": [new_player(p["seat"], p.get("name") or f"Seat {p['seat']}", options["variant"])
                    for p in players],
        "stories": {},
        "time_called": False,
        "ended_by": None,
        "events": [],
    }
    if variant["disruption_cards"]:
        state.update(full_setup.full_fields())
    out = [event(state, "GameStarted", None, seats=n, variant=state["variant"])]
    if variant["packets"]:
        for packet in content.packets[:n]:
            give_packet(state, packet["packet"], packet, out)
    if variant["fixed_anomalies"]:
        place_starting_noise(state)
    if variant["hidden_hexes"]:
        full_setup.hide_outer_ring(state)
    state["queue"] = setup_tasks(state)
    state["events"] = out
    return state


def give_packet(state: dict, seat: int, packet: dict, out: list) -> None:
    """Seat k takes beginner packet k: theory in slot 1, a free tile, the method in hand (SV-06)."""
    p = player(state, seat)
    theory, project = packet["theory"]["id"], packet["project"]["id"]
    method = packet["method"]["id"]
    state["theories"][theory] = {"owner": seat, "consensus": 0, "hits": []}
    p["theories"].append(theory)
    cell = state["hexes"][packet["hex"]]
    cell["owner"], cell["card"] = seat, project
    p["projects"].append({"card": project, "hex": packet["hex"], "displaced": False,
                          "adjacency_bonus": False})
    p["tiles_left"] -= 1
    p["hand"].append(method)
    out.append(private(state, "PacketTaken", seat, ("method",), packet=packet["packet"],
                       theory=theory, project=project, hex=packet["hex"], method=method))


def place_starting_noise(state: dict) -> None:
    """1 Noise from the supply on each of COS4, CON4, MAT4 (SV-05)."""
    for hex_id in board.SCHOOL_SETUP["noise_hexes"]:
        state["hexes"][hex_id]["noise"] += 1
        state["noise_supply"] -= 1


def setup_tasks(state: dict) -> list[dict]:
    """The random part of setup, in rule order (SV-10, FG-02, SV-04 or FG-03, SV-07, FG-04,
    SV-09), then round 1."""
    variant = VARIANTS[state["variant"]]
    tasks = [chance("start_player")]
    if variant["hidden_hexes"]:
        tasks += [chance("markers", region=r) for r in board.OUTER_REGIONS]
    if variant["fixed_anomalies"]:
        tasks += [chance("anomaly", hex=h) for h in board.SCHOOL_SETUP["anomaly_hexes"]]
    else:
        tasks += [chance("anomaly_hex")] * full_setup.ANOMALIES
    tasks += [chance("neutral")] * NEUTRAL_MARKERS[state["n"]]
    if not variant["packets"]:
        tasks += full_setup.opening_hand_tasks(state)
    tasks += [chance("market")] * MARKET_SIZE
    tasks.append(task("round_start"))
    return tasks


def start_player_outcomes(state: dict, step: dict) -> list:
    return state["seats"]


def choose_start_player(state: dict, step: dict, seat: int, out: list) -> None:
    """The start player is chosen at random; turn order runs clockwise from it (SV-10)."""
    state["start_player"] = seat
    state["order"] = compute_order(state["n"], seat)
    out.append(event(state, "StartPlayerChosen", seat, order=list(state["order"])))
    three_player_compensation(state, out)


def three_player_compensation(state: dict, out: list) -> None:
    """With 3 seats, the third in starting order gets R +1 (SV-11)."""
    if state["n"] == 3:
        third = state["order"][2]
        gain(player(state, third), "R", 1)
        out.append(event(state, "CompensationGiven", third, gains={"R": 1}))


def anomaly_outcomes(state: dict, step: dict) -> list:
    return state["decks"]["anomaly"]


def place_anomaly(state: dict, step: dict, card: str, out: list) -> None:
    """A random anomaly card goes on each of COS1, CON1, MAT1 (SV-04), on a random hex
    (FG-03), or on a revealed Anomaly marker (FG-06)."""
    state["decks"]["anomaly"].remove(card)
    state["hexes"][step["hex"]]["anomaly"] = card
    out.append(event(state, "AnomalyPlaced", None, hex=step["hex"], card=card))


def free_outer_hexes(state: dict) -> list[str]:
    """Known outer-region hexes with no tile, no anomaly and no neutral marker (SV-07, FG-05)."""
    hexes = state["hexes"]
    return [h for h in board.OUTER_HEXES if full_setup.is_free_known(hexes[h])]


def neutral_outcomes(state: dict, step: dict) -> list:
    return free_outer_hexes(state)


def place_neutral(state: dict, step: dict, hex_id: str, out: list) -> None:
    """A neutral marker on a random free outer hex reserves it for the game (SV-07)."""
    state["hexes"][hex_id]["neutral"] = True
    out.append(event(state, "NeutralMarkerPlaced", None, hex=hex_id))


def market_outcomes(state: dict, step: dict) -> list:
    return state["decks"]["project"]


def deal_to_market(state: dict, step: dict, card: str, out: list) -> None:
    """Project cards are dealt face up to the market (SV-09, SV-15 step 3)."""
    state["decks"]["project"].remove(card)
    state["market"].append(card)
    out.append(event(state, "ProjectDealt", None, card=card))
