"""The render core: the parts of a table's page, rendered once per process for everyone who sees
the same thing.

A part is the inner HTML of one element of the play page (or the teacher's table view), keyed by
the element's id. The game's package makes its parts (`shared_parts`, `own_parts`,
`choice_parts`); this module keeps them per game (games/render_cache.py), for its newest
revision: parts every viewer shares by language, a seat's own parts by seat and language, so the
tablets of a team and every watcher share the work. The log, the stepper's choices, the
teacher's seat controls and the pause overlay are the platform's own. Only a seat's half-made
choice (its draft) is rendered per socket.
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

from games.choices import choices_context
from games.engines.base import PUBLIC, TEACHER
from games.packages import package
from games.render_cache import drawn, pieces, recent
from games.selectors import game_log
from games.stepper import Draft

LOG = "games/parts/log.html"
LOG_LINE = "games/parts/log_line.html"
ACTIONS = "games/parts/actions.html"
SEAT_CONTROLS = "games/parts/seat_controls.html"
OVERLAY = "games/parts/overlay.html"
LOOK = "games/parts/look.html"
NOT_LOOKED_AT = ("play-actions", "play-status", "play-overlay")  # the teacher's own, always
EARLIER = "play-log-earlier"


def render_parts(snapshot, seat, language, teacher=False):
    """Every part for `seat` (the teacher's view of every seat with `teacher`), as {element id:
    html}, with no choice begun; `render_choices` renders a seat's draft over it."""
    with translation.override(language):
        game = package(snapshot.engine_key)
        parts = dict(drawn.newest(snapshot, ("shared", language),
                                   lambda: game.shared_parts(snapshot)))
        parts.update(drawn.newest(snapshot, ("own", language, seat, teacher),
                                   lambda: _own(game, snapshot, seat, teacher)))
        parts[EARLIER] = _earlier(snapshot, viewer(seat, teacher))
    return parts


def render_choices(snapshot, seat, language, draft, teacher=False):
    """The actions part, and the game's parts that follow it, for a seat's draft (None if the
    draft no longer fits the menu)."""
    with translation.override(language):
        game = package(snapshot.engine_key)
        context = _choices(game, snapshot, seat, draft, teacher)
        if context is None:
            return None
        template = SEAT_CONTROLS if teacher else ACTIONS
        # Without a choice the part is a note or the seats' controls, the same over many
        # revisions and seats: drawn once for what it shows.
        draw = render_to_string if "choice" in context else part
        parts = {"play-actions": draw(template, context)}
        parts.update(game.choice_parts(snapshot, None if teacher else seat,
                                       context.get("choice")))
        return parts


def notes_parts(snapshot, seat, language, data):
    """The parts that show a seat's notes (games/notes.py), for that seat's tablets only."""
    with translation.override(language):
        return package(snapshot.engine_key).notes_parts(snapshot, seat, data)


def look_parts(snapshot, language, looking=None):
    """The teacher's "look at a seat" control on a table's page, and while `looking` at a seat,
    that seat's own parts as its tablet shows them (not its choices): a game whose teacher does
    not see private things (info.teacher_sees_private False) shows them only on this request."""
    game = package(snapshot.engine_key)
    if game.info.teacher_sees_private:
        return {}
    with translation.override(language):
        seats = [{"seat": p["seat"], "name": snapshot.names.get(p["seat"], ""),
                  "message": json.dumps({"type": "look", "seat": p["seat"]}),
                  "current": p["seat"] == looking} for p in snapshot.players]
        parts = {"play-look": render_to_string(LOOK, {
            "seats": seats, "looking": looking, "looking_name": snapshot.names.get(looking, ""),
            "stop_message": json.dumps({"type": "look", "seat": None})})}
    if looking is not None:
        own = render_parts(snapshot, looking, language)
        parts.update({k: v for k, v in own.items() if k not in NOT_LOOKED_AT})
    return parts


def viewer(seat, teacher):
    """Whose view a page shows: the teacher's, or the seat's."""
    return TEACHER if teacher else seat


def cached_for_revision(snapshot, name, make):
    """Something a game's parts read once per revision of a table (not per seat)."""
    return drawn.newest(snapshot, ("named", name), make)


def fragment(template, key, context):
    """A piece (a hex, a card, a seat's board) rendered once per process for what it shows."""
    return pieces.get_or_make((template, translation.get_language(), key),
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


def view_of(snapshot, seat):
    """What `seat` (PUBLIC, TEACHER or a seat) sees of the snapshot's state, per revision. The
    public view serves every viewer and the cockpit; the others only their own viewer."""
    def make():
        return snapshot.engine.view_for(snapshot.state, seat)

    if seat == PUBLIC:
        return drawn.newest(snapshot, ("view", seat), make)
    return _recent(snapshot, ("view", seat), make)


def menu_of(snapshot, seat):
    return _recent(snapshot, ("menu", seat),
                   lambda: snapshot.engine.action_menu(snapshot.state, seat))


def _recent(snapshot, what, make):
    return recent.get_or_make((snapshot.game_id, snapshot.revision, *what), make)


def summary_of(snapshot):
    return drawn.newest(snapshot, ("summary",), lambda: snapshot.engine.summary(snapshot.state))


def _own(game, snapshot, seat, teacher):
    parts = game.own_parts(snapshot, seat, teacher)
    parts["play-log"] = part(LOG, {"log": _this_round(snapshot, viewer(seat, teacher))})
    parts.update(render_choices(snapshot, seat, translation.get_language(), Draft(), teacher)
                 or {})
    return parts


def _choices(game, snapshot, seat, draft, teacher):
    summary = summary_of(snapshot)
    context = {"teacher": teacher, "over": summary["over"]}
    if teacher:
        context["seats"] = _seat_controls(snapshot)
        return context
    if seat in snapshot.bots:
        context["bot_plays"] = True
        return context
    if draft == Draft() and (summary["over"] or seat not in summary["to_act"]):
        return context  # the part is a note: no choice to work out
    view = view_of(snapshot, seat)
    choice = choices_context(game, view, menu_of(snapshot, seat), draft, seat, snapshot.names,
                             snapshot)
    if choice is None:
        return None
    context.update(choice=choice, my_turn=seat in summary["to_act"],
                   deadline=snapshot.deadline_of(seat))
    return context


def _seat_controls(snapshot):
    engine_bots = snapshot.engine.bots
    return [{"seat": p["seat"], "name": snapshot.names.get(p["seat"], ""),
             "students": len(p.get("students", ())), "bot": p.get("bot"),
             "bot_message": json.dumps({"type": "seat_bot", "seat": p["seat"],
                                        "bot": "greedy" if "greedy" in engine_bots else None}),
             "back_message": json.dumps({"type": "seat_bot", "seat": p["seat"], "bot": None})}
            for p in snapshot.players]


# The log -----------------------------------------------------------------------------------------


def _this_round(snapshot, viewer_):
    """The current round's log as the viewer sees it. Drawn again for every viewer at every
    revision, it grows by a move's rows: the lines a viewer was shown are kept with the round,
    and only the rows since are told, so a viewer's work after a move does not grow with the
    round, and no told row's events are kept."""
    this_round = summary_of(snapshot)["round"] or 0
    kept = drawn.of_round(snapshot, this_round)
    key = ("shown", viewer_, _names(snapshot), translation.get_language())
    version, shown = (kept or {}).get(key, (0, []))
    if version > snapshot.version:  # an older revision: drawn whole, the newest kept
        kept, version, shown = None, 0, []
    shown = [(line.round, _line_html(kept, line)) for line in _lines(
        snapshot, viewer_, this_round, current=True, since=version)] + shown
    if kept is not None:
        kept[key] = (snapshot.version, shown)
    return _rounds(shown)


def _earlier(snapshot, viewer_):
    """The log's earlier rounds, drawn once per round and viewer."""
    this_round = summary_of(snapshot)["round"] or 0
    return _kept(drawn.of_round(snapshot, this_round), ("earlier", viewer_, _names(snapshot)),
                 lambda: render_to_string(LOG, {"log": _rounds(
                     (line.round, _line_html(None, line)) for line in _lines(
                         snapshot, viewer_, this_round, current=False))}))


def _lines(snapshot, viewer_, this_round, current, since=0):
    """The log's lines of the current round, or of the earlier ones, newest first, told from
    the rows after `since`."""
    lines = []
    for row in reversed(game_log(snapshot.game_id, snapshot.version)):
        if row.seq <= since:
            break
        events = snapshot.engine.events_for(row.events, viewer_)
        if current and events and all((e.get("round") or 0) < this_round for e in events):
            break
        told = package(snapshot.engine_key).narrate(events, snapshot.names)
        lines.extend(reversed([line for line in told
                               if ((line.round or 0) == this_round) == current]))
    return lines


def _rounds(shown):
    """(round, line's HTML) pairs, newest first, as the log part's rounds. A game without
    rounds has one (0)."""
    rounds = OrderedDict()
    for number, html in shown:
        rounds.setdefault(number, []).append(html)
    return [{"round": number, "lines": lines} for number, lines in rounds.items()]


def _line_html(kept, line):
    """A line drawn once for all seats and revisions (a part's key is then its lines' HTML): kept
    with its round's, or, for an earlier round's line, drawn again once a round for every viewer
    and mostly the same for all, among the process's pieces."""
    if kept is None:
        return fragment(LOG_LINE, line, {"line": line})
    return _kept(kept, ("line", line), lambda: render_to_string(LOG_LINE, {"line": line}))


def _kept(kept, key, make):
    """`make()`, kept in `kept` (a round's store of the active language) unless None."""
    if kept is None:
        return make()
    key = (*key, translation.get_language())
    if key not in kept:
        kept[key] = make()
    return kept[key]


def _names(snapshot):
    return tuple(sorted(snapshot.names.items()))


@lru_cache(maxsize=256)
def overlay_html(language, paused, message, nudge):
    """The pause overlay or the turn's reminder (`play-overlay`), rendered once per process for
    what it shows; empty when there is neither."""
    with translation.override(language):
        return render_to_string(OVERLAY, {
            "paused": paused, "message": message, "nudge": nudge}).strip()
