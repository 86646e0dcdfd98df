"""The embedded clock runs periodic jobs inside the ASGI process when there is no broker."""

import asyncio

import pytest
from asgiref.testing import ApplicationCommunicator
from celery import shared_task

from config.clock import Lifespan

TICKS = []


@shared_task
def record_tick():
    TICKS.append("tick")


@pytest.mark.asyncio
async def test_lifespan_starts_the_clock_and_jobs_fire(settings):
    """After lifespan startup a job with a 1-second period runs, and shutdown stops the clock."""
    settings.CLOCK_IN_PROCESS = True
    TICKS.clear()
    app = Lifespan(jobs={"tick": ("tests.platform.test_clock.record_tick", 1)})
    communicator = ApplicationCommunicator(app, {"type": "lifespan"})
    await communicator.send_input({"type": "lifespan.startup"})
    assert (await communicator.receive_output(2))["type"] == "lifespan.startup.complete"
    await asyncio.sleep(3.5)
    assert len(TICKS) >= 2
    await communicator.send_input({"type": "lifespan.shutdown"})
    assert (await communicator.receive_output(2))["type"] == "lifespan.shutdown.complete"
    count = len(TICKS)
    await asyncio.sleep(1.5)
    assert len(TICKS) == count


@pytest.mark.asyncio
async def test_clock_stays_off_when_celery_beat_runs_the_jobs(settings):
    """With a broker (scaled-out mode) the ASGI process leaves periodic jobs to Celery beat."""
    settings.CLOCK_IN_PROCESS = False
    app = Lifespan(jobs={"tick": ("tests.platform.test_clock.record_tick", 1)})
    communicator = ApplicationCommunicator(app, {"type": "lifespan"})
    await communicator.send_input({"type": "lifespan.startup"})
    await communicator.receive_output(2)
    assert app.task is None
    await communicator.send_input({"type": "lifespan.shutdown"})
    await communicator.receive_output(2)
