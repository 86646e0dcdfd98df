"""Periodic jobs of the teacher's cockpit (settings.PERIODIC_JOBS: the embedded clock, or Celery
beat when scaled out). Thin: they call services, which find what is due in the database."""

from celery import shared_task

from classroom import cockpit, presence, stories


@shared_task
def expire_stories():
    """Stories nobody decided in time end without effect (Story.expires_at)."""
    return stories.stories_expire()


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
