"""The Celery app. Without a broker (embedded mode) tasks run in the calling process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tutkimus")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_finalize.connect
def schedule_periodic_jobs(sender, **kwargs):
    """Celery beat runs every job of settings.PERIODIC_JOBS; config/clock.py runs them embedded."""
    from django.conf import settings

    for name, (task, seconds) in settings.PERIODIC_JOBS.items():
        sender.add_periodic_task(seconds, sender.signature(task), name=name)
