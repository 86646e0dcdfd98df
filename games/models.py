"""A game played at one table, and the append-only log of every action applied to it.

The log is the truth: (seed, actions) replays the game, and version n is the state after the first
n actions of the log. `snapshot` is the state at `snapshot_version`, written every few actions;
the rows after it bring it to `version` (games.selectors.game_state). Only games/services.py
writes them.
"""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TEXT_MAX_LENGTH = 500  # the longest request text any game allows (its kind may allow less)
REASON_MAX_LENGTH = 140


class Game(models.Model):
    table = models.OneToOneField(
        "classroom.Table", on_delete=models.CASCADE, related_name="game", verbose_name=_("table")
    )
    engine_key = models.CharField(max_length=60)
    variant = models.CharField(max_length=60)
    options = models.JSONField(default=dict)
    # Who plays each seat now: [{"seat": 1, "name": "…", "students": [ids]}, …, {"seat": 4,
    # "name": "…", "students": [], "bot": "random"}]. `bot` is set while a bot plays the seat. The
    # engine's state keeps the names the game started with; pages show these.
    players = models.JSONField(default=list)
    seed = models.BigIntegerField()
    version = models.PositiveIntegerField(default=0)
    # Counts every change of the row (each action, and each change of who plays a seat), so live
    # pages know when to render again even when the version stays.
    revision = models.PositiveIntegerField(default=0)
    snapshot = models.JSONField()
    snapshot_version = models.PositiveIntegerField(default=0)
    # When a bot must act next (games.tasks.play_due_bots); None while no bot seat is to act.
    bot_due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # When the seats now to act began to wait (the turn's start, for the teacher's idle badges),
    # and when a student's seat to act becomes idle and is nudged (classroom.cockpit); None once
    # nudged, or while only bots are to act.
    turn_started_at = models.DateTimeField(null=True, blank=True)
    idle_due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The seats' choices with a time limit now (the engine's `deadlines`), each with when its
    # fallback applies: [{"key", "seat", "due_at": ISO time, "fallback": action}]; and the first
    # of those times, for the timer's sweep (games.tasks.apply_due_deadlines).
    deadlines = models.JSONField(default=list, blank=True)
    deadline_due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self):
        return f"{self.engine_key}/{self.variant} #{self.pk}"

    @property
    def group_name(self):
        return f"table-{self.table_id}"


class GameAction(models.Model):
    class Actor(models.TextChoices):
        CHANCE = "chance", _("chance")
        SEAT = "seat", _("seat")
        BOT = "bot", _("bot")
        TEACHER = "teacher", _("teacher")
        TIMER = "timer", _("timer")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField(help_text="The game's version once this action is applied.")
    action = models.JSONField()
    events = models.JSONField(default=list)
    actor_kind = models.CharField(max_length=10, choices=Actor.choices)
    actor_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The tablet's id for the tap that caused this row: a resend or double tap finds it and
    # changes nothing. Chance rows have none: NULL, not "", so the per-game unique constraint
    # leaves them alone.
    client_action_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    # The seat was asked together with others (a simultaneous step): another seat's action of the
    # same kind since a client's version does not make that client's choice stale.
    together = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_seq_per_game"),
            models.UniqueConstraint(
                fields=["game", "client_action_id"], name="client_action_once_per_game",
                condition=models.Q(client_action_id__isnull=False),
            ),
        ]

    def __str__(self):
        return f"{self.game_id}:{self.seq} {self.action.get('type')}"


class Approval(models.Model):
    """A seat's request that the teacher accepts or rejects (a story, an open answer), kept with
    the game (docs/cockpit.md, "Teacher approvals").

    The engine holds the request's effect; this row holds what the cockpit needs around it: who
    asked, the text, the decision and its reason, and when it expires undecided. `kind` is one of
    the game's approval kinds (its package's `approvals`). Only games/approvals.py writes these.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        ACCEPTED = "accepted", _("accepted")
        REJECTED = "rejected", _("not accepted")
        EXPIRED = "expired", _("expired")

    class DecidedBy(models.TextChoices):
        TEACHER = "teacher", _("teacher")
        TABLE = "table", _("table vote")
        TIMER = "timer", _("timer")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="approvals")
    kind = models.CharField(max_length=30)
    seat = models.PositiveSmallIntegerField()
    student = models.ForeignKey(
        "classroom.Student", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="approvals",
    )
    # The engine's id of the request in the game's state (unique per game).
    request_id = models.CharField(max_length=64)
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.CharField(_("text"), max_length=TEXT_MAX_LENGTH, blank=True)
    flagged_words = models.JSONField(default=list, blank=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    reason = models.CharField(max_length=REASON_MAX_LENGTH, blank=True)
    decided_by = models.CharField(max_length=10, choices=DecidedBy.choices, blank=True)
    requested_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["requested_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["game", "request_id"],
                                               name="approval_request_once_per_game")]

    def __str__(self):
        return f"{self.kind} {self.request_id} ({self.status})"


class SeatNotes(models.Model):
    """A seat's private scratchpad kept with its game (a deduction grid): not game state, so
    writing in it changes no version and no other seat hears of it. Only games/notes.py writes
    these; the game's package says what a note is (`note_update`) and how it looks."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_notes")
    seat = models.PositiveSmallIntegerField()
    data = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat"],
                                               name="notes_once_per_seat")]

    def __str__(self):
        return f"{self.game_id}:{self.seat} notes"
