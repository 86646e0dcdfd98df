"""The servers under test, started as separate processes pinned to the server core.

* `app_servers`: the app under uvicorn, one process (embedded: SQLite, in-memory channel layer)
  or two (scaled out: PostgreSQL, the Redis channel layer), with the same flags as `make run`.
* `relay_servers`: a minimal Channels consumer that only relays a group message
  (bench/loadkit/relay.py), with the same channel layer and process count as the app.
* `bare_server`: a bare `websockets` broadcast server (bench/loadkit/bare.py), the floor.
* `own_redis`: a private redis-server on a free port, so other users of the shared one do not
  disturb the figures.

`Usage` samples CPU time and resident memory of a set of processes with psutil.
"""

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from tests.servers import free_port, wait_for_http

ROOT = Path(__file__).resolve().parents[2]
UVICORN_FLAGS = ["--ws-max-size", "65536", "--ws-ping-interval", "20", "--ws-ping-timeout", "20",
                 "--log-level", "warning"]


def cores():
    """(server cores, client cores): one core each where the machine has two or more."""
    available = sorted(os.sched_getaffinity(0))
    if len(available) < 2:
        return set(available), set(available)
    return {available[0]}, {available[1]}


def pin_to(core_set):
    def pin():
        os.sched_setaffinity(0, core_set)
    return pin


def wait_for_port(port, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"port {port} did not open within {timeout} s")


@dataclass
class Mode:
    """One configuration of the app: its environment and how many ASGI processes serve it."""

    name: str
    processes: int
    env: dict = field(default_factory=dict)


def app_environment(var_dir, database_url="", redis_url=""):
    """Production settings (DEBUG off) for a bench server on loopback."""
    env = {
        "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "WARNING", "TUTKIMUS_VAR_DIR": str(var_dir),
        "DATABASE_URL": database_url, "REDIS_URL": redis_url,
    }
    return env


def child_env(overrides):
    env = {**os.environ, **overrides}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env["PYTHONPATH"] = str(ROOT)
    return env


@contextmanager
def process(command, env, core_set, ready, log_name):
    """A child process pinned to `core_set`; `ready()` waits until it serves. Yields the Popen."""
    log = tempfile.NamedTemporaryFile("w+", prefix=f"bench-{log_name}-", suffix=".log",
                                      delete=False)
    child = subprocess.Popen(command, cwd=ROOT, env=child_env(env), stdout=log,
                             stderr=subprocess.STDOUT, preexec_fn=pin_to(core_set))
    try:
        ready()
        yield child
    except BaseException:
        log.seek(0)
        sys.stderr.write(log.read()[-4000:])
        raise
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        log.close()
        os.unlink(log.name)


@contextmanager
def uvicorn_servers(app, env, count, core_set, extra=()):
    """`count` uvicorn processes serving the ASGI `app`; yields their ports."""
    with ExitStack() as stack:
        ports, children = [], []
        for _ in range(count):
            port = free_port()
            command = [sys.executable, "-m", "uvicorn", app, "--host", "127.0.0.1",
                       "--port", str(port), *UVICORN_FLAGS, *extra]
            children.append(stack.enter_context(process(
                command, env, core_set, lambda p=port: wait_for_port(p), f"uvicorn-{port}")))
            ports.append(port)
        yield ports, children


@contextmanager
def app_servers(mode, core_set):
    """The app's uvicorn processes for `mode`, answering /healthz; yields (ports, processes)."""
    with uvicorn_servers("config.asgi:application", mode.env, mode.processes, core_set,
                         extra=["--lifespan", "on"]) as (ports, children):
        for port in ports:
            wait_for_http(f"http://127.0.0.1:{port}/healthz", timeout=60)
        yield ports, children


@contextmanager
def relay_servers(mode, core_set):
    with uvicorn_servers("bench.loadkit.relay:application", mode.env, mode.processes,
                         core_set) as running:
        yield running


@contextmanager
def bare_server(core_set):
    port = free_port()
    command = [sys.executable, "-m", "bench.loadkit.bare", "--port", str(port)]
    with process(command, {}, core_set, lambda: wait_for_port(port), "bare") as child:
        yield [port], [child]


@contextmanager
def own_redis(core_set):
    """A private redis-server (no persistence) on a free port, or None without the binary."""
    binary = shutil.which("redis-server")
    if binary is None:
        yield None
        return
    port = free_port()
    workdir = tempfile.mkdtemp(prefix="bench-redis-")
    command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
               "--appendonly", "no", "--dir", workdir]
    try:
        with process(command, {}, core_set, lambda: wait_for_port(port), "redis"):
            yield f"redis://127.0.0.1:{port}/0"
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


class Usage:
    """CPU seconds and resident memory of some processes between `start` and `stop`."""

    def __init__(self, children):
        self.processes = [psutil.Process(child.pid) for child in children]

    def cpu_seconds(self):
        return [sum(p.cpu_times()[:2]) for p in self.processes]

    def rss(self):
        return [p.memory_info().rss for p in self.processes]

    def start(self):
        self.started, self.cpu_started = time.monotonic(), self.cpu_seconds()

    def stop(self):
        """CPU use of each process in per cent of one core over the interval."""
        wall = time.monotonic() - self.started
        return [round(100 * (after - before) / wall, 1)
                for before, after in zip(self.cpu_started, self.cpu_seconds(), strict=True)]


def profile(usage, seconds, prefix):
    """py-spy recordings (collapsed stacks, idle included) of each process, for `seconds`."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    Path(prefix).parent.mkdir(parents=True, exist_ok=True)
    return [subprocess.Popen([spy, "record", "-p", str(p.pid), "-d", str(int(seconds)), "-r", "200",
                              "--gil", "-f", "raw", "-o", f"{prefix}-{p.pid}.txt"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for p in usage.processes]
