"""Live-play benchmark: what one table's change costs the server and the network.

    python bench/play.py [--games 3] [--seats 4] [--json] [--database-url postgres://…]

Plays greedy games through `game_apply_action` on a throwaway SQLite database (or a PostgreSQL
database whose name starts tutkimus_bench, recreated) and, after each
change, renders every seat's parts and the teacher's the way the sockets do (games/rendering.py,
with its per-process cache), and sends only what changed. Prints:

* the single writer: milliseconds per `game_apply_action` (lock, apply, chance steps, log, save);
  on PostgreSQL also what each costs the database: its backend's CPU milliseconds and the WAL it
  writes (KiB);
* rendering: milliseconds per revision for the whole table (every seat and a watching teacher),
  and per seat;
* payload: bytes a tablet receives per change, as JSON and deflated (WebSocket compression);
  the full view a reconnecting tablet gets; and the play page's first load, gzipped, with its
  stylesheets and script.

Wall-clock figures on a shared machine: compare figures from the same run.
"""

import argparse
import gzip
import json
import os
import random
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django(database_url=None):
    os.environ["TUTKIMUS_VAR_DIR"] = tempfile.mkdtemp(prefix="bench-play-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("DATABASE_URL", None)
    if database_url:
        from bench.live import recreate_database

        recreate_database(database_url)
        os.environ["DATABASE_URL"] = database_url
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def summary(values, digits=2):
    return {"mean": round(statistics.fmean(values), digits),
            "p95": round(percentile(values, 0.95), digits), "max": round(max(values), digits)}


def deflated(text):
    compressor = zlib.compressobj(wbits=-15)
    return len(compressor.compress(text.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH))


def make_table(seats):
    from classroom import services as classroom
    from games.models import Game
    from tests.classroom.factories import join_many, make_lesson

    lesson = make_lesson(language="fi")
    join_many(lesson, seats)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    return Game.objects.get(table__lesson=lesson)


def play_and_measure(seats, seed, figures):
    from games import rendering, services
    from games.engines.base import ENGINES
    from games.selectors import game_snapshot, game_state

    game = make_table(seats)
    engine = ENGINES[game.engine_key]
    rng = random.Random(seed)
    sent = {seat: {} for seat in [*range(1, seats + 1), None]}
    database = DatabaseCost.of_connection()
    while True:
        game.refresh_from_db()
        state = engine.state_from_json(game_state(game))
        current = engine.current_seats(state)
        if not current:
            break
        action = engine.bots["greedy"](state, current[0], rng)
        before = database.now() if database else None
        started = time.perf_counter()
        result = services.game_apply_action(game.pk, action, expected_version=game.version)
        figures["apply_ms"].append((time.perf_counter() - started) * 1000)
        if database:
            cpu_ms, wal_kib = database.since(before)
            figures["db_cpu_ms"].append(cpu_ms)
            figures["wal_kib"].append(wal_kib)
        snapshot = game_snapshot(game.pk, result.revision)
        rendered, table_ms = {}, 0.0
        for seat in sent:
            seat_started = time.perf_counter()
            rendered[seat] = rendering.render_parts(snapshot, seat, "fi", teacher=seat is None)
            seat_ms = (time.perf_counter() - seat_started) * 1000
            table_ms += seat_ms
            if seat is not None:
                figures["seat_ms"].append(seat_ms)
        figures["table_ms"].append(table_ms)
        for seat, parts in rendered.items():
            last = sent[seat]
            changed = {p: html for p, html in parts.items() if last.get(p) != html}
            last.update(changed)
            if seat is None:
                continue
            message = json.dumps({"type": "parts", "version": snapshot.version, "parts": changed})
            figures["update_bytes"].append(len(message))
            figures["update_deflated"].append(deflated(message))
            full = json.dumps({"type": "parts", "version": snapshot.version, "parts": parts})
            figures["full_bytes"].append(len(full))
            figures["full_deflated"].append(deflated(full))
    return game


class DatabaseCost:
    """What PostgreSQL spends on this connection: its backend process's CPU time (read from
    /proc, in clock ticks, so meaningful over many actions) and the WAL written."""

    def __init__(self, connection, pid):
        self.connection, self.pid = connection, pid

    @classmethod
    def of_connection(cls):
        from django.db import connection

        if connection.vendor != "postgresql":
            return None
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return cls(connection, cursor.fetchone()[0])

    def now(self):
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        with self.connection.cursor() as cursor:
            cursor.execute("SELECT pg_current_wal_lsn()")
            return cpu, cursor.fetchone()[0]

    def since(self, before):
        cpu, lsn = self.now()
        with self.connection.cursor() as cursor:
            cursor.execute("SELECT pg_wal_lsn_diff(%s, %s)", [lsn, before[1]])
            wal = float(cursor.fetchone()[0])
        return (cpu - before[0]) * 1000, wal / 1024


def first_load(game):
    """The play page's HTML, stylesheets and script, gzipped as the server would send them."""
    from django.test import Client

    from classroom import auth
    from classroom.models import Student

    student = Student.objects.filter(seat__table=game.table).first()
    token = auth.new_token()
    student.token_hash = auth.hash_secret(token)
    student.save()
    client = Client()
    client.cookies[auth.COOKIE_NAME] = auth._signer().sign(token)
    html = client.get("/play/").content
    assets = [(ROOT / "static" / path).read_bytes()
              for path in ("css/app.css", "css/play.css", "js/live.js")]
    files = [html, *assets]
    return {"html_bytes": len(html), "html_gzip": len(gzip.compress(html)),
            "total_bytes": sum(map(len, files)),
            "total_gzip": sum(len(gzip.compress(f)) for f in files)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--database-url", help="a PostgreSQL database to recreate and play on")
    args = parser.parse_args(argv)
    setup_django(args.database_url)
    figures = {key: [] for key in ("apply_ms", "db_cpu_ms", "wal_kib", "table_ms", "seat_ms",
                                   "update_bytes", "update_deflated", "full_bytes",
                                   "full_deflated")}
    for seed in range(1, args.games + 1):
        game = play_and_measure(args.seats, seed, figures)
    result = {"games": args.games, "seats": args.seats, "changes": len(figures["apply_ms"]),
              **{key: summary(values) for key, values in figures.items() if values},
              "first_load": first_load(game)}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{args.games} greedy games, {args.seats} seats, {result['changes']} changes "
          f"(Finnish pages; every seat and a watching teacher render after each change)")
    for key, label in (("apply_ms", "game_apply_action, ms"),
                       ("db_cpu_ms", "  its database backend's CPU, ms"),
                       ("wal_kib", "  its WAL, KiB"),
                       ("table_ms", "render one change for the whole table, ms"),
                       ("seat_ms", "render one seat's view, ms"),
                       ("update_bytes", "update per tablet, bytes of JSON"),
                       ("update_deflated", "update per tablet, bytes deflated"),
                       ("full_bytes", "full view (reconnect), bytes of JSON"),
                       ("full_deflated", "full view (reconnect), bytes deflated")):
        figure = result.get(key)
        if figure is None:
            continue
        print(f"  {label:45} mean {figure['mean']:>9}  p95 {figure['p95']:>9}  "
              f"max {figure['max']:>9}")
    load = result["first_load"]
    print(f"  first load of /play/: HTML {load['html_bytes']} B ({load['html_gzip']} B gzipped);"
          f" with CSS and JS {load['total_bytes']} B ({load['total_gzip']} B gzipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
