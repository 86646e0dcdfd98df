"""What a server's memory holds, for the benchmark's connect cycles (`bench/live.py
--memory-trace`). With TUTKIMUS_MEMORY_TRACE set to a folder, tracemalloc follows every
allocation from here on, and each SIGUSR2 writes a snapshot there (`<pid>-<n>.trace`). Off
otherwise: tracing slows a server several-fold."""

import itertools
import os
import signal
import tracemalloc
from pathlib import Path

FRAMES = 12


def install(folder):
    tracemalloc.start(FRAMES)
    taken = itertools.count(1)

    def dump(_signum, _frame):
        path = Path(folder) / f"{os.getpid()}-{next(taken)}.trace"
        tracemalloc.take_snapshot().dump(f"{path}.part")
        os.replace(f"{path}.part", path)  # the benchmark waits for whole files only

    signal.signal(signal.SIGUSR2, dump)
