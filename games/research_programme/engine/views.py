"""What a seat, the teacher or the public may see of a state: `view_for`.

A seat sees its own hands and everything public; never another seat's hand or Disruption cards,
another seat's unrevealed funding choice, or the contents of any deck. The teacher (seat None)
also sees every hand; the public ("public") nothing private. Nobody sees which hidden hex holds
which marker (server-only, G-25). Field by field, the view is documented in docs/engine.md and
docs/games/research_programme.md.
"""

from __future__ import annotations

from . import board
from .actions import current_seats
from .content import CARDS
from .events import events_for
from .rules import preview, scoring, stories
from .state import player, uses

STEP_FIELDS = {
    # the public fields of each step kind (a chance step never shows its outcomes)
    "chance": ("chance", "seat", "deck", "hex", "region", "need", "how", "card", "context",
               "synthesis"),
    "event": ("card",),
    "reveal": ("region", "options"),
    "exploration": ("hex", "marker", "options"),
    "overflow": ("chain", "options"),
}


def view_for(state: dict, seat: int | str | None) -> dict:
    view = school_view(state, seat)
    if uses(state, "disruption_cards"):
        view.update(interference=None if state["interference"] is None
                    else dict(state["interference"]),
                    tally=dict(state["tally"]), revealed=dict(state["revealed"]),
                    synthesis_winner=state["synthesis_winner"])
    return view


def school_view(state: dict, seat: int | str | None) -> dict:
    return {
        "game": state["game"],
        "variant": state["variant"],
        "you": seat,
        "round": state["round"],
        "rounds": state["rounds"],
        "phase": state["phase"],
        "step": step_view(state),
        "current_seats": current_seats(state),
        "start_player": state["start_player"],
        "order": list(state["order"]),
        "replication_counter": state["replication_counter"],
        "replication_target": state["replication_target"],
        "noise_supply": state["noise_supply"],
        "next_event": state["next_event"],
        "event": state["event"],
        "market": list(state["market"]),
        "decks": {deck: len(cards) for deck, cards in state["decks"].items()},
        "discards": {deck: len(cards) for deck, cards in state["discards"].items()},
        "players": [player_view(state, p, seat) for p in state["players"]],
        "hexes": [hex_view(state, hex_id) for hex_id in board.HEX_IDS],
        "border_markers": [
            {"edge": edge, "hexes": edge.split("|"), "seat": owner}
            for edge, owner in state["border_markers"].items()
        ],
        "gone_theories": [
            {"id": theory, "region": CARDS[theory]["region"], "owner": gone["owner"],
             "how": gone["how"], "round": gone["round"], "consensus": gone["consensus"]}
            for theory, gone in state["gone"].items()
        ],
        "resolved_anomalies": [dict(a) for a in state["resolved_anomalies"]],
        "stories": [
            {k: (dict(v) if isinstance(v, dict) else v) for k, v in story.items()}
            for story in state["stories"].values()
        ],
        "time_called": state["time_called"],
        "events": events_for(state["events"], seat),
        "outcome": scoring.outcome(state),
    }


def step_view(state: dict) -> dict | None:
    """The step without anything secret: a draw shows its deck, never the cards left in it."""
    step = state["step"]
    if step is None:
        return None
    shown = {"kind": step["kind"], "seats": list(step.get("seats", ()))}
    shown.update({k: step[k] for k in STEP_FIELDS.get(step["kind"], ()) if k in step})
    if step["kind"] == "chance" and "test" in step:
        shown["test"] = dict(step["test"])
    elif step["kind"] == "test":
        shown["test"] = preview.preview(state, step["seats"][0])
    return shown


def player_view(state: dict, p: dict, viewer: int | str | None) -> dict:
    sees_private = viewer is None or viewer == p["seat"]
    view = {
        "seat": p["seat"],
        "name": p["name"],
        "resources": dict(p["resources"]),
        "rigour": p["rigour"],
        "hype": p["hype"],
        "reputation": p["reputation"],
        "debt": p["debt"],
        "vp": p["vp"],
        "vp_sources": dict(p["vp_sources"]),
        "score": scoring.final_vp(state, p["seat"]),
        "ep": p["ep"],
        "insight": p["insight"],
        "next_test_plus": p["next_test_plus"],
        "hand_size": len(p["hand"]),
        "methods": list(p["methods"]),
        "theories": [theory_view(state, t) for t in p["theories"]],
        "projects": [
            {"card": pr["card"], "hex": pr["hex"], "region": CARDS[pr["card"]]["region"],
             "displaced": pr["displaced"], "adjacency_bonus": pr["adjacency_bonus"]}
            for pr in p["projects"]
        ],
        "tiles_left": p["tiles_left"],
        "records": [dict(r) for r in p["records"]],
        "bridges": list(p["bridges"]),
        "programmes": list(p["programmes"]),
        "actions_taken": list(p["actions_taken"]),
        "passed": p["passed"],
        "scheduled": None if p["scheduled"] is None else dict(p["scheduled"]),
        "replications": p["replications"],
        "effects": list(p["effects"]),
        "funding_chosen": p["funding"] is not None,
        "may_tell_story": stories.request_blocker(state, p["seat"]) is None,
    }
    if "disruptions" in p:
        view.update(disruption_count=len(p["disruptions"]), hype_from_cards=p["hype_from_cards"],
                    silenced_nulls=p["silenced_nulls"])
    if sees_private:
        view["hand"] = list(p["hand"])
        view["funding"] = None if p["funding"] is None else dict(p["funding"])
        if "disruptions" in p:
            view["disruptions"] = list(p["disruptions"])
    return view


def theory_view(state: dict, theory_id: str) -> dict:
    theory = state["theories"][theory_id]
    hits = theory["hits"]
    shown = {
        "id": theory_id,
        "region": CARDS[theory_id]["region"],
        "owner": theory["owner"],
        "consensus": theory["consensus"],
        "hits": [dict(h) for h in hits],
        "projects_hit": len({h["project"] for h in hits}),
    }
    if "kv_taken" in theory:
        shown["kv_taken"] = theory["kv_taken"]  # what peer review or a replication restores
    return shown


def hex_view(state: dict, hex_id: str) -> dict:
    cell = state["hexes"][hex_id]
    static = board.HEXES[hex_id]
    shown = {
        "id": hex_id,
        "q": static["q"],
        "r": static["r"],
        "region": static["region"],
        "ring": static["ring"],
        "bonus": None if static["bonus"] is None else dict(static["bonus"]),
        "tile_owner": cell["owner"],
        "tile_card": cell["card"],
        "noise": cell["noise"],
        "anomaly": cell["anomaly"],
        "neutral": cell["neutral"],
        "wormholes": list(cell["wormholes"]),
    }
    if "hidden" in cell:  # the full game: known or hidden, and a revealed marker (FG-02)
        shown["hidden"] = cell["hidden"]
        shown["revealed"] = state["revealed"].get(hex_id)
    return shown


def seat_hand(state: dict, seat: int) -> list[str]:
    return list(player(state, seat)["hand"])
