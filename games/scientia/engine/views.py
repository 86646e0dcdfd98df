"""What a viewer sees of a state: everything but the seed, the same for every seat, the teacher
and the projector (SC-58, Part 4 "Hidden information: none")."""

from __future__ import annotations

from .actions import current_seats
from .content import FACES
from .events import events_for
from .scoring import breakdown, outcome, physics_choice
from .state import FULL_TURN, State, field_of
from .tracks import cube_count, last_space, level
from .turns import rotation_preview


def view_for(state: State, viewer) -> dict:
    return {
        "game": state["game"],
        "variant": state["variant"],
        "you": viewer,
        "stage": state["stage"],
        "step": step_view(state),
        "current_seats": current_seats(state),
        "round": state["round"],
        "last_round": state["last_round"],
        "turn": state["turn"],
        "order": list(state["order"]),
        "first_player": state["first_player"],
        "combination": {field: list(faces) for field, faces in state["combination"].items()},
        "stacks": [{"face": s["face"], "field": field_of(s["face"]), "cards": s["cards"],
                    "flasks": s["flasks"]} for s in state["stacks"]],
        "supply": dict(state["supply"]),
        "reserve": dict(state["reserve"]),
        "trigger": None if state["trigger"] is None else dict(state["trigger"]),
        "time_called": state["time_called"],
        "longest_chain": {**state["longest_chain"],
                          "faces": list(state["longest_chain"]["faces"])},
        "chain": chain_view(state),
        "players": [seat_view(p) for p in state["players"]],
        "events": events_for(state["events"], viewer),
        "outcome": outcome(state),
    }


def step_view(state: State) -> dict | None:
    """The decision waiting now; a confirm step carries the rotation's preview."""
    step = state["step"]
    if step is None:
        return None
    shown = {k: (dict(v) if isinstance(v, dict) else v) for k, v in step.items()}
    if step["kind"] == "confirm":
        shown["slots"] = list(step["slots"])
        shown["preview"] = rotation_preview(state, step["seat"], step["slots"])
    return shown


def chain_view(state: State) -> dict | None:
    chain = state["chain"]
    if chain is None:
        return None
    return {"source": chain["source"], "depth": chain["depth"],
            "completed": list(chain["completed"]), "longest": chain["longest"],
            "effects_left": [dict(op) for op in chain["queue"]]}


def card_view(slot: int, card: dict | None) -> dict | None:
    if card is None:
        return None
    return {"slot": slot, "face": card["face"], "field": FACES[card["face"]]["field"],
            "turns": card["turns"], "flasks": card["flasks"],
            "pending": card["turns"] == FULL_TURN}


def seat_view(p: dict) -> dict:
    points = breakdown(p)
    return {
        "seat": p["seat"],
        "name": p["name"],
        "slots": [card_view(i, card) for i, card in enumerate(p["slots"])],
        "tracks": {field: {"cubes": list(track), "level": level(track),
                           "last_space": last_space(len(track))}
                   for field, track in p["tracks"].items()},
        "cubes": cube_count(p),
        "storage": p["storage"],
        "area": list(p["area"]),
        "completions": dict(p["completions"]),
        "longest_chain": p["longest_chain"],
        "first_completion": None if p["first_completion"] is None else dict(
            p["first_completion"]),
        "turns": p["turns"], "takes": p["takes"], "rotates": p["rotates"],
        "slots_gained": [dict(g) for g in p["slots_gained"]],
        "score": sum(points.values()),
        "breakdown": points,
        "physics_fields": physics_choice(p),
    }
