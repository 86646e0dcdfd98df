"""Choices with a time limit (docs/engine.md, "Deadlines"): when a seat's time is up, its
fallback is applied through the one writer, once per deadline, by the same timer sweep as the
bots and the idle nudges. A paused lesson's deadlines wait: the pause's time is given back."""

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Game, GameAction
from games.services import GameRefusal, game_apply_action

logger = logging.getLogger(__name__)


def games_apply_due_deadlines(now=None):
    """Apply the fallback of every deadline whose time is up, in games of lessons that play and
    are not paused; returns how many were applied."""
    now = now or timezone.now()
    due = Game.objects.filter(deadline_due_at__lte=now, finished_at__isnull=True,
                              table__lesson__status="playing",
                              table__lesson__paused_at__isnull=True)
    applied = 0
    for game_id, deadlines in due.values_list("pk", "deadlines"):
        for deadline in deadlines:
            if datetime.fromisoformat(deadline["due_at"]) > now:
                continue
            applied += _apply(game_id, deadline)
    return applied


def _apply(game_id, deadline):
    """The fallback, once per deadline key (its client action id); a deadline met meanwhile,
    or one the game moved past, changes nothing."""
    try:
        result = game_apply_action(
            game_id, deadline["fallback"], expected_version=None,
            client_action_id=f"deadline:{deadline['key']}"[:64], actor=GameAction.Actor.TIMER)
    except GameRefusal as refusal:  # the engine listed a fallback it refuses: an engine bug
        logger.warning("Deadline %s of game %s refused: %s", deadline["key"], game_id,
                       refusal.code)
        Game.objects.filter(pk=game_id).update(deadline_due_at=None)  # no retry every second
        return 0
    return 0 if result.duplicate else 1


def games_delay_deadlines(games, by):
    """These games were paused for `by`: every running deadline gets that time back."""
    with transaction.atomic():
        for game in games.select_for_update().exclude(deadlines=[]):
            for deadline in game.deadlines:
                deadline["due_at"] = (datetime.fromisoformat(deadline["due_at"]) + by).isoformat()
            game.deadline_due_at = game.deadline_due_at + by if game.deadline_due_at else None
            game.save(update_fields=["deadlines", "deadline_due_at"])
