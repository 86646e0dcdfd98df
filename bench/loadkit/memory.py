"""What the servers' memory holds after the connect cycles that it did not before: tracemalloc
snapshots taken by the servers themselves (config/memtrace.py) on SIGUSR2, compared."""

import asyncio
import os
import re
import signal
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = 12
SETTLE_S = 30.0  # longer than a closing socket's handshake and the ping timeout
STDLIB = re.compile(r"^.*/lib/(python3[.0-9]*/)")
IGNORED = [tracemalloc.Filter(False, tracemalloc.__file__),
           tracemalloc.Filter(False, "<frozen importlib._bootstrap*>"),
           tracemalloc.Filter(False, "<unknown>")]


async def snapshots(children, folder, timeout=120.0):
    """One snapshot per server process, taken now; returns their paths in `children`' order."""
    before = set(Path(folder).glob("*.trace"))
    for child in children:
        os.kill(child.pid, signal.SIGUSR2)
    waited = 0.0
    while waited < timeout:
        new = set(Path(folder).glob("*.trace")) - before
        if len(new) == len(children):
            by_pid = {int(path.name.split("-")[0]): path for path in new}
            return [by_pid[child.pid] for child in children]
        await asyncio.sleep(0.2)
        waited += 0.2
    raise RuntimeError("a server did not write its memory snapshot (TUTKIMUS_MEMORY_TRACE?)")


def growth(before, after):
    """{"traced_kib": growth of what Python allocated, "top": the sites that grew most, each with
    its KiB, its count of blocks and its stack (innermost last)} summed over the processes."""
    total, sites = 0, {}
    for old, new in zip(before, after, strict=True):
        first = tracemalloc.Snapshot.load(str(old)).filter_traces(IGNORED)
        last = tracemalloc.Snapshot.load(str(new)).filter_traces(IGNORED)
        for stat in last.compare_to(first, "traceback"):
            total += stat.size_diff
            key = tuple(_frame(frame) for frame in stat.traceback)
            size, count = sites.get(key, (0, 0))
            sites[key] = (size + stat.size_diff, count + stat.count_diff)
    top = sorted(sites.items(), key=lambda item: -item[1][0])[:TOP]
    return {"traced_kib": round(total / 1024, 1),
            "top": [{"kib": round(size / 1024, 1), "blocks": count, "stack": list(stack)}
                    for stack, (size, count) in top]}


def _frame(frame):
    """A frame named without the machine's folders: the app's path, a package's, the stdlib's."""
    name = frame.filename.split(str(ROOT) + "/", 1)[-1].split("site-packages/", 1)[-1]
    return STDLIB.sub(r"\1", name) + f":{frame.lineno}"
