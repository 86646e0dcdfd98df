"""Blocking a disruption: the free blocks first, then the target's own choice (FG-10, FG-11).

A disruption is a Bias or Influence card played with Interfere (`interfere`) or, in the full
game, a disruption Event (SV-20). Free blocks are automatic: a method on the target's table named
in the card's Block field, the Preregistration service's roll of 4+ against a Bias it can block,
and a Metascience project protecting the affected hexes (G-27). Otherwise the target decides,
out of turn and under a deadline for an Interfere: a named method from hand (paying its €), a
Protection card of the card's kind (a partial one rolls), or Scepticism, or no block.

Whether the target is asked depends only on what everyone can see (its Scepticism, Rigour and
Hype, and how many cards it holds), so being asked reveals nothing about its hand.
"""

from __future__ import annotations

from ..content import CARDS
from ..events import event
from ..state import gain, player

DISRUPTION_TYPES = ("bias", "influence")
DEFEND_SECONDS = 30


def table_method(p: dict, card: dict) -> str | None:
    """A method on the seat's table named in Block blocks for free (defence 1)."""
    for method in p["methods"]:
        if CARDS[method]["key"] in card.get("block", ()):
            return method
    return None


def service_roll(p: dict, card: dict) -> tuple[str, int] | None:
    """(project, roll needed) of the seat's own tile that blocks this card on a roll, like the
    Preregistration service against a Bias its Block names (defence 1, AM-23)."""
    for project in p["projects"]:
        block = CARDS[project["card"]].get("disruption_block")
        if block and block["type"] == card["type"] and block["block"] in card.get("block", ()):
            return project["card"], block["min_roll"]
    return None


def blocks_card(protection: dict, card: dict) -> bool:
    """A Protection blocks its own kinds, and the cards it names (defence 3)."""
    return (card.get("kind_key") in protection["blocks"]
            or card["id"] in protection.get("also_blocks", ()))


def scepticism_cost(card: dict) -> dict:
    """S2 against a Bias, S1 against an Influence (defence 4)."""
    return {"S": 2} if card["type"] == "bias" else {"S": 1}


def may_use_scepticism(p: dict, card: dict) -> bool:
    if card["type"] == "bias":
        return p["resources"]["S"] >= 2
    return p["resources"]["S"] >= 1 and p["rigour"] > p["hype"]


def chosen_blocks(state: dict, seat: int, card: dict, action_type: str,
                  protections: bool = True) -> list[dict]:
    """The blocks the seat may choose: a named method from hand it can pay for, a matching
    Protection, Scepticism (defence 2 to 4)."""
    p = player(state, seat)
    blocks = [{"type": action_type, "seat": seat, "how": "method", "card": method}
              for method in p["hand"]
              if CARDS[method]["deck"] == "method" and CARDS[method]["key"] in card.get("block", ())
              and p["resources"]["R"] >= CARDS[method]["cost"]]
    if protections:
        blocks += [{"type": action_type, "seat": seat, "how": "protection", "card": c}
                   for c in sorted(set(p.get("disruptions", ())))
                   if CARDS[c]["type"] == "protection" and blocks_card(CARDS[c], card)]
    if may_use_scepticism(p, card):
        blocks.append({"type": action_type, "seat": seat, "how": "scepticism", "card": None})
    return blocks


def asks(p: dict, card: dict) -> bool:
    """Whether the target is asked to decide: it could pay Scepticism, or holds any card that
    might block (public facts only, so the question leaks nothing about its hand)."""
    return may_use_scepticism(p, card) or bool(p["hand"]) or bool(p.get("disruptions"))


def pay_block(state: dict, p: dict, card: dict, how: str, block_card: str | None) -> dict:
    """Pay for a chosen block and return its cost: a method goes to the table, a Protection to
    the Disruption discard pile (used up either way, defence 3)."""
    if how == "method":
        cost = {"R": CARDS[block_card]["cost"]}
        p["hand"].remove(block_card)
        p["methods"].append(block_card)
    elif how == "protection":
        cost = {}
        p["disruptions"].remove(block_card)
        state["discards"]["disruption"].append(block_card)
    else:
        cost = scepticism_cost(card)
    for code, amount in cost.items():
        p["resources"][code] -= amount
    return cost


def partial_roll(block_card: str | None, how: str) -> int | None:
    """The roll a partial Protection needs (3+ or 2+), None for a sure block (defence 3)."""
    return CARDS[block_card].get("partial") if how == "protection" else None


def roll_outcomes(state: dict, step: dict) -> list:
    return [1, 2, 3, 4, 5, 6]


def resolve_roll(state: dict, step: dict, die: int, out: list) -> None:
    """A block that holds on a roll: the service's 4+, a partial Protection's 3+ or 2+."""
    blocked = die >= step["need"]
    out.append(event(state, "BlockRolled", step["seat"], how=step["how"], card=step["card"],
                     need=step["need"], die=die, blocked=blocked))
    handler = ROLL_CONTEXT[step["context"]]
    if blocked:
        handler["blocked"](state, step["seat"], step["how"], step["card"], die, out)
    else:
        handler["failed"](state, step["seat"], step["how"], step["card"], out)


def blocked_influence_costs_attacker(state: dict, attacker: int, card: dict) -> int:
    """A blocked Influence costs the attacker 1 Reputation; a blocked Bias nothing (FG-11)."""
    if card["type"] != "influence":
        return 0
    return gain(player(state, attacker), "reputation", -1)


ROLL_CONTEXT: dict = {}
"""What a block roll goes back to: "event" (rules.event_cards) or "disruption" (interfere)."""
