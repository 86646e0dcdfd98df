"""Squares: what landing does, and what a judged answer gives (AS-12 to AS-14, AS-20, AS-22,
AS-23, AS-25, AS-27).

A special square acts by its effect in specials.json (`genius`, `duel`, `replication`,
`turnabout`). A judged answer's consequence is one function per context; with `auto` it is
applied without asking anyone and without moving play on: a teacher's override after the turn
has passed (AS-34).
"""

from __future__ import annotations

from ..content import FACE_CATEGORY, SPECIALS
from ..events import event
from ..state import is_filled, player, square, unlocked_points
from . import asking, duel, points, turns


def resolve(state: dict, seat: int, out: list) -> None:
    """Act on the square the seat stands on (AS-12, AS-20 to AS-23)."""
    here = square(player(state, seat)["square"])
    if here["kind"] == "category":
        asking.ask(state, [seat], here["category"], "square", out, value=here["value"],
                   square=here["square"])
        return
    effect = SPECIALS[here["kind"]]["effect"]
    out.append(event(state, "SpecialReached", seat, square=here["square"], kind=here["kind"]))
    EFFECTS[effect["op"]](state, seat, effect, out)


def genius(state: dict, seat: int, effect: dict, out: list) -> None:
    """Universal Genius: the seat names any category (AS-20)."""
    state["step"] = {"kind": "genius", "seat": seat}


def genius_category(state: dict, action: dict, out: list) -> None:
    out.append(event(state, "CategoryChosen", action["seat"], category=action["category"],
                     why="genius"))
    asking.ask(state, [action["seat"]], action["category"], "genius", out,
               value=SPECIALS["universal_genius"]["effect"]["points"])


def turnabout(state: dict, seat: int, effect: dict, out: list) -> None:
    """Turnabout: roll and move again, then resolve the new square (AS-23)."""
    turns.roll(state, seat, "turnabout")


def replication(state: dict, seat: int, effect: dict, out: list) -> None:
    """Replication Chance: a roll picks the category (AS-22)."""
    turns.roll(state, seat, "replication")


def replication_rolled(state: dict, seat: int, face: int, out: list) -> None:
    """The table beside the square names the category (AS-G05); with no unlocked points the
    wager is 3 and cannot be lost (AS-22, AS-G12), otherwise the seat wagers."""
    code = FACE_CATEGORY[face]
    out.append(event(state, "ReplicationRolled", seat, face=face, category=code))
    if unlocked_points(player(state, seat)) == 0:
        wager = SPECIALS["replication_chance"]["effect"]["empty_wager"]
        out.append(event(state, "WagerPlaced", seat, wager=wager, protected=True))
        asking.ask(state, [seat], code, "replication", out, value=wager, protected=True)
    else:
        state["step"] = {"kind": "wager", "seat": seat, "category": code}


def wager(state: dict, action: dict, out: list) -> None:
    """The wager is chosen before the question is seen (AS-22)."""
    out.append(event(state, "WagerPlaced", action["seat"], wager=action["points"],
                     protected=False))
    asking.ask(state, [action["seat"]], state["step"]["category"], "replication", out,
               value=action["points"], protected=False)


def duel_square(state: dict, seat: int, effect: dict, out: list) -> None:
    duel.landed(state, seat, out)


EFFECTS = {"genius": genius, "duel": duel_square, "replication": replication,
           "turnabout": turnabout}


# Consequences of a judged answer ---------------------------------------------------------------

def spree_or_end(state: dict) -> str:
    return "spree" if state["options"]["spree"] else "end_turn"


def square_answered(state: dict, record: dict, out: list, auto: bool = False) -> None:
    """Correct: points or a new round (AS-13), points and a roll in a spree (AS-27), points
    only after three new rounds (AS-38) or with advice (AS-25). Wrong: the turn ends (AS-14)."""
    seat, code, value, judgement = record["seat"], record["category"], record["value"], record["id"]
    if not record["correct"]:
        if not auto:
            turns.end_turn(state, out)
        return
    if record["adviser"] is not None:
        advice_shared(state, record, out, auto)
        return
    if auto or state["options"]["spree"] or turns.new_rounds_left(state) <= 0:
        points.gain_in(state, seat, code, value, judgement, out, "square")
        if not auto:
            turns.proceed(state, spree_or_end(state), judgement, out)
        return
    state["step"] = {"kind": "reward", "seat": seat, "judgement": judgement}


def advice_shared(state: dict, record: dict, out: list, auto: bool) -> None:
    """An advised correct answer: ⌊v/2⌋ to the seat, ⌈v/2⌉ to the adviser in the same category
    if it is open on the adviser's card, else distributed by the adviser; no new round (AS-25)."""
    seat, adviser, code, value = record["seat"], record["adviser"], record["category"], \
        record["value"]
    mine, theirs = value // 2, value - value // 2
    points.gain_in(state, seat, code, mine, record["id"], out, "advice")
    if is_filled(player(state, adviser), code):
        points.allocate(state, adviser, "gain", theirs, record["id"], out, "advice", auto)
    else:
        points.gain_in(state, adviser, code, theirs, record["id"], out, "advice")
    out.append(event(state, "AdviceShared", seat, adviser=adviser, category=code, seat_points=mine,
                     adviser_points=theirs))
    if not auto:
        turns.proceed(state, "end_turn", record["id"], out)


def genius_answered(state: dict, record: dict, out: list, auto: bool = False) -> None:
    """Correct: distribute 3 (AS-20, AS-18). Wrong: nothing. The turn ends."""
    if record["correct"]:
        points.allocate(state, record["seat"], "gain", record["value"], record["id"], out,
                        "genius", auto)
    if not auto:
        then = spree_or_end(state) if record["correct"] else "end_turn"
        turns.proceed(state, then, record["id"], out)


def replication_answered(state: dict, record: dict, out: list, auto: bool = False) -> None:
    """Correct: distribute the wager. Wrong: strike it out, unless it was the protected wager
    of 3 (AS-22, AS-G12)."""
    seat, wager = record["seat"], record["value"]
    p = player(state, seat)
    if record["correct"]:
        moved = points.placeable(p, "gain", wager)
        points.allocate(state, seat, "gain", wager, record["id"], out, "replication", auto)
    elif not record["protected"]:
        moved = -points.placeable(p, "strike", wager)
        points.allocate(state, seat, "strike", wager, record["id"], out, "replication", auto)
    else:
        moved = 0
    out.append(event(state, "ReplicationSettled", seat, category=record["category"], wager=wager,
                     protected=record["protected"], correct=record["correct"], moved=moved))
    if not auto:
        then = spree_or_end(state) if record["correct"] else "end_turn"
        turns.proceed(state, then, record["id"], out)


ANSWERED = {"square": square_answered, "genius": genius_answered,
            "replication": replication_answered}
