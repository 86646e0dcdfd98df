"""Interfere, the full game's eighth action: a Bias or Influence card played on an opponent,
then its defence and its effect (FG-09 to FG-11, G-07, G-26, G-27).

The attacker names the target and, for a card that needs one, the target's theory or tile hexes
(the card's only choice). The card is public once played. Defence follows at once (`defence`):
free blocks, then the target's decision in a `defend` step, out of turn and under a deadline
(its fallback: no block). The interference in progress is `state["interference"]`, public.
"""

from __future__ import annotations

from itertools import combinations

from .. import board
from ..content import CARDS
from ..events import event
from ..state import gain, pay, player
from . import defence
from .noise import add_noise
from .steps import chance, push, task, wait_for
from .turns import DEBT_MONEY, debt_variants, end_turn, start_action


def playable(p: dict) -> list[str]:
    """The seat's Bias and Influence cards (a Protection is a reaction, not an action)."""
    return sorted({c for c in p["disruptions"] if CARDS[c]["type"] in defence.DISRUPTION_TYPES})


def interfere_available(state: dict, p: dict) -> str | None:
    cards = playable(p)
    if not cards:
        return "no_disruption_card"
    if min(CARDS[c]["cost"] for c in cards) > p["resources"]["R"] + DEBT_MONEY:
        return "cannot_pay"
    return None if interfere_legal(state, p) else "no_target"


def effect_parameters(state: dict, card: dict, target: int) -> list[dict]:
    """What the attacker names for the card: one of the target's theories (KV), up to n of its
    tile hexes (Noise), or nothing. Empty when the card could do nothing to this target."""
    p = player(state, target)
    for effect in card["effects"]:
        if effect["op"] == "kv":
            return [{"theory": t, "hexes": None} for t in p["theories"]]
        if effect["op"] == "noise_on_tiles":
            tiles = sorted((pr["hex"] for pr in p["projects"]), key=board.HEX_INDEX.__getitem__)
            return [{"theory": None, "hexes": list(chosen)}
                    for size in range(1, effect["hexes"] + 1)
                    for chosen in combinations(tiles, size)]
    return [{"theory": None, "hexes": None}]


def interfere_legal(state: dict, p: dict) -> list[dict]:
    actions = []
    for card_id in playable(p):
        card = CARDS[card_id]
        cost = {"R": card["cost"]} if card["cost"] else {}
        for target in state["order"]:
            if target == p["seat"]:
                continue
            for params in effect_parameters(state, card, target):
                base = {"type": "interfere", "seat": p["seat"], "card": card_id,
                        "target": target, **params}
                actions += debt_variants(p, base, cost)
    return actions


def interfere_apply(state: dict, action: dict, out: list) -> None:
    """Pay the card's €, play it on the target, then resolve the defence (FG-09)."""
    p = start_action(state, action, out)
    card = CARDS[action["card"]]
    pay(p, {"R": card["cost"]})
    p["disruptions"].remove(card["id"])
    state["disruption_n"] += 1
    state["tally"]["disruptions_played"] += 1
    state["interference"] = {"n": state["disruption_n"], "attacker": p["seat"],
                             "target": action["target"], "card": card["id"],
                             "theory": action["theory"], "hexes": action["hexes"], "asked": 0}
    out.append(event(state, "DisruptionPlayed", p["seat"], target=action["target"],
                     card=card["id"], disruption_type=card["type"], kind=card["kind_key"],
                     cost={"R": card["cost"]} if card["cost"] else {}, theory=action["theory"],
                     hexes=action["hexes"]))
    end_turn(state, p, "interfere")
    push(state, task("defence"))


# --- defence (FG-10) ---------------------------------------------------------------------------

def free_defence(state: dict, task_: dict, out: list) -> None:
    """The free blocks, checked first: a named method on the table, a protected map, then the
    Preregistration service's roll (defence 1 and 5)."""
    i = state["interference"]
    card = CARDS[i["card"]]
    target = player(state, i["target"])
    method = defence.table_method(target, card)
    if method is not None:
        finish_blocked(state, "table_method", method, None, out)
    elif i["hexes"] and all(disruption_protected(state, h) for h in i["hexes"]):
        finish_blocked(state, "map", None, None, out)
    elif (service := defence.service_roll(target, card)) is not None:
        push(state, chance("block_roll", seat=target["seat"], need=service[1], how="service",
                           card=service[0], context="disruption"))
    else:
        push(state, task("defence_decide"))


def defence_decide(state: dict, task_: dict, out: list) -> None:
    """No free block held: the target decides, or takes the hit if it could not block."""
    i = state["interference"]
    target = player(state, i["target"])
    if defence.asks(target, CARDS[i["card"]]):
        i["asked"] += 1
        wait_for(state, "defend", [target["seat"]])
    else:
        hit(state, out)


def legal_defend(state: dict, seat: int) -> list[dict]:
    card = CARDS[state["interference"]["card"]]
    return ([{"type": "defend", "seat": seat, "how": None, "card": None}]
            + defence.chosen_blocks(state, seat, card, "defend"))


def apply_defend(state: dict, action: dict, out: list) -> None:
    """No block, a named method from hand, a Protection (a partial one rolls), or Scepticism."""
    state["step"] = None
    how = action["how"]
    if how is None:
        hit(state, out)
        return
    i = state["interference"]
    target = player(state, action["seat"])
    cost = defence.pay_block(state, target, CARDS[i["card"]], how, action["card"])
    need = defence.partial_roll(action["card"], how)
    if need is None:
        finish_blocked(state, how, action["card"], None, out, cost)
    else:
        push(state, chance("block_roll", seat=target["seat"], need=need, how=how,
                           card=action["card"], context="disruption"))


def roll_blocked(state: dict, seat: int, how: str, block_card: str, die: int, out: list) -> None:
    finish_blocked(state, how, block_card, die, out)


def roll_failed(state: dict, seat: int, how: str, block_card: str, out: list) -> None:
    """The roll failed (a used-up Protection, or the service): the target may still decide."""
    push(state, task("defence_decide"))


def finish_blocked(state: dict, how: str, block_card: str | None, roll: int | None, out: list,
                   cost: dict | None = None) -> None:
    """The card is blocked; a blocked Influence costs its attacker 1 Reputation (FG-11)."""
    i = state["interference"]
    card = CARDS[i["card"]]
    lost = defence.blocked_influence_costs_attacker(state, i["attacker"], card)
    state["tally"]["disruptions_blocked"] += 1
    out.append(event(state, "DisruptionBlocked", i["target"], attacker=i["attacker"],
                     card=card["id"], disruption_type=card["type"], kind=card["kind_key"], how=how,
                     block_card=block_card, cost=cost or {}, roll=roll,
                     attacker_reputation=lost))
    discard(state)


def hit(state: dict, out: list) -> None:
    """Not blocked: the card's effect applies to the target (FG-09)."""
    i = state["interference"]
    card = CARDS[i["card"]]
    target = player(state, i["target"])
    results = [EFFECTS[e["op"]](state, target, e, i, out) for e in card["effects"]]
    out.append(event(state, "DisruptionHit", target["seat"], attacker=i["attacker"],
                     card=card["id"], disruption_type=card["type"], kind=card["kind_key"],
                     results=results))
    discard(state)


def discard(state: dict) -> None:
    state["discards"]["disruption"].append(state["interference"]["card"])
    state["interference"] = None


# --- effects (G-26: Noise, KV, Hype, or a one-off loss) ----------------------------------------

def disruption_protected(state: dict, hex_id: str) -> bool:
    """Disruption effects on hexes next to a protecting Metascience tile are blocked (G-27)."""
    hexes = state["hexes"]
    for other in board.neighbours(hexes, hex_id):
        card = hexes[other]["card"]
        ability = CARDS[card].get("ability") if card else None
        if ability is not None and ability["op"] == "protect_neighbours_from_disruption":
            return True
    return False


def effect_kv(state, target, effect, i, out):
    """KV lost to a card is remembered so that peer review or a replication can restore it."""
    theory = state["theories"][i["theory"]]
    theory["consensus"] += effect["amount"]
    theory["kv_taken"] = theory.get("kv_taken", 0) - effect["amount"]
    return {"op": "kv", "theory": i["theory"], "amount": effect["amount"],
            "consensus": theory["consensus"]}


def effect_hype(state, target, effect, i, out):
    change = gain(target, "hype", effect["amount"])
    target["hype_from_cards"] += max(0, change)
    return {"op": "hype", "amount": change}


def effect_gain(state, target, effect, i, out):
    return {"op": "gain", "gain": effect["gain"],
            "amount": gain(target, effect["gain"], effect["amount"])}


def effect_silence(state, target, effect, i, out):
    target["silenced_nulls"] += 1
    return {"op": "silence_next_null"}


def effect_noise(state, target, effect, i, out):
    """Noise on the named hexes; the attacker caused it, so a leak is the attacker's choice."""
    added = {}
    for hex_id in i["hexes"]:
        if disruption_protected(state, hex_id):
            added[hex_id] = 0
        else:
            added[hex_id] = add_noise(state, hex_id, effect["amount"], i["attacker"], out)
    return {"op": "noise_on_tiles", "added": added}


EFFECTS = {
    "kv": effect_kv,
    "hype": effect_hype,
    "gain": effect_gain,
    "silence_next_null": effect_silence,
    "noise_on_tiles": effect_noise,
}
defence.ROLL_CONTEXT["disruption"] = {"blocked": roll_blocked, "failed": roll_failed}
