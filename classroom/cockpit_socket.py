"""The teacher's cockpit on the lesson page's socket (`/ws/lessons/<id>/`) while the lesson plays.

Thin, like every consumer: it calls classroom/cockpit.py and games/approvals.py for the
controls, and classroom/cockpit_drawing.py for what it draws. Parts:

* `cockpit-bar`: the timeline, the lesson's controls and the game's switches;
* `cockpit-queue`: the requests waiting for the teacher (A and R decide the oldest);
* `cockpit-game`: what the game shows about the whole class (its package's `cockpit_lesson`),
  drawn with the refresh every few seconds;
* `cockpit-tables`: every table's card; `table-card-<n>`: one card, drawn again when what a move
  seldom changes changed (classroom/card_patch.py); a move's figures (round, scores, whose turn)
  go as a `patch` message, and a game's own part of the card (`card-<table id>-game`) alone. A
  card is brought up to date at most about three times a second; changes that come faster wait
  for the page's next `tick` (every second while the page is visible), which also redraws, every
  few seconds, what moves with the clock alone (pace, idle badges, the timeline) without reading
  the roster or the queue again, which messages keep up to date. Only what changed is sent.
"""

import time

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classroom import card_patch, cockpit, dashboard
from classroom import cockpit_drawing as drawing
from classroom.models import Lesson
from classroom.services import ClassroomError
from classroom.timeline import lesson_timeline
from games import approvals
from games import services as games
from games.approvals import ApprovalError
from games.models import Approval, Game
from games.selectors import game_snapshot
from games.services import GameRefusal

CARD_SECONDS = 0.3
REFRESH_SECONDS = 5.0
# The refresh reads the lesson, the roster and the queue, which messages keep up to date, this
# seldom: a safety net, not the way a change reaches the page.
RECHECK_SECONDS = 30.0
NEVER = float("-inf")  # not 0.0: the monotonic clock may start near zero, as on a fresh box

HANDLERS = {
    "tick": "handle_tick", "pause": "handle_pause", "resume": "handle_resume",
    "adjourn": "handle_adjourn",
    "extend": "handle_extend", "call_time": "handle_call_time",
    "approve": "handle_approve", "reject": "handle_reject",
    "nudge": "handle_nudge", "seat_bot": "handle_seat_bot", "switch": "handle_switch",
}


class CockpitMixin:
    """For TeacherLessonConsumer: draws the cockpit while the lesson plays."""

    settled_on_loop = {"tick": "nothing_due", "game.updated": "update_waits"}

    def cockpit_setup(self):
        self.cockpit_sent = {}
        self.layout = None
        self.card_drawn_at = {}
        self.dirty_tables = set()
        self.refreshed_at = NEVER
        self.checked_at = NEVER  # when the roster and the queue were last read whole
        self.game_tables = {}
        self.revisions = {}  # table id -> the newest revision of its game heard of
        self.cards_drawn = {}
        self.cards_shown = {}  # table id -> card_patch.Shown: what the page shows of its card
        self.roster = None
        self.stale_rosters = set()  # tables whose students, presence or requests changed

    @property
    def playing(self):
        return self.lesson.status == Lesson.Status.PLAYING

    # Drawing -------------------------------------------------------------------------------------

    def send_cockpit(self, full=False, fresh=True):
        """Every part of the cockpit that changed (all of them when `full`). Unless `fresh`, the
        roster and the queue are not read again: messages keep them up to date."""
        if not self.playing:
            return
        whole = fresh or self.roster is None
        # Many tables changed together (a class's tablets connecting): one read, not one a table.
        if whole or len(self.stale_rosters) > 1:
            self.roster, self.stale_rosters = dashboard.lesson_roster(self.lesson), set()
        if whole:
            self.checked_at = time.monotonic()
        for table_id in list(self.stale_rosters):
            self.read_roster(table_id)
        with translation.override(self.language):
            drawn = drawing.cockpit_parts(self.lesson, roster=self.roster, drawn=self.cards_drawn,
                                          tables=False, queue=fresh)
            parts = {"cockpit-bar": drawn["bar"], "cockpit-game": drawn["game"]}
            if fresh:
                parts["cockpit-queue"] = drawn["queue"]
            cards, layout = drawn["table_cards"], tuple(c["number"] for c in drawn["table_cards"])
            card_parts, patch = {}, {}
            if full or layout != self.layout:
                card_parts["cockpit-tables"] = self.all_cards_html(cards)
                self.layout = layout
            else:
                for card in cards:
                    self.card_changes(card, card_parts, patch)
        self.game_tables = drawn["games"]
        for table_id, revision in drawn["revisions"].items():
            self.revisions[table_id] = max(revision, self.revisions.get(table_id, 0))
        self.dirty_tables.clear()
        self.refreshed_at = time.monotonic()
        self.send_changed(parts, full, card_parts)
        if patch:
            self.send_patch(patch, self.lesson.version)

    def all_cards_html(self, cards):
        self.cards_shown = {card["table_id"]: card_patch.shown(card) for card in cards}
        return drawing.tables_html(self.lesson, {card["number"]: drawing.card_html(
            card, self.cards_drawn) for card in cards})

    def card_changes(self, card, parts, patch):
        """Put in `parts` what the page must draw again to show `card` (the card, or its game's
        part) and in `patch` the figures it must set; nothing if the page shows it already."""
        before = self.cards_shown.get(card["table_id"])
        if before is not None and before.card == card:
            return  # most cards at a refresh: comparing is cheaper than splitting
        now = card_patch.shown(card)
        self.cards_shown[card["table_id"]] = now
        if before is None or before.frame != now.frame:
            parts[f"table-card-{card['number']}"] = drawing.card_html(card, self.cards_drawn)
            return
        if before.card["game"] != card["game"]:
            parts[f"card-{card['table_id']}-game"] = drawing.card_game_html(card)
        for kind, changed in card_patch.changes(before.figures, now.figures).items():
            patch.setdefault(kind, {}).update(changed)

    def send_changed(self, parts, full=False, cards=None):
        """The `parts` whose HTML changed (all when `full`), with the `cards` drawn, which go
        always: what the page shows of a card is kept in `cards_shown`."""
        changed = {k: v for k, v in parts.items() if full or self.cockpit_sent.get(k) != v}
        self.cockpit_sent.update(changed)
        changed.update(cards or {})
        if changed:
            self.send_parts(changed, self.lesson.version)

    def send_card(self, table_id):
        game_id = next((g for g, t in self.game_tables.items() if t == table_id), None)
        if game_id is None:
            return
        if self.roster is None or table_id in self.stale_rosters:
            self.read_roster(table_id)
        snapshot = game_snapshot(game_id, self.revisions.get(table_id))
        parts, patch = {}, {}
        with translation.override(self.language):
            card = dashboard.table_card(self.lesson, snapshot, snapshot,
                                        lesson_timeline(self.lesson), self.roster)
            self.card_changes(card, parts, patch)
        self.dirty_tables.discard(table_id)
        self.card_drawn_at[table_id] = time.monotonic()
        if parts:
            self.send_parts(parts, self.lesson.version)
        if patch:
            self.send_patch(patch, self.lesson.version)

    def read_roster(self, table_id):
        table = dashboard.lesson_roster(self.lesson, table_id)
        self.roster = table if self.roster is None else self.roster.with_table(table, table_id)
        self.stale_rosters.discard(table_id)

    def send_queue(self):
        with translation.override(self.language):
            self.send_changed({"cockpit-queue": drawing.queue_html(self.lesson)})

    def mark_table(self, table_id):
        """Draw the table's card now, or at the next tick if it was drawn a moment ago."""
        if table_id is None:
            return
        if time.monotonic() - self.card_drawn_at.get(table_id, NEVER) >= CARD_SECONDS:
            self.send_card(table_id)
        else:
            self.dirty_tables.add(table_id)

    # Group messages --------------------------------------------------------------------------

    def game_updated(self, event):
        if not self.playing:
            return
        table_id = self.game_tables.get(event.get("game_id"))
        if table_id is None:  # a table started since the last full drawing
            self.lesson.refresh_from_db()
            self.send_cockpit()
            return
        self.heard(table_id, event)
        self.mark_table(table_id)

    def update_waits(self, event):
        """A change to a card drawn a moment ago waits for the next tick (asked on the event
        loop: most changes of a busy table come so)."""
        if not self.playing:
            return True
        table_id = self.game_tables.get(event.get("game_id"))
        if table_id is None or time.monotonic() - self.card_drawn_at.get(table_id, NEVER) >= \
                CARD_SECONDS:
            return False
        self.heard(table_id, event)
        self.dirty_tables.add(table_id)
        return True

    def heard(self, table_id, event):
        self.revisions[table_id] = max(event.get("revision", 0), self.revisions.get(table_id, 0))

    def cockpit_changed(self, event):
        if not self.playing:
            return
        if event.get("what") == "approvals":
            self.send_queue()
        if event.get("table_id") is not None:
            self.stale_rosters.add(event["table_id"])
        self.mark_table(event.get("table_id"))

    def nothing_due(self, content):
        """Whether a tick finds nothing to draw (asked on the event loop)."""
        return not self.playing or not self.dirty_tables and \
            time.monotonic() - self.refreshed_at < REFRESH_SECONDS

    def handle_tick(self, content):
        if not self.playing:
            return
        if time.monotonic() - self.refreshed_at >= REFRESH_SECONDS:
            fresh = time.monotonic() - self.checked_at >= RECHECK_SECONDS
            if fresh:
                self.lesson.refresh_from_db()
            self.send_cockpit(fresh=fresh)
            return
        for table_id in list(self.dirty_tables):
            self.send_card(table_id)

    # Controls --------------------------------------------------------------------------------

    def cockpit_act(self, content, change, *args):
        try:
            change(*args)
        except (ClassroomError, ApprovalError, GameRefusal) as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
            self.send_cockpit()
            return
        self.lesson.refresh_from_db()
        self.send_ack(content.get("id"))
        self.send_cockpit()

    def handle_pause(self, content):
        self.cockpit_act(content, cockpit.lesson_pause, self.lesson, content.get("message", ""))

    def handle_adjourn(self, content):
        self.cockpit_act(content, cockpit.lesson_adjourn, self.lesson)

    def handle_resume(self, content):
        self.cockpit_act(content, cockpit.lesson_resume, self.lesson)

    def handle_extend(self, content):
        self.cockpit_act(content, cockpit.lesson_extend_play, self.lesson,
                         _int(content.get("minutes")))

    def handle_call_time(self, content):
        self.cockpit_act(content, cockpit.lesson_call_time, self.lesson)

    def lesson_approvals(self):
        return Approval.objects.filter(game__table__lesson=self.lesson)

    def handle_approve(self, content):
        self.cockpit_act(content, approvals.approval_decide, self.lesson_approvals(),
                         _int(content.get("approval")), True)

    def handle_reject(self, content):
        self.cockpit_act(content, approvals.approval_decide, self.lesson_approvals(),
                         _int(content.get("approval")), False, content.get("reason", ""))

    def handle_nudge(self, content):
        try:
            seats = cockpit.seat_nudge(self.lesson, _int(content.get("table")),
                                       _int(content.get("seat")))
        except ClassroomError as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
            return
        self.send_ack(content.get("id"))
        if seats:
            message = ngettext("Reminder sent to seat %(seats)s.",
                               "Reminder sent to seats %(seats)s.", len(seats))
            self.send_json({"type": "notice",
                            "message": message % {"seats": ", ".join(map(str, seats))}})
        else:
            self.send_error("nobody_to_nudge", _("Nobody there is waiting for a student now."),
                            content.get("id"))

    def handle_switch(self, content):
        name = content.get("name")
        self.cockpit_act(content, cockpit.lesson_set_game_switch, self.lesson,
                         name if isinstance(name, str) else "", content.get("on") is True)

    def handle_seat_bot(self, content):
        game = Game.objects.filter(table__lesson=self.lesson,
                                   table__number=_int(content.get("table"))).first()
        bot = content.get("bot")
        self.cockpit_act(content, games.game_set_seat_bot, game.pk if game else None,
                         _int(content.get("seat")), bot if isinstance(bot, str) else None)


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
