"""How fast the simulated tables play: the stress pace and the classroom pace, and the search.

*Stress*: every table taps every `every` seconds (2 s) from a random phase, the whole run long.

*Classroom*: a 4-seat school game is about 70 applied actions in about 30 minutes of play, one
per table every `every` seconds (26 s) on average. Each run (`duration`) is one cycle of a lesson:
a peak window of `peak_share` of it (1/6, in the middle) runs at `peak_factor` (3) times the mean,
in step across all tables of all lessons (every table starting a round's simultaneous choice at
the same bell); the rest runs at the rate that keeps the mean (0.6 of it). Each table's taps are
spread over the cycle's expected count of actions (the integral of the rate): a random phase, then
gaps of 0.5 to 1.5 of the mean there, so taps are jittered but a table never taps twice in a
moment.
Around the play: every tablet sends `heartbeat` every `heartbeat` seconds (25 s, live.js's
`data-live-heartbeat`) from a random phase, the teacher's cockpit ticks every second and each
lesson's projector every 2 s (`data-live-tick` of its page).

In both, a table waits for the ack (or error) of its action before its next tap; a tap that comes
due meanwhile is made as soon as the reply is in.
"""

import asyncio
import itertools
import time
from dataclasses import dataclass

from websockets.exceptions import ConnectionClosed

from bench.loadkit.tablets import Action

JITTER = 0.5  # a table's gaps run from 1 - JITTER to 1 + JITTER of the mean (classroom)
DASHBOARD_TICK_S = 1.0  # the cockpit page's data-live-tick="1000"
PROJECTOR_TICK_S = 2.0  # the projector page's data-live-tick="2000"


@dataclass
class Pace:
    name: str
    loads: list
    duration: float
    search_duration: float
    max_lessons: int
    step: int  # the bisection's step, in lessons
    every: float  # seconds between a table's taps (classroom: on average)
    peak_factor: float = 1.0
    peak_share: float = 0.0
    baseline_duration: float = 0.0  # seconds of the baselines' runs (0: the load's duration)
    heartbeat: float = 0.0  # seconds between a tablet's heartbeats (0: none)
    projectors: bool = False
    reuse: bool = False  # later loads reuse the lessons of earlier ones (joined and started)

    def settings(self):
        """What live.json records of the pace."""
        common = {"loads": self.loads, "duration_s": self.duration,
                  "search_duration_s": self.search_duration, "max_lessons": self.max_lessons,
                  "search_step": self.step, "dashboard_tick_s": DASHBOARD_TICK_S}
        if self.name == "stress":
            return {"pace_s": self.every, **common}
        return {"interval_s": self.every, "peak_factor": self.peak_factor,
                "peak_share": round(self.peak_share, 4), "peak_window": "the middle of each run",
                "gap_jitter": JITTER, "heartbeat_s": self.heartbeat,
                "baseline_duration_s": self.baseline_duration,
                "projector_tick_s": PROJECTOR_TICK_S, "projectors": self.projectors,
                "lessons_reused": self.reuse, **common}

    def window(self, duration):
        """The peak window, in seconds from the start of a run of `duration`."""
        length = self.peak_share * duration
        begin = (duration - length) / 2
        return begin, begin + length

    def rates(self):
        """(off-peak, peak) taps per second of one table."""
        mean = 1 / self.every
        off = (1 - self.peak_share * self.peak_factor) / (1 - self.peak_share) * mean
        return off, self.peak_factor * mean

    def tap_times(self, rng, start, duration):
        """One table's tap times (perf_counter) in a run from `start`: infinite for the stress
        pace (the driver stops at the end), the cycle's for the classroom pace."""
        if self.name == "stress":
            first = start + rng.uniform(0, self.every)
            return (first + n * self.every for n in itertools.count())
        total, times = duration / self.every, []
        count = rng.uniform(0, 1)
        while count < total:
            times.append(start + self.seconds_at(count, duration))
            count += rng.uniform(1 - JITTER, 1 + JITTER)
        return times

    def seconds_at(self, count, duration):
        """When a table's expected count of taps reaches `count` (the inverse of the rate's
        integral over the cycle)."""
        (begin, end), (off, peak) = self.window(duration), self.rates()
        if count <= begin * off:
            return count / off
        count -= begin * off
        if count <= (end - begin) * peak:
            return begin + count / peak
        return end + (count - (end - begin) * peak) / off

    def check(self):
        if self.peak_share * self.peak_factor >= 1 or not 0 <= self.peak_share < 1:
            raise SystemExit(f"{self.name}: the peak ({self.peak_factor:g}× for "
                             f"{self.peak_share:g} of the cycle) leaves no rate for the rest")


def paces(args):
    """The paces asked for, in order, from the command line's settings."""
    stress = Pace("stress", loads=args.loads or [20], duration=args.duration or 12.0,
                  search_duration=args.search_duration or 8.0,
                  max_lessons=args.max_lessons or 40, step=5, every=args.pace)
    classroom = Pace(
        "classroom", loads=args.loads or args.classroom_loads,
        duration=args.duration or args.classroom_duration,
        search_duration=args.search_duration or args.classroom_search_duration,
        max_lessons=args.max_lessons or args.classroom_max_lessons, step=10,
        every=args.classroom_interval, peak_factor=args.peak_factor, peak_share=args.peak_share,
        baseline_duration=0.0 if args.duration else args.classroom_baseline_duration,
        heartbeat=args.heartbeat, projectors=True, reuse=True)
    known = {"stress": stress, "classroom": classroom}
    chosen = [known[name] for name in args.paces.split(",")]
    for pace in chosen:
        pace.check()
    return chosen


def rate_figures(pace, tables, started, duration):
    """Applied actions per second expected and achieved, over the run and in the peak window."""
    begin, end = pace.window(duration)
    off, peak = pace.rates()
    acked = [a.started - started for t in tables for a in t.actions if a.version is not None]
    figures = {"expected_actions": round(len(tables) * duration / pace.every, 1),
               "expected_actions_per_s": round(len(tables) / pace.every, 1)}
    if end > begin:
        in_peak = sum(1 for at in acked if begin <= at < end)
        figures.update({
            "expected_peak_actions_per_s": round(len(tables) * peak, 1),
            "peak_actions_per_s": round(in_peak / (end - begin), 1),
            "expected_off_peak_actions_per_s": round(len(tables) * off, 1),
            "off_peak_actions_per_s": round((len(acked) - in_peak) / (duration - end + begin),
                                            1)})
    return figures


async def drive(table, player, times, until):
    """One table's taps at `times` (perf_counter) until `until`."""
    for at in times:
        delay = at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        if time.perf_counter() >= until:
            return
        client = player.actor(table)
        if client is None:
            continue
        try:
            action = await player.act(table, client)
        except (TimeoutError, ConnectionError, OSError) as problem:
            action = Action(table.key, time.perf_counter(), error=type(problem).__name__)
        if action is not None:
            table.actions.append(action)


async def heartbeats(clients, every, rng, until):
    """Each tablet's `heartbeat` every `every` seconds from a random phase, until `until`, as
    live.js sends it; returns how many were sent."""
    now = time.perf_counter()
    beats = sorted((now + rng.uniform(0, every) + n * every, index)
                   for index in range(len(clients))
                   for n in range(int((until - now) / every) + 1))
    sent = 0
    for at, index in beats:
        if at >= until:
            continue
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        try:
            await clients[index].send({"type": "heartbeat"})
            sent += 1
        except ConnectionClosed:  # the lost-message count tells
            pass
    return sent


async def tick(watchers, every):
    """What live.js does on the cockpit and the projector (`data-live-tick`): a `tick` every
    `every` seconds, which draws what the page held back. Until cancelled."""
    while True:
        await asyncio.sleep(every)
        for watcher in watchers:
            await watcher.send({"type": "tick"})


def loads_to_run(pace, search):
    """The loads of the search: the given ones, doubling past the last that passes, then one
    bisection step between the last pass and the first failure (coarse, to fit the time); when
    nothing has passed, halving down to one lesson, so that the search always ends in a figure."""
    tried = {}

    def next_load():
        for load in pace.loads:
            if load not in tried:
                return load
        if not search:
            return None
        passed = [n for n, ok in tried.items() if ok]
        failed = [n for n, ok in tried.items() if not ok]
        best, worst = max(passed, default=0), min(failed, default=None)
        if worst is None:
            return best * 2 if best * 2 <= pace.max_lessons else None
        step = pace.step
        middle = (best + worst) // 2 // step * step or (best + worst) // 2
        if middle in tried or middle <= best or (best and worst - best <= step):
            return None
        return middle

    return tried, next_load


class Budget:
    """The seconds the whole run may take (`--budget`; 0: no limit), shared equally among the
    searches in the order they run; what a search leaves unused goes to the next. A load that
    a search adds runs only if its estimate ends before its search's deadline, or, while the
    search has no passing load yet, before the end of the budget. The given loads always run."""

    REST_S = 10.0  # a load's time besides setting up and playing: quiet, database reads, closing

    def __init__(self, seconds, searches):
        self.started, self.seconds, self.index = time.perf_counter(), seconds, -1
        self.deadlines = [seconds * (n + 1) / searches for n in range(searches)]

    def next_search(self):
        self.index += 1

    def fits(self, seconds, needed):
        deadline = self.seconds if needed else self.deadlines[self.index]
        return not self.seconds or time.perf_counter() - self.started + seconds <= deadline

    def estimate(self, rows, load, open_lessons, pace, duration):
        """A load's seconds: joining and opening the lessons not open yet (all of them for a
        pace without reuse) at the slowest rate per tablet this search has seen, then its
        play."""
        per_tablet = max((r["join_s"] + r["open_s"]) / r["tablets_opened"]
                         for r in rows if r["tablets_opened"])
        lessons = max(0, load - open_lessons) if pace.reuse else load
        return per_tablet * rows[-1]["tablets"] / rows[-1]["lessons"] * lessons + duration + \
            self.REST_S
