"""Periodic jobs of live play. Thin: they call services."""

from celery import shared_task

from games import services


@shared_task
def play_due_bots():
    """Every second: bots whose turn came at least a moment ago act (settings.PERIODIC_JOBS)."""
    return services.games_play_due_bots()
