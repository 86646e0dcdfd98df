"""Choosing the turn order and the ranks it gives (AL-23 to AL-28; the lesson's AL-L05)."""

from __future__ import annotations

from .content import TURN_ORDER
from .draws import draws
from .events import event
from .flow import decision, push, task, wait_for
from .params import canonical, require
from .state import clockwise, player, power

GREEN = "green"


def available_spaces(state: dict) -> list[str]:
    """The track's spaces for this seat count, without the green space (AL-23, AL-24)."""
    n = len(state["players"])
    return [s for s, d in TURN_ORDER.items() if n in d["seats"] and not d["paralysed_only"]]


@task("order")
def start_order(state: dict, current: dict, out: list) -> None:
    """From the start player clockwise, each seat chooses; a paralysed seat instead draws the
    green space's cards when its turn comes (AL-24, AL-26). Without the track (the lesson),
    ranks go clockwise from the start player, paralysed seats last (AL-L05)."""
    state["track"] = {}
    if not state["rules"]["turn_order"]:
        set_ranks(state, None, out)
        return
    tasks = []
    for seat in clockwise(state, state["start_player"]):
        if seat in state["green"]:
            tasks += space_tasks(state, seat, GREEN)
        else:
            tasks.append({"t": "order_choice", "seat": seat})
    push(state, *tasks, {"t": "ranks"})


@task("order_choice")
def ask_order(state: dict, current: dict, out: list) -> None:
    wait_for(state, "order", current["seat"])


def space_tasks(state: dict, seat: int, space: str) -> list[dict]:
    """What taking a space draws (AL-23), none of its ingredients with the Witch's Trunk
    (AL-25)."""
    data = TURN_ORDER[space]
    ingredients = 0 if power(player(state, seat), "no_track_ingredients") else data["ingredients"]
    return (draws("ingredient", seat, ingredients, "turn_order")
            + draws("favour", seat, data["favours"], "turn_order"))


def legal_order(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    taken = set(state["track"])
    return [{"type": "choose_order", "seat": seat, "space": s} for s in available_spaces(state)
            if s not in taken and p["gold"] + TURN_ORDER[s]["gold"] >= 0]


def check_order(state: dict, action: dict) -> dict:
    action = canonical(action, {"space": "order_space"})
    space = action["space"]
    require(space in available_spaces(state), "space_not_available")
    require(space not in state["track"], "space_taken")
    require(player(state, action["seat"])["gold"] + TURN_ORDER[space]["gold"] >= 0,
            "cannot_pay")
    return action


def apply_order(state: dict, action: dict, out: list) -> None:
    seat, space = action["seat"], action["space"]
    state["track"][space] = seat
    p = player(state, seat)
    p["gold"] += TURN_ORDER[space]["gold"]
    out.append(event(state, "TurnOrderChosen", seat, space=space, gold=TURN_ORDER[space]["gold"]))
    push(state, *space_tasks(state, seat, space))


@task("ranks")
def set_ranks(state: dict, current: dict | None = None, out: list | None = None) -> None:
    """Rank 1 is the topmost marker; green markers come last, earliest paralysed first
    (AL-26, AL-27). Without the track, clockwise from the start player (AL-L05)."""
    green = list(state["green"])
    if state["rules"]["turn_order"]:
        spaces = sorted(state["track"], key=lambda s: TURN_ORDER[s]["rank"])
        ranks = [state["track"][s] for s in spaces]
    else:
        ranks = [s for s in clockwise(state, state["start_player"]) if s not in green]
    state["ranks"] = ranks + green
    if out is not None:
        out.append(event(state, "RanksSet", ranks=list(state["ranks"])))


decision("order", types=("choose_order",), legal=legal_order, check=check_order,
         apply=apply_order, pace="choice")
