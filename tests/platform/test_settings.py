"""The modes are chosen by environment variables alone; production passes check --deploy."""

import json
import os
import subprocess
import sys

from tests.servers import BASE_DIR

SHOW_SETTINGS = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps({
    "database": settings.DATABASES["default"]["ENGINE"],
    "database_name": str(settings.DATABASES["default"]["NAME"]),
    "database_options": settings.DATABASES["default"]["OPTIONS"],
    "conn_max_age": settings.DATABASES["default"]["CONN_MAX_AGE"],
    "channel_layer": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "broker": settings.CELERY_BROKER_URL,
    "clock_in_process": settings.CLOCK_IN_PROCESS,
    "debug": settings.DEBUG,
}))
"""

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "prod-" + "k3y-Wz9!q" * 8,
    "DJANGO_ALLOWED_HOSTS": "classroom.example.fi",
}


def run_python(code, env_overrides, tmp_path):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL", "CELERY_", "TUTKIMUS_"))}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "TUTKIMUS_VAR_DIR": str(tmp_path)})
    env.update(env_overrides)
    return subprocess.run([sys.executable, *code], cwd=BASE_DIR, env=env, capture_output=True,
                          text=True, timeout=120)


def settings_with(env_overrides, tmp_path):
    result = run_python(["-c", SHOW_SETTINGS], env_overrides, tmp_path)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_embedded_mode_needs_no_services(tmp_path):
    """Without environment variables: SQLite, in-memory channels, local cache, eager Celery."""
    shown = settings_with({}, tmp_path)
    assert shown["database"] == "django.db.backends.sqlite3"
    assert shown["database_name"] == str(tmp_path / "db.sqlite3")
    assert shown["channel_layer"] == "config.channel_layers.EmbeddedChannelLayer"
    assert shown["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    assert shown["eager"] is True
    assert shown["clock_in_process"] is True


def test_scaled_out_mode_from_environment_variables(tmp_path):
    """DATABASE_URL and REDIS_URL switch to PostgreSQL, the Redis layer, cache and broker."""
    shown = settings_with(
        {"DATABASE_URL": "postgres://u@db.example:5432/tk", "REDIS_URL": "redis://r.example:6379/1"},
        tmp_path,
    )
    assert shown["database"] == "django.db.backends.postgresql"
    assert shown["database_name"] == "tk"
    assert shown["channel_layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert shown["cache"] == "django.core.cache.backends.redis.RedisCache"
    assert shown["eager"] is False
    assert shown["broker"] == "redis://r.example:6379/1"
    assert shown["clock_in_process"] is False


def test_celery_broker_url_overrides_redis_url(tmp_path):
    """CELERY_BROKER_URL wins over REDIS_URL for the broker only."""
    shown = settings_with(
        {"REDIS_URL": "redis://r.example:6379/1", "CELERY_BROKER_URL": "amqp://guest@mq.example//"},
        tmp_path,
    )
    assert shown["broker"] == "amqp://guest@mq.example//"
    assert shown["channel_layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"


def test_the_list_based_redis_layer_stays_available(tmp_path):
    """TUTKIMUS_CHANNEL_LAYER=core picks channels_redis's list-based layer instead of pub/sub."""
    shown = settings_with({"REDIS_URL": "redis://r.example:6379/1",
                           "TUTKIMUS_CHANNEL_LAYER": "core"}, tmp_path)
    assert shown["channel_layer"] == "channels_redis.core.RedisChannelLayer"


def test_postgresql_connections_come_from_a_pool(tmp_path):
    """Under ASGI each request has a thread of its own: connections are pooled, not per thread."""
    shown = settings_with({"DATABASE_URL": "postgres://u@db.example:5432/tk"}, tmp_path)
    assert shown["database_options"]["pool"]["max_size"] >= 2
    assert shown["conn_max_age"] == 0


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    """DJANGO_DEBUG=0 without DJANGO_SECRET_KEY is a configuration error, not a silent default."""
    result = run_python(["-c", SHOW_SETTINGS], {"DJANGO_DEBUG": "0"}, tmp_path)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_production_settings_pass_check_deploy(tmp_path):
    """`manage.py check --deploy` with production settings reports no issues at all."""
    result = run_python(
        ["manage.py", "check", "--deploy", "--fail-level", "DEBUG"], PRODUCTION, tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_development_secret_key_is_random_and_kept(tmp_path):
    """Without a key in the environment, a random one is made once in var/ and reused."""
    code = ["-c", "import django; django.setup(); from django.conf import settings; "
                  "print(settings.SECRET_KEY)"]
    first = run_python(code, {}, tmp_path).stdout.strip()
    second = run_python(code, {}, tmp_path).stdout.strip()
    assert len(first) >= 50
    assert first == second
    assert (tmp_path / "secret_key").read_text().strip() == first


def test_the_server_freezes_what_it_loaded_out_of_full_garbage_collections(tmp_path):
    """Django, the templates' machinery and the engines live as long as the process: a full
    collection that walked them would stop every socket of the process for longer."""
    code = "import gc, config.asgi; print(gc.get_freeze_count(), len(gc.get_objects()))"
    result = run_python(["-c", code], {}, tmp_path)
    assert result.returncode == 0, result.stderr
    frozen, walked = map(int, result.stdout.split())
    assert frozen > 10 * walked
