"""The live benchmark's memory question: a traced server writes a snapshot when asked, and two
snapshots compare into what grew, where, named without the machine's folders."""

import asyncio
import os
import subprocess
import sys
import tracemalloc
from types import SimpleNamespace

from bench.loadkit import memory

SERVER = """
import os, sys, time
from config import memtrace
memtrace.install(os.environ["TUTKIMUS_MEMORY_TRACE"])
print("ready", flush=True)
held = []
for line in sys.stdin:
    held.append(bytearray(1 << 20))  # each line read: one more MiB held
    print("grown", flush=True)
"""


def test_a_traced_server_writes_its_snapshots_and_they_compare_into_what_grew(tmp_path):
    env = {**os.environ, "TUTKIMUS_MEMORY_TRACE": str(tmp_path),
           "PYTHONPATH": str(memory.ROOT)}
    server = subprocess.Popen([sys.executable, "-c", SERVER], env=env, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline() == "ready\n"
        child = SimpleNamespace(pid=server.pid)
        (before,) = asyncio.run(memory.snapshots([child], tmp_path))
        for _ in range(3):
            server.stdin.write("more\n")
            server.stdin.flush()
            assert server.stdout.readline() == "grown\n"
        (after,) = asyncio.run(memory.snapshots([child], tmp_path))
    finally:
        server.kill()
        server.wait()
    grown = memory.growth([before], [after])
    # The total is the held MiBs net of what the process freed meanwhile (a few KiB of its
    # start's leftovers, more or less from run to run); the site's own growth is exact.
    assert 3 * 1024 - 64 <= grown["traced_kib"] < 3 * 1024 + 256
    top = grown["top"][0]
    assert top["kib"] >= 3 * 1024 and top["blocks"] >= 3
    assert top["stack"][-1] == "<string>:8"


def test_frames_are_named_without_the_machines_folders():
    frame = SimpleNamespace(filename=f"{memory.ROOT}/games/live.py", lineno=12)
    assert memory._frame(frame) == "games/live.py:12"
    packaged = SimpleNamespace(filename="/any/where/lib/python3.11/site-packages/uvicorn/x.py",
                               lineno=3)
    assert memory._frame(packaged) == "uvicorn/x.py:3"
    stdlib = SimpleNamespace(filename="/any/where/lib/python3.11/asyncio/tasks.py", lineno=5)
    assert memory._frame(stdlib) == "python3.11/asyncio/tasks.py:5"


def test_a_server_traces_nothing_unless_asked():
    import config.asgi  # noqa: F401  (what a server loads)

    assert "TUTKIMUS_MEMORY_TRACE" not in os.environ
    assert not tracemalloc.is_tracing()
