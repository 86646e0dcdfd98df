"""One load measured: the app's tablets, dashboards and projectors at a pace, or a baseline's
sockets in the same shape; latencies, rates, lost messages, CPU and memory."""

import asyncio
import time
from collections import Counter

from bench.loadkit import classes, memory, servers, tablets
from bench.loadkit.pace import (
    DASHBOARD_TICK_S,
    PROJECTOR_TICK_S,
    drive,
    heartbeats,
    rate_figures,
    tick,
)
from bench.loadkit.report import percentile

TABLES_SHOWN = '<div class="pb-tables">'  # where the projector's board shows the tables


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


async def play(tables, player, pace, duration, usage, seed, profile=None, ticking=()):
    """The steady phase: every table at its pace for `duration`, with the pace's heartbeats and
    the watchers' ticks (`ticking`: (sockets, seconds) pairs); then wait until all is quiet.
    With `profile` (a path prefix), py-spy records each server process meanwhile."""
    clients = [c for t in tables for c in t.clients]
    watchers = [w for group, _ in ticking for w in group]
    watchers += [w for w in {id(t.dashboard): t.dashboard for t in tables if t.dashboard}.values()
                 if w not in watchers]
    for client in clients:
        client.parts_bytes = client.parts_count = 0
    rng = tablets.new_rng(seed)
    spies = servers.profile(usage, duration, profile) if profile else []
    usage.start()
    client_cpu = time.process_time()
    started = time.perf_counter()
    until = started + duration
    tickers = [asyncio.ensure_future(tick(group, every)) for group, every in ticking if group]
    beats = asyncio.ensure_future(heartbeats(clients, pace.heartbeat, tablets.new_rng(
        f"{seed} heartbeats"), until)) if pace.heartbeat else None
    schedules = [pace.tap_times(rng, started, duration) for _ in tables]
    await asyncio.gather(*(drive(t, player, times, until) for t, times in zip(tables, schedules,
                                                                               strict=True)))
    await asyncio.sleep(max(0.0, until - time.perf_counter()))  # the classroom's last taps
    wall = time.perf_counter() - started
    cpu = usage.stop()
    for spy in spies:
        spy.wait()
    client_pct = round(100 * (time.process_time() - client_cpu) / wall, 1)
    await tablets.quiet(clients + watchers, seconds=_quiet_spell(ticking))
    for ticker in tickers:  # the ticks go on until the cards held back have been drawn
        ticker.cancel()
    actions = [a for t in tables for a in t.actions]
    acked = [a for a in actions if a.version is not None]
    return {
        "actions": len(acked), "actions_per_s": round(len(acked) / wall, 1),
        **rate_figures(pace, tables, started, duration),
        "heartbeats": await beats if beats else 0,
        "errors": dict(Counter(a.error for a in actions if a.error)),
        "server_cpu_pct": cpu, "client_cpu_pct": client_pct,
        "mean_update_bytes": round(sum(c.parts_bytes for c in clients)
                                   / max(1, sum(c.parts_count for c in clients))),
    }


def _quiet_spell(ticking):
    """A second without messages, or longer than a slower ticker's period: what it held back
    comes at its next tick."""
    return max([1.0] + [every + 0.5 for _, every in ticking if every > 1.0])


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


async def lost_projectors(room, lessons, projectors):
    """Projectors without their lesson's final version, or whose board does not show the tables
    as a projector opened now draws them: a move that changes nothing on the board sends
    nothing, and the board carries no game versions (its clock, drawn to a step, is left out)."""
    final = classes.db(room.env, "lesson_versions", payload=list(projectors))
    fresh = await classes.open_projectors([lesson for lesson in lessons
                                           if lesson.lesson in projectors], room.ports)
    try:
        return sum(1 for lesson, projector in projectors.items()
                   if (projector.last_version() or -1) < final[str(lesson)]
                   or _tables_shown(projector) != _tables_shown(fresh[lesson]))
    finally:
        await tablets.close_all(list(fresh.values()))


def _tables_shown(projector):
    board = projector.parts.get("projector-board", "")
    return board[board.find(TABLES_SHOWN):]


async def measure_app(mode, room, children, lessons, pace, duration, args, cycles):
    """The app at one load: the room opens what the load adds (memory per tablet is measured
    over those); with `cycles`, the connect cycles follow and the room is emptied."""
    usage = servers.Usage(children)
    opening = time.perf_counter()
    fresh = await room.admit(lessons)
    opened = [c for t in fresh for c in t.clients]
    rss_before = sum(usage.rss())
    await tablets.open_all(opened)
    await asyncio.sleep(0.5)
    rss_open = sum(usage.rss())
    open_s = time.perf_counter() - opening
    tables = room.tables_of(lessons)
    clients = [c for t in tables for c in t.clients]
    dashboards = {lesson.lesson: room.dashboards[lesson.lesson] for lesson in lessons}
    projectors = {lesson.lesson: room.projectors[lesson.lesson] for lesson in lessons
                  if lesson.lesson in room.projectors}
    for table in tables:
        table.actions = []
    drawn = sum(p.parts_count for p in projectors.values())
    profile = args.profile and f"{args.profile}/{mode.name}-{pace.name}-{len(lessons)}"
    ticking = [(list(dashboards.values()), DASHBOARD_TICK_S)]
    if projectors:
        ticking.append((list(projectors.values()), PROJECTOR_TICK_S))
    result = await play(tables, tablets.AppPlayer(tablets.new_rng(args.seed)), pace, duration,
                        usage, args.seed, profile, ticking)
    final = classes.db(room.env, "versions", payload=[t.game_id for t in tables])
    result["lost_messages"] = sum(1 for t in tables for c in t.clients
                                  if (c.last_version() or -1) < final[str(t.game_id)])
    result["lost_messages"] += sum(1 for t in tables if (t.dashboard.last_version(t.key) or -1)
                                   < final[str(t.game_id)])
    if projectors:
        result["lost_messages"] += await lost_projectors(room, lessons, projectors)
        result["projector_parts"] = sum(p.parts_count for p in projectors.values()) - drawn
    result.update(latency_figures(tables, measure_dashboard=True))
    result.update({
        "sockets": len(clients) + len(dashboards) + len(projectors), "tablets": len(clients),
        "dashboards": len(dashboards), "projectors": len(projectors), "dashboard_measured": True,
        "tables": len(tables), "tablets_opened": len(opened), "open_s": round(open_s, 1),
        "kib_per_connection": round((rss_open - rss_before) / len(opened) / 1024, 1)
        if opened else None,
        "rss_mib_open": round(rss_open / 2 ** 20, 1),
    })
    if cycles:
        await tablets.close_all(clients)
        await asyncio.sleep(0.5)
        rss_closed = sum(usage.rss())
        traced = args.memory_trace and await memory.snapshots(children, args.memory_trace)
        await connect_cycles(tables, cycles)
        await asyncio.sleep(0.5)
        rss_after = sum(usage.rss())
        if traced:  # at the moment of the RSS figure, and again once closing sockets are gone
            after = await memory.snapshots(children, args.memory_trace)
            await asyncio.sleep(memory.SETTLE_S)
            settled = await memory.snapshots(children, args.memory_trace)
            result.update({"memory_growth": memory.growth(traced, after),
                           "memory_growth_settled": memory.growth(traced, settled),
                           "rss_mib_settled": round(sum(usage.rss()) / 2 ** 20, 1)})
        result.update({"cycles": cycles, "rss_mib_before_cycles": round(rss_closed / 2 ** 20, 1),
                       "rss_mib_after_cycles": round(rss_after / 2 ** 20, 1),
                       "kib_per_cycle": round((rss_after - rss_closed) / cycles / 1024, 1)})
    if cycles or not pace.reuse:
        await room.drop_all()
    shape = [[len(t.clients) for t in tables if t.dashboard is dashboards[lesson.lesson]]
             for lesson in lessons]
    return result, shape


async def measure_baseline(ports, children, shape, pad, pace, duration, args):
    """The same tablets and dashboards (no projectors), the same taps and heartbeats."""
    usage = servers.Usage(children)
    tables = classes.baseline_tables(len(shape), [len(s) for s in shape], shape, ports)
    clients = [c for t in tables for c in t.clients]
    watchers = list({id(t.dashboard): t.dashboard for t in tables}.values())
    rss_before = sum(usage.rss())
    await tablets.open_all(clients + watchers)
    await asyncio.sleep(0.5)
    rss_open = sum(usage.rss())
    result = await play(tables, tablets.BaselinePlayer(tablets.new_rng(args.seed), pad), pace,
                        duration, usage, args.seed)
    result["lost_messages"] = sum(1 for t in tables for c in t.clients
                                  if (c.last_version() or 0) < t.version)
    result["lost_messages"] += sum(1 for t in tables
                                   if (t.dashboard.last_version(t.key) or 0) < t.version)
    result.update(latency_figures(tables, measure_dashboard=True))
    result["kib_per_connection"] = round((rss_open - rss_before) / len(clients) / 1024, 1)
    await tablets.close_all(clients + watchers)
    return result
