"""Joining and seating against real PostgreSQL and Redis: races between tablets, and live updates
that cross from one ASGI process to another."""

import json
import threading

import pytest
from django.conf import settings
from django.db import connection
from websockets.sync.client import connect

from classroom import services
from classroom.services import ClassroomError
from tests.classroom.factories import make_lesson, make_teacher
from tests.servers import uvicorn_process
from tests.services.test_scaled_out import scaled_env
from tests.sockets import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def race(count, attempt):
    """Run `attempt(n)` in `count` threads at once; returns the outcomes (a code or "joined")."""
    outcomes, start = [], threading.Barrier(count)

    def run(n):
        start.wait()
        try:
            attempt(n)
            outcomes.append("joined")
        except ClassroomError as refusal:
            outcomes.append(refusal.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(outcomes)


def test_eight_tablets_racing_for_one_name_give_it_to_exactly_one():
    """Simultaneous joins with the same name: one joins, the others are told the name is taken."""
    lesson = make_lesson()
    outcomes = race(8, lambda n: services.student_join(code=lesson.join_code, pseudonym="Sama"))
    assert outcomes == ["joined"] + ["name_taken"] * 7
    assert lesson.students.count() == 1


def test_a_full_lesson_stays_full_when_many_tablets_join_at_once(settings):
    """With room for five, ten simultaneous joins seat five and refuse five."""
    settings.CLASSROOM_MAX_STUDENTS = 5
    lesson = make_lesson()
    outcomes = race(10, lambda n: services.student_join(code=lesson.join_code, pseudonym=f"S{n}"))
    assert outcomes == ["joined"] * 5 + ["lesson_full"] * 5
    assert lesson.students.count() == 5


def test_a_join_reaches_the_teacher_connected_to_another_process():
    """A student joining through this process updates a seating page served by another uvicorn."""
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher)
    cookie = session_cookie(teacher) + "; language=en"
    with uvicorn_process(scaled_env()) as (base_url, _):
        url = base_url.replace("http", "ws") + f"/ws/lessons/{lesson.pk}/"
        with connect(url, origin=base_url, additional_headers={"Cookie": cookie}) as socket:
            socket.send(json.dumps({"type": "sync"}))
            assert "Nobody is waiting" in json.loads(socket.recv(timeout=10))["parts"]["seating"]
            services.student_join(code=lesson.join_code, pseudonym="Across Processes")
            update = json.loads(socket.recv(timeout=10))
    assert "Across Processes" in update["parts"]["seating"]
    assert settings.REDIS_URL
