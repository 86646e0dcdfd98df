"""Alchemists' parts of the play page and the teacher's table view.

Shared parts (the theory board, the round, the seats, the Great Truth) come from the projector's
view, so they hold public information only; a seat's own parts (its status, its hand and seals,
its results) come from that seat's view. The teacher's own parts show no seat's private things
(teacher_sees_private is False, G-31): the platform's "look at a seat" shows one on request. The
notebook is not game state: the platform keeps it per seat (`notes_parts`).
"""

from django.template.loader import render_to_string

from games.alchemists import labels, presentation
from games.engines.base import PUBLIC
from games.rendering import part, summary_of, view_of

SHARED = {"al-board": "alchemists/parts/board.html",
          "al-round": "alchemists/parts/round.html",
          "play-seats": "alchemists/parts/seats.html",
          "play-end": "alchemists/parts/end.html"}
OWN = {"play-status": "alchemists/parts/status.html",
       "al-hand": "alchemists/parts/hand.html",
       "al-results": "alchemists/parts/results.html"}
NOTEBOOK = "alchemists/parts/notebook.html"


def shared_parts(snapshot):
    view = view_of(snapshot, PUBLIC)
    names = snapshot.names
    return {
        "al-board": part(SHARED["al-board"], {"board": presentation.board(view, names)}),
        "al-round": part(SHARED["al-round"], {"r": presentation.round_panel(view, names)}),
        "play-seats": part(SHARED["play-seats"], {
            "seats": presentation.seats(view, names, snapshot.bots)}),
        "play-end": part(SHARED["play-end"], {
            "truth": presentation.great_truth(view, names)}),
    }


def own_parts(snapshot, seat, teacher):
    view = view_of(snapshot, None if teacher else seat)
    summary = summary_of(snapshot)
    stage = labels.STAGES.get(summary["stage"], "")
    status = presentation.status(view, None if teacher else seat, snapshot.names,
                                 snapshot.bots, summary, stage)
    mine = not teacher and seat is not None
    return {
        "play-status": part(OWN["play-status"], {"status": status, "teacher": teacher}),
        "al-hand": part(OWN["al-hand"], {"hand": presentation.hand(view, seat) if mine
                                         else None, "teacher": teacher}),
        "al-results": part(OWN["al-results"], {
            "results": presentation.results(view, seat, snapshot.names) if mine else None}),
    }


def notes_parts(snapshot, seat, grid):
    view = view_of(snapshot, seat)
    return {"al-notebook": render_to_string(NOTEBOOK, {
        "notebook": presentation.notebook(grid or {}, view, seat)})}
