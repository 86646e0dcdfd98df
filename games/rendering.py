"""The parts of a table's page, rendered once per process for everyone who sees the same thing.

A part is the inner HTML of one element of the play page (or the teacher's table view), keyed by
the element's id. Parts every viewer shares (the map, the table, the last test, the end scores) are
cached by (game, revision, language); a seat's own parts by (game, revision, seat, language), so
the tablets of a team and every watcher share the work; the log's earlier rounds change only when
a round ends. Only a seat's half-made choice (its draft) is rendered per socket.
"""

import dataclasses
import hashlib
import json
from collections import OrderedDict
from datetime import date, datetime
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import Promise

from games import mapview, narration, presenters, story_panel
from games.selectors import game_log
from games.stepper import Draft

SHARED = {"map-board": "games/parts/map_board.html", "play-seats": "games/parts/seats.html",
          "play-market": "games/parts/market.html",
          "play-test": "games/parts/test.html", "play-end": "games/parts/end.html"}
OWN = {"play-status": "games/parts/status.html", "play-board": "games/parts/board.html",
       "play-log": "games/parts/log.html", "play-story": "games/parts/story.html"}
CHOICES = {"play-actions": "games/parts/actions.html", "map-marks": "games/parts/map_marks.html"}
TEACHER_CHOICES = {"play-actions": "games/parts/seat_controls.html",
                   "map-marks": "games/parts/map_marks.html"}
EARLIER = "play-log-earlier"
LOG_LINE = "games/parts/log_line.html"
SEAT_ROW = "games/parts/seat_row.html"  # a move changes one or two rows: the others are kept
BOARD_SHOWS = ("seat", "look", "name", "bot", "resources", "rigour", "hype", "hype_over_rigour",
               "artefact_danger", "reputation", "debt", "vp_in_play", "score", "ep", "insight",
               "next_test_plus", "scheduled", "theories", "tiles_left", "projects", "methods",
               "hand", "hand_size", "records", "bridges_list", "programmes")
PART_IDS = (*SHARED, *OWN, *CHOICES, EARLIER)
MAX_ENTRIES = 4000
MAX_PIECES = 20000


class _Cache(OrderedDict):
    def __init__(self, limit):
        super().__init__()
        self.limit = limit

    def get_or_make(self, key, make):
        if key in self:
            self.move_to_end(key)
            return self[key]
        return self.remember(key, make())

    def remember(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)
        return value


class _Latest(_Cache):
    """Values of a game's newest revision only. A view or a menu is hundreds of lists and dicts
    that every full garbage collection walks: kept for each revision until the cache's limit, they
    made those collections, which stop every socket of the process, last a tenth of a second."""

    def newest(self, snapshot, what, make):
        key = (snapshot.game_id, *what)
        revision, value = self.get(key, (None, None))
        if revision == snapshot.revision:
            self.move_to_end(key)
            return value
        value = make()
        if revision is None or revision < snapshot.revision:
            self.remember(key, (snapshot.revision, value))
        return value


_cache = _Cache(MAX_ENTRIES)
_latest = _Latest(MAX_ENTRIES)
# Pieces keyed by what they show (hexes, cards, a seat's board) outlive many revisions, so they
# get a cache of their own that the per-revision parts of hundreds of tables do not flush.
_pieces = _Cache(MAX_PIECES)


def forget():
    _cache.clear()
    _latest.clear()
    _pieces.clear()


def render_parts(snapshot, seat, language, teacher=False):
    """Every part for `seat` (None: the teacher, who sees every hand), as {element id: html},
    with no choice begun; `render_choices` renders a seat's draft over it."""
    with translation.override(language):
        key = (snapshot.game_id, snapshot.revision, language)
        parts = dict(_cache.get_or_make(key + ("shared",), lambda: _shared(snapshot)))
        parts.update(_cache.get_or_make(key + (seat, teacher),
                                        lambda: _own(snapshot, seat, teacher)))
        parts[EARLIER] = _earlier(snapshot, seat, language)
    return parts


def render_choices(snapshot, seat, language, draft, teacher=False):
    """The actions part and the map's marks for a seat's draft (None if the draft is stale)."""
    with translation.override(language):
        context = _choices_context(snapshot, seat, draft, teacher)
        if context is None:
            return None
        templates = TEACHER_CHOICES if teacher else CHOICES
        return {part: render_to_string(template, context) for part, template in templates.items()}


def fragment(template, key, context):
    """A piece (a hex, a card, a seat's board) rendered once per process for what it shows."""
    return _pieces.get_or_make((template, translation.get_language(), key),
                               lambda: render_to_string(template, context))


def part(template, context):
    """A part rendered once per process for what it shows: most parts of most seats are the same
    from one revision to the next, and a template costs far more than the key of its context."""
    try:
        shown = json.dumps(context, sort_keys=True, default=_plain)
    except TypeError:  # something without a plain form: render it every time
        return render_to_string(template, context)
    # A digest, not the JSON (a board's is kilobytes): the cache holds thousands of pieces.
    return fragment(template, hashlib.blake2b(shown.encode(), digest_size=16).digest(), context)


def _plain(value):
    if isinstance(value, Promise):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, dataclasses.asdict(value)]
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, range):
        return [value.start, value.stop, value.step]
    raise TypeError(type(value).__name__)


def _card_html(cards):
    for card in cards or ():
        card["html"] = fragment("games/parts/card.html",
                                json.dumps(card, sort_keys=True, default=str), {"c": card})
    return cards


def _hex_html(pieces):
    for piece in pieces["hexes"]:
        piece["html"] = fragment("games/parts/hex.html", piece["key"], {"h": piece})
    return pieces


def view_of(snapshot, seat):
    return _latest.newest(snapshot, (seat, "view"),
                          lambda: snapshot.engine.view_for(snapshot.state, seat))


def menu_of(snapshot, seat):
    return _latest.newest(snapshot, (seat, "menu"),
                          lambda: snapshot.engine.action_menu(snapshot.state, seat))


def _shared(snapshot):
    view = view_of(snapshot, None)
    names, bots = snapshot.names, snapshot.bots
    rows = game_log(snapshot.game_id, snapshot.version)
    table = presenters.table(view)
    _card_html(table["market"])
    test = {"test": presenters.test_preview(view, names),
            "last_test": presenters.last_test(rows, names)}
    return {
        "map-board": render_to_string(SHARED["map-board"],
                                      {"map": _hex_html(presenters.map_pieces(view))}),
        "play-seats": part(SHARED["play-seats"], {"rows": [
            part(SEAT_ROW, {"s": row}) for row in presenters.seats(view, names, bots)]}),
        "play-market": part(SHARED["play-market"], {"table": table}),
        "play-test": part(SHARED["play-test"], test),
        "play-end": part(SHARED["play-end"], {"final": presenters.final_scores(view, names)}),
    }


def _own(snapshot, seat, teacher):
    view = view_of(snapshot, seat)
    names, bots = snapshot.names, snapshot.bots
    players = [p for p in view["players"] if teacher or p["seat"] == seat]
    boards = [presenters.seat_board(view, p, names, bots) for p in players]
    for board in boards:
        for cards in ("theories", "projects", "methods", "hand"):
            _card_html(board[cards])
        # Most changes touch one seat: the other boards are the same HTML as before.
        shown = [teacher, *(board.get(name) for name in BOARD_SHOWS)]
        board["html"] = fragment("games/parts/board_section.html",
                                 json.dumps(shown, sort_keys=True, default=str),
                                 {"b": board, "teacher": teacher})
    parts = {
        "play-status": part(OWN["play-status"],
                            {"status": presenters.status(view, seat, names, bots)}),
        "play-board": part(OWN["play-board"], {"boards": [{"html": b["html"]} for b in boards]}),
        "play-log": part(OWN["play-log"], {"log": _log_rounds(snapshot, seat, current=True)}),
        "play-story": part(OWN["play-story"], {
            "story": _story_panel(snapshot, view, seat, teacher), "teacher": teacher}),
    }
    parts.update(render_choices(snapshot, seat, translation.get_language(), Draft(), teacher)
                 or {})
    return parts


def _story_panel(snapshot, view, seat, teacher):
    rows = {} if not view["stories"] else _cache.get_or_make(
        (snapshot.game_id, snapshot.revision, "stories"),
        lambda: story_panel.story_rows(snapshot.game_id))
    if teacher or seat is None:
        return story_panel.table_panel(view, snapshot.names, rows)
    return story_panel.seat_panel(view, snapshot.state.get("options", {}), seat, snapshot.names,
                                  rows, bot_plays=seat in snapshot.bots)


def _choices_context(snapshot, seat, draft, teacher):
    view = view_of(snapshot, seat)
    context = {"teacher": teacher, "over": view["phase"] == "over", "draft": draft,
               "version": snapshot.version}
    if teacher:
        context["seats"] = _seat_controls(snapshot, view)
        return context
    if seat in snapshot.bots:
        context["bot_plays"] = True
        return context
    menu = menu_of(snapshot, seat)
    choice = presenters.choices(view, menu, draft, seat, snapshot.names)
    if choice is None:
        return None
    marks = _attach_messages(choice)
    context.update(choice=choice, my_turn=seat in view["current_seats"], marks=marks,
                   step_kind=(view["step"] or {}).get("kind"))
    return context


def _attach_messages(choice):
    """The JSON each button sends: a pick that goes one step further, or the action itself;
    and the hexes the map marks for options that stand for a hex."""
    step = choice["step"]
    picks = [list(p) for p in step.picks]
    if step.kind is None:
        for kind in choice["kinds"]:
            kind["message"] = json.dumps({"type": "pick", "kind": kind["kind"], "picks": []})
        return []
    for shown in choice["options"]:
        option = shown["option"]
        shown["message"] = json.dumps(
            {"type": "act", "action": option.action} if option.action is not None else
            {"type": "pick", "kind": step.kind, "picks": picks + [[step.param, option.value]]})
    choice["act_message"] = json.dumps({"type": "act", "action": step.action}) \
        if step.action else None
    choice["back_message"] = json.dumps(
        {"type": "pick", "kind": step.kind if step.picks else None, "picks": picks[:-1]})
    return [(mapview.HEXES[o["hex"]], o["message"]) for o in choice["options"] if o["hex"]]


def _seat_controls(snapshot, view):
    engine_bots = snapshot.engine.bots
    return [{"seat": p["seat"], "name": snapshot.names.get(p["seat"], ""),
             "students": len(p.get("students", ())), "bot": p.get("bot"),
             "bot_message": json.dumps({"type": "seat_bot", "seat": p["seat"],
                                        "bot": "greedy" if "greedy" in engine_bots else None}),
             "back_message": json.dumps({"type": "seat_bot", "seat": p["seat"], "bot": None})}
            for p in snapshot.players]


# The log -----------------------------------------------------------------------------------------


def _log_rounds(snapshot, seat, current):
    """The log's rounds, newest first: the current round only, or every earlier one."""
    view = view_of(snapshot, seat)
    this_round = view["round"]
    lines = []
    names = tuple(sorted(snapshot.names.items()))
    for row in reversed(game_log(snapshot.game_id, snapshot.version)):
        events, told = _told(snapshot, row, seat, names)
        if current and events and all(e.get("round", 0) < this_round for e in events):
            break
        lines.extend(reversed([line for line in told
                               if (line.round == this_round) == current]))
    rounds = OrderedDict()
    for line in lines:
        # A line is drawn once for all seats and revisions: a part's key is then its lines' HTML.
        rounds.setdefault(line.round, []).append(fragment(LOG_LINE, line, {"line": line}))
    return [{"round": number, "lines": round_lines} for number, round_lines in rounds.items()]


def _told(snapshot, row, seat, names):
    """A log row as `seat` sees it and its lines, told once per process (rows never change)."""
    key = ("told", snapshot.game_id, row.seq, seat, translation.get_language(), names)

    def tell():
        events = snapshot.engine.events_for(row.events, seat)
        return events, narration.tell(events, snapshot.names)

    return _pieces.get_or_make(key, tell)


def _earlier(snapshot, seat, language):
    view = view_of(snapshot, seat)
    names = tuple(sorted(snapshot.names.items()))
    key = (snapshot.game_id, "earlier", view["round"], seat, language, names)
    return _cache.get_or_make(key, lambda: render_to_string(
        "games/parts/log.html", {"log": _log_rounds(snapshot, seat, current=False)}))


@lru_cache(maxsize=256)
def overlay_html(language, paused, message, nudge):
    """The pause overlay or the turn's reminder (`play-overlay`), rendered once per process for
    what it shows; empty when there is neither."""
    with translation.override(language):
        return render_to_string("games/parts/overlay.html", {
            "paused": paused, "message": message, "nudge": nudge}).strip()
