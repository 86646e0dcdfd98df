"""Live load benchmark: many classrooms on one box, and across processes through Redis.

    python bench/live.py                 # both modes, both paces, a search each (make bench)
    python bench/live.py --quick         # one small lesson per mode and pace: a smoke run
    python bench/live.py --modes scaled --paces stress --loads 20 --no-search

Simulated tablets are real WebSocket clients on loopback (bench/loadkit/tablets.py). Each lesson
has `--students` students who join through the join page (HTTP, CSRF, the signed cookie), are
seated and started by their teacher's page socket, and play the school game through the real
consumers: at each of a table's taps one seat taps through the buttons the server offered it.
Every action is timed from sending it until the last socket of its table has the version it
produced, and the teacher's cockpit too (its card of the table carries the game's version; the
harness ticks every second as live.js does, so cards held back by the cockpit's throttle come in).

Two paces (bench/loadkit/pace.py), each with its own search:
* stress: every table taps every `--pace` seconds (2 s), nothing else.
* classroom: a real lesson. A 4-seat school game is about 70 applied actions in 30 minutes, one
  per table every `--classroom-interval` seconds (26 s) on average. Each run is one cycle: a peak
  window of `--peak-share` of it (1/6, in the middle) at `--peak-factor` (3) times that rate, in
  step across all tables of all lessons (the same bell); the rest at the rate that keeps the
  mean. A table's taps are jittered around that profile (a random phase, then gaps of 0.5 to 1.5
  of the mean, seeded by `--seed`). Around it, every tablet's `heartbeat` every `--heartbeat`
  seconds (25 s) from a random phase, and each lesson's projector (the teacher's session,
  synced, ticking every 2 s as its page does), counted in sockets and lost messages. Runs of 20 s
  (15 s in the search). Its lessons are joined and started once per mode, and their sockets kept
  open from one load to the next: a load opens only the lessons it adds.

In the same run, as baselines, the same sockets, taps and heartbeats (no projectors; the
classroom's runs of 10 s) against a bare `websockets` fan-out server (the floor) and a minimal
Channels consumer that only relays a group message (on the same channel layer and process count
as the app), each sending what the app sent per update.

Modes: embedded (one uvicorn process, SQLite, in-memory layer) and scaled (two uvicorn processes,
PostgreSQL, Redis channel layer; clients alternate between the two ports, so each table's sockets
are split across both). Servers are pinned to one core and the clients to the other.

The search for the largest load under 250 ms runs the app only (no baselines), for the pace's
search duration, as far as `--budget` (the whole run's seconds, shared equally among the searches)
lets it. Each step's time is printed. Writes bench/results/live.json and bench/results/live.md.
"""

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.loadkit import classes, measure, servers  # noqa: E402
from bench.loadkit.pace import Budget, loads_to_run, paces  # noqa: E402
from bench.loadkit.report import (  # noqa: E402
    Stopwatch,
    cpu_ms_per_action,
    markdown,
    rates_text,
    ratio,
)

RESULTS = ROOT / "bench" / "results"
LIMIT_P95_MS = 250.0
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tutkimus_bench_live"
BUDGET_S = 540.0  # make bench's 600 s, less the other benchmarks (about 35 s) and a margin
CLASSROOM_DURATION = 20.0
CLASSROOM_SEARCH_DURATION = 15.0


def recreate_database(url):
    """A fresh PostgreSQL database for the scaled mode (the name must start tutkimus_bench)."""
    import psycopg
    from psycopg import sql

    name = url.rsplit("/", 1)[1]
    if not name.startswith("tutkimus_bench"):
        raise SystemExit(f"refusing to recreate {name}: bench databases start tutkimus_bench")
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


async def run_load(mode, running, room, school, pace, count, duration, args, cycles,
                   baselines=True):
    """One load in one mode at one pace: the app, then (unless a step of the search) both
    baselines with the same shape, pace and payload."""
    (_, app_children), (relay_ports, relay_children), (bare_ports, bare_children) = running
    clock = Stopwatch()
    lessons = await asyncio.to_thread(school.lessons, count, pace.reuse)
    join_s = clock.lap("join")
    app, shape = await measure.measure_app(mode, room, app_children, lessons, pace, duration,
                                           args, cycles)
    app_s = clock.lap("app" + (f" with {cycles} connect cycles" if cycles else ""))
    row = {"mode": mode.name, "pace": pace.name, "processes": mode.processes, "lessons": count,
           "duration_s": duration, **app, "join_s": round(join_s, 1), "app_s": round(app_s, 1),
           "cpu_ms_per_action": cpu_ms_per_action(app),
           "baseline_p95_ms": None, "ratio_p95": None}  # null: no baselines at this load
    if baselines:
        pad, seconds = app["mean_update_bytes"], pace.baseline_duration or duration
        bare = await measure.measure_baseline(bare_ports, bare_children, shape, pad, pace,
                                              seconds, args)
        clock.lap("bare baseline")
        relay = await measure.measure_baseline(relay_ports, relay_children, shape, pad, pace,
                                               seconds, args)
        clock.lap("relay baseline")
        row.update({
            "baseline_p95_ms": bare.get("p95_ms"), "relay_p95_ms": relay.get("p95_ms"),
            "ratio_p95": ratio(app.get("p95_ms"), bare.get("p95_ms")),
            "ratio_relay_p95": ratio(app.get("p95_ms"), relay.get("p95_ms")),
            "relay_cpu_ms_per_action": cpu_ms_per_action(relay),
            "baselines": {"bare_websockets": bare, "channels_relay": relay}})
    print(markdown([row], header=False), flush=True)
    print(f"    ({mode.name}, {pace.name}, {count} lessons: {clock.summary()})", file=sys.stderr,
          flush=True)
    print(f"    ({rates_text(row)})", file=sys.stderr, flush=True)
    return row


def passes(row):
    return (row.get("p95_ms") or 1e9) < LIMIT_P95_MS and not row["lost_messages"]


async def search(mode, running, school, pace, args, cycles, budget):
    """The pace's given loads, then (with `--search`) its search for the largest that passes,
    as far as the time budget lets it; returns the rows and the load it stopped before, if
    the budget stopped it."""
    tried, next_load = loads_to_run(pace, args.search)
    room = classes.Room(mode.env, running[0][0], pace.projectors)
    rows, cut = [], None
    try:
        while (load := next_load()) is not None:
            given = load in pace.loads
            duration = pace.duration if given else pace.search_duration
            if not given:
                estimate = budget.estimate(rows, load, len(room.dashboards), pace, duration)
                if not budget.fits(estimate, needed=not any(tried.values())):
                    cut = load
                    print(f"    (search, {pace.name}: {load} lessons would take about "
                          f"{estimate:.0f} s: over the time budget, stopped)", file=sys.stderr,
                          flush=True)
                    break
                print(f"    (search, {pace.name}: {load} lessons, the app only, {duration:g} s)",
                      file=sys.stderr, flush=True)
            row = await run_load(mode, running, room, school, pace, load, duration, args,
                                 cycles if load == pace.loads[0] else 0,
                                 baselines=given and args.baselines)
            tried[load] = passes(row)
            rows.append(row)
    finally:
        await room.drop_all()
    return rows, cut


def run_mode(name, args, chosen, core_sets, var_dir, budget):
    """Every pace in one mode, on the same servers; connect cycles at the first pace's first
    load. Returns the rows and {pace: the load its search stopped before for the budget}."""
    server_cores, _ = core_sets
    rows, cut = [], {}
    with ExitStack() as stack:
        if name == "scaled":
            redis_url = args.redis_url or stack.enter_context(servers.own_redis(server_cores))
            recreate_database(args.database_url)
            mode = servers.Mode("scaled", 2, servers.app_environment(
                var_dir, database_url=args.database_url, redis_url=redis_url))
        else:
            mode = servers.Mode("embedded", 1, servers.app_environment(var_dir))
        if args.memory_trace:
            mode.env["TUTKIMUS_MEMORY_TRACE"] = args.memory_trace
        classes.db(mode.env, "prepare")
        running = (stack.enter_context(servers.app_servers(mode, server_cores)),
                   stack.enter_context(servers.relay_servers(mode, server_cores)),
                   stack.enter_context(servers.bare_server(server_cores)))
        school = classes.School(mode.env, running[0][0], args.students)
        for index, pace in enumerate(chosen):
            budget.next_search()
            found, cut[pace.name] = asyncio.run(search(
                mode, running, school, pace, args, args.cycles if index == 0 else 0, budget))
            rows += found
    return rows, cut


def machine(core_sets):
    server, client = core_sets
    return {
        "date": datetime.now().astimezone().isoformat(timespec="seconds"),
        "python": platform.python_version(), "cpu": _cpu_model(), "cores": os.cpu_count(),
        "server_cores": sorted(server), "client_cores": sorted(client),
        "loadavg_before": open("/proc/loadavg").read().split()[:3],
    }


def _cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def main(argv=None):
    args = parse(argv)
    chosen = paces(args)
    modes = args.modes.split(",")
    core_sets = servers.cores()
    os.sched_setaffinity(0, core_sets[1])
    started = time.perf_counter()
    report = {"machine": machine(core_sets), "settings": {
        "students_per_lesson": args.students, "limit_p95_ms": LIMIT_P95_MS,
        "cycles": args.cycles, "seed": args.seed, "budget_s": args.budget,
        **{pace.name: pace.settings() for pace in chosen}}, "results": []}
    print(markdown([], header=True), flush=True)
    budget = Budget(args.budget, len(modes) * len(chosen))
    report["budget_stopped_search"] = {}
    with tempfile.TemporaryDirectory(prefix="bench-live-") as var_dir:
        for name in modes:
            rows, report["budget_stopped_search"][name] = run_mode(
                name, args, chosen, core_sets, Path(var_dir), budget)
            report["results"] += rows
    report["machine"]["loadavg_after"] = open("/proc/loadavg").read().split()[:3]
    report["wall_s"] = round(time.perf_counter() - started, 1)
    report["largest_passing"] = {mode: {pace.name: max(
        (r["lessons"] for r in report["results"]
         if r["mode"] == mode and r["pace"] == pace.name and passes(r)), default=None)
        for pace in chosen} for mode in modes}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    out.with_suffix(".md").write_text(markdown(report["results"], header=True) + "\n")
    print(f"\n{report['wall_s']} s; largest load with p95 < {LIMIT_P95_MS:.0f} ms and nothing "
          f"lost: {report['largest_passing']}; written {out}")
    return 0


def parse(argv):
    """The command line. `--loads`, `--duration`, `--search-duration` and `--max-lessons` apply
    to every pace when given; otherwise each pace has its own."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", default="embedded,scaled")
    parser.add_argument("--paces", default="classroom,stress")
    parser.add_argument("--loads", type=_numbers, default=None,
                        help="lessons per run, comma-separated (stress: 20)")
    parser.add_argument("--no-search", dest="search", action="store_false")
    parser.add_argument("--max-lessons", type=int, default=None, help="stress: 40")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--duration", type=float, default=None, help="seconds (stress: 12)")
    parser.add_argument("--search-duration", type=float, default=None,
                        help="seconds of play for the loads the search adds (stress: 8)")
    parser.add_argument("--pace", type=float, default=2.0,
                        help="stress: seconds between a table's taps")
    parser.add_argument("--classroom-loads", type=_numbers, default=[20])
    parser.add_argument("--classroom-max-lessons", type=int, default=160)
    parser.add_argument("--classroom-duration", type=float, default=CLASSROOM_DURATION,
                        help="seconds: one cycle of the rate, the peak window in its middle")
    parser.add_argument("--classroom-search-duration", type=float,
                        default=CLASSROOM_SEARCH_DURATION)
    parser.add_argument("--classroom-baseline-duration", type=float, default=10.0,
                        help="seconds of the classroom baselines' runs (the same rate profile)")
    parser.add_argument("--classroom-interval", type=float, default=26.0,
                        help="classroom: mean seconds between a table's applied actions")
    parser.add_argument("--peak-factor", type=float, default=3.0)
    parser.add_argument("--peak-share", type=float, default=1 / 6,
                        help="the share of each cycle at the peak rate")
    parser.add_argument("--heartbeat", type=float, default=25.0,
                        help="classroom: seconds between a tablet's heartbeats (0: none)")
    parser.add_argument("--cycles", type=int, default=300,
                        help="connect/sync/disconnect cycles after the first load of each mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=BUDGET_S,
                        help="seconds for the whole run: the searches stop adding loads that "
                             "would not fit (0: no limit)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL",
                                                                 DEFAULT_DATABASE))
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", ""))
    parser.add_argument("--profile", default="",
                        help="a folder: py-spy records the app's servers during each run")
    parser.add_argument("--memory-trace", default="",
                        help="a folder: the servers trace their allocations, and the connect "
                             "cycles report what grew and where (slow)")
    parser.add_argument("--no-baselines", dest="baselines", action="store_false",
                        help="the app only (to compare two trees' CPU per action quickly)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one small lesson per mode and pace")
    parser.add_argument("--out", default=str(RESULTS / "live.json"))
    args = parser.parse_args(argv)
    if args.quick:  # the classroom's clock sped up, so that a 3 s run has taps and heartbeats
        args.loads, args.search, args.students, args.duration, args.cycles = [1], False, 8, 3, 20
        args.classroom_interval, args.heartbeat = 2.0, 1.0
    return args


def _numbers(text):
    return [int(n) for n in text.split(",")]


if __name__ == "__main__":
    sys.exit(main())
