"""Selling a potion to the adventurer: hidden bids, the selling order, the sale (AL-52 to AL-58,
AL-81 Barmaid, AL-82 Merchant, G-09, G-14)."""

from __future__ import annotations

from .alchemy import POTIONS, PRICES, QUALITIES, quality, quality_rank, upgraded
from .content import ADVENTURERS, FAVOURS, ops
from .events import event, private
from .flow import decision, record_choice, task, wait_together
from .mixing import check_pair, hand_pairs, learn, mix_cards, periscopes
from .params import canonical, require
from .reputation import apply as apply_reputation
from .reputation import price_adjust, smiley_bonus
from .resolve import forgo, space_decision
from .state import add, player, take

BIDS = (0, -1, -2, -3)
MERCHANT_GOLD = ops(FAVOURS["merchant"])["merchant"]["first_gold"]


def best_price(p: dict, bid: int) -> int:
    return PRICES["exact"] + bid + price_adjust(p["reputation"])


def legal_bid(state: dict, seat: int) -> list[dict]:
    """A bid that leaves no guarantee with a price of at least 1 is illegal: in the red zone
    never -3 (AL-53, AL-56)."""
    p = player(state, seat)
    return [{"type": "bid", "seat": seat, "bid": b} for b in BIDS if best_price(p, b) >= 1]


def check_bid(state: dict, action: dict) -> dict:
    action = canonical(action, {"bid": "number"})
    require(action["bid"] in BIDS, "bad_parameter")
    require(best_price(player(state, action["seat"]), action["bid"]) >= 1, "price_too_low")
    return action


@task("bids")
def start_bids(state: dict, current: dict, out: list) -> None:
    """Every seller secretly chooses a bid card; a seller with no two different ingredients
    cannot sell and forgoes now (AL-35, AL-53; ruling H-04)."""
    sellers = []
    for seat in list(state["rows"]["sell"]):
        if hand_pairs(player(state, seat)["hand"]):
            sellers.append(seat)
            continue
        state["pending"]["sell"][str(seat)] = []
        state["rows"]["sell"].remove(seat)
        state["acting"] = {"space": "sell", "seat": seat, "k": 1, "boots": False}
        forgo(state, seat, out, forced=True)
    if sellers:
        wait_together(state, "bid", sellers)


def apply_bid(state: dict, action: dict, out: list) -> None:
    """Bids stay hidden until all are in (AL-115); then sellers act by smileys, most first,
    ties in row order (AL-53, AL-54)."""
    player(state, action["seat"])["bid"] = action["bid"]
    if not record_choice(state, action["seat"], action["bid"]):
        out.append(event(state, "BidChosen", action["seat"]))
        return
    state["step"] = None
    before = state["rows"]["sell"]
    smileys = {s: smiley_count(player(state, s)) for s in before}
    row = sorted(before, key=lambda s: (-smileys[s], before.index(s)))
    state["rows"]["sell"] = row
    out.append(event(state, "BidsRevealed", bids={str(s): player(state, s)["bid"] for s in row},
                     smileys={str(s): smileys[s] for s in row}, order=list(row)))


def smiley_count(p: dict) -> int:
    return 1 + abs(p["bid"]) + smiley_bonus(p["reputation"])


def sale_price(p: dict, guarantee: str) -> int:
    """Base price of the guarantee + bid, +1 in the blue zone, -1 in the red (AL-56)."""
    return PRICES[guarantee] + p["bid"] + price_adjust(p["reputation"])


def sale_problem(state: dict, seat: int, potion: str, guarantee: str, merchants: int) -> str | None:
    p = player(state, seat)
    wants = ADVENTURERS[state["adventurer"]]["wants"]
    if potion not in wants:
        return "not_wanted"
    if not merchants and potion in state["sold"]:
        return "potion_taken"
    if not merchants and len(state["sold"]) >= len(state["players"]) - 1:
        return "no_sales_left"
    if sale_price(p, guarantee) < 1:
        return "price_too_low"
    return None


def legal_sell(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    pairs = hand_pairs(p["hand"])
    found = []
    for potion in ADVENTURERS[state["adventurer"]]["wants"]:
        for guarantee in QUALITIES:
            for merchants in range(p["favours"].get("merchant", 0) + 1):
                if sale_problem(state, seat, potion, guarantee, merchants):
                    continue
                found += [{"type": "sell", "seat": seat, "potion": potion, "guarantee": guarantee,
                           "ingredients": pair, "merchants": merchants, "barmaids": b}
                          for pair in pairs for b in range(p["favours"].get("barmaid", 0) + 1)]
    return found


def check_sell(state: dict, action: dict) -> dict:
    action = canonical(action, {"potion": "potion", "guarantee": "guarantee",
                                "ingredients": "pair", "merchants": "number",
                                "barmaids": "number"})
    p = player(state, action["seat"])
    for param, card in (("merchants", "merchant"), ("barmaids", "barmaid")):
        require(0 <= action[param] <= p["favours"].get(card, 0), "no_such_favour")
    problem = sale_problem(state, action["seat"], action["potion"], action["guarantee"],
                           action["merchants"])
    require(problem is None, problem or "")
    check_pair(p["hand"], action["ingredients"])
    return action


def apply_sell(state: dict, action: dict, out: list) -> None:
    """Mix for the adventurer. The seller learns the exact potion; every seat learns the
    guarantee, the price, the quality category, the payment and the reputation change
    (AL-55 to AL-58)."""
    seat, wanted, guarantee = action["seat"], action["potion"], action["guarantee"]
    p = player(state, seat)
    first = state["rows"]["sell"][0] == seat
    for param, card in (("merchants", "merchant"), ("barmaids", "barmaid")):
        if action[param]:
            take(p["favours"], card, action[param])
            add(state["discards"]["favour"], card, action[param])
    bonus_gold = MERCHANT_GOLD if action["merchants"] and (first or action["merchants"] > 1) else 0
    made = mix_cards(state, seat, action["ingredients"], out)
    level = quality(wanted, made)
    counted, d = level, 0
    for _ in range(action["barmaids"]):
        if level == "exact":
            d += 1
        else:
            counted = upgraded(counted)
    paid = sale_price(p, guarantee) if quality_rank(counted) >= quality_rank(guarantee) else 0
    if counted in ("neutral", "opposite"):
        d -= 1
    p["gold"] += paid + bonus_gold
    state["sold"].append(wanted)
    p["sold"].append(made)
    p["stats"]["sales"] += 1
    learn(state, seat, ["pair", *action["ingredients"], [made]])
    out.append(private(state, "PotionSold", seat, ("made", "ingredients"), wanted=wanted,
                       guarantee=guarantee, price=sale_price(p, guarantee), quality=level,
                       paid=paid, merchant_gold=bonus_gold, barmaids=action["barmaids"],
                       merchants=action["merchants"], made=made,
                       ingredients=list(action["ingredients"])))
    apply_reputation(state, {seat: d}, "sale", out)
    periscopes(state, seat, action["ingredients"], same_quality(wanted, level))


def same_quality(wanted: str, level: str) -> list[str]:
    return [r for r in POTIONS if quality(wanted, r) == level]


space_decision("sell", ("sell",), legal_sell, check_sell, apply_sell, "plan")
decision("bid", types=("bid",), legal=legal_bid, check=check_bid, apply=apply_bid,
         pace="choice")
