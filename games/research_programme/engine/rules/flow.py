"""The round structure: the task driver, chance steps, Cleanup and the end of the game
(SV-13 to SV-16, SV-82, FG-01). The full game's steps are registered here too."""

from __future__ import annotations

from games.engines.base import GameError

from ..events import event
from ..state import MARKET_SIZE, RESOURCES, STORAGE_LIMIT, compute_order, resource_total
from . import (
    actions,
    defence,
    event_cards,
    exploration,
    full_setup,
    funding,
    interfere,
    noise,
    scoring,
    setup,
    synthesis,
    tests,
)
from .steps import chance, push, task


def advance(state: dict, out: list) -> None:
    """Run queued tasks until one waits for a decision or a chance outcome."""
    queue = state["queue"]
    while state["step"] is None:
        if not queue:
            raise GameError("the game has nothing left to do")
        current = queue.pop(0)
        TASKS[current["t"]](state, current, out)


def run_chance_task(state: dict, task_: dict, out: list) -> None:
    """Turn a chance task into a chance step, or skip it when nothing can come of it."""
    name = task_["chance"]
    handler = CHANCE[name]
    if handler.get("prepare"):
        handler["prepare"](state, task_, out)
    step = {"kind": "chance", **{k: v for k, v in task_.items() if k != "t"}}
    if handler["outcomes"](state, step):
        state["step"] = step
    elif handler.get("empty"):
        handler["empty"](state, task_, out)


def chance_outcomes(state: dict) -> list:
    step = state["step"]
    if step is None or step["kind"] != "chance":
        return []
    return list(CHANCE[step["chance"]]["outcomes"](state, step))


def apply_chance(state: dict, outcome, out: list) -> None:
    step = state["step"]
    state["step"] = None
    state["chance_n"] += 1
    CHANCE[step["chance"]]["apply"](state, step, outcome, out)


def round_start(state: dict, task_: dict, out: list) -> None:
    """Funding opens with the Event, then the next reveal, except in the last round (SV-17)."""
    state["phase"] = "funding"
    out.append(event(state, "RoundStarted", None, start_player=state["start_player"],
                     order=list(state["order"])))
    tasks = [task("resolve_event")] if state["next_event"] is not None else []
    if state["round"] < state["rounds"]:
        tasks.append(chance("event"))
    tasks += [task("funding_choices"), task("funding_draws"), task("discard_check"),
              task("actions_start")]
    push(state, *tasks)


def cleanup(state: dict, task_: dict, out: list) -> None:
    """Cleanup steps 1 to 3; steps 4 and 5 follow in `end_check` (SV-15)."""
    state["phase"] = "cleanup"
    for p in state["players"]:
        p["effects"] = []
        p["actions_taken"] = []
        p["passed"] = False
        p["successes"] = 0
        if p["scheduled"] is not None:
            out.append(event(state, "TestLapsed", p["seat"], theory=p["scheduled"]["theory"]))
            p["scheduled"] = None
        storage_limit(state, p, out)
    refills = max(0, MARKET_SIZE - len(state["market"]))
    push(state, *([chance("market")] * refills), task("end_check"))


def storage_limit(state: dict, p: dict, out: list) -> None:
    """Over 8 resources: return the excess from the largest pile first; ties in the order
    R, D, L, O, S (SV-16, AM-07)."""
    excess = resource_total(p) - STORAGE_LIMIT
    if excess <= 0:
        return
    resources = p["resources"]
    returned = {}
    for code in sorted(RESOURCES, key=lambda c: -resources[c]):
        take = min(excess, resources[code])
        if take:
            resources[code] -= take
            returned[code] = take
            excess -= take
        if not excess:
            break
    out.append(event(state, "StorageLimitApplied", p["seat"], returned=returned,
                     resources=dict(resources)))


def end_check(state: dict, task_: dict, out: list) -> None:
    """The game ends when the counter reaches N + 2, after the last round (5, or 8 in the full
    game), or when time is called; otherwise the next round starts with the next start player
    (SV-82, FG-01, SV-15 step 5)."""
    ended_by = None
    if state["replication_counter"] >= state["replication_target"]:
        ended_by = "replication_counter"
    elif state["round"] >= state["rounds"]:
        ended_by = "round_limit"
    elif state["time_called"]:
        ended_by = "call_time"
    out.append(event(state, "RoundEnded", None, replication_counter=state["replication_counter"],
                     game_over=ended_by is not None))
    if ended_by is not None:
        game_over(state, ended_by, out)
        return
    state["round"] += 1
    state["start_player"] = state["order"][1 % state["n"]]
    state["order"] = compute_order(state["n"], state["start_player"])
    push(state, task("round_start"))


game_over = scoring.end_game


CHANCE = {
    "start_player": {"outcomes": setup.start_player_outcomes, "apply": setup.choose_start_player},
    "anomaly": {"outcomes": setup.anomaly_outcomes, "apply": setup.place_anomaly},
    "neutral": {"outcomes": setup.neutral_outcomes, "apply": setup.place_neutral},
    "market": {"outcomes": setup.market_outcomes, "apply": setup.deal_to_market},
    "event": {"outcomes": event_cards.event_outcomes, "apply": event_cards.reveal_event},
    "draw": {"outcomes": funding.draw_outcomes, "apply": funding.draw_card,
             "prepare": funding.prepare_draw, "empty": funding.nothing_to_draw},
    "die": {"outcomes": tests.die_outcomes, "apply": tests.resolve_die},
    "markers": {"outcomes": full_setup.marker_outcomes, "apply": full_setup.place_markers},
    "anomaly_hex": {"outcomes": full_setup.anomaly_hex_outcomes,
                    "apply": full_setup.choose_anomaly_hex},
    "anomaly_noise": {"outcomes": full_setup.noise_outcomes,
                      "apply": full_setup.place_anomaly_noise},
    "block_roll": {"outcomes": defence.roll_outcomes, "apply": defence.resolve_roll},
    "synthesis_die": {"outcomes": synthesis.die_outcomes, "apply": synthesis.resolve_die},
}

TASKS = {
    "chance": run_chance_task,
    "round_start": round_start,
    "resolve_event": event_cards.resolve_event,
    "event_target": event_cards.event_target,
    "event_done": event_cards.event_done,
    "funding_choices": funding.funding_choices,
    "funding_draws": funding.funding_draws,
    "discard_check": funding.discard_check,
    "actions_start": actions.actions_start,
    "actions_next": actions.actions_next,
    "tests_start": tests.tests_start,
    "test": tests.test_turn,
    "cleanup": cleanup,
    "end_check": end_check,
    "anomaly_noise": full_setup.anomaly_noise,
    "keep": full_setup.keep_step,
    "leak": noise.leak,
    "defence": interfere.free_defence,
    "defence_decide": interfere.defence_decide,
    "reveal": exploration.reveal_turn,
    "success_finish": tests.success_finish_task,
    "synthesis": synthesis.synthesis_turn,
}
