"""Periodic jobs of live play. Thin: they call services."""

from celery import shared_task

from games import approvals, deadlines, services


@shared_task
def play_due_bots():
    """Every second: bots whose turn came at least a moment ago act (settings.PERIODIC_JOBS)."""
    return services.games_play_due_bots()


@shared_task
def expire_approvals():
    """Requests nobody decided in time end without effect (Approval.expires_at)."""
    return approvals.approvals_expire()


@shared_task
def apply_due_deadlines():
    """Every second: a seat whose time for a choice is up gets its fallback (Game.deadlines)."""
    return deadlines.games_apply_due_deadlines()
