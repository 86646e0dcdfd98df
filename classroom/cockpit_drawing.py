"""What the teacher's cockpit and projector draw: their parts' HTML from classroom/dashboard.py's
figures, the same for a page's first load (classroom/views.py) and its socket
(classroom/cockpit_socket.py, classroom/consumers.py), which keeps what it drew between drawings
so that an unchanged card, bar or board is not drawn again."""

import json

from django.template.loader import render_to_string
from django.utils import timezone, translation

from classroom import dashboard
from classroom.timeline import drawn_timeline

BAR = "classroom/parts/cockpit_bar.html"
BOARD = "classroom/parts/projector_board.html"
QUEUE = "classroom/parts/cockpit_queue.html"
CARD = "classroom/parts/table_card.html"
TABLES = "classroom/parts/cockpit_tables.html"


def cockpit_parts(lesson, now=None, roster=None, drawn=None, tables=True, queue=True):
    """The cockpit's parts in the active language: {"bar", "queue", "tables"} (HTML), "cards"
    ({table number: card HTML}) with the tables, and "table_cards" (the cards' figures, in table
    order), "games" ({game id: table id}) and "revisions" ({table id: the revision drawn}) for
    the socket. `drawn` ({table id: (card, HTML)}, and the bar), which a socket keeps between
    drawings, spares drawing again a card or the bar that has not changed. A socket leaves out
    what its page has and messages keep up to date: the cards, drawn or patched one by one
    (`tables`), the `queue`."""
    now = now or timezone.now()
    cards = dashboard.table_cards(lesson, now, roster)
    drawn = {} if drawn is None else drawn
    lesson_part = dashboard.cockpit_lesson(lesson)
    parts = {
        "bar": bar_html(lesson, now, cards, drawn),
        "game": render_to_string(lesson_part[0], {"extra": lesson_part[1]}) if lesson_part
        else "",
        "table_cards": cards, "games": {card["game_id"]: card["table_id"] for card in cards},
        "revisions": {card["table_id"]: card["revision"] for card in cards},
    }
    if queue:
        parts["queue"] = queue_html(lesson)
    if tables:
        parts["cards"] = {card["number"]: card_html(card, drawn) for card in cards}
        parts["tables"] = tables_html(lesson, parts["cards"])
    return parts


def bar_html(lesson, now, cards, drawn):
    """The bar; the HTML drawn before when nothing on it changed (its clock drawn to the step,
    so most drawings every few seconds find the same bar)."""
    timeline = drawn_timeline(lesson, now)
    context = {"lesson": lesson, "timeline": timeline, "switches": switches(lesson),
               "cards": cards}
    shows = (translation.get_language(), timeline, lesson.title, lesson.join_code,
             lesson.is_paused, lesson.is_adjourned, lesson.pause_message, lesson.at_play_end,
             [(sw["name"], str(sw["label"]), sw["on"]) for sw in context["switches"]],
             [(c["number"], c["over"], c["pace"]["position"], c["pace"]["warn"]) for c in cards])
    before = drawn.get(BAR)
    if before is None or before[0] != shows:
        drawn[BAR] = before = (shows, render_to_string(BAR, context))
    return before[1]


def tables_html(lesson, cards):
    """Every table's card ({table number: card HTML}) in its place, with the legend."""
    return render_to_string(TABLES, {"legend": lesson.game.card_legend, "cards": [
        {"number": number, "html": cards[number]} for number in sorted(cards)]})


def queue_html(lesson):
    """The requests waiting for the teacher, and the latest decisions."""
    return render_to_string(QUEUE, {"lesson": lesson, **queue_context(lesson)})


def queue_context(lesson):
    return {"queue": dashboard.approval_queue(lesson),
            "decided": dashboard.approvals_decided(lesson),
            "kinds": dashboard.approval_kinds(lesson)}


def switches(lesson):
    """The game's cockpit switches, with whether each is on and the message that flips it."""
    return [{"name": name, "label": label, "on": bool(lesson.game_settings.get(name)),
             "message": json.dumps({"type": "switch", "name": name,
                                    "on": not lesson.game_settings.get(name)})}
            for name, label in lesson.game.cockpit_switches.items()]


def card_html(card, drawn):
    """A table's card; the HTML drawn before when nothing on the card changed (most of the
    drawings every few seconds, which follow the clock, find the same card)."""
    before = drawn.get(card["table_id"])
    if before is not None and before[0] == card:
        return before[1]
    html = render_to_string(CARD, {"card": card})
    drawn[card["table_id"]] = (card, html)
    return html


def card_game_html(card):
    """The game's own part of a table's card (its package's `card_template`), drawn alone."""
    return render_to_string(card["game_template"], {"game": card["game"]})


def board_html(lesson, drawn, now=None, revisions=None):
    """The projector's board (`revisions` as for dashboard.projector_board); the HTML drawn
    before when nothing on it changed. With its clock drawn to the step, a move that changes no
    table's scores, round or stage finds the board as it was, and so do most moves."""
    board = dashboard.projector_board(lesson, now, revisions)
    shows = (translation.get_language(), lesson.title, board)
    before = drawn.get(BOARD)
    if before is None or before[0] != shows:
        drawn[BOARD] = before = (shows, render_to_string(BOARD, {"lesson": lesson, "board": board}))
    return before[1]
