"""A new game: the components and the queue of setup steps (AL-09, AL-12 to AL-21)."""

from __future__ import annotations

from games.engines.base import GameError

from .content import ADVENTURERS, ARTIFACTS, GRANTS
from .draws import draws, mapping_tasks
from .state import (
    GAME_KEY,
    SCHEMA,
    full_favour_deck,
    full_ingredient_deck,
    new_player,
    rules_for,
)

ROW_SIZE = 5


def check_players(players: list[dict]) -> list[dict]:
    seats = [p.get("seat") for p in players] if isinstance(players, list) else None
    if not seats or seats != list(range(1, len(seats) + 1)):
        raise GameError("players must be seats 1..N in order")
    return players


def new_state(players: list[dict], options: dict, seed: int | str) -> dict:
    """Everything before the first chance step: the mapping is drawn first (AL-09)."""
    players = check_players(players)
    variant, rules = rules_for(options, len(players))
    start = options.get("start_player")
    if start is not None and start not in range(1, len(players) + 1):
        raise GameError("start_player must be one of the seats")
    state = {
        "game": GAME_KEY, "schema": SCHEMA, "variant": variant, "rules": rules, "seed": seed,
        "round": 0, "phase": "setup", "step": None, "queue": [], "chance_n": 0,
        "time_called": False, "events": [], "context": None, "acting": None,
        "secret": {"mapping": {},
                   "adventurers": sorted(ADVENTURERS) if rules["selling"] else [],
                   "artifacts": {str(level): sorted(a for a in ARTIFACTS
                                                    if ARTIFACTS[a]["level"] == level)
                                 for level in (1, 2, 3)} if rules["artifacts"] else {}},
        "decks": {"ingredient": full_ingredient_deck(),
                  "favour": full_favour_deck() if rules["favours"] else {}},
        "discards": {"ingredient": {}, "favour": {}},
        "row": {}, "adventurer": None, "next_adventurer": None, "sold": [],
        "artifact_row": [], "artifact_preview": {"2": [], "3": []},
        "conferences_shown": [c["tile"] for c in rules["conferences"]
                              if c["revealed_after"] == 0],
        "theories": {}, "conflicts": [], "grants": dict.fromkeys(GRANTS),
        "student": "eager", "start_player": start, "track": {}, "green": [], "paralysed": [],
        "ranks": [], "plans": {}, "associates_played": [], "rows": {}, "pending": {},
        "exhibited": {}, "debunks": [], "public_facts": [], "result": None,
        "players": [new_player(p["seat"], str(p.get("name", f"Seat {p['seat']}")), rules)
                    for p in players],
    }
    state["queue"] = setup_tasks(state)
    return state


def setup_tasks(state: dict) -> list[dict]:
    rules = state["rules"]
    tasks = mapping_tasks()
    if state["start_player"] is None:
        tasks.append({"t": "start_player"})
    if rules["artifacts"]:
        tasks += [{"t": "artifact", "level": level} for level in (1, 2, 3) for _ in range(3)]
    if rules["selling"]:
        tasks.append({"t": "adventurer"})
    tasks += draws("ingredient", None, ROW_SIZE, "row")
    for p in state["players"]:
        tasks += draws("ingredient", p["seat"], rules["start_ingredients"], "setup")
    if rules["favours"]:
        for p in state["players"]:
            tasks += draws("favour", p["seat"], 2, "setup")
        tasks.append({"t": "keep_favours"})
    return [*tasks, {"t": "round_start"}]
