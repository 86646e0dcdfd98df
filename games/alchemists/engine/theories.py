"""Theories: publishing, endorsing, seals and grants (AL-59 to AL-64, AL-74 immediate
publication, G-11, G-13).

A theory is `state["theories"][ingredient] = {"token", "seals": [{"seat", "kind"}], "round",
"author"}`. A seal's kind is private to its owner until a debunk or the Great Truth (AL-62).
"""

from __future__ import annotations

from .content import ALCHEMICAL_IDS, INGREDIENT_IDS
from .events import private
from .flow import push
from .params import canonical, require
from .reputation import change
from .resolve import space_decision
from .state import is_master, player, power


def supply(state: dict) -> list[str]:
    """Alchemical tokens not on the board (AL-59)."""
    used = {t["token"] for t in state["theories"].values()}
    return [a for a in ALCHEMICAL_IDS if a not in used]


def in_conflict(state: dict, ingredient: str) -> bool:
    return any(ingredient in pair for pair in state["conflicts"])


def fee(p: dict) -> int:
    """1 gold to the bank, none with the Printing Press (AL-60, AL-61)."""
    press = power(p, "publish_fee")
    return press["amount"] if press else 1


def endorse_cost(state: dict, p: dict, ingredient: str) -> int:
    return fee(p) + len(state["theories"][ingredient]["seals"])


def full(state: dict, theory: dict) -> bool:
    """At most 3 seals; with 2 or 3 seats every seat can endorse (AL-61)."""
    return len(theory["seals"]) >= 3


def can_endorse(state: dict, seat: int, ingredient: str) -> bool:
    theory = state["theories"][ingredient]
    return not (full(state, theory) or any(s["seat"] == seat for s in theory["seals"])
                or (is_master(state) and in_conflict(state, ingredient)))


def seal_kinds(p: dict) -> list[str]:
    return [kind for kind, count in p["seals"].items() if count]


def legal_publications(state: dict, seat: int, ingredients=None, tokens=None) -> list[dict]:
    p = player(state, seat)
    if p["gold"] < fee(p):
        return []
    kinds = seal_kinds(p)
    free = [i for i in INGREDIENT_IDS if i not in state["theories"]]
    tokens_left = supply(state)
    return [{"type": "publish", "seat": seat, "ingredient": i, "token": a, "seal": k}
            for i in free for a in tokens_left for k in kinds
            if (ingredients is None or i in ingredients or a in tokens)]


def legal_endorsements(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    return [{"type": "endorse", "seat": seat, "ingredient": i, "seal": k}
            for i in sorted(state["theories"]) for k in seal_kinds(p)
            if can_endorse(state, seat, i) and p["gold"] >= endorse_cost(state, p, i)]


def legal_publish(state: dict, seat: int) -> list[dict]:
    return legal_publications(state, seat) + legal_endorsements(state, seat)


def check_publish(state: dict, action: dict) -> dict:
    if action.get("type") == "endorse":
        return check_endorse(state, action)
    action = canonical(action, {"ingredient": "ingredient", "token": "alchemical",
                                "seal": "seal"})
    p = player(state, action["seat"])
    require(action["ingredient"] not in state["theories"], "ingredient_has_theory")
    require(action["token"] in supply(state), "token_in_use")
    require(p["seals"][action["seal"]] > 0, "no_such_seal")
    require(p["gold"] >= fee(p), "cannot_pay")
    return action


def check_endorse(state: dict, action: dict) -> dict:
    action = canonical(action, {"ingredient": "ingredient", "seal": "seal"})
    seat, ingredient = action["seat"], action["ingredient"]
    p = player(state, seat)
    require(ingredient in state["theories"], "no_theory")
    require(can_endorse(state, seat, ingredient), "cannot_endorse")
    require(p["seals"][action["seal"]] > 0, "no_such_seal")
    require(p["gold"] >= endorse_cost(state, p, ingredient), "cannot_pay")
    return action


def place_seal(state: dict, p: dict, ingredient: str, kind: str) -> None:
    p["seals"][kind] -= 1
    state["theories"][ingredient]["seals"].append({"seat": p["seat"], "kind": kind})


def publish_bonus(p: dict) -> int:
    authority = power(p, "publish_reputation")
    return authority["amount"] if authority else 0


def apply_publish(state: dict, action: dict, out: list) -> None:
    """Token and a face-down seal on the ingredient; 1 gold to the bank; +1 reputation (+2
    more with the Seal of Authority) (AL-60)."""
    if action["type"] == "endorse":
        apply_endorse(state, action, out)
        return
    seat, ingredient = action["seat"], action["ingredient"]
    p = player(state, seat)
    p["gold"] -= fee(p)
    state["theories"][ingredient] = {"token": action["token"], "seals": [],
                                     "round": state["round"], "author": seat}
    place_seal(state, p, ingredient, action["seal"])
    p["stats"]["published"] += 1
    out.append(private(state, "TheoryPublished", seat, ("seal",), ingredient=ingredient,
                       token=action["token"], seal=action["seal"], paid=fee(p)))
    change(state, seat, 1 + publish_bonus(p), "publish", out)
    push(state, {"t": "grants", "seat": seat})


def apply_endorse(state: dict, action: dict, out: list) -> None:
    """1 gold to the bank and 1 to each seat already on the theory; no reputation but the Seal
    of Authority's (AL-61)."""
    seat, ingredient = action["seat"], action["ingredient"]
    p = player(state, seat)
    theory = state["theories"][ingredient]
    p["gold"] -= fee(p)
    coauthors = [s["seat"] for s in theory["seals"]]
    for other in coauthors:
        p["gold"] -= 1
        player(state, other)["gold"] += 1
    place_seal(state, p, ingredient, action["seal"])
    p["stats"]["endorsed"] += 1
    out.append(private(state, "TheoryEndorsed", seat, ("seal",), ingredient=ingredient,
                       token=theory["token"], seal=action["seal"], paid=fee(p),
                       coauthors=coauthors))
    change(state, seat, publish_bonus(p), "endorse", out)
    push(state, {"t": "grants", "seat": seat})


def can_publish(state: dict, seat: int) -> bool:
    """Some publication or endorsement is possible (without listing them all)."""
    p = player(state, seat)
    if not seal_kinds(p):
        return False
    if p["gold"] >= fee(p) and len(state["theories"]) < len(INGREDIENT_IDS):
        return True
    return any(can_endorse(state, seat, i) and p["gold"] >= endorse_cost(state, p, i)
               for i in state["theories"])


space_decision("publish", ("publish", "endorse"), legal_publish, check_publish, apply_publish,
               "discuss", can=can_publish)
