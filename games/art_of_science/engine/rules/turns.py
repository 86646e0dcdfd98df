"""Turns: rolling, moving, shoving, new rounds and passing play on (AS-08 to AS-11, AS-13,
AS-26, AS-27, AS-38)."""

from __future__ import annotations

from ..content import SETTINGS
from ..events import event
from ..state import moved_to, opponents, player
from . import ending, points, squares

DIRECTIONS = ("clockwise", "counterclockwise")


def start_turn(state: dict, seat: int, out: list) -> None:
    """Round 1 and a shoved seat resolve the square they stand on (AS-08, AS-26); any other
    turn starts with a roll (AS-09)."""
    state["turn"] = {"seat": seat, "new_rounds": 0}
    p = player(state, seat)
    shoved = p["shoved"]
    p["shoved"] = False
    out.append(event(state, "TurnStarted", seat, square=p["square"], shoved=shoved))
    if state["round"] == 1 or shoved:
        squares.resolve(state, seat, out)
    else:
        roll(state, seat, "move")


def roll(state: dict, seat: int, purpose: str) -> None:
    """A die roll is a chance step (AS-07): to move, after a Turnabout, or for a Replication
    Chance's category."""
    state["step"] = {"kind": "chance", "draw": "die", "seat": seat, "purpose": purpose}


def die_rolled(state: dict, face: int, out: list) -> None:
    step = state["step"]
    seat = step["seat"]
    out.append(event(state, "DieRolled", seat, face=face, purpose=step["purpose"]))
    if step["purpose"] == "replication":
        squares.replication_rolled(state, seat, face, out)
    else:
        state["step"] = {"kind": "move", "seat": seat, "roll": face}


def move(state: dict, action: dict, out: list) -> None:
    """Move exactly the roll, the chosen way round; squares passed do nothing, and a square may
    hold several pawns (AS-09, AS-10, AS-G04)."""
    seat = action["seat"]
    p = player(state, seat)
    steps = state["step"]["roll"]
    start = p["square"]
    p["square"] = moved_to(start, steps, action["direction"])
    out.append(event(state, "PawnMoved", seat, start=start, square=p["square"], steps=steps,
                     direction=action["direction"]))
    there = [s for s in opponents(state, seat) if player(state, s)["square"] == p["square"]]
    if state["options"]["shove"] and there:
        state["step"] = {"kind": "shove", "seat": seat, "targets": there}
    else:
        squares.resolve(state, seat, out)


def shove(state: dict, action: dict, out: list) -> None:
    """Relativistic shove: each opponent on the landing square may be moved to any square; it
    then starts its next turn without a roll (AS-26, AS-G17)."""
    step = state["step"]
    target = step["targets"].pop(0)
    if action["square"] is not None:
        shoved = player(state, target)
        out.append(event(state, "PawnShoved", action["seat"], target=target,
                         start=shoved["square"], square=action["square"]))
        shoved["square"] = action["square"]
        shoved["shoved"] = True
    if not step["targets"]:
        squares.resolve(state, step["seat"], out)


def end_turn(state: dict, out: list) -> None:
    """Play passes to the next seat in turn order (AS-11); a called time ends the game here
    (AS-37)."""
    seat = state["turn"]["seat"]
    out.append(event(state, "TurnEnded", seat, new_rounds=state["turn"]["new_rounds"]))
    state["turn"] = None
    if ending.settle(state, out):
        return
    if state["time_called"]:
        ending.finish(state, "time_called", out)
        return
    order = state["order"]
    i = (order.index(seat) + 1) % len(order)
    if i == 0:
        state["round"] += 1
        out.append(event(state, "RoundStarted", None))
    start_turn(state, order[i], out)


def new_rounds_left(state: dict) -> int:
    """New rounds the active seat may still take this turn (AS-38)."""
    return SETTINGS["new_round_limit"] - state["turn"]["new_rounds"]


def take_points(state: dict, action: dict, out: list) -> None:
    """After a correct answer: the square's value into its category, and the turn ends (AS-13)."""
    record = state["judgements"][state["step"]["judgement"]]
    points.gain_in(state, action["seat"], record["category"], record["value"], record["id"], out,
                   "square")
    end_turn(state, out)


def new_round(state: dict, action: dict, out: list) -> None:
    """After a correct answer: no points, roll again in the same turn (AS-13, AS-27, AS-38)."""
    state["turn"]["new_rounds"] += 1
    out.append(event(state, "NewRoundTaken", action["seat"],
                     new_rounds=state["turn"]["new_rounds"]))
    roll(state, action["seat"], "move")


def decline_roll(state: dict, action: dict, out: list) -> None:
    """Winning spree: the seat keeps its points and ends its turn (AS-27)."""
    end_turn(state, out)


def offer_spree(state: dict, judgement: int | None, out: list) -> None:
    """Winning spree: after the points, the right to a new roll the seat may decline (AS-27),
    within the turn's limit (AS-38)."""
    if ending.settle(state, out):
        return
    if new_rounds_left(state) > 0:
        state["step"] = {"kind": "spree", "seat": state["turn"]["seat"], "judgement": judgement}
    else:
        end_turn(state, out)


THEN = {
    "end_turn": lambda state, judgement, out: end_turn(state, out),
    "spree": offer_spree,
}


def proceed(state: dict, then: str, judgement: int | None, out: list) -> None:
    """Go on once every awaited allocation is made: end the turn, or offer a spree roll."""
    if state["allocations"]:
        state["then"] = {"do": then, "judgement": judgement}
    else:
        THEN[then](state, judgement, out)


def allocation_made(state: dict, out: list) -> None:
    if not state["allocations"] and state["then"]:
        then, state["then"] = state["then"], None
        THEN[then["do"]](state, then["judgement"], out)


def allocation_chosen(state: dict, action: dict, out: list) -> None:
    """A seat's split of the points it distributes or strikes out (AS-18, AS-19)."""
    seat = action["seat"]
    allocation = points.pending_for(state, seat)
    state["allocations"].remove(allocation)
    points.apply_split(state, seat, allocation["mode"], action["points"], allocation["points"],
                       allocation["judgement"], out, allocation["why"])
    allocation_made(state, out)
