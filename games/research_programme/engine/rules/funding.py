"""The Funding phase after the Event: income, Hype, production, debt, the draw (SV-21 to SV-27;
the full game's Disruption draw, FG-08).

Each seat makes one combined choice at the same time (income resource, debts to repay, deck to
draw from). When all have chosen, the rules apply in rule order; the draws are chance steps, and
a discard step follows only for a hand over the limit.
"""

from __future__ import annotations

from itertools import combinations

from .. import board
from ..content import CARDS
from ..events import event, private
from ..state import DISRUPTION_HAND_LIMIT, HAND_LIMIT, gain, player, uses
from .noise import noisiest, remove_noise
from .steps import chance, wait_for

INCOME_CHOICES = ("D", "L", "O")
DRAW_CHOICES = ("theory", "method")
DEBT_REPAYMENT = 2


def income_money(p: dict) -> int:
    """R = 2 + floor(Reputation / 3), Reputation counted up to 6 (SV-21)."""
    return 2 + min(p["reputation"], 6) // 3


def hype_funding(p: dict) -> int:
    """Hype 2 or more brings R +1 (SV-22)."""
    return 1 if p["hype"] >= 2 else 0


def production(state: dict, p: dict) -> list[dict]:
    """What each tile produces, with the one-time adjacency +1 (SV-23, AM-01)."""
    hexes = state["hexes"]
    seat = p["seat"]
    made = []
    for project in p["projects"]:
        produces = CARDS[project["card"]].get("produces") or {}
        if not produces:
            continue
        amount = produces["amount"]
        bonus = 0
        if not project["adjacency_bonus"] and any(
            hexes[other]["owner"] == seat for other in board.neighbours(hexes, project["hex"])
        ):
            bonus = 1
        made.append({"card": project["card"], "hex": project["hex"],
                     "resource": produces["resource"], "amount": amount, "adjacency": bonus})
    return made


def money_before_repayment(state: dict, p: dict) -> int:
    produced = sum(m["amount"] + m["adjacency"] for m in production(state, p)
                   if m["resource"] == "R")
    return p["resources"]["R"] + income_money(p) + hype_funding(p) + produced


def max_repayment(state: dict, p: dict) -> int:
    """Repay R2 -> Debt -1 as often as Debt and Money allow, after production (SV-24)."""
    return min(p["debt"], money_before_repayment(state, p) // DEBT_REPAYMENT)


def funding_choices(state: dict, task: dict, out: list) -> None:
    wait_for(state, "funding", state["order"])


def legal_fund(state: dict, seat: int) -> list[dict]:
    top = max_repayment(state, player(state, seat))
    return [
        {"type": "fund", "seat": seat, "income": income, "repay": repay, "draw": draw}
        for income in INCOME_CHOICES
        for repay in range(top + 1)
        for draw in DRAW_CHOICES
    ]


def apply_fund(state: dict, action: dict, out: list) -> None:
    """Record a seat's choice; apply everyone's once the last seat has chosen (SV-27)."""
    seat = action["seat"]
    p = player(state, seat)
    p["funding"] = {"income": action["income"], "repay": action["repay"], "draw": action["draw"]}
    waiting = state["step"]["seats"]
    waiting.remove(seat)
    out.append(event(state, "FundingChosen", seat))
    if not waiting:
        state["step"] = None
        for s in state["order"]:
            receive_funding(state, player(state, s), out)


def receive_funding(state: dict, p: dict, out: list) -> None:
    """Income, Hype funding, production and debt repayment, in rule order (SV-21 to SV-24)."""
    choice = p["funding"]
    money = income_money(p)
    hype = hype_funding(p)
    gain(p, "R", money + hype)
    gain(p, choice["income"], 1)
    made = production(state, p)
    for m in made:
        gain(p, m["resource"], m["amount"] + m["adjacency"])
    for project in p["projects"]:
        if any(m["hex"] == project["hex"] and m["adjacency"] for m in made):
            project["adjacency_bonus"] = True
    cleaned = production_cleaning(state, p)
    repaid = min(choice["repay"], p["debt"], p["resources"]["R"] // DEBT_REPAYMENT)
    p["resources"]["R"] -= DEBT_REPAYMENT * repaid
    p["debt"] -= repaid
    out.append(event(state, "FundingReceived", p["seat"], money=money, hype_money=hype,
                     income=choice["income"], production=made, cleaned=cleaned, repaid=repaid,
                     resources=dict(p["resources"]), debt=p["debt"]))


def production_cleaning(state: dict, p: dict) -> list[str]:
    """Tiles with a cleaning ability remove Noise next to them at production (schema ability).

    The app takes the noisiest neighbour each time, first in map order on a tie.
    """
    cleaned = []
    hexes = state["hexes"]
    for project in p["projects"]:
        ability = CARDS[project["card"]].get("ability")
        if ability is None or ability["op"] != "clean_neighbour_at_production":
            continue
        for _ in range(ability.get("amount", 1)):
            target = noisiest(state, board.neighbours(hexes, project["hex"]))
            if target is None:
                break
            remove_noise(state, target, 1)
            cleaned.append(target)
    return cleaned


def funding_draws(state: dict, task: dict, out: list) -> None:
    """Each seat draws from the deck it chose, in turn order (SV-25), and in the full game also
    1 Disruption card (FG-08)."""
    disruption = uses(state, "disruption_cards")
    draws = []
    for s in state["order"]:
        draws.append(chance("draw", seat=s, deck=player(state, s)["funding"]["draw"]))
        if disruption:
            draws.append(chance("draw", seat=s, deck="disruption"))
    state["queue"][0:0] = draws
    for p in state["players"]:
        p["funding"] = None


def prepare_draw(state: dict, task: dict, out: list) -> None:
    """An empty deck is rebuilt from its discard pile before drawing (SV-26)."""
    deck = task["deck"]
    if not state["decks"][deck] and state["discards"].get(deck):
        state["decks"][deck] = sorted(state["discards"][deck])
        state["discards"][deck] = []
        out.append(event(state, "DeckReshuffled", None, deck=deck,
                         cards=len(state["decks"][deck])))


def draw_outcomes(state: dict, step: dict) -> list:
    return state["decks"][step["deck"]]


def nothing_to_draw(state: dict, task: dict, out: list) -> None:
    out.append(event(state, "NothingDrawn", task["seat"], deck=task["deck"]))


def draw_card(state: dict, step: dict, card: str, out: list) -> None:
    state["decks"][step["deck"]].remove(card)
    p = player(state, step["seat"])
    if step["deck"] == "disruption":
        p["disruptions"].append(card)
        extra = {"disruptions": len(p["disruptions"])}  # how many is public (FG-08)
    else:
        p["hand"].append(card)
        extra = {}
    out.append(private(state, "CardDrawn", step["seat"], ("card",), deck=step["deck"],
                       card=card, hand_size=len(p["hand"]), **extra))


def excess(p: dict) -> tuple[int, int]:
    """Cards over the hand limit of 4 (SV-25) and Disruption cards over 2 (FG-08)."""
    return (max(0, len(p["hand"]) - HAND_LIMIT),
            max(0, len(p.get("disruptions", ())) - DISRUPTION_HAND_LIMIT))


def discard_check(state: dict, task: dict, out: list) -> None:
    """A hand over 4 cards, or over 2 Disruption cards, is cut down by the seat's choice
    (SV-25, FG-08)."""
    over = [s for s in state["order"] if any(excess(player(state, s)))]
    if over:
        wait_for(state, "discard", over)


def legal_discard(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    extra_hand, extra_disruptions = excess(p)
    return [{"type": "discard", "seat": seat, "cards": sorted(cards + more)}
            for cards in combinations(p["hand"], extra_hand)
            for more in combinations(p.get("disruptions", ()), extra_disruptions)]


def apply_discard(state: dict, action: dict, out: list) -> None:
    """Removed cards go to the matching discard pile (SV-25, AM-31, FG-08)."""
    seat = action["seat"]
    p = player(state, seat)
    for card in action["cards"]:
        deck = CARDS[card]["deck"]
        (p["disruptions"] if deck == "disruption" else p["hand"]).remove(card)
        state["discards"][deck].append(card)
    out.append(private(state, "CardsDiscarded", seat, ("cards",), cards=list(action["cards"]),
                       count=len(action["cards"])))
    waiting = state["step"]["seats"]
    waiting.remove(seat)
    if not waiting:
        state["step"] = None
