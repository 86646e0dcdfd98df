"""Periodic jobs of the teacher's cockpit (settings.PERIODIC_JOBS: the embedded clock, or Celery
beat when scaled out). Thin: they call services, which find what is due in the database."""

import logging

from celery import shared_task

from classroom import cockpit, debriefing, presence
from debrief import services as debrief

logger = logging.getLogger(__name__)


@shared_task
def follow_lesson_clocks():
    """Play time up (Lesson.play_ends_at): call time or open the debrief; a lesson whose time
    was called moves to the debrief when its last game ends."""
    return cockpit.lessons_follow_clock()


@shared_task
def nudge_idle_seats():
    """A seat that has had its turn for the lesson's idle time is nudged (Game.idle_due_at)."""
    return cockpit.games_nudge_idle()


@shared_task
def sweep_presence():
    """Forget the tablet sockets nobody has heard from for a while (classroom/presence.py)."""
    return presence.presences_sweep()


@shared_task
def purge_expired():
    """The retention job: delete lessons past their delete-after date, and old export files."""
    lessons = debriefing.lessons_purge_expired()
    files = debrief.export_jobs_purge_expired()
    if lessons or files:
        logger.info("Retention: deleted %d lessons and %d export files", lessons, files)
    return {"lessons": lessons, "exports": files}


@shared_task
def purge_signin_records():
    """Sign-in attempts past their cool-off, and failure records past the retention period."""
    from classroom import signin

    return signin.signin_records_purge()
