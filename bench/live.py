"""Live load benchmark: many classrooms on one box, and across processes through Redis.

    python bench/live.py                 # both modes, the target load and a search (make bench)
    python bench/live.py --quick         # one small lesson per mode: a smoke run of the harness
    python bench/live.py --modes scaled --loads 20 --no-search

Simulated tablets are real WebSocket clients on loopback (bench/loadkit/tablets.py). Each lesson
has `--students` students who join through the join page (HTTP, CSRF, the signed cookie), are
seated and started by their teacher's page socket, and play the school game through the real
consumers: every `--pace` seconds one seat per table taps through the buttons the server offered
it. Every action is timed from sending it until the last socket of its table has the version it
produced, and the teacher's cockpit too (its card of the table carries the game's version; the
harness ticks every second as live.js does, so cards held back by the cockpit's throttle come in).

In the same run, as baselines, the same sockets and pace against a bare `websockets` fan-out
server (the floor) and a minimal Channels consumer that only relays a group message (on the same
channel layer and process count as the app), each sending what the app sent per update.

Modes: embedded (one uvicorn process, SQLite, in-memory layer) and scaled (two uvicorn processes,
PostgreSQL, Redis channel layer; clients alternate between the two ports, so each table's sockets
are split across both). Servers are pinned to one core and the clients to the other.

The search for the largest load under 250 ms runs the app only (no baselines), for
`--search-duration` seconds. Each step's time is printed. Writes bench/results/live.json and
bench/results/live.md.
"""

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.loadkit import classes, servers, tablets  # noqa: E402
from bench.loadkit.report import markdown, percentile  # noqa: E402

RESULTS = ROOT / "bench" / "results"
LIMIT_P95_MS = 250.0
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tutkimus_bench_live"


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


def latency_figures(tables, measure_dashboard):
    series, missing = tablets.latencies(tables, measure_dashboard)
    figures = {"samples": len(series[""]), "unseen": missing}
    for name, values in series.items():
        if values:
            figures.update({f"{name}p50_ms": percentile(values, 0.50),
                            f"{name}p95_ms": percentile(values, 0.95),
                            f"{name}p99_ms": percentile(values, 0.99),
                            f"{name}max_ms": round(max(values), 1)})
    return figures


async def play(tables, player, args, usage, seed, profile=None, tick=False):
    """The steady phase: every table at its pace for `duration`; then wait until all is quiet.
    With `profile` (a path prefix), py-spy records each server process meanwhile."""
    clients = [c for t in tables for c in t.clients]
    watchers = list({id(t.dashboard): t.dashboard for t in tables if t.dashboard}.values())
    for client in clients:
        client.parts_bytes = client.parts_count = 0
    rng = tablets.new_rng(seed)
    spies = servers.profile(usage, args.duration, profile) if profile else []
    usage.start()
    client_cpu = time.process_time()
    started = time.perf_counter()
    until = started + args.duration
    ticker = asyncio.ensure_future(tablets.tick(watchers)) if tick else None
    await asyncio.gather(*(tablets.drive(t, player, args.pace, until, rng) for t in tables))
    wall = time.perf_counter() - started
    cpu = usage.stop()
    for spy in spies:
        spy.wait()
    client_pct = round(100 * (time.process_time() - client_cpu) / wall, 1)
    await tablets.quiet(clients + watchers)
    if ticker is not None:  # the ticks go on until the cards held back have been drawn
        ticker.cancel()
    actions = [a for t in tables for a in t.actions]
    acked = [a for a in actions if a.version is not None]
    return {
        "actions": len(acked), "actions_per_s": round(len(acked) / wall, 1),
        "errors": dict(Counter(a.error for a in actions if a.error)),
        "server_cpu_pct": cpu, "client_cpu_pct": client_pct,
        "mean_update_bytes": round(sum(c.parts_bytes for c in clients)
                                   / max(1, sum(c.parts_count for c in clients))),
    }


async def connect_cycles(tables, count, concurrency=20):
    """`count` tablets connect, sync, receive their view and close, `concurrency` at a time."""
    seats = [c for t in tables for c in t.clients]
    gate = asyncio.Semaphore(concurrency)

    async def cycle(n):
        model = seats[n % len(seats)]
        async with gate:
            client = tablets.Client(model.url, cookie=model.cookie, origin=model.origin)
            await client.open()
            await client.first_parts()
            await client.close()

    await asyncio.gather(*(cycle(n) for n in range(count)))


async def measure_app(mode, env, ports, children, lessons, args, cycles):
    usage = servers.Usage(children)
    dashboards = await classes.start_all(lessons, ports)
    tables = classes.app_tables(env, lessons, dashboards, ports)
    clients = [c for t in tables for c in t.clients]
    rss_before = sum(usage.rss())
    await tablets.open_all(clients)
    await asyncio.sleep(0.5)
    rss_open = sum(usage.rss())
    profile = args.profile and f"{args.profile}/{mode.name}-{len(lessons)}"
    result = await play(tables, tablets.AppPlayer(tablets.new_rng(args.seed)), args, usage,
                        args.seed, profile, tick=True)
    final = classes.db(env, "versions", payload=[t.game_id for t in tables])
    result["lost_messages"] = sum(1 for t in tables for c in t.clients
                                  if (c.last_version() or -1) < final[str(t.game_id)])
    result["lost_messages"] += sum(1 for t in tables if (t.dashboard.last_version(t.key) or -1)
                                   < final[str(t.game_id)])
    result.update(latency_figures(tables, measure_dashboard=True))
    result.update({
        "sockets": len(clients) + len(dashboards), "tablets": len(clients),
        "dashboards": len(dashboards), "dashboard_measured": True, "tables": len(tables),
        "kib_per_connection": round((rss_open - rss_before) / len(clients) / 1024, 1),
        "rss_mib_open": round(rss_open / 2 ** 20, 1),
    })
    await tablets.close_all(clients)
    if cycles:
        await asyncio.sleep(0.5)
        rss_closed = sum(usage.rss())
        await connect_cycles(tables, cycles)
        await asyncio.sleep(0.5)
        rss_after = sum(usage.rss())
        result.update({"cycles": cycles, "rss_mib_before_cycles": round(rss_closed / 2 ** 20, 1),
                       "rss_mib_after_cycles": round(rss_after / 2 ** 20, 1),
                       "kib_per_cycle": round((rss_after - rss_closed) / cycles / 1024, 1)})
    await tablets.close_all(list(dashboards.values()))
    shape = [[len(t.clients) for t in tables if t.dashboard is dashboards[lesson.lesson]]
             for lesson in lessons]
    return result, shape


async def measure_baseline(ports, children, shape, pad, args):
    usage = servers.Usage(children)
    tables = classes.baseline_tables(len(shape), [len(s) for s in shape], shape, ports)
    clients = [c for t in tables for c in t.clients]
    watchers = list({id(t.dashboard): t.dashboard for t in tables}.values())
    rss_before = sum(usage.rss())
    await tablets.open_all(clients + watchers)
    await asyncio.sleep(0.5)
    rss_open = sum(usage.rss())
    result = await play(tables, tablets.BaselinePlayer(tablets.new_rng(args.seed), pad), args,
                        usage, args.seed)
    result["lost_messages"] = sum(1 for t in tables for c in t.clients
                                  if (c.last_version() or 0) < t.version)
    result["lost_messages"] += sum(1 for t in tables
                                   if (t.dashboard.last_version(t.key) or 0) < t.version)
    result.update(latency_figures(tables, measure_dashboard=True))
    result["kib_per_connection"] = round((rss_open - rss_before) / len(clients) / 1024, 1)
    await tablets.close_all(clients + watchers)
    return result


def run_load(mode, env, running, count, first, args, cycles, baselines=True):
    """One load in one mode: the app, then (unless a step of the search) both baselines with the
    same shape and payload."""
    (app_ports, app_children), (relay_ports, relay_children), (bare_ports, bare_children) = running
    clock = Stopwatch()
    made = classes.db(env, "lessons", count, first)
    lessons = [classes.Lesson(**m, students=[]) for m in made]
    classes.join_classes(lessons, app_ports, args.students)
    join_s = clock.lap("join")
    app, shape = asyncio.run(measure_app(mode, env, app_ports, app_children, lessons, args,
                                         cycles))
    clock.lap("app" + (f" with {cycles} connect cycles" if cycles else ""))
    row = {"mode": mode.name, "processes": mode.processes, "lessons": count, **app,
           "join_s": round(join_s, 1), "cpu_ms_per_action": _cpu_ms_per_action(app),
           "baseline_p95_ms": None, "ratio_p95": None}  # null: no baselines at this load
    if baselines:
        pad = app["mean_update_bytes"]
        bare = asyncio.run(measure_baseline(bare_ports, bare_children, shape, pad, args))
        clock.lap("bare baseline")
        relay = asyncio.run(measure_baseline(relay_ports, relay_children, shape, pad, args))
        clock.lap("relay baseline")
        row.update({
            "baseline_p95_ms": bare.get("p95_ms"), "relay_p95_ms": relay.get("p95_ms"),
            "ratio_p95": _ratio(app.get("p95_ms"), bare.get("p95_ms")),
            "ratio_relay_p95": _ratio(app.get("p95_ms"), relay.get("p95_ms")),
            "relay_cpu_ms_per_action": _cpu_ms_per_action(relay),
            "baselines": {"bare_websockets": bare, "channels_relay": relay}})
    print(markdown([row], header=False), flush=True)
    print(f"    ({mode.name}, {count} lessons: {clock.summary()})", file=sys.stderr, flush=True)
    return row


class Stopwatch:
    def __init__(self):
        self.started = self.last = time.perf_counter()
        self.laps = []

    def lap(self, name):
        now = time.perf_counter()
        seconds, self.last = now - self.last, now
        self.laps.append(f"{name} {seconds:.0f} s")
        return seconds

    def summary(self):
        return ", ".join(self.laps)


def _cpu_ms_per_action(result):
    """Server CPU (all processes) per acknowledged action, in ms: the steadiest figure on a
    shared machine."""
    if not result.get("actions_per_s"):
        return None
    return round(10 * sum(result["server_cpu_pct"]) / result["actions_per_s"], 1)


def _ratio(value, floor):
    return round(value / floor, 1) if value and floor else None


def passes(row):
    return (row.get("p95_ms") or 1e9) < LIMIT_P95_MS and not row["lost_messages"]


def loads_to_run(args):
    """The loads of the search: the given ones, doubling past the last that passes, then one
    bisection step between the last pass and the first failure (coarse, to fit the time); when
    nothing has passed, halving down to one lesson, so that the search always ends in a figure."""
    tried = {}

    def next_load():
        for load in args.loads:
            if load not in tried:
                return load
        if not args.search:
            return None
        passed = [n for n, ok in tried.items() if ok]
        failed = [n for n, ok in tried.items() if not ok]
        best, worst = max(passed, default=0), min(failed, default=None)
        if worst is None:
            return best * 2 if best * 2 <= args.max_lessons else None
        middle = (best + worst) // 2 // 5 * 5 or (best + worst) // 2
        if middle in tried or middle <= best or (best and worst - best <= 5):
            return None
        return middle

    return tried, next_load


def run_mode(name, args, core_sets, var_dir):
    server_cores, _ = core_sets
    rows = []
    with ExitStack() as stack:
        if name == "scaled":
            redis_url = args.redis_url or stack.enter_context(servers.own_redis(server_cores))
            recreate_database(args.database_url)
            mode = servers.Mode("scaled", 2, servers.app_environment(
                var_dir, database_url=args.database_url, redis_url=redis_url))
        else:
            mode = servers.Mode("embedded", 1, servers.app_environment(var_dir))
        classes.db(mode.env, "prepare")
        running = (stack.enter_context(servers.app_servers(mode, server_cores)),
                   stack.enter_context(servers.relay_servers(mode, server_cores)),
                   stack.enter_context(servers.bare_server(server_cores)))
        tried, next_load = loads_to_run(args)
        first = 1
        while (load := next_load()) is not None:
            given = load in args.loads
            step = args if given else argparse.Namespace(**{**vars(args),
                                                             "duration": args.search_duration})
            if not given:
                print(f"    (search: {load} lessons, the app only, {step.duration:g} s)",
                      file=sys.stderr, flush=True)
            cycles = args.cycles if load == args.loads[0] else 0
            row = run_load(mode, mode.env, running, load, first, step, cycles,
                           baselines=given and args.baselines)
            first += load
            tried[load] = passes(row)
            rows.append(row)
    return rows


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", default="embedded,scaled")
    parser.add_argument("--loads", default="20", help="lessons per run, comma-separated")
    parser.add_argument("--no-search", dest="search", action="store_false")
    parser.add_argument("--max-lessons", type=int, default=40)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--duration", type=float, default=12.0)
    parser.add_argument("--search-duration", type=float, default=8.0,
                        help="seconds of play for the loads the search adds (no baselines)")
    parser.add_argument("--pace", type=float, default=2.0)
    parser.add_argument("--cycles", type=int, default=300,
                        help="connect/sync/disconnect cycles after the first load of each mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL",
                                                                 DEFAULT_DATABASE))
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", ""))
    parser.add_argument("--profile", default="",
                        help="a folder: py-spy records the app's servers during each run")
    parser.add_argument("--no-baselines", dest="baselines", action="store_false",
                        help="the app only (to compare two trees' CPU per action quickly)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: one small lesson")
    parser.add_argument("--out", default=str(RESULTS / "live.json"))
    args = parser.parse_args(argv)
    args.loads = [int(n) for n in args.loads.split(",")]
    if args.quick:
        args.loads, args.search, args.students, args.duration, args.cycles = [1], False, 8, 3, 20
    core_sets = servers.cores()
    os.sched_setaffinity(0, core_sets[1])
    started = time.perf_counter()
    report = {"machine": machine(core_sets), "settings": {
        "students_per_lesson": args.students, "pace_s": args.pace, "duration_s": args.duration,
        "search_duration_s": args.search_duration,
        "limit_p95_ms": LIMIT_P95_MS}, "results": []}
    print(markdown([], header=True), flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-live-") as var_dir:
        for name in args.modes.split(","):
            report["results"] += run_mode(name, args, core_sets, Path(var_dir))
    report["machine"]["loadavg_after"] = open("/proc/loadavg").read().split()[:3]
    report["wall_s"] = round(time.perf_counter() - started, 1)
    report["largest_passing"] = {
        mode: max((r["lessons"] for r in report["results"] if r["mode"] == mode and passes(r)),
                  default=None) for mode in args.modes.split(",")}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    out.with_suffix(".md").write_text(markdown(report["results"], header=True) + "\n")
    print(f"\n{report['wall_s']} s; largest load with p95 < {LIMIT_P95_MS:.0f} ms and nothing "
          f"lost: {report['largest_passing']}; written {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
