"""The cockpit's timers and pause when scaled out, against real PostgreSQL and Redis: Celery beat
and a worker, separate processes, expire a due story and call time at a lesson's deadline; a
pause made in one process covers a tablet connected to another ASGI process and refuses its
taps."""

import json
import os
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from django.utils import timezone
from websockets.sync.client import connect

from classroom import cockpit
from classroom.models import Lesson
from tests.cockpit.factories import make_playing, student_of, tell, until_may_tell
from tests.games.factories import bot_move, engine_state, tablet_token
from tests.research_programme.stories import Story
from tests.servers import BASE_DIR, uvicorn_process
from tests.services.test_scaled_out import scaled_env
from tests.sockets import student_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def celery(tmp_path, name, *args):
    log = (tmp_path / f"{name}.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", name, "--loglevel", "warning", *args],
        cwd=BASE_DIR, env={**os.environ, **scaled_env()}, stdout=log, stderr=subprocess.STDOUT)
    return process, log


@pytest.fixture
def beat_and_worker(tmp_path):
    """`celery beat` (the periodic jobs of settings.PERIODIC_JOBS) and one worker."""
    worker = celery(tmp_path, "worker", "--pool", "solo", "--without-gossip", "--without-mingle")
    beat = celery(tmp_path, "beat", "--schedule", str(tmp_path / "beat-schedule"))
    yield
    for process, log in (beat, worker):
        process.terminate()
        process.wait(timeout=20)
        log.close()
    for name in ("beat", "worker"):
        print(name, (tmp_path / f"{name}.log").read_text()[-2000:])  # shown when a test fails


def eventually(check, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.3)
    return False


def test_beat_and_a_worker_expire_a_due_story_and_call_time_at_the_deadline(beat_and_worker):
    """A story due in two seconds expires without effect; a lesson past its play time has time
    called at every table. Nothing in this process runs a timer."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    story = tell(game, seat, "Redshift")
    Story.objects.filter(pk=story.pk).update(expires_at=timezone.now() + timedelta(seconds=2))
    late, (late_game,) = make_playing()
    Lesson.objects.filter(pk=late.pk).update(play_ends_at=timezone.now() - timedelta(seconds=1))

    assert eventually(lambda: Story.objects.get(pk=story.pk).status == Story.Status.EXPIRED)
    _engine, state = engine_state(game)
    assert state["stories"][story.request_id]["reason"] == "expired"
    assert next(p for p in state["players"] if p["seat"] == seat)["ep"] == 0
    assert eventually(lambda: Lesson.objects.get(pk=late.pk).time_called_at is not None)
    assert eventually(lambda: engine_state(late_game)[1]["time_called"] is True)
    assert Lesson.objects.get(pk=lesson.pk).time_called_at is None


def test_a_pause_reaches_a_tablet_on_another_process_and_refuses_its_taps():
    """The pause is made here; the tablet on another uvicorn gets the overlay through Redis and
    its move is refused; resuming there takes the overlay away."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    token = tablet_token(student_of(game, seat))
    with uvicorn_process(scaled_env()) as (base_url, _):
        url = base_url.replace("http", "ws") + "/ws/play/"
        headers = {"Cookie": student_cookie(token)}
        with connect(url, origin=base_url, additional_headers=headers) as socket:
            socket.send(json.dumps({"type": "sync"}))
            first = json.loads(socket.recv(timeout=10))
            assert first["parts"]["play-overlay"] == ""
            time.sleep(0.3)  # the socket's groups reach Redis
            cockpit.lesson_pause(lesson, "Eyes on me")
            overlay = next_parts(socket, "play-overlay")
            assert "Eyes on me" in overlay
            socket.send(json.dumps({"type": "act", "action": bot_move(game, seat), "id": "x1",
                                    "version": None}))
            refusal = next_message(socket, "error")
            assert refusal["code"] == "paused"
            cockpit.lesson_resume(lesson)
            assert next_parts(socket, "play-overlay") == ""


def next_message(socket, kind):
    while True:
        message = json.loads(socket.recv(timeout=10))
        if message["type"] == kind:
            return message


def next_parts(socket, part):
    while True:
        message = next_message(socket, "parts")
        if part in message["parts"]:
            return message["parts"][part]
