"""Grants: checked after every seal placed and every conflict removed (AL-64, G-11)."""

from __future__ import annotations

from .content import GRANTS
from .events import event
from .flow import decision, push, task, wait_for
from .params import canonical, require
from .state import clockwise, is_master, player


def covered(state: dict, seat: int) -> set[str]:
    """Ingredients whose theory holds the seat's seal and, in master games, no conflict."""
    conflicted = {i for pair in state["conflicts"] for i in pair} if is_master(state) else set()
    return {i for i, t in state["theories"].items()
            if i not in conflicted and any(s["seat"] == seat for s in t["seals"])}


def qualifying(state: dict, seat: int) -> list[str]:
    """Untaken tiles the seat qualifies for: 2 of a tile's ingredients for a first grant, 3
    after that (AL-64)."""
    have = covered(state, seat)
    first = not player(state, seat)["grants"]
    return [g for g, tile in GRANTS.items() if state["grants"][g] is None and len(
        have & set(tile["ingredients"])) >= (tile["first_needs"] if first else tile["next_needs"])]


@task("grants")
def check_grants(state: dict, current: dict, out: list) -> None:
    if not state["rules"]["grants"]:
        return
    start = current.get("seat") or 1
    for seat in clockwise(state, start):
        tiles = qualifying(state, seat)
        if not tiles:
            continue
        if not player(state, seat)["grants"] and len(tiles) > 1:
            wait_for(state, "choose_grant", seat, tiles=tiles)
            push(state, {"t": "grants", "seat": seat})
            return
        for tile in tiles if player(state, seat)["grants"] else tiles[:1]:
            take_grant(state, seat, tile, out)
        push(state, {"t": "grants", "seat": seat})
        return


def take_grant(state: dict, seat: int, tile: str, out: list) -> None:
    """The tile and 2 gold at once; never lost (AL-64)."""
    state["grants"][tile] = seat
    p = player(state, seat)
    p["grants"].append(tile)
    p["gold"] += GRANTS[tile]["gold"]
    out.append(event(state, "GrantTaken", seat, grant=tile, gold=GRANTS[tile]["gold"]))


def legal_grant(state: dict, seat: int) -> list[dict]:
    return [{"type": "choose_grant", "seat": seat, "grant": g} for g in state["step"]["tiles"]]


def check_grant(state: dict, action: dict) -> dict:
    action = canonical(action, {"grant": "grant"})
    require(action["grant"] in state["step"]["tiles"], "grant_not_offered")
    return action


def apply_grant(state: dict, action: dict, out: list) -> None:
    take_grant(state, action["seat"], action["grant"], out)


decision("choose_grant", types=("choose_grant",), legal=legal_grant, check=check_grant,
         apply=apply_grant, pace="quick")
