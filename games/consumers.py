"""What every live socket of a table shares, whatever the game: render on each new revision and
send only the parts that changed; a seat's taps, its half-made choice and its requests.

Thin. A group message says only which version the game reached, and each socket renders its own
seat's parts (games/rendering.py), so no seat's private information reaches another seat's
socket. Taps go to `game_apply_action`, requests to games/approvals.py. Who may use a socket is the
classroom's to say: its sockets (classroom/play_socket.py) subclass these and answer
`still_here()`.
"""

import json
import logging

from games import approvals, labels, notes, rendering, services
from games.approvals import ApprovalError
from games.live import LiveConsumer
from games.models import GameAction
from games.packages import package
from games.selectors import game_snapshot
from games.services import GameRefusal
from games.stepper import (
    Draft,
    chosen_so_far,
    draft_from,
    form_values,
    next_step,
    with_inputs,
)

MAX_ACTION_KEYS = 12
MAX_ACTION_BYTES = 2048
MAX_PICKS = 12
MAX_VALUES = 24

logger = logging.getLogger(__name__)


class TableSocket(LiveConsumer):
    """Render on each new revision, sending only the parts that changed."""

    seat = None
    teacher = False
    game_id = None
    engine_key = None

    notes_seat = None  # the seat whose notes this socket shows (its own; the teacher's look)

    def setup_rendering(self, game_id):
        self.game_id = game_id
        self.draft = Draft()
        self.sent = {}
        self.revision_sent = None
        self.version_sent = None
        self.notes = None

    def show_notes_of(self, seat):
        """Show `seat`'s notes on this socket and follow them (its tablets' group)."""
        self.notes_seat, self.notes = seat, None
        if seat is not None and self.game_id is not None:
            self.join_group(notes.seat_group(self.game_id, seat))

    def notes_parts(self, snapshot):
        if self.notes_seat is None:  # no longer looking: the notes shown are emptied
            return dict.fromkeys(getattr(self, "notes_shown", ()), "")
        if self.notes is None:
            self.notes = notes.seat_notes(self.game_id, self.notes_seat)
        parts = rendering.notes_parts(snapshot, self.notes_seat, self.language, self.notes)
        self.notes_shown = set(parts)
        return parts

    def seat_notes(self, event):
        """A tablet of the seat wrote a note: show the notes again (no other seat hears)."""
        if event.get("game_id") != self.game_id or event.get("seat") != self.notes_seat:
            return
        self.notes = None
        self.send_view(revision=self.revision_sent)

    def handle_sync(self, content):
        """The view was sent on connect: a sync then gets only what changed since, if anything
        (live.js's first message, or a tablet that woke up)."""
        self.send_view(full=self.revision_sent is None, quiet=True)

    def extra_parts(self):
        """Parts that do not follow the game's revision (a student's pause overlay)."""
        return {}

    def game_updated(self, event):
        if event.get("game_id") != self.game_id:
            return
        if self.revision_sent is not None and event["revision"] <= self.revision_sent:
            return
        self.send_view(revision=event["revision"])

    def send_view(self, full=False, revision=None, quiet=False, shown=None):
        """The parts of the current view that this socket has not sent yet (all, when `full`,
        but those of revision `shown`, which the page was rendered with). `quiet`: nothing at
        all when nothing changed (a sync answered already)."""
        snapshot = game_snapshot(self.game_id, revision)
        parts = rendering.render_parts(snapshot, self.seat, self.language, teacher=self.teacher)
        if full:
            self.sent = dict(parts) if shown == snapshot.revision else {}
        if self.draft != Draft():
            choices = rendering.render_choices(snapshot, self.seat, self.language, self.draft,
                                               self.teacher)
            if choices is None:
                self.draft = Draft()
            else:
                parts.update(choices)
        parts.update(self.notes_parts(snapshot))
        parts.update(self.extra_parts())
        changed = {part: html for part, html in parts.items() if self.sent.get(part) != html}
        if quiet and not changed and self.version_sent == snapshot.version:
            return
        self.sent.update(changed)
        self.revision_sent, self.version_sent = snapshot.revision, snapshot.version
        self.send_parts(changed, snapshot.version)


class SeatSocket(TableSocket):
    """A seat's tablet: its taps, its half-made choice, its requests and votes."""

    handlers = {**LiveConsumer.handlers, "pick": "handle_pick", "act": "handle_act",
                "act_inputs": "handle_act_inputs", "check_inputs": "handle_check_inputs",
                "request": "handle_request", "vote": "handle_vote", "inputs": "handle_inputs",
                "note": "handle_note"}

    def join_seat(self, seat):
        """This tablet plays `seat`: it shows that seat's notes."""
        self.seat = seat
        self.show_notes_of(seat)

    def still_here(self):
        """Whether this socket may still act for its seat (the classroom answers). Asked on
        every tap, so it must not cost a query: authorise at connect, and let the messages that
        take a seat away change the answer."""
        raise NotImplementedError

    def request_context(self):
        """{"student_id", "expires_in"} of a request from this tablet (the classroom answers)."""
        raise NotImplementedError

    def acted(self):
        """After an applied tap (the classroom clears the turn's reminder)."""

    def request_types(self):
        """The engine's action types that only requests and votes may send."""
        kinds = package(game_snapshot(self.game_id, self.revision_sent).engine_key).approvals
        return {t for kind in kinds.values() for t in kind.action_types}

    def handle_pick(self, content):
        kind = content.get("kind")
        self.draft = Draft() if kind is None else draft_from(kind, content.get("picks"))
        self.send_view(revision=self.revision_sent)  # a step of a choice: the view shown

    def handle_inputs(self, content):
        """The seat changed a value of a half-made action's inputs (a plan's − or +): the
        choice is drawn again with it, and with what the game says is wrong with it so far."""
        self.draft = draft_from(content.get("kind"), content.get("picks"),
                                _values(content.get("values")))
        self.send_view(revision=self.revision_sent)

    def handle_note(self, content):
        """A note in the seat's own notebook: kept beside the game, told to no other seat."""
        ref = content.get("id")
        if not self.still_here():
            return
        try:
            self.notes = notes.seat_note_write(self.game_id, self.seat, content)
        except notes.NoteRefused as refusal:
            game = package(game_snapshot(self.game_id, self.revision_sent).engine_key)
            self.send_error(refusal.code, labels.error_message(refusal.code, game), ref)
            return
        self.send_ack(ref)
        self.send_view(revision=self.revision_sent)

    def handle_act(self, content):
        if not self.still_here():  # removed or moved since this socket connected
            return
        action = _action_from(content.get("action"), self.seat)
        if action is None or str(action.get("type")) in self.request_types():
            self.send_error("bad_message", labels.error_message("illegal_choice"),
                            content.get("id"))
            return
        self.apply(content, action)

    def handle_act_inputs(self, content):
        """The final step of a choice whose action still needed typed or ticked values."""
        if not self.still_here():
            return
        action = self._action_with_inputs(content)
        if action is None:
            self.send_error("bad_input", labels.error_message("bad_input"), content.get("id"))
            return
        self.apply(content, action)

    def handle_check_inputs(self, content):
        """A form of inputs changed before it was sent: the game's parts that follow it (what
        the choices so far would do, why they would be refused), for this tablet alone and not
        kept as sent (the form's next drawing brings its own)."""
        if not self.still_here():
            return
        snapshot, step = self._inputs_step(content)
        if step is None or not step.inputs:
            return
        try:
            values = chosen_so_far(step.inputs, form_values(step.inputs, content))
        except (ValueError, RecursionError):
            return
        parts = package(snapshot.engine_key).input_parts(snapshot, self.seat, step, values)
        if parts:
            self.send_parts(parts, snapshot.version)

    def _inputs_step(self, content):
        """The game at the revision this tablet shows, and the step its form's picks reach."""
        picks = content.get("picks")
        snapshot = game_snapshot(self.game_id, self.revision_sent)
        if not isinstance(picks, list) or len(picks) > MAX_PICKS:
            return snapshot, None
        game = package(snapshot.engine_key)
        step = next_step(rendering.menu_of(snapshot, self.seat),
                         draft_from(content.get("kind"), picks), choose_kind=True,
                         order=game.stepper_order, hidden=game.stepper_hidden)
        return snapshot, step

    def _action_with_inputs(self, content):
        _snapshot, step = self._inputs_step(content)
        if step is None or step.action is None or not step.inputs:
            return None
        try:
            values = form_values(step.inputs, content)
        except (ValueError, RecursionError):
            return None
        action = with_inputs(step.action, step.inputs, values)
        return None if action is None else {**action, "seat": self.seat}

    def apply(self, content, action):
        ref = content.get("id")
        try:
            result = services.game_apply_action(
                self.game_id, action, expected_version=content.get("version"),
                client_action_id=_client_id(ref), actor=GameAction.Actor.SEAT)
        except GameRefusal as refusal:
            self.send_error(refusal.code, refusal.message, ref)
            self.draft = Draft()
            self.send_view(full=refusal.code == "stale")
            return
        self.draft = Draft()
        self.acted()
        self.send_ack(ref, result.version)

    def handle_request(self, content):
        ref = content.get("id")
        if not self.still_here():
            return
        kind = content.get("kind")
        try:
            approvals.approval_request(
                self.game_id, kind if isinstance(kind, str) else "", self.seat,
                text=content.get("text", ""), request_id=ref, **self.request_context())
        except (ApprovalError, GameRefusal) as refusal:
            self.send_error(refusal.code, refusal.message, ref)
            self.send_view(full=True)
            return
        self.acted()
        self.send_ack(ref)

    def handle_vote(self, content):
        ref = content.get("id")
        if not self.still_here():
            return
        try:
            approvals.approval_vote(self.game_id, self.seat, _int(content.get("approval")),
                                    content.get("accept") is True)
        except (ApprovalError, GameRefusal) as refusal:
            self.send_error(refusal.code, refusal.message, ref)
            return
        self.send_ack(ref)


class TableWatchSocket(TableSocket):
    """The teacher's view of one table: every seat, and who plays each seat."""

    teacher = True
    looking = None  # the seat whose private view the teacher asked to see
    handlers = {**LiveConsumer.handlers, "seat_bot": "handle_seat_bot", "look": "handle_look"}

    def who(self):
        """Who watches, for the log of looks (the classroom answers)."""
        return None

    def extra_parts(self):
        snapshot = game_snapshot(self.game_id, self.revision_sent)
        return rendering.look_parts(snapshot, self.language, self.looking)

    def handle_look(self, content):
        """The teacher asks to see one seat's private view (AL-116, G-31), or stops: logged."""
        seat = content.get("seat")
        snapshot = game_snapshot(self.game_id, self.revision_sent)
        if seat is not None and seat not in snapshot.names:
            self.send_error("not_a_seat", labels.error_message("not_a_seat"), content.get("id"))
            return
        if package(snapshot.engine_key).info.teacher_sees_private:
            seat = None
        logger.info("Teacher %s looks at game %s seat %s", self.who(), self.game_id, seat)
        self.looking = seat
        self.show_notes_of(seat)
        self.send_ack(content.get("id"))
        self.send_view(revision=self.revision_sent)

    def handle_seat_bot(self, content):
        seat, bot = content.get("seat"), content.get("bot")
        try:
            services.game_set_seat_bot(self.game_id, seat if isinstance(seat, int) else None,
                                       bot if isinstance(bot, str) else None)
        except GameRefusal as refusal:
            self.send_error(refusal.code, refusal.message, content.get("id"))
            return
        self.send_ack(content.get("id"))


def _action_from(action, seat):
    """The tapped action as the seat's own, or None when it is not a small plain dict of a
    game's turn (a request goes through its own messages, which keep the lesson's record)."""
    if not isinstance(action, dict) or len(action) > MAX_ACTION_KEYS:
        return None
    if len(json.dumps(action)) > MAX_ACTION_BYTES:
        return None
    if not all(isinstance(key, str) and len(key) <= 20 for key in action):
        return None
    return {**action, "seat": seat}


def _values(values):
    """A half-made action's input values from a client: short names to short plain values."""
    if not isinstance(values, dict) or len(values) > MAX_VALUES:
        return ()
    kept = {key: value for key, value in values.items() if isinstance(key, str) and len(key) <= 40
            and (value is None or isinstance(value, int | str) and len(str(value)) <= 40
                 or isinstance(value, list) and len(value) <= MAX_PICKS)}
    return tuple(sorted((key, json.dumps(value)) for key, value in kept.items()))


def _client_id(ref):
    return ref if isinstance(ref, str) and 0 < len(ref) <= 64 else None


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: Infinity
        return None
