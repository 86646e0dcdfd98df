"""/healthz: does every service the app needs answer right now?"""

import asyncio
import time
import uuid

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse

TIMEOUT_SECONDS = 2.0


def check_database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()[0] == 1


async def check_channel_layer():
    """A real round trip: send to a fresh channel and receive the same message back."""
    layer = get_channel_layer()
    channel = await layer.new_channel("healthz.")
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "healthz.ping", "token": token})
    message = await layer.receive(channel)
    return message.get("token") == token


def check_cache():
    key = f"healthz:{uuid.uuid4().hex}"
    cache.set(key, "ok", 10)
    ok = cache.get(key) == "ok"
    cache.delete(key)
    return ok


def check_broker():
    from config.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=TIMEOUT_SECONDS)
    return True


async def timed(check):
    started = time.perf_counter()
    try:
        ok = await asyncio.wait_for(check(), TIMEOUT_SECONDS)
        error = None
    except Exception as exc:  # a health check reports every failure, whatever its kind
        ok, error = False, f"{type(exc).__name__}: {exc}"[:200]
    result = {"ok": bool(ok), "ms": round((time.perf_counter() - started) * 1000, 1)}
    if error:
        result["error"] = error
    return result


async def healthz(request):
    checks = {
        "database": sync_to_async(check_database),
        "channel_layer": check_channel_layer,
        "cache": sync_to_async(check_cache, thread_sensitive=False),
    }
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        checks["broker"] = sync_to_async(check_broker, thread_sensitive=False)
    outcomes = await asyncio.gather(*(timed(check) for check in checks.values()))
    results = dict(zip(checks, outcomes, strict=True))
    healthy = all(r["ok"] for r in results.values())
    body = {"status": "ok" if healthy else "failing", "checks": results}
    return JsonResponse(body, status=200 if healthy else 503)
