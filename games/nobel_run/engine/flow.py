"""The order of play: a queue of tasks that runs until a seat or a chance step must decide.

Setup, turns, follow-ups of a plan (a target's choice, a blind pick, extra cards, pool refills)
and the end of each round are tasks. `advance` runs them in order; a task that needs a decision
sets `state["step"]` (a chance step, a seat's plan, a target's response) and stops the queue.
"""

from __future__ import annotations

from games.engines.base import IllegalAction

from . import negatives, supply, turn
from .events import event
from .scoring import winners
from .state import IDLE_ROUNDS, player, seats, turn_order


def setup_tasks(state: dict) -> list[dict]:
    """Both supplies, then every seat's first hand, then the first seat (NR-04 to NR-07)."""
    tasks = [{"t": "fill", "supply": "basic"}, {"t": "fill", "supply": "advanced"}]
    tasks += [{"t": "draw", "seat": seat} for seat in seats(state)]
    return tasks + [{"t": "first_seat"}, {"t": "start_turn"}]


def advance(state: dict, out: list) -> None:
    """Run queued tasks until one waits for a decision. A task returning True waits for a
    chance step and runs again once it is resolved."""
    queue = state["queue"]
    while state["step"] is None:
        task = queue.pop(0)
        if TASKS[task["t"]](state, task, out):
            queue.insert(0, task)


def choose_first_seat(state: dict, task: dict, out: list) -> bool:
    """The teacher's choice, or a chance step over the seats (NR-07, NR-G14)."""
    chosen = task.get("seat") or state["options"]["first_seat"]
    if chosen is None:
        state["step"] = {"kind": "chance", "draw": "first_seat"}
        return True
    state["first_seat"] = state["active"] = chosen
    out.append(event(state, "FirstSeatChosen", chosen, order=turn_order(state),
                     drawn=state["options"]["first_seat"] is None))
    return False


def next_turn(state: dict, task: dict, out: list) -> bool:
    """The next seat clockwise plays; after the last seat of the round, the round ends (NR-17)."""
    order = turn_order(state)
    active = state["active"]
    if active == order[-1] and end_of_round(state, out):
        return False
    if active == order[-1]:
        state["round"] += 1
    state["active"] = order[(order.index(active) + 1) % len(order)]
    state["queue"].insert(0, {"t": "start_turn"})
    return False


def end_of_round(state: dict, out: list) -> bool:
    """Close the round; end the game if it should end now. True if it has ended."""
    idle = not state["round_active"]
    state["idle_rounds"] = state["idle_rounds"] + 1 if idle else 0
    state["round_active"] = False
    out.append(event(state, "RoundEnded", None,
                     pp=standings(state)))
    reason = end_reason(state)
    if reason is None:
        return False
    finish(state, reason, out)
    return True


def end_reason(state: dict) -> str | None:
    """Why the game ends at this round's end: the 20-point trigger (NR-29), called time
    (NR-32), an exhausted supply (NR-31) or a stalled table (NR-G23, ours); None to go on."""
    if state["triggered"] is not None:
        return "prestige"
    if state["time_called"]:
        return "called"
    if supply.exhausted(state):
        return "exhausted"
    if state["idle_rounds"] >= IDLE_ROUNDS:
        return "stalemate"
    return None


def finish(state: dict, reason: str, out: list) -> None:
    """The game is over: the highest PP wins, ties ex aequo (NR-30)."""
    state["ended_by"] = reason
    state["step"] = {"kind": "over"}
    state["queue"] = []
    state["active"] = None
    out.append(event(state, "GameEnded", None, ended_by=reason, winners=winners(state),
                     pp=standings(state)))


def standings(state: dict) -> list[dict]:
    """Each seat's PP against the goal, for the round's and the game's end."""
    return [{"seat": p["seat"], "pp": p["pp"]} for p in state["players"]]


def call_time(state: dict, out: list) -> None:
    """The teacher calls time: the current round is finished, then the game ends (NR-32)."""
    state["time_called"] = True
    out.append(event(state, "TimeCalled", None))


# Chance steps ------------------------------------------------------------------------------


def chance_outcomes(state: dict) -> list:
    """What the waiting chance step may give, sorted; a card appears once per copy, so a
    uniform pick over the list is a fair draw from the multiset."""
    step = state["step"]
    if step is None or step["kind"] != "chance":
        return []
    return list(OUTCOMES[step["draw"]](state, step))


OUTCOMES = {
    "first_seat": lambda state, step: seats(state),
    "top": lambda state, step: state["supply"][step["supply"]]["rest"],
    "card": lambda state, step: player(state, step["seat"])["deck"],
    "blind": lambda state, step: player(state, step["seat"])["hand"],
}


def check_chance(state: dict, action: dict) -> dict:
    step = state["step"]
    if step is None or step["kind"] != "chance":
        raise IllegalAction("no_chance_step", "no chance step is waiting")
    if action.get("outcome") not in OUTCOMES[step["draw"]](state, step):
        raise IllegalAction("bad_outcome", "that outcome is not possible now")
    return {"type": "chance", "outcome": action["outcome"]}


def apply_chance(state: dict, outcome, out: list) -> None:
    """Resolve the waiting chance step; the task that asked for it then runs again."""
    step = state["step"]
    task = state["queue"][0]
    RESOLVE[step["draw"]](state, task, outcome, out)
    state["chance_n"] += 1
    state["step"] = None


def _first_seat(state: dict, task: dict, seat: int, out: list) -> None:
    task["seat"] = seat


RESOLVE = {
    "first_seat": _first_seat,
    "top": supply.reveal_top,
    "card": supply.draw_card,
    "blind": negatives.resolve_blind,
}

TASKS = {
    "fill": supply.fill,
    "draw": supply.draw,
    "first_seat": choose_first_seat,
    "start_turn": turn.start_turn,
    "plan": turn.reopen_plan,
    "respond": negatives.ask_response,
    "blind": negatives.blind_pick,
    "end_turn": turn.end_turn,
    "next": next_turn,
}
