"""Buying artifacts and their immediate effects, read from the cards' data (AL-39, AL-40, AL-83
Shopkeeper, G-12, G-24)."""

from __future__ import annotations

from .content import ARTIFACTS, FAVOURS, ops
from .draws import draws
from .events import event
from .flow import decision, push, task, wait_for
from .params import canonical, require
from .reputation import change
from .resolve import space_decision
from .state import ARTIFACT_EFFECTS, add, player, take

SHOP_DISCOUNT = ops(FAVOURS["shopkeeper"])["shop_discount"]["amount"]


def price(p: dict, artifact: str, shopkeepers: int) -> int:
    """Printed cost, minus the Discount Card's next reduction and each Shopkeeper, never below
    1 (AL-39, G-24)."""
    reduction = (p["discounts"][0] if p["discounts"] else 0) + SHOP_DISCOUNT * shopkeepers
    return max(1, ARTIFACTS[artifact]["cost"] - reduction)


def legal_buy(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    return [{"type": "buy", "seat": seat, "artifact": a, "shopkeepers": n}
            for a in state["artifact_row"] for n in range(p["favours"].get("shopkeeper", 0) + 1)
            if p["gold"] >= price(p, a, n)]


def check_buy(state: dict, action: dict) -> dict:
    action = canonical(action, {"artifact": "artifact", "shopkeepers": "number"})
    p = player(state, action["seat"])
    require(action["artifact"] in state["artifact_row"], "not_in_row")
    require(0 <= action["shopkeepers"] <= p["favours"].get("shopkeeper", 0), "no_such_favour")
    require(p["gold"] >= price(p, action["artifact"], action["shopkeepers"]), "cannot_pay")
    return action


def apply_buy(state: dict, action: dict, out: list) -> None:
    """Pay, take the card (the row is not refilled), and carry out its immediate effects."""
    seat, artifact, shopkeepers = action["seat"], action["artifact"], action["shopkeepers"]
    p = player(state, seat)
    paid = price(p, artifact, shopkeepers)
    if p["discounts"]:
        p["discounts"].pop(0)
    if shopkeepers:
        take(p["favours"], "shopkeeper", shopkeepers)
        add(state["discards"]["favour"], "shopkeeper", shopkeepers)
    p["gold"] -= paid
    state["artifact_row"].remove(artifact)
    p["artifacts"].append(artifact)
    out.append(event(state, "ArtifactBought", seat, artifact=artifact, price=paid,
                     shopkeepers=shopkeepers))
    for op, effect in ARTIFACT_EFFECTS[artifact].items():
        if op in ON_BUY:
            ON_BUY[op](state, seat, effect, out)


def _discounts(state: dict, seat: int, effect: dict, out: list) -> None:
    player(state, seat)["discounts"] = list(effect["amounts"])


def _reputation(state: dict, seat: int, effect: dict, out: list) -> None:
    change(state, seat, effect["amount"], "artifact", out)


def _favours(state: dict, seat: int, effect: dict, out: list) -> None:
    push(state, *draws("favour", seat, effect["n"], "artifact"))


def _ingredients(state: dict, seat: int, effect: dict, out: list) -> None:
    push(state, *draws("ingredient", seat, effect["n"], "artifact"))


def _thinking_cap(state: dict, seat: int, effect: dict, out: list) -> None:
    push(state, {"t": "thinking_cap", "seat": seat, "left": effect["tests"], "used": []})


def _altar(state: dict, seat: int, effect: dict, out: list) -> None:
    push(state, {"t": "altar", "seat": seat, "max": effect["max"]})


ON_BUY = {"discounts": _discounts, "reputation": _reputation, "draw_favours": _favours,
          "draw_ingredients": _ingredients, "thinking_cap": _thinking_cap, "altar": _altar}


@task("altar")
def ask_altar(state: dict, current: dict, out: list) -> None:
    """Altar of Gold: pay 1 to 8 gold for as much reputation; nothing with no gold (AL-40)."""
    if player(state, current["seat"])["gold"] >= 1:
        wait_for(state, "altar", current["seat"], max=current["max"])


def legal_altar(state: dict, seat: int) -> list[dict]:
    top = min(state["step"]["max"], player(state, seat)["gold"])
    return [{"type": "altar", "seat": seat, "gold": x} for x in range(1, top + 1)]


def check_altar(state: dict, action: dict) -> dict:
    action = canonical(action, {"gold": "number"})
    top = min(state["step"]["max"], player(state, action["seat"])["gold"])
    require(1 <= action["gold"] <= top, "bad_amount")
    return action


def apply_altar(state: dict, action: dict, out: list) -> None:
    player(state, action["seat"])["gold"] -= action["gold"]
    change(state, action["seat"], action["gold"], "altar", out)


space_decision("buy", ("buy",), legal_buy, check_buy, apply_buy, "choice")
decision("altar", types=("altar",), legal=legal_altar, check=check_altar, apply=apply_altar,
         pace="choice")
