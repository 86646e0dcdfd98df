"""Resolving the declared actions: space by space, pass by pass, forgoing, the Boots of Speed
(AL-33 to AL-36).

Each space's decision is registered with `space_decision`: the rules give the legal actions of
the space; forgoing is always possible (AL-35) and is done automatically when nothing else is.
"""

from __future__ import annotations

from collections.abc import Callable

from .declare import slots
from .events import event
from .flow import decision, push, task, wait_for
from .params import canonical
from .state import player, power

CAN: dict[str, Callable[[dict, int], bool]] = {}


def space_decision(space: str, types: tuple[str, ...], legal: Callable, check: Callable,
                   apply: Callable, pace: str, can: Callable | None = None) -> None:
    """Register the decision of a seat whose action on `space` has come up."""
    CAN[space] = can or (lambda state, seat: bool(legal(state, seat)))

    def apply_or_forgo(state: dict, action: dict, out: list) -> None:
        if action["type"] == "forgo":
            forgo(state, action["seat"], out, forced=False)
            return
        if state["acting"]["boots"]:
            player(state, action["seat"])["boots_used"] = True
        apply(state, action, out)

    decision(
        space, types=(*types, "forgo"),
        legal=lambda state, seat: [*legal(state, seat), {"type": "forgo", "seat": seat}],
        check=lambda state, action: (canonical(action, {}) if action.get("type") == "forgo"
                                     else check(state, action)),
        apply=apply_or_forgo, pace=pace)


@task("space")
def resolve_space(state: dict, current: dict, out: list) -> None:
    """Pass k: every seat with an unresolved k-th action on the space performs it, in row order
    from the top (AL-34). After the last pass, the Boots of Speed (AL-36)."""
    space, k = current["space"], current["pass"]
    if space == "sell" and k == 1 and not current.get("ordered"):
        push(state, {"t": "bids"}, {**current, "ordered": True})
        return
    pending = state["pending"][space]
    tasks = [{"t": "up", "space": space, "seat": s, "k": k, "boots": False}
             for s in state["rows"][space] if k in pending.get(str(s), ())]
    if any(ks and max(ks) > k for ks in pending.values()):
        tasks.append({"t": "space", "space": space, "pass": k + 1})
    else:
        tasks += boots_tasks(state, space)
    push(state, *tasks)


def boots_tasks(state: dict, space: str) -> list[dict]:
    """Once per round, the owner of the Boots may act once more on a space where it placed a
    cube, after everyone; never on Sell (AL-36, G-21)."""
    tasks = []
    for seat in state["rows"][space]:
        boots = power(player(state, seat), "extra_action")
        if boots and space not in boots["not_on"] and space != "custodian":
            tasks.append({"t": "up", "space": space, "seat": seat, "k": 0, "boots": True})
    return tasks


@task("up")
def action_up(state: dict, current: dict, out: list) -> None:
    """A seat's action comes up: it decides, or forgoes at once if it cannot act (AL-35)."""
    space, seat, k, boots = current["space"], current["seat"], current["k"], current["boots"]
    if boots:
        if player(state, seat)["boots_used"]:
            return
    else:
        pending = state["pending"][space].get(str(seat), [])
        if k not in pending:
            return
        pending.remove(k)
    state["acting"] = {"space": space, "seat": seat, "k": k, "boots": boots}
    if CAN[space](state, seat):
        wait_for(state, space, seat, k=k, boots=boots)
    else:
        forgo(state, seat, out, forced=True)


def forgo(state: dict, seat: int, out: list, forced: bool) -> None:
    """The action's cubes go to the seat's unused-cube space; a Boots action has none
    (AL-35)."""
    acting = state["acting"]
    cubes = 0 if acting["boots"] else slots(state, acting["space"])[acting["k"] - 1]
    player(state, seat)["unused"] += cubes
    out.append(event(state, "ActionForgone", seat, space=acting["space"], cubes=cubes,
                     forced=forced, boots=acting["boots"]))

