"""The scaled-out mode against this machine's real PostgreSQL and Redis."""

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from websockets.sync.client import connect

from config.celery import app as celery_app
from config.tasks import ping
from tests.servers import BASE_DIR, free_port, uvicorn_process


def database_url():
    db = settings.DATABASES["default"]
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def scaled_env(redis_url=None):
    return {
        "DATABASE_URL": database_url(),
        "REDIS_URL": redis_url or settings.REDIS_URL,
        "TUTKIMUS_LIVE_DIAGNOSTICS": "1",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    }


def get_json(url):
    try:
        with urlopen(url, timeout=10) as response:
            return response.status, json.loads(response.read())
    except HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.django_db
def test_scaled_out_settings_use_the_real_services():
    """PostgreSQL answers queries; the Redis channel layer round-trips; the Redis cache stores."""
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    layer = get_channel_layer()
    assert type(layer).__module__ == "channels_redis.pubsub"

    async def round_trip():
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "probe", "n": 7})
        return await asyncio.wait_for(layer.receive(channel), 10)

    assert async_to_sync(round_trip)()["n"] == 7
    cache.set("services-probe", 41)
    assert cache.get("services-probe") == 41
    assert settings.CELERY_TASK_ALWAYS_EAGER is False


def test_group_message_crosses_two_asgi_processes():
    """A broadcast made on process A reaches a socket connected to process B through Redis."""
    with uvicorn_process(scaled_env()) as (url_a, proc_a), \
            uvicorn_process(scaled_env()) as (url_b, proc_b):
        ws_a = url_a.replace("http", "ws") + "/ws/diagnostics/"
        ws_b = url_b.replace("http", "ws") + "/ws/diagnostics/"
        with connect(ws_b, origin=url_b) as on_b, connect(ws_a, origin=url_a) as on_a:
            time.sleep(0.3)  # let B's group membership reach Redis before A speaks
            on_a.send(json.dumps({"type": "broadcast", "text": "across processes"}))
            received = json.loads(on_b.recv(timeout=10))
    assert received["text"] == "across processes"
    assert received["from_pid"] == proc_a.pid
    assert received["to_pid"] == proc_b.pid


@pytest.fixture
def own_redis():
    """A Redis server of this test's own, so stopping it disturbs nobody else."""
    port = free_port()
    process = subprocess.Popen(
        [shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    yield f"redis://127.0.0.1:{port}/0", process
    if process.poll() is None:
        process.kill()
    process.wait()


def test_healthz_is_200_with_services_up_and_503_when_redis_stops(own_redis):
    """/healthz reports every check; stopping Redis fails the layer, cache and broker checks."""
    redis_url, redis_process = own_redis
    with uvicorn_process(scaled_env(redis_url)) as (base_url, _):
        status, body = get_json(base_url + "/healthz")
        assert status == 200, body
        assert set(body["checks"]) == {"database", "channel_layer", "cache", "broker"}
        redis_process.send_signal(signal.SIGTERM)
        redis_process.wait(timeout=10)
        status, body = get_json(base_url + "/healthz")
    assert status == 503
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["channel_layer"]["ok"] is False
    assert body["checks"]["cache"]["ok"] is False
    assert body["checks"]["broker"]["ok"] is False


@pytest.fixture
def celery_worker_process():
    env = {**os.environ, **scaled_env()}
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
         "--loglevel", "warning", "--without-gossip", "--without-mingle"],
        cwd=BASE_DIR, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    yield process
    process.terminate()
    process.wait(timeout=20)


def test_a_real_celery_worker_runs_tasks_through_the_broker(celery_worker_process):
    """A task sent through Redis is run by a separate worker process and its result comes back."""
    assert celery_app.conf.task_always_eager is False
    assert ping.delay().get(timeout=60) == "pong"
