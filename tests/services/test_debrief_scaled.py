"""The debrief's large export through a real Celery worker, with PostgreSQL and Redis: the task
runs in another process, its progress reaches the teacher's pages through the Redis channel
layer and cache, and the file it writes reads back."""

import asyncio
import os
import subprocess
import sys
import threading
import time

import pytest
from channels.layers import get_channel_layer
from openpyxl import load_workbook

from debrief import services, tasks
from debrief.models import ExportJob, exports_group
from tests.debrief.factories import opened_lesson
from tests.servers import BASE_DIR
from tests.services.test_scaled_out import scaled_env


@pytest.fixture
def export_worker(tmp_path):
    """A Celery worker process whose exports go to this test's folder."""
    env = {**os.environ, **scaled_env(), "TUTKIMUS_VAR_DIR": str(tmp_path)}
    log = (tmp_path / "worker.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
         "--loglevel", "warning", "--without-gossip", "--without-mingle"],
        cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    yield tmp_path / "exports"
    process.terminate()
    process.wait(timeout=20)
    log.close()
    print((tmp_path / "worker.log").read_text()[-3000:])  # shown by pytest when a test fails


def wait_for(job, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in (ExportJob.Status.READY, ExportJob.Status.FAILED):
            return job
        time.sleep(0.3)
    raise TimeoutError(f"export {job.pk} still {job.status}")


class GroupListener(threading.Thread):
    """Listens on a group from its own event loop, as a teacher's page socket does, and keeps
    the first message (the Redis layer delivers group messages to listeners, not to mailboxes)."""

    def __init__(self, group):
        super().__init__(daemon=True)
        self.group, self.heard, self.listening = group, None, threading.Event()

    def run(self):
        asyncio.run(self.listen())

    async def listen(self):
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(self.group, channel)
        self.listening.set()
        self.heard = await asyncio.wait_for(layer.receive(channel), 60)


@pytest.mark.django_db(transaction=True)
def test_large_export_runs_on_a_real_worker_and_reports_progress_through_redis(export_worker):
    """Two lessons' answers as XLSX: written by the worker, 100 % in the Redis cache, progress
    messages on the teacher's group, and every row in the file."""
    first, joined, _games = opened_lesson(students=3, seeds=(5,))
    owner = first.owner
    second, more, _games = opened_lesson(students=2, seeds=(7,), owner=owner)
    question = first.debrief_questions.order_by("position").first()
    services.answer_save_draft(joined[0][0], question.pk, "=1+1 in a worker")
    listener = GroupListener(exports_group(owner.pk))
    listener.start()
    assert listener.listening.wait(10)

    job = wait_for(services.export_job_create(owner, [first, second], "xlsx", "en"))

    assert job.status == ExportJob.Status.READY and job.rows == (3 + 2) * 5
    assert tasks.export_progress(job.pk) == 100
    listener.join(10)
    assert listener.heard == {"type": "export.progress", "job": str(job.pk)}
    book = load_workbook(export_worker / job.file_name)
    rows = list(book["Answers"].iter_rows(min_row=2, values_only=True))
    header = [cell.value for cell in book["Answers"][1]]
    assert len(rows) == 25
    assert {row[header.index("lesson_id")] for row in rows} == {first.pk, second.pk}
    assert "'=1+1 in a worker" in [row[header.index("answer")] for row in rows]
    assert [row[0].value for row in book["Codebook"].iter_rows(min_row=2)] == header
