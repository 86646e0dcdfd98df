"""Research Programme's parts of the play page and the teacher's table view.

The shared parts (the map, the seats, the market, the test, the end) are the same for every
viewer of a revision; a seat's own parts (its status, its board, its story panel) follow its view.
The render core (games/rendering.py) caches both; pieces that outlive revisions (a hex, a card, a
seat's board) are cached by what they show.
"""

import json

from django.template.loader import render_to_string

from games.engines.base import PUBLIC
from games.rendering import cached_for_revision, fragment, part, view_of
from games.research_programme import interference, mapview, presentation, story_panel
from games.selectors import game_log

SHARED = {"map-board": "research_programme/parts/map_board.html",
          "play-seats": "research_programme/parts/seats.html",
          "play-market": "research_programme/parts/market.html",
          "play-test": "research_programme/parts/test.html",
          "play-end": "research_programme/parts/end.html"}
INTERFERENCE = "research_programme/parts/interference.html"  # the full game's
OWN = {"play-status": "research_programme/parts/status.html",
       "play-board": "research_programme/parts/board.html",
       "play-story": "research_programme/parts/story.html"}
MARKS = "research_programme/parts/map_marks.html"
SEAT_ROW = "research_programme/parts/seat_row.html"  # a move changes one or two rows only
CARD = "research_programme/parts/card.html"
HEX = "research_programme/parts/hex.html"
BOARD = "research_programme/parts/board_section.html"
BOARD_SHOWS = ("seat", "look", "name", "bot", "resources", "rigour", "hype", "hype_over_rigour",
               "artefact_danger", "reputation", "debt", "vp_in_play", "score", "ep", "insight",
               "next_test_plus", "scheduled", "theories", "tiles_left", "projects", "methods",
               "hand", "hand_size", "records", "bridges_list", "programmes", "full",
               "disruption_count", "disruptions")


def _card_html(cards):
    for card in cards or ():
        card["html"] = fragment(CARD, json.dumps(card, sort_keys=True, default=str), {"c": card})
    return cards


def _hex_html(pieces):
    for piece in pieces["hexes"]:
        piece["html"] = fragment(HEX, piece["key"], {"h": piece})
    return pieces


def shared_parts(snapshot):
    view = view_of(snapshot, PUBLIC)
    names, bots = snapshot.names, snapshot.bots
    rows = game_log(snapshot.game_id, snapshot.version)
    table = presentation.table(view)
    _card_html(table["market"])
    test = {"test": presentation.test_preview(view, names),
            "last_test": presentation.last_test(rows, names)}
    shared = {
        "map-board": render_to_string(SHARED["map-board"],
                                      {"map": _hex_html(presentation.map_pieces(view))}),
        "play-seats": part(SHARED["play-seats"], {"rows": [
            part(SEAT_ROW, {"s": row}) for row in presentation.seats(view, names, bots)]}),
        "play-market": part(SHARED["play-market"], {"table": table}),
        "play-test": part(SHARED["play-test"], test),
        "play-end": part(SHARED["play-end"], {"final": presentation.final_scores(view, names)}),
    }
    if interference.is_full(view):
        shared["play-interference"] = part(INTERFERENCE, {
            "now": interference.now_resolving(view, names, _deadline(snapshot, view)),
            "last": interference.last_resolved(rows, names), "tally": interference.tally(view)})
    return shared


def _deadline(snapshot, view):
    resolving = view.get("interference")
    return snapshot.deadline_of(resolving["target"]) if resolving else None


def own_parts(snapshot, seat, teacher):
    view = view_of(snapshot, seat)
    names, bots = snapshot.names, snapshot.bots
    players = [p for p in view["players"] if teacher or p["seat"] == seat]
    boards = [presentation.seat_board(view, p, names, bots) for p in players]
    for board in boards:
        for cards in ("theories", "projects", "methods", "hand", "disruptions"):
            _card_html(board[cards])
        # Most changes touch one seat: the other boards are the same HTML as before.
        shown = [teacher, *(board.get(name) for name in BOARD_SHOWS)]
        board["html"] = fragment(BOARD, json.dumps(shown, sort_keys=True, default=str),
                                 {"b": board, "teacher": teacher})
    return {
        "play-status": part(OWN["play-status"],
                            {"status": presentation.status(view, seat, names, bots)}),
        "play-board": part(OWN["play-board"], {"boards": [{"html": b["html"]} for b in boards]}),
        "play-story": part(OWN["play-story"], {
            "story": _story_panel(snapshot, view, seat, teacher), "teacher": teacher}),
    }


def choice_parts(snapshot, seat, choice):
    """The map's marks: the hexes the options of the seat's next question stand for."""
    marks = [(mapview.HEXES[mark], message) for mark, message in (choice or {}).get("marks", ())]
    return {"map-marks": part(MARKS, {"marks": marks})}


def _story_panel(snapshot, view, seat, teacher):
    if interference.is_full(view):  # no stories in the full game (FG-15)
        return {"hidden": True}
    rows = {} if not view["stories"] else cached_for_revision(
        snapshot, "stories", lambda: story_panel.story_rows(snapshot.game_id))
    if teacher or seat is None:
        return story_panel.table_panel(view, snapshot.names, rows)
    return story_panel.seat_panel(view, snapshot.state.get("options", {}), seat, snapshot.names,
                                  rows, bot_plays=seat in snapshot.bots)


def page_context(snapshot):
    return {"legend": presentation.legend(), "map_view_box": mapview.VIEW_BOX,
            "full_game": interference.is_full(view_of(snapshot, PUBLIC))}
