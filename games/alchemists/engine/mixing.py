"""The mixing procedure every experiment, sale and exhibition shares (AL-07, AL-41 to AL-43),
the Magic Mortar and the Periscope, and a seat's record of what it has seen.

`mix_cards` is the one place a seat's two cards meet the secret mapping. What each seat learns
is kept as facts: `["pair", i, j, results]` (i and j make one of `results`), `["one", i, results]`
(i and some other ingredient make one of them: a Periscope sighting) and `["sign", i, colour,
sign]` (an apprentice debunk). A seat's own facts are private (its results triangle, AL-45);
facts every seat learns are in `state["public_facts"]`.
"""

from __future__ import annotations

from itertools import combinations

from .alchemy import result
from .events import private
from .flow import draw_kind, push, task, wait_chance
from .params import require
from .state import add, player, power, take


def hand_pairs(hand: dict[str, int]) -> list[list[str]]:
    """The pairs of different ingredients a seat can mix from its hand (AL-07, G-17)."""
    return [[i, j] for i, j in combinations(sorted(hand), 2)]


def check_pair(hand: dict[str, int], pair: list[str]) -> None:
    require(pair[0] != pair[1], "same_ingredient", "two different ingredients are needed")
    require(pair[0] in hand and pair[1] in hand, "not_in_hand")


def mix_cards(state: dict, seat: int, pair: list[str], out: list, keep: bool = False) -> str:
    """Mix two cards from the seat's hand and return the potion (AL-41). Unless `keep` (the
    Thinking Cap), the cards are discarded face down, or with the Magic Mortar one of them, by a
    chance step."""
    potion = result(state["secret"]["mapping"], pair[0], pair[1])
    if keep:
        return potion
    p = player(state, seat)
    for card in pair:
        take(p["hand"], card)
    if power(p, "mortar"):
        push(state, {"t": "mortar", "seat": seat, "cards": list(pair)})
    else:
        for card in pair:
            add(state["discards"]["ingredient"], card)
    return potion


def periscopes(state: dict, mixer: int, pair: list[str], known: list[str]) -> None:
    """Every other seat with the Periscope sees one of the two ingredients, chosen by a chance
    step; with it, what it knows of the result (AL-42, G-21)."""
    for p in state["players"]:
        if p["seat"] != mixer and power(p, "periscope"):
            push(state, {"t": "periscope", "seat": p["seat"], "mixer": mixer, "cards": list(pair),
                         "known": sorted(known)})


@task("periscope")
def look_through_periscope(state: dict, current: dict, out: list) -> None:
    wait_chance(state, "periscope", **{k: v for k, v in current.items() if k != "t"})


def apply_periscope(state: dict, step: dict, seen: str, out: list) -> None:
    p = player(state, step["seat"])
    p["sightings"].append({"round": state["round"], "mixer": step["mixer"], "ingredient": seen,
                           "known": step["known"]})
    p["results"].append(["one", seen, step["known"]])
    out.append(private(state, "PeriscopeSighted", step["seat"], ("ingredient", "known"),
                       mixer=step["mixer"], ingredient=seen, known=step["known"]))


@task("mortar")
def mortar_pick(state: dict, current: dict, out: list) -> None:
    wait_chance(state, "mortar", **{k: v for k, v in current.items() if k != "t"})


def apply_mortar(state: dict, step: dict, discarded: str, out: list) -> None:
    """The Magic Mortar: the chance step's card is discarded, the other returns to the hand."""
    kept = [c for c in step["cards"] if c != discarded][0]
    p = player(state, step["seat"])
    add(state["discards"]["ingredient"], discarded)
    add(p["hand"], kept)
    out.append(private(state, "MortarKept", step["seat"], ("ingredient",), ingredient=kept))


draw_kind("periscope", lambda state, step: sorted(step["cards"]), apply_periscope)
draw_kind("mortar", lambda state, step: sorted(step["cards"]), apply_mortar)


def learn(state: dict, seat: int, fact: list) -> None:
    player(state, seat)["results"].append(fact)


def record_potion(p: dict, potion: str) -> None:
    """The seat's public record of potion types made (AL-43)."""
    if potion not in p["potions"]:
        p["potions"].append(potion)
        p["potions"].sort()
