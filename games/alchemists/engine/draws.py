"""Chance steps: the mapping, the start player, and every card or tile drawn (AL-09, AL-13 to
AL-21).

A deck is a multiset with no order; a draw is a chance step whose outcomes are the cards left,
one entry per card (sorted), so drawing uniformly among the entries draws a card with the right
odds. Shuffling a discard pile into an empty deck is moving the multiset: no order to draw.
"""

from __future__ import annotations

from .content import ALCHEMICAL_IDS, INGREDIENT_IDS
from .events import event, private, server_only
from .flow import draw_kind, push, task, wait_chance
from .state import add, as_list, player, take


@task("mapping")
def draw_mapping(state: dict, current: dict, out: list) -> None:
    """One chance step per ingredient, in AL-08 order, choosing among the alchemicals left: a
    uniform bijection (AL-09, G-30). The result is server-only."""
    wait_chance(state, "mapping", ingredient=current["ingredient"])


def mapping_outcomes(state: dict, step: dict) -> list[str]:
    taken = set(state["secret"]["mapping"].values())
    return [a for a in ALCHEMICAL_IDS if a not in taken]


def apply_mapping(state: dict, step: dict, alchemical: str, out: list) -> None:
    state["secret"]["mapping"][step["ingredient"]] = alchemical
    out.append(server_only(state, "MappingDrawn", ("alchemical",), ingredient=step["ingredient"],
                           alchemical=alchemical))


def mapping_tasks() -> list[dict]:
    return [{"t": "mapping", "ingredient": ingredient} for ingredient in INGREDIENT_IDS]


@task("start_player")
def draw_start_player(state: dict, current: dict, out: list) -> None:
    """The start player is a chance step (AL-20, G-06)."""
    wait_chance(state, "start_player")


def apply_start_player(state: dict, step: dict, seat: int, out: list) -> None:
    state["start_player"] = seat
    out.append(event(state, "StartPlayerChosen", seat))


@task("draw")
def draw_card(state: dict, current: dict, out: list) -> None:
    """Draw one card of `deck` for `to` (a seat's hand or the ingredient row). An empty deck
    takes its discard pile first; with no card at all nothing is drawn (AL-21)."""
    deck = current["deck"]
    if not state["decks"][deck]:
        pile = state["discards"][deck]
        if pile:
            state["decks"][deck] = pile
            state["discards"][deck] = {}
            out.append(event(state, "DeckReshuffled", deck=deck, cards=sum(pile.values())))
        else:
            out.append(event(state, "DeckEmpty", current.get("seat"), deck=deck))
            return
    wait_chance(state, deck, **{k: v for k, v in current.items() if k != "t"})


def card_outcomes(state: dict, step: dict) -> list[str]:
    return as_list(state["decks"][step["deck"]])


def apply_ingredient(state: dict, step: dict, card: str, out: list) -> None:
    take(state["decks"]["ingredient"], card)
    if step["to"] == "row":
        add(state["row"], card)
        out.append(event(state, "RowDealt", ingredient=card))
        return
    seat = step["seat"]
    p = player(state, seat)
    add(p["hand"], card)
    out.append(private(state, "IngredientDrawn", seat, ("ingredient",), ingredient=card,
                       why=step.get("why"), hand_size=sum(p["hand"].values())))


def apply_favour(state: dict, step: dict, card: str, out: list) -> None:
    take(state["decks"]["favour"], card)
    seat = step["seat"]
    p = player(state, seat)
    add(p["favours"], card)
    out.append(private(state, "FavourDrawn", seat, ("favour",), favour=card, why=step.get("why"),
                       favours=sum(p["favours"].values())))
    if step.get("why") != "setup":
        push(state, {"t": "favour_received", "seat": seat, "favour": card,
                     "inert": bool(step.get("inert"))})


def draws(deck: str, seat: int | None, count: int, why: str, **extra) -> list[dict]:
    to = "row" if seat is None else "hand"
    return [{"t": "draw", "deck": deck, "to": to, "seat": seat, "why": why, **extra}
            for _ in range(count)]


@task("artifact")
def draw_artifact(state: dict, current: dict, out: list) -> None:
    """Three artifacts of each level are drawn at setup; the rest leave unseen (AL-15)."""
    wait_chance(state, "artifact", level=current["level"])


def artifact_outcomes(state: dict, step: dict) -> list[str]:
    return sorted(state["secret"]["artifacts"][str(step["level"])])


def apply_artifact(state: dict, step: dict, artifact: str, out: list) -> None:
    level = str(step["level"])
    state["secret"]["artifacts"][level].remove(artifact)
    shown = state["artifact_row"] if level == "1" else state["artifact_preview"][level]
    shown.append(artifact)
    shown.sort()
    out.append(event(state, "ArtifactRevealed", artifact=artifact, level=int(level)))


@task("adventurer")
def draw_adventurer(state: dict, current: dict, out: list) -> None:
    """The next round's adventurer becomes public; the one never drawn stays secret (AL-16)."""
    wait_chance(state, "adventurer")


def adventurer_outcomes(state: dict, step: dict) -> list[str]:
    return sorted(state["secret"]["adventurers"])


def apply_adventurer(state: dict, step: dict, adventurer: str, out: list) -> None:
    state["secret"]["adventurers"].remove(adventurer)
    state["next_adventurer"] = adventurer
    out.append(event(state, "AdventurerRevealed", adventurer=adventurer,
                     arrives=max(2, state["round"] + 2)))


draw_kind("mapping", mapping_outcomes, apply_mapping)
draw_kind("start_player", lambda state, step: [p["seat"] for p in state["players"]],
          apply_start_player)
draw_kind("ingredient", card_outcomes, apply_ingredient)
draw_kind("favour", card_outcomes, apply_favour)
draw_kind("artifact", artifact_outcomes, apply_artifact)
draw_kind("adventurer", adventurer_outcomes, apply_adventurer)
