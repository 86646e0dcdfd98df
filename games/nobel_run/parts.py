"""Nobel Run's parts of the play page and the teacher's table view.

Shared parts (the race to the goal, the active turn, the market, who targeted whom, the end)
come from the PUBLIC view; a seat's own parts (its status, its hand and deck, its CV) from its
own view; the teacher's from the TEACHER view, which in this game holds no hand. The render
core (games/rendering.py) caches both per revision.
"""

from games.engines.base import PUBLIC, TEACHER
from games.nobel_run import plan_form, presentation
from games.rendering import part, view_of

SHARED = {"nr-race": "nobel_run/parts/race.html",
          "nr-turn": "nobel_run/parts/turn.html",
          "nr-market": "nobel_run/parts/market.html",
          "nr-targeting": "nobel_run/parts/targeting.html",
          "play-end": "nobel_run/parts/end.html"}
OWN = {"play-status": "nobel_run/parts/status.html",
       "nr-me": "nobel_run/parts/me.html"}


def shared_parts(snapshot):
    view = view_of(snapshot, PUBLIC)
    names, bots = snapshot.names, snapshot.bots
    return {
        "nr-race": part(SHARED["nr-race"], {"race": presentation.race(view, names, bots)}),
        "nr-turn": part(SHARED["nr-turn"], {"turn": presentation.turn(view, names)}),
        "nr-market": part(SHARED["nr-market"], {"market": presentation.market(view)}),
        "nr-targeting": part(SHARED["nr-targeting"],
                             {"targeting": presentation.targeting(view, names)}),
        "play-end": part(SHARED["play-end"], {"final": presentation.final(view, names)}),
    }


def own_parts(snapshot, seat, teacher):
    """A seat's status, hand, deck and CV; for the teacher every seat's public board."""
    viewer = TEACHER if teacher else seat
    view = view_of(snapshot, viewer)
    names, bots = snapshot.names, snapshot.bots
    players = view["players"] if teacher else [view["players"][seat - 1]]
    me = {"own": None if teacher else _own(view, seat), "seat": seat,
          "boards": [presentation.board(view, p, names, bots) for p in players]}
    return {
        "play-status": part(OWN["play-status"], {
            "status": presentation.status(view, None if teacher else seat, names, bots)}),
        "nr-me": part(OWN["nr-me"], me),
    }


def _own(view, seat):
    own = presentation.own(view, seat)
    own["planning"] = presentation.to_act(view) == seat and view["step"]["kind"] == "plan"
    own["deck_size"] = view["players"][seat - 1]["deck_size"]
    return own


def input_parts(snapshot, seat, step, values):
    """The live check of the plan a seat is filling in (its tablet only)."""
    if step.kind != "plan":
        return {}
    return plan_form.check_parts(snapshot, seat, step, values, view_of(snapshot, seat))
