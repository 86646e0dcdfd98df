"""Setup: seats and options, the category orders, the start seat and placement (AS-01 to AS-06)."""

from __future__ import annotations

from games.engines.base import GameError

from .. import questions
from ..content import LENGTHS, SETTINGS
from ..events import event, private
from ..state import CATEGORIES, GAME_KEY, SCHEMA, new_player, player
from . import turns

MIN_SEATS, MAX_SEATS = 2, 6
OPTION_KEYS = ("variant", "questions", "language", "difficulty", "time_limit_s", "open_answers",
               "judge", "advice", "shove", "spree", "start_seat")


def check_players(players: list[dict]) -> list[int]:
    """Seats 1…N with N from 2 to 6 (AS-01); a seat may be a team with `members`."""
    seats = [p.get("seat") for p in players] if isinstance(players, list) else []
    if seats != list(range(1, len(seats) + 1)) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise GameError(f"seats must be numbered 1…N with N from {MIN_SEATS} to {MAX_SEATS}")
    return seats


def _flag(options: dict, key: str) -> bool:
    value = options.get(key, SETTINGS["defaults"][key])
    if not isinstance(value, bool):
        raise GameError(f"option {key} must be true or false")
    return value


def lesson_options(options: dict, seats: list[int]) -> dict:
    """The options with their defaults, checked (AS-02, AS-30, AS-31, AS-40, AS-G22)."""
    unknown = sorted(set(options) - set(OPTION_KEYS))
    if unknown:
        raise GameError(f"unknown options {unknown}")
    defaults = SETTINGS["defaults"]
    limits = SETTINGS["answer_seconds"]
    found = {
        "variant": options.get("variant", defaults["variant"]),
        "language": options.get("language", defaults["language"]),
        "difficulty": list(options.get("difficulty", defaults["difficulty"])),
        "time_limit_s": options.get("time_limit_s", limits["default"]),
        "judge": options.get("judge", defaults["judge"]),
        "start_seat": options.get("start_seat"),
        **{key: _flag(options, key) for key in ("open_answers", "advice", "shove", "spree")},
    }
    _check_lesson(found, seats)
    return found


def _check_lesson(found: dict, seats: list[int]) -> None:
    limits = SETTINGS["answer_seconds"]
    low_high = found["difficulty"]
    seconds = found["time_limit_s"]
    checks = (
        (found["variant"] in LENGTHS, f"variant must be one of {sorted(LENGTHS)}"),
        (isinstance(found["language"], str) and found["language"],
         "language must be a language code"),
        (len(low_high) == 2 and all(d in (1, 2, 3) for d in low_high)
         and low_high[0] <= low_high[1], "difficulty must be [lowest, highest] within 1-3"),
        (isinstance(seconds, int) and limits["min"] <= seconds <= limits["max"],
         f"time_limit_s must be {limits['min']}-{limits['max']} seconds"),
        (found["judge"] in ("table", "teacher"), "judge must be 'table' or 'teacher'"),
        (found["start_seat"] is None or found["start_seat"] in seats,
         "start_seat must be one of the seats"),
    )
    for ok, message in checks:
        if not ok:
            raise GameError(message)


def new_state(players: list[dict], options: dict, seed: int) -> dict:
    """A new game waiting for every seat's category order (AS-04)."""
    seats = check_players(players)
    lesson = lesson_options(options or {}, seats)
    records = (options or {}).get("questions")
    if records is None:  # playouts and benchmarks without a lesson's bank
        records = questions.sample_records(lesson["language"])
    bank = questions.bank_for(records, lesson)
    every, duel = questions.pools(bank)
    state = {
        "game": GAME_KEY, "schema": SCHEMA, "variant": lesson["variant"], "seed": seed,
        "options": lesson, "requirements": list(LENGTHS[lesson["variant"]]["requirements"]),
        "seats": seats, "players": [new_player(p) for p in players],
        "start_seat": None, "order": list(seats), "round": 0, "turn": None,
        "step": {"kind": "order", "waiting": list(seats)},
        "chance_n": 0, "actions_n": 0,
        "bank": bank, "left": every, "machine": duel,
        "asked": [], "pending_question": None, "question": None, "flags": [],
        "judgements": [], "window": [], "duels": [], "allocations": [], "allocation_n": 0,
        "then": None, "time_called": False, "over": False, "result": None,
    }
    state["events"] = [event(state, "GameStarted", None, seats=list(seats),
                             variant=lesson["variant"], requirements=list(state["requirements"]),
                             language=lesson["language"],
                             questions={c: len(every[c]) for c in CATEGORIES})]
    return state


def choose_order(state: dict, action: dict, out: list) -> None:
    """A seat writes its categories on rows 1-6; kept private until every seat has chosen
    (AS-04, AS-G14)."""
    seat = action["seat"]
    player(state, seat)["order"] = list(action["order"])
    state["step"]["waiting"].remove(seat)
    out.append(private(state, "OrderChosen", seat, seat, ("order",), order=list(action["order"])))
    if not state["step"]["waiting"]:
        reveal_orders(state, out)


def reveal_orders(state: dict, out: list) -> None:
    """Every order is shown at once, and each category takes its row's requirement (AS-03)."""
    for p in state["players"]:  # kept in the category order of `points`
        p["req"] = {code: state["requirements"][p["order"].index(code)] for code in CATEGORIES}
    out.append(event(state, "OrdersRevealed", None,
                     orders={str(p["seat"]): list(p["order"]) for p in state["players"]}))
    start = state["options"]["start_seat"]
    if start is None:
        state["step"] = {"kind": "chance", "draw": "start"}
    else:
        start_seat_chosen(state, start, out, drawn=False)


def start_seat_chosen(state: dict, seat: int, out: list, drawn: bool = True) -> None:
    """Play goes from the start seat through the seats in their listed (counterclockwise)
    order (AS-05)."""
    seats = state["seats"]
    i = seats.index(seat)
    state["start_seat"] = seat
    state["order"] = seats[i:] + seats[:i]
    out.append(event(state, "StartSeatChosen", seat, order=list(state["order"]), drawn=drawn))
    state["step"] = {"kind": "place", "seat": seat}


def place(state: dict, action: dict, out: list) -> None:
    """In turn order each seat puts its pawn on a category square (AS-06); then round 1."""
    seat = action["seat"]
    player(state, seat)["square"] = action["square"]
    out.append(event(state, "PawnPlaced", seat, square=action["square"]))
    waiting = [s for s in state["order"] if player(state, s)["square"] is None]
    if waiting:
        state["step"] = {"kind": "place", "seat": waiting[0]}
        return
    state["round"] = 1
    out.append(event(state, "RoundStarted", None))
    turns.start_turn(state, state["order"][0], out)
