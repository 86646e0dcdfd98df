"""Declaring a round's actions as one plan (AL-29 to AL-32, AL-78 to AL-80; AL-L04, AL-L07).

A plan is one action: how many actions on each open space, and the favour cards played with it
(Assistants, Custodians, the spaces of Associates). `plan_problems` lists everything wrong with
a plan for the tablet; `check_declare` raises the first as the IllegalAction code.
"""

from __future__ import annotations

from itertools import combinations

from .content import FAVOURS, SPACES
from .events import event
from .flow import decision, push, record_choice, task, wait_for, wait_together
from .params import canonical, fail
from .state import final_round, player

SPACE_ORDER = tuple(sorted(SPACES, key=lambda s: SPACES[s]["order"]))
FAVOUR_PARAMS = {"assistants": "number", "custodians": "number", "associates": "spaces"}


def space_open(state: dict, space: str) -> bool:
    """Whether a seat may declare on `space` this round (AL-31, AL-97)."""
    rules, rnd = state["rules"], state["round"]
    if space not in rules["spaces"] or space == "custodian":
        return False
    first = (rules["theories_from"] if space in ("debunk", "publish")
             else SPACES[space]["first_round"])
    exhibition = rules["exhibition"] and final_round(state)
    checks = {"sell": state["adventurer"] is not None, "exhibit": exhibition,
              "test": not exhibition, "drink": not exhibition}
    return rnd >= first and checks.get(space, True)


def open_spaces(state: dict) -> list[str]:
    return [s for s in SPACE_ORDER if space_open(state, s)]


def slots(state: dict, space: str) -> list[int]:
    """The cube cost of a seat's 1st, 2nd... action on `space` (AL-31, G-07; AL-L04)."""
    if space == "custodian":
        return [1] * FAVOURS["custodian"]["count"]  # one cube on each Custodian (AL-50)
    override = state["rules"]["slots"]
    if override is not None:
        return override[space]
    return SPACES[space]["slots"][str(len(state["players"]))]


def cubes_to_place(state: dict, seat: int) -> int:
    """3 in round 1, else the base minus cubes carried over from hospital (AL-29)."""
    if state["round"] == 1:
        return state["rules"]["round1_cubes"]
    p = player(state, seat)
    return state["rules"]["cubes"][str(len(state["players"]))] - p["unused"]


def plan_fields(state: dict) -> dict[str, str]:
    return {**dict.fromkeys(open_spaces(state), "number"), **FAVOUR_PARAMS}


def cubes_of(state: dict, plan: dict) -> int:
    return sum(sum(slots(state, s)[:plan.get(s, 0)]) for s in open_spaces(state)) + plan.get(
        "custodians", 0)


def plan_problems(state: dict, seat: int, plan: dict) -> list[str]:
    """Every problem of a plan, as codes, from what the seat can see (pure; for the tablet)."""
    problems = []
    opened = open_spaces(state)
    for space, count in plan.items():
        if space in FAVOUR_PARAMS or space in ("type", "seat"):
            continue
        if space not in opened:
            problems.append("space_closed")
        elif not isinstance(count, int) or not 0 <= count <= len(slots(state, space)):
            problems.append("too_many_actions")
    favours = player(state, seat)["favours"]
    for param, card in (("assistants", "assistant"), ("custodians", "custodian")):
        if not 0 <= plan.get(param, 0) <= favours.get(card, 0):
            problems.append("no_such_favour")
    associates = plan.get("associates", [])
    if len(associates) > favours.get("associate", 0):
        problems.append("no_such_favour")
    if any(plan.get(space, 0) == 0 for space in associates):
        problems.append("associate_off_plan")
    if not problems:
        placed, have = cubes_of(state, plan), cubes_to_place(state, seat) + plan.get(
            "assistants", 0)
        if placed != have:
            problems.append("cubes_left" if placed < have else "too_many_cubes")
    return problems


def check_declare(state: dict, action: dict) -> dict:
    action = canonical(action, plan_fields(state))
    problems = plan_problems(state, action["seat"], action)
    if problems:
        fail(problems[0], "the plan is not legal: " + ", ".join(problems))
    return action


def legal_declare(state: dict, seat: int) -> list[dict]:
    """Every legal plan (the platform asks for a plan through inputs; this lists them all)."""
    opened = open_spaces(state)
    favours = player(state, seat)["favours"]
    found = []
    for assistants in range(favours.get("assistant", 0) + 1):
        for custodians in range(favours.get("custodian", 0) + 1):
            budget = cubes_to_place(state, seat) + assistants - custodians
            for counts in _spreads(state, opened, budget):
                used = [s for s, c in zip(opened, counts, strict=True) if c]
                for k in range(min(len(used), favours.get("associate", 0)) + 1):
                    for associates in combinations(used, k):
                        found.append({"type": "declare", "seat": seat,
                                      **dict(zip(opened, counts, strict=True)),
                                      "assistants": assistants, "custodians": custodians,
                                      "associates": sorted(associates)})
    return found


def _spreads(state: dict, opened: list[str], budget: int) -> list[tuple[int, ...]]:
    """Every count per space whose cubes add up to `budget` exactly."""
    costs = [[sum(slots(state, s)[:k]) for k in range(len(slots(state, s)) + 1)] for s in opened]
    found: list[tuple[int, ...]] = []

    def spread(index: int, left: int, counts: tuple[int, ...]) -> None:
        if index == len(costs):
            if left == 0:
                found.append(counts)
            return
        for k, cost in enumerate(costs[index]):
            if cost > left:
                break
            spread(index + 1, left - cost, (*counts, k))

    if budget >= 0:
        spread(0, budget, ())
    return found


@task("declare")
def start_declaration(state: dict, current: dict, out: list) -> None:
    """Seats declare from the lowest rank up, or all at once in the lesson (AL-30, AL-L07)."""
    state["plans"] = {}
    state["associates_played"] = []
    if state["rules"]["declaration"] == "simultaneous":
        wait_together(state, "declare", list(state["ranks"]))
        return
    push(state, *({"t": "declare_one", "seat": s} for s in reversed(state["ranks"])),
         {"t": "rows"})


@task("declare_one")
def ask_declaration(state: dict, current: dict, out: list) -> None:
    wait_for(state, "declare", current["seat"])


def apply_declare(state: dict, action: dict, out: list) -> None:
    if state["step"] is not None and state["step"]["kind"] == "together":
        if record_choice(state, action["seat"], action):
            choices = state["step"]["choices"]
            state["step"] = None
            for seat in reversed(state["ranks"]):
                record_plan(state, choices[str(seat)], out)
            push(state, {"t": "rows"})
        else:
            out.append(event(state, "PlanSubmitted", action["seat"]))
        return
    record_plan(state, action, out)


def record_plan(state: dict, action: dict, out: list) -> None:
    """The plan becomes public; the favour cards it plays go to the discard pile (AL-76)."""
    seat = action["seat"]
    p = player(state, seat)
    plan = {k: v for k, v in action.items() if k not in ("type", "seat")}
    state["plans"][str(seat)] = plan
    for param, card in (("assistants", "assistant"), ("custodians", "custodian")):
        _play(state, p, card, plan[param])
    _play(state, p, "associate", len(plan["associates"]))
    state["associates_played"] += [[seat, space] for space in plan["associates"]]
    out.append(event(state, "ActionsDeclared", seat, plan=plan, cubes=cubes_of(state, plan)))


def _play(state: dict, p: dict, card: str, count: int) -> None:
    if count:
        p["favours"][card] -= count
        if not p["favours"][card]:
            del p["favours"][card]
        pile = state["discards"]["favour"]
        pile[card] = pile.get(card, 0) + count


@task("rows")
def set_rows(state: dict, current: dict, out: list) -> None:
    """A seat's row on every space is its rank; an Associate moves it to the top, the most
    recently played on top (AL-32, G-20). Then the spaces resolve in order (AL-33)."""
    rows, pending = {}, {}
    for space in [*open_spaces(state), "custodian"]:
        param = "custodians" if space == "custodian" else space
        counts = {s: state["plans"][str(s)].get(param, 0) for s in state["ranks"]}
        rows[space] = [s for s in state["ranks"] if counts[s]]
        pending[space] = {str(s): list(range(1, counts[s] + 1)) for s in rows[space]}
    for seat, space in state["associates_played"]:
        rows[space].remove(seat)
        rows[space].insert(0, seat)
    state["rows"], state["pending"] = rows, pending
    order = [s for s in SPACE_ORDER if s in rows and rows[s]]
    push(state, *({"t": "space", "space": s, "pass": 1} for s in order))


decision("declare", types=("declare",), legal=legal_declare, check=check_declare,
         apply=apply_declare, pace="plan")
