"""Event cards: resolving, revealing, choices and disruption blocks (SV-17 to SV-20, SV-71).

An Event is resolved for each seat it hits, in turn order (SV-18). A seat decides only when it
has something to decide: a choice the card offers, or a block it may pay for (SV-20). The whole
response is one action: a block, or a choice (None = take the effect as it is).
"""

from __future__ import annotations

from ..content import CARDS
from ..events import event
from ..state import gain, player, uses
from . import defence
from .noise import add_noise
from .publishing import PREPRINT_COST, preprint, publishable
from .steps import chance, push, task, wait_for

DISRUPTION_TYPES = defence.DISRUPTION_TYPES
HITS = {
    "all": lambda p: True,
    "hype_at_least_2": lambda p: p["hype"] >= 2,
    "has_unpublished_null": lambda p: any(
        r["outcome"] == "null" and r["status"] == "unpublished" for r in p["records"]
    ),
    "rigour_gt_hype": lambda p: p["rigour"] > p["hype"],
    "hype_gt_rigour": lambda p: p["hype"] > p["rigour"],
    "debt_at_least_1": lambda p: p["debt"] >= 1,
    "no_published_record": lambda p: all(r["status"] != "preprint" and r["status"] != "journal"
                                         for r in p["records"]),
}


def event_outcomes(state: dict, step: dict) -> list:
    return state["decks"]["event"]


def reveal_event(state: dict, step: dict, card: str, out: list) -> None:
    """The top Event goes into the Next slot, so the next Event is always known (SV-17)."""
    state["decks"]["event"].remove(card)
    state["next_event"] = card
    out.append(event(state, "EventRevealed", None, card=card))


def resolve_event(state: dict, task_: dict, out: list) -> None:
    """The Event in the Next slot is resolved before income, for every seat it hits (SV-17)."""
    card_id = state["next_event"]
    state["next_event"] = None
    state["event"] = card_id
    card = CARDS[card_id]
    hit = [s for s in state["order"] if HITS[card["hits"]](player(state, s))]
    out.append(event(state, "EventResolved", None, card=card_id, event_type=card["type"],
                     kind=card.get("kind"), hit=hit))
    push(state, *[task("event_target", seat=s) for s in hit], task("event_done"))


def event_done(state: dict, task_: dict, out: list) -> None:
    state["event"] = None


def event_target(state: dict, task_: dict, out: list) -> None:
    """Resolve the Event for one seat: a free block, a decision, or the effect (SV-18, SV-20;
    in the full game also the Preregistration service's roll and Protection cards, FG-10)."""
    seat = task_["seat"]
    p = player(state, seat)
    card = CARDS[state["event"]]
    if card["type"] in DISRUPTION_TYPES and not task_.get("free_done"):
        table_method = defence.table_method(p, card)
        if table_method is not None:
            blocked(state, seat, "table_method", table_method, {}, out)
            return
        service = defence.service_roll(p, card) if uses(state, "disruption_cards") else None
        if service is not None:
            push(state, chance("block_roll", seat=seat, need=service[1], how="service",
                               card=service[0], context="event"))
            return
    if asks(state, p, card):
        wait_for(state, "event", [seat], card=card["id"])
    else:
        apply_effects(state, p, card, None, out)


def asks(state: dict, p: dict, card: dict) -> bool:
    """A seat decides when it has more than one option; in the full game a disruption Event
    asks whenever the seat could block by what everyone sees or holds any card (FG-10)."""
    many = len(legal_event_block(state, p["seat"])) + len(choices(state, p, card)) > 1
    if uses(state, "disruption_cards") and card["type"] in DISRUPTION_TYPES:
        return many or defence.asks(p, card)
    return many


def free_block(p: dict, card: dict) -> str | None:
    """A method on the seat's own table named in Block blocks for free (SV-20 a)."""
    return defence.table_method(p, card)


def legal_event_block(state: dict, seat: int) -> list[dict]:
    """Paid blocks: a named method from hand, S2 against a Bias, S1 against an Influence when
    Rigour > Hype (SV-20 b to d), and in the full game a matching Protection (FG-10)."""
    card = CARDS[state["event"]]
    if card["type"] not in DISRUPTION_TYPES:
        return []
    return defence.chosen_blocks(state, seat, card, "event_block",
                                 protections=uses(state, "disruption_cards"))


def scepticism_cost(card: dict) -> dict:
    return defence.scepticism_cost(card)


def apply_event_block(state: dict, action: dict, out: list) -> None:
    seat = action["seat"]
    p = player(state, seat)
    card = CARDS[state["event"]]
    how = action["how"]
    cost = defence.pay_block(state, p, card, how, action["card"])
    state["step"] = None
    need = defence.partial_roll(action["card"], how)
    if need is None:
        blocked(state, seat, how, action["card"], cost, out)
    else:
        push(state, chance("block_roll", seat=seat, need=need, how=how, card=action["card"],
                           context="event"))


def blocked(state: dict, seat: int, how: str, block_card: str | None, cost: dict, out: list,
            roll: int | None = None) -> None:
    """The Event is blocked for this seat; nobody loses Reputation, an Event has no attacker."""
    card = CARDS[state["event"]]
    method = block_card if how in ("method", "table_method") else None
    extra = {} if how in ("method", "table_method", "scepticism") else {
        "block_card": block_card, "roll": roll}
    out.append(event(state, "EventBlocked", seat, card=card["id"], event_type=card["type"],
                     kind=card.get("kind"), how=how, method=method,
                     method_key=None if method is None else CARDS[method]["key"], cost=cost,
                     **extra))


def roll_blocked(state: dict, seat: int, how: str, block_card: str, die: int, out: list) -> None:
    blocked(state, seat, how, block_card, {}, out, roll=die)


def roll_failed(state: dict, seat: int, how: str, block_card: str, out: list) -> None:
    """The roll failed: the seat decides again, without the free blocks."""
    push(state, task("event_target", seat=seat, free_done=True))


def choices(state: dict, p: dict, card: dict) -> list:
    """What the seat may choose for the card's choice effect; [None] when there is no choice."""
    for effect in card["effects"]:
        op = effect["op"]
        if op == "choose_one":
            return list(range(len(effect["options"])))
        if op == "preprint_scoop":
            if p["resources"]["D"] < PREPRINT_COST["D"]:
                return [None]
            return [None] + [r["id"] for r in publishable(p)]
        if op == "file_drawer":
            nulls = [r["id"] for r in publishable(p) if r["outcome"] == "null"]
            return nulls or [None]
        if op == "add_noise_own_tile":
            return [project["hex"] for project in p["projects"]] or [None]
    return [None]


def legal_event_choose(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    return [{"type": "event_choose", "seat": seat, "choice": c}
            for c in choices(state, p, CARDS[state["event"]])]


def apply_event_choose(state: dict, action: dict, out: list) -> None:
    p = player(state, action["seat"])
    apply_effects(state, p, CARDS[state["event"]], action["choice"], out)
    state["step"] = None


def apply_effects(state: dict, p: dict, card: dict, choice, out: list) -> None:
    """The Event's effects on one seat that did not block it (SV-19, SV-20)."""
    if choice is None:
        choice = choices(state, p, card)[0]
    results = []
    for effect in card["effects"]:
        results.append(EFFECTS[effect["op"]](state, p, effect, choice, out))
    out.append(event(state, "EventHit", p["seat"], card=card["id"], event_type=card["type"],
                     kind=card.get("kind"), blocked=False, choice=choice, results=results))


def effect_gain(state, p, effect, choice, out):
    return {"op": "gain", "gain": effect["gain"],
            "amount": gain(p, effect["gain"], effect["amount"])}


def effect_choose_one(state, p, effect, choice, out):
    option = effect["options"][choice]
    return {"op": "choose_one", "option": choice,
            "results": [EFFECTS[inner["op"]](state, p, inner, None, out) for inner in option]}


def effect_preprint_scoop(state, p, effect, choice, out):
    """Each hit seat may make one Preprint that is not an action (SV-71, AM-35)."""
    if choice is not None:
        preprint(state, p, choice, out, scoop=True)
    return {"op": "preprint_scoop", "record": choice}


def effect_null_results(state, p, effect, choice, out):
    """This round a null result leaves KV alone and gives S +2 (SV-46, SV-19)."""
    if "null_results" not in p["effects"]:
        p["effects"].append("null_results")
    return {"op": "null_results"}


def effect_file_drawer(state, p, effect, choice, out):
    """One unpublished null result goes in the drawer and can no longer be published (G-16)."""
    if choice is not None:
        for record in p["records"]:
            if record["id"] == choice:
                record["status"] = "drawer"
    return {"op": "file_drawer", "record": choice}


def effect_add_noise_own_tile(state, p, effect, choice, out):
    added = 0
    if choice is not None:
        added = add_noise(state, choice, effect.get("amount", 1), p["seat"], out)
    return {"op": "add_noise_own_tile", "hex": choice, "added": added}


EFFECTS = {
    "gain": effect_gain,
    "choose_one": effect_choose_one,
    "preprint_scoop": effect_preprint_scoop,
    "null_results": effect_null_results,
    "file_drawer": effect_file_drawer,
    "add_noise_own_tile": effect_add_noise_own_tile,
}

defence.ROLL_CONTEXT["event"] = {"blocked": roll_blocked, "failed": roll_failed}
