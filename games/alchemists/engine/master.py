"""Master debunking: demonstrations, their validity from public information only, conflicts
(AL-67 to AL-70, G-15).

A demonstration names two different ingredients and one of the 7 results; every seat learns
only whether the two make it (yes or no). What that shows is derived from the question, the
answer and the public theory board: nothing here but `apply_demonstration` reads the mapping.
"""

from __future__ import annotations

from itertools import combinations

from .alchemy import mix, potion_colour, result
from .content import ALCHEMICAL_IDS, INGREDIENT_IDS, POTION_IDS
from .debunk import DEBUNK_GAIN, debunked
from .events import event
from .params import canonical, require
from .reputation import apply as apply_reputation
from .state import player

INVALID_COST = 1
RESHOWN_COST = 1
NOTHING_COST = 2


def debunks(token: str, potion: str, answer: bool) -> str | None:
    """The colour with which a (potion, answer) fact debunks a theory with this token, or None:
    the fact contradicts the token whatever the other alchemical is (AL-67)."""
    if any((mix(token, x) == potion) == answer for x in ALCHEMICAL_IDS if x != token):
        return None
    return potion_colour(potion)


def shows(state: dict, pair: list[str], potion: str, answer: bool) -> dict:
    """What the answer shows about the theories on the two ingredients (AL-67): the debunked
    theories with their colours, or a conflict between the two, and whether it is new."""
    theories = state["theories"]
    fallen = []
    for ingredient in pair:
        if ingredient in theories:
            colour = debunks(theories[ingredient]["token"], potion, answer)
            if colour is not None:
                fallen.append((ingredient, colour))
    conflict = None
    if not fallen and all(i in theories for i in pair):
        tokens = [theories[i]["token"] for i in pair]
        if (mix(*tokens) == potion) != answer:
            conflict = {"pair": sorted(pair), "new": sorted(pair) not in state["conflicts"]}
    return {"fallen": fallen, "conflict": conflict}


def valid(state: dict, pair: list[str], potion: str) -> bool:
    """Some answer would debunk a theory or show a new conflict (AL-68): public information
    only, so a refusal reveals nothing."""
    for answer in (True, False):
        shown = shows(state, pair, potion, answer)
        if shown["fallen"] or (shown["conflict"] and shown["conflict"]["new"]):
            return True
    return False


def legal_demonstrations(state: dict, seat: int) -> list[dict]:
    """Every demonstration; an invalid one only confirmed (AL-68)."""
    return [{"type": "demonstrate", "seat": seat, "ingredients": sorted([i, j]), "potion": potion,
             "confirm": not valid(state, [i, j], potion)}
            for i, j in combinations(INGREDIENT_IDS, 2) for potion in POTION_IDS]


def check_demonstration(state: dict, action: dict) -> dict:
    require(action.get("type") == "demonstrate", "wrong_mode")
    action = canonical(action, {"ingredients": "pair", "potion": "potion", "confirm": "flag"})
    pair = action["ingredients"]
    require(pair[0] != pair[1], "same_ingredient")
    ok = valid(state, pair, action["potion"])
    require(action["confirm"] or ok, "invalid_demonstration",
            "this cannot debunk a theory or show a new conflict; confirm to do it anyway")
    return {**action, "confirm": not ok}


def apply_demonstration(state: dict, action: dict, out: list) -> None:
    """Reveal yes or no to every seat; then a debunk (+2 once, AL-71 for each theory), a new
    conflict (+2, nobody loses), a re-shown conflict or a confirmed invalid one (-1), or a
    valid one that showed nothing (-2) (AL-69, AL-70)."""
    seat, pair, potion = action["seat"], action["ingredients"], action["potion"]
    was_valid = valid(state, pair, potion)
    answer = result(state["secret"]["mapping"], *pair) == potion
    others = [p for p in POTION_IDS if p != potion]
    state["public_facts"].append(["pair", *pair, [potion] if answer else others])
    shown = shows(state, pair, potion, answer)
    out.append(event(state, "DemonstrationAnswered", seat, ingredients=list(pair), potion=potion,
                     answer=answer, valid=was_valid))
    record = {"round": state["round"], "seat": seat, "mode": "master", "ingredients": pair,
              "potion": potion, "answer": answer, "valid": was_valid}
    if shown["fallen"]:
        debunked(state, seat, shown["fallen"], record, out)
        return
    conflict = shown["conflict"]
    if conflict and conflict["new"]:
        state["conflicts"].append(conflict["pair"])
        state["conflicts"].sort()
        state["debunks"].append({**record, "debunked": [], "conflict": conflict["pair"]})
        player(state, seat)["stats"]["conflicts"] += 1
        out.append(event(state, "ConflictShown", seat, ingredients=conflict["pair"]))
        apply_reputation(state, {seat: DEBUNK_GAIN}, "conflict", out)
        return
    cost = RESHOWN_COST if conflict or not was_valid else NOTHING_COST
    player(state, seat)["stats"]["debunk_failures"] += 1
    state["debunks"].append({**record, "debunked": []})
    apply_reputation(state, {seat: -cost}, "demonstration_failed", out)
