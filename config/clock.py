"""The embedded clock: runs settings.PERIODIC_JOBS inside the ASGI process when there is no broker.

In the scaled-out mode Celery beat schedules the same jobs for the workers. Running them on the
server's own event loop matters in the embedded mode: a job that notifies sockets must reach the
in-memory channel layer of this very process.
"""

import asyncio
import logging
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)


def run_job(task_path):
    """Run one periodic job now, in this process; a failing job is logged, never fatal."""
    try:
        import_string(task_path).apply()
    except Exception:
        logger.exception("Periodic job %s failed", task_path)


async def clock_loop(jobs, tick_seconds=1.0):
    next_run = {name: time.monotonic() + seconds for name, (_, seconds) in jobs.items()}
    while True:
        await asyncio.sleep(tick_seconds)
        now = time.monotonic()
        for name, (task_path, seconds) in jobs.items():
            if now >= next_run[name]:
                next_run[name] = now + seconds
                await sync_to_async(run_job, thread_sensitive=True)(task_path)


class Lifespan:
    """ASGI lifespan app: starts the embedded clock at startup and stops it at shutdown."""

    def __init__(self, jobs=None):
        self.jobs = jobs
        self.task = None

    async def __call__(self, scope, receive, send):
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def start(self):
        jobs = settings.PERIODIC_JOBS if self.jobs is None else self.jobs
        if settings.CLOCK_IN_PROCESS and jobs:
            self.task = asyncio.get_running_loop().create_task(clock_loop(jobs))
            logger.info("Embedded clock started with %d jobs", len(jobs))

    async def stop(self):
        if self.task:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass
