"""Scientia's parts of the play page and the teacher's table view.

Scientia hides nothing (SC-58), so the shared parts (the projects, the supplies, every seat,
the end) and a seat's own parts (its status bar and its board) read the same public view; a
seat's own parts differ only in whose board and whose turn they show. The teacher's board part
shows every seat's board.
"""

from games.engines.base import PUBLIC
from games.rendering import part, summary_of, view_of
from games.scientia import labels, presentation

SHARED = {"sc-projects": "scientia/parts/projects.html",
          "sc-supplies": "scientia/parts/supplies.html",
          "play-seats": "scientia/parts/seats.html",
          "play-end": "scientia/parts/end.html"}
OWN = {"play-status": "scientia/parts/status.html",
       "sc-mine": "scientia/parts/boards.html"}


def stage_label(summary):
    if summary["stage"] == "play" and summary["figures"].get("end_triggered"):
        return labels.FINAL_ROUNDS
    return labels.STAGES.get(summary["stage"], "")


def shared_parts(snapshot):
    view = view_of(snapshot, PUBLIC)
    names = snapshot.names
    return {
        "sc-projects": part(SHARED["sc-projects"], {"fields": presentation.projects(view)}),
        "sc-supplies": part(SHARED["sc-supplies"], {
            "s": presentation.supplies(view, names)}),
        "play-seats": part(SHARED["play-seats"], {
            "seats": presentation.seats(view, names, snapshot.bots)}),
        "play-end": part(SHARED["play-end"], {"end": presentation.end(view, names)}),
    }


def own_parts(snapshot, seat, teacher):
    viewer = None if teacher else seat
    view = view_of(snapshot, viewer)
    summary = summary_of(snapshot)
    status = presentation.status(view, viewer, snapshot.names, snapshot.bots, summary,
                                 stage_label(summary))
    seats = [p["seat"] for p in view["players"]] if teacher else [seat]
    boards = [presentation.board(view, s, snapshot.names, snapshot.bots) for s in seats
              if s is not None]
    return {
        "play-status": part(OWN["play-status"], {"status": status, "teacher": teacher}),
        "sc-mine": part(OWN["sc-mine"], {"boards": boards, "teacher": teacher}),
    }
