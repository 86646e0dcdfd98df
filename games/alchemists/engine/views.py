"""What a seat, the teacher or the projector may see: `view_for` (AL-111 to AL-116).

A view copies public fields and, for a seat, that seat's private fields. It never reads
`state["secret"]` (the mapping, the adventurers and artifacts not drawn) and never shows a
deck's or a discard pile's contents, another seat's hand, favours, seal kinds, results, Periscope
sightings, sold potions, or a hidden choice before every seat has made it. The teacher
sees what the projector sees (teacher_sees_private is False, G-31): the mapping only after the
Great Truth, through the outcome.
"""

from __future__ import annotations

from games.engines.base import PUBLIC, TEACHER

from .content import ADVENTURERS
from .declare import open_spaces
from .events import events_for
from .flow import current_seats
from .reputation import zone
from .state import clone, size

PUBLIC_STEP_FIELDS = ("kind", "decision", "seat", "draw", "to", "why", "seats", "waiting")
PUBLIC_PLAYER_FIELDS = ("seat", "name", "gold", "reputation", "artifacts", "grants", "discounts",
                        "unused", "hospital", "paralysed", "potions", "exhibited", "mastery",
                        "seals_lost", "stats")
PRIVATE_PLAYER_FIELDS = ("hand", "favours", "seals", "results", "sightings", "sold", "kept",
                         "set_aside")


def view_for(state: dict, viewer) -> dict:
    """The state as `viewer` (a seat, TEACHER or PUBLIC) may see it: a copy of plain data."""
    return clone(_view(state, viewer))


def _view(state: dict, viewer) -> dict:
    seat = viewer if isinstance(viewer, int) else None
    step = state["step"]
    hidden_plans = step is not None and step["kind"] == "together" and step[
        "decision"] == "declare"
    return {
        "game": state["game"], "variant": state["variant"], "mode": state["rules"]["mode"],
        "you": seat, "viewer": "seat" if seat else ("teacher" if viewer is TEACHER else PUBLIC),
        "round": state["round"], "rounds": state["rules"]["rounds"], "phase": state["phase"],
        "step": step_view(state, seat), "current_seats": current_seats(state),
        "start_player": state["start_player"], "track": state["track"],
        "green": state["green"], "ranks": state["ranks"],
        "student": state["student"], "adventurer": state["adventurer"],
        "next_adventurer": state["next_adventurer"],
        "wants": ADVENTURERS[state["adventurer"]]["wants"] if state["adventurer"] else [],
        "sold": state["sold"], "conferences": state["conferences_shown"],
        "open_spaces": open_spaces(state) if state["round"] else [],
        "artifact_row": state["artifact_row"], "artifact_preview": state["artifact_preview"],
        "row": state["row"],
        "decks": {deck: size(cards) for deck, cards in state["decks"].items()},
        "discards": {deck: size(cards) for deck, cards in state["discards"].items()},
        "theories": [theory_view(state, i, seat) for i in sorted(state["theories"])],
        "conflicts": state["conflicts"], "grants": state["grants"],
        "plans": {} if hidden_plans else state["plans"], "rows": state["rows"],
        "exhibited": state["exhibited"], "debunks": state["debunks"],
        "public_facts": state["public_facts"],
        "players": [player_view(state, p, seat) for p in state["players"]],
        "time_called": state["time_called"],
        "events": events_for(state["events"], viewer),
        "outcome": state["result"],
    }


def step_view(state: dict, seat: int | None) -> dict | None:
    """The step without anything secret: what waits, for whom; the context only for the seat
    that decides; a hidden choice only for the seat that made it."""
    step = state["step"]
    if step is None:
        return None
    shown = {k: step[k] for k in PUBLIC_STEP_FIELDS if k in step}
    if step["kind"] == "decide" and step["seat"] == seat:
        shown["context"] = {k: v for k, v in step.items()
                            if k not in shown and not k.startswith("_")}
    elif step["kind"] == "together":
        shown["chosen"] = [s for s in step["seats"] if s not in step["waiting"]]
        if seat is not None and str(seat) in step["choices"]:
            shown["my_choice"] = step["choices"][str(seat)]
    return shown


def theory_view(state: dict, ingredient: str, seat: int | None) -> dict:
    theory = state["theories"][ingredient]
    seals = [{"seat": s["seat"], **({"kind": s["kind"]} if s["seat"] == seat else {})}
             for s in theory["seals"]]
    return {"ingredient": ingredient, "token": theory["token"], "round": theory["round"],
            "author": theory["author"], "seals": seals,
            "conflict": any(ingredient in c for c in state["conflicts"])}


def player_view(state: dict, p: dict, seat: int | None) -> dict:
    view = {k: p[k] for k in PUBLIC_PLAYER_FIELDS}
    view.update(zone=zone(p["reputation"]), hand_size=size(p["hand"]),
                favour_count=size(p["favours"]), seals_left=size(p["seals"]),
                set_aside_count=size(p["set_aside"]), bid=public_bid(state, p))
    if p["seat"] == seat:
        view.update({key: p[key] for key in PRIVATE_PLAYER_FIELDS})
        view["bid"] = p["bid"]
    return view


def public_bid(state: dict, p: dict) -> int | None:
    """A bid is public once every seller has chosen (AL-115)."""
    step = state["step"]
    if step is not None and step["kind"] == "together" and step["decision"] == "bid":
        return None
    return p["bid"]


def seat_view(state: dict, seat: int) -> dict:
    """A seat's view without the copy, for the bots (read only): they see what the seat sees."""
    return _view(state, seat)
