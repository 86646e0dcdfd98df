"""Setup: seats, the combination, supplies, the first player and the opening draft
(SC-01 to SC-11, SC-G06, SC-G16).

The only chance in Scientia is here: a random combination is drawn field by field (one chance
step per field, among the 96 legal choices of that field, so the whole draw is uniform over the
legal combinations, SC-04), and the first player is drawn unless the teacher names one (SC-10).
"""

from __future__ import annotations

from games.engines.base import GameError

from .content import COMBINATIONS, FACES, FIELD_CHOICES, FIELDS, combination_problems
from .events import event
from .state import FLASK_SUPPLY, GAME_KEY, SCHEMA, TECH_SUPPLY, State, new_seat

VARIANT = "lesson"
DEFAULT_COMBINATION = "first_step"


def check_players(players: list[dict]) -> list[tuple[int, str]]:
    """2-4 seats numbered 1..N (SC-01)."""
    seats = sorted((p.get("seat"), str(p.get("name", ""))) for p in players)
    if not 2 <= len(seats) <= 4 or [s for s, _ in seats] != list(range(1, len(seats) + 1)):
        raise GameError("Scientia needs 2-4 seats numbered 1..N (SC-01)")
    return seats


def check_options(options: dict, n: int) -> dict:
    """The variant, the combination (a name, "random" or 12 faces) and the first player;
    other lesson settings are not Scientia's and are left out."""
    if options.get("variant", VARIANT) != VARIANT:
        raise GameError(f"Scientia has one variant, {VARIANT!r}")
    combination = options.get("combination", DEFAULT_COMBINATION)
    if isinstance(combination, list):
        problems = combination_problems(combination, FACES)
        if problems:
            raise GameError("not a legal combination (SC-03): " + "; ".join(problems))
    elif combination != "random" and combination not in COMBINATIONS:
        raise GameError(f"unknown combination {combination!r}")
    first = options.get("first_player")
    if first is not None and first not in range(1, n + 1):
        raise GameError("first_player must be a seat")
    return {"variant": VARIANT, "combination": combination, "first_player": first}


def chosen_faces(combination) -> dict[str, list[int]]:
    """The faces of a named or listed combination by field; {} for a random one."""
    if combination == "random":
        return {}
    faces = combination if isinstance(combination, list) else COMBINATIONS[combination]["faces"]
    return {field: sorted(f for f in faces if FACES[f]["field"] == field) for field in FIELDS}


def new_state(players: list[dict], options: dict, seed: int) -> State:
    """Supplies for N seats (SC-05 to SC-09) and the personal boards, before any draw."""
    seats = check_players(players)
    n = len(seats)
    options = check_options(options, n)
    return {
        "game": GAME_KEY, "schema": SCHEMA, "seed": seed, "variant": VARIANT,
        "options": options, "chance_n": 0, "actions_n": 0, "stage": "setup", "step": None,
        "combination": chosen_faces(options["combination"]), "stacks": [],
        "supply": {"cubes": TECH_SUPPLY[n], "flasks": FLASK_SUPPLY[n]},
        "reserve": {"cubes": 0, "flasks": 0}, "slot_supply": 2 * n,
        "players": [new_seat(seat, name) for seat, name in seats],
        "order": [], "first_player": options["first_player"], "drafters": [],
        "round": 0, "turn": 0, "turn_index": None, "chain": None,
        "trigger": None, "last_round": None, "end_reason": None, "time_called": False,
        "longest_chain": {"length": 0, "seat": None, "turn": None, "faces": []},
        "events": [],
    }


def next_step(state: State, out: list) -> None:
    """The next setup step: a field's draw, the first player's draw, or the draft."""
    missing = [f for f in FIELDS if f not in state["combination"]]
    if missing:
        state["step"] = {"kind": "chance", "draw": "combination", "field": missing[0]}
    elif not state["stacks"]:
        lay_out(state, out)
        next_step(state, out)
    elif state["first_player"] is None:
        state["step"] = {"kind": "chance", "draw": "first_player"}
    else:
        start_draft(state, out)


def lay_out(state: State, out: list) -> None:
    """One stack of both copies per face, no flasks (SC-05)."""
    faces = sorted(f for field in FIELDS for f in state["combination"][field])
    state["stacks"] = [{"face": f, "cards": 2, "flasks": 0} for f in faces]
    out.append(event(state, "CombinationLaidOut", None, faces=faces,
                     combination=combination_key(state)))


def combination_key(state: State):
    chosen = state["options"]["combination"]
    return chosen if isinstance(chosen, str) else "listed"


def chance_outcomes(state: State) -> list:
    step = state["step"]
    if step is None or step["kind"] != "chance":
        return []
    if step["draw"] == "combination":
        return [list(choice) for choice in FIELD_CHOICES[step["field"]]]
    return list(range(1, len(state["players"]) + 1))


def apply_chance(state: State, outcome, out: list) -> None:
    step = state["step"]
    state["chance_n"] += 1
    if step["draw"] == "combination":
        state["combination"][step["field"]] = list(outcome)
        out.append(event(state, "FieldDrawn", None, field=step["field"], faces=list(outcome)))
    else:
        state["first_player"] = outcome
    next_step(state, out)


def start_draft(state: State, out: list) -> None:
    """Seats clockwise from the first player (SC-10); the draft goes in reverse (SC-11)."""
    n = len(state["players"])
    first = state["first_player"]
    state["order"] = [(first - 1 + i) % n + 1 for i in range(n)]
    state["drafters"] = list(reversed(state["order"]))
    state["stage"] = "draft"
    out.append(event(state, "FirstPlayerChosen", first, order=list(state["order"])))
    state["step"] = {"kind": "draft", "seat": state["drafters"][0]}


def new_game(players: list[dict], options: dict, seed: int) -> State:
    state = new_state(players, options or {}, seed)
    out: list = []
    next_step(state, out)
    state["events"] = out
    return state
