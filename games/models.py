"""A game played at one table, and the append-only log of every action applied to it.

`state` is a snapshot for fast reads; the log is the truth: (seed, actions) replays the game, and
version n is the state after the first n actions of the log.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    table = models.OneToOneField(
        "classroom.Table", on_delete=models.CASCADE, related_name="game", verbose_name=_("table")
    )
    engine_key = models.CharField(max_length=60)
    variant = models.CharField(max_length=60)
    options = models.JSONField(default=dict)
    # [{"seat": 1, "name": "…"}, …, {"seat": 4, "name": "…", "bot": "random"}] as given to new_game
    players = models.JSONField(default=list)
    seed = models.BigIntegerField()
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField()
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
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="action_seq_per_game")]

    def __str__(self):
        return f"{self.game_id}:{self.seq} {self.action.get('type')}"
