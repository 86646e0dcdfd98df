"""Classes for the benchmark, made the way a real class is: through the servers.

Each student's tablet opens the join page with the lesson's code, posts a name with the form's
CSRF token, and keeps the signed `student` cookie the server sets. The teacher's page socket
(`/ws/lessons/<id>/`) then seats everyone and starts the tables. Requests alternate between the
servers' ports, as a round-robin balancer would send them. A pace that reuses lessons (the
classroom pace) keeps them joined and started for its later loads (`School`).
"""

import asyncio
import http.client
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlencode

from bench.loadkit.servers import ROOT, child_env
from bench.loadkit.tablets import Client, Table, close_all, open_all

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def db(env, *args, payload=None):
    """Run a bench/loadkit/db.py command in the mode's environment; returns its JSON answer."""
    done = subprocess.run([sys.executable, "-m", "bench.loadkit.db", *map(str, args)],
                          cwd=ROOT, env=child_env(env), input=json.dumps(payload),
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"db {args[0]} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def _cookies(response):
    jar = SimpleCookie()
    for header in response.headers.get_all("Set-Cookie") or ():
        jar.load(header)
    return {name: morsel.value for name, morsel in jar.items()}


def join(port, code, name):
    """One tablet's join: the name page for the code, then the name posted; returns the cookie."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", f"/join/?code={code}")
        response = connection.getresponse()
        page = response.read().decode()
        csrf = _cookies(response)["csrftoken"]
        token = CSRF_INPUT.search(page).group(1)
        body = urlencode({"csrfmiddlewaretoken": token, "code": code, "pseudonym": name})
        connection.request("POST", "/join/", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={csrf}", "Origin": f"http://127.0.0.1:{port}",
            "Referer": f"http://127.0.0.1:{port}/join/?code={code}"})
        response = connection.getresponse()
        response.read()
        if response.status != 302:
            raise RuntimeError(f"join refused: HTTP {response.status}")
        return _cookies(response)["student"]
    finally:
        connection.close()


@dataclass
class Lesson:
    lesson: int
    code: str
    session: str
    students: list  # the student cookies
    started: bool = False


class School:
    """The lessons made in one mode's database, numbered on; those of a pace that reuses them
    are kept for its later loads."""

    def __init__(self, env, ports, students_per_lesson):
        self.env, self.ports, self.students_per_lesson = env, ports, students_per_lesson
        self.made, self.kept = 0, []

    def lessons(self, count, reuse):
        if not reuse:
            return self.new(count)
        if len(self.kept) < count:
            self.kept += self.new(count - len(self.kept))
        return self.kept[:count]

    def new(self, count):
        made = db(self.env, "lessons", count, self.made + 1)
        self.made += count
        lessons = [Lesson(**m, students=[]) for m in made]
        join_classes(lessons, self.ports, self.students_per_lesson)
        return lessons


def join_classes(lessons, ports, students_per_lesson, workers=8):
    """Every student of every lesson joins through the join page."""
    jobs = [(lesson, n) for lesson in lessons for n in range(students_per_lesson)]
    with ThreadPoolExecutor(workers) as pool:
        cookies = list(pool.map(
            lambda job: join(ports[job[1] % len(ports)], job[0].code,
                             f"Bench {job[0].lesson}-{job[1] + 1}"), jobs))
    for (lesson, _n), cookie in zip(jobs, cookies, strict=True):
        lesson.students.append(cookie)


def ws_url(port, path):
    return f"ws://127.0.0.1:{port}{path}"


def origin(port):
    return f"http://127.0.0.1:{port}"


def teacher_socket(lesson, port, path):
    return Client(ws_url(port, path), cookie=f"sessionid={lesson.session}", origin=origin(port))


async def start_tables(lesson, port):
    """The teacher seats everyone and starts the tables (unless they were started for an earlier
    load); returns the open socket (the teacher's page, which stays open as the lesson's
    dashboard)."""
    teacher = teacher_socket(lesson, port, f"/ws/lessons/{lesson.lesson}/")
    await teacher.open()
    await teacher.first_parts()
    if lesson.started:
        return teacher
    for kind in ("seat_everyone", "start_tables"):
        teacher.parts_seen.clear()
        await teacher.send({"type": kind, "id": kind})
        await teacher.next_parts()
        if teacher.errors:
            raise RuntimeError(f"the teacher's {kind} was refused: {teacher.errors}")
    lesson.started = True
    return teacher


def app_tables(env, lessons, dashboards, ports):
    """The tables of the started lessons, each tablet on a port by its place at the table, so
    every table's sockets are split across the processes."""
    cookies = [cookie for lesson in lessons for cookie in lesson.students]
    seats = db(env, "seating", payload=cookies)
    by_table = {}
    for seat in sorted(seats, key=lambda s: (s["table"], s["seat"])):
        by_table.setdefault((seat["lesson"], seat["table"], seat["game"]), []).append(seat)
    tables = []
    for index, ((lesson_id, table_id, game_id), members) in enumerate(sorted(by_table.items())):
        clients = []
        for place, seat in enumerate(members):
            port = ports[(index + place) % len(ports)]
            clients.append(Client(ws_url(port, "/ws/play/"), cookie=f"student={seat['cookie']}",
                                  origin=origin(port), table=table_id, seat=seat["seat"]))
        tables.append(Table(key=table_id, clients=clients, dashboard=dashboards[lesson_id],
                            game_id=game_id, lesson=lesson_id))
    return tables


def baseline_tables(lessons, tables_per_lesson, seats_per_table, ports):
    """The same sockets for a baseline server: `/t/<lesson>/<table>/<seat>` and `/d/<lesson>`."""
    tables = []
    for lesson in range(lessons):
        dash_port = ports[lesson % len(ports)]
        dashboard = Client(ws_url(dash_port, f"/d/{lesson}"), origin=origin(dash_port))
        for table in range(tables_per_lesson[lesson]):
            size = seats_per_table[lesson][table]
            clients = [Client(ws_url(ports[(table + seat) % len(ports)],
                                     f"/t/{lesson}/{table}/{seat}"),
                              origin=origin(ports[(table + seat) % len(ports)]),
                              table=str(table), seat=seat) for seat in range(size)]
            tables.append(Table(key=str(table), clients=clients, dashboard=dashboard))
    return tables


async def start_all(lessons, ports):
    """Every teacher starts their tables (a few at a time); {lesson id: teacher socket}."""
    gate = asyncio.Semaphore(4)

    async def start(index, lesson):
        async with gate:
            return lesson.lesson, await start_tables(lesson, ports[index % len(ports)])

    return dict(await asyncio.gather(*(start(i, lesson) for i, lesson in enumerate(lessons))))


async def open_projectors(lessons, ports):
    """Each lesson's projector page socket (the teacher's session), synced; on the other process
    than the lesson's dashboard when there are two. {lesson id: socket}."""
    projectors = {lesson.lesson: teacher_socket(
        lesson, ports[(index + 1) % len(ports)],
        f"/ws/lessons/{lesson.lesson}/projector/?shown=playing")
        for index, lesson in enumerate(lessons)}
    await open_all(list(projectors.values()))
    return projectors


class Room:
    """The app's sockets of the lessons a search is playing, kept open between its loads: a load
    opens those of the lessons it adds and closes those of the lessons it drops, so that a pace
    that reuses lessons opens each tablet once."""

    def __init__(self, env, ports, projectors):
        self.env, self.ports, self.with_projectors = env, ports, projectors
        self.dashboards, self.projectors, self.tables = {}, {}, {}  # by lesson id

    async def admit(self, lessons):
        """Drop the lessons not in `lessons`; open the dashboards and projectors of the others
        (and start their tables); returns their tables, whose tablets are still to open."""
        wanted = {lesson.lesson for lesson in lessons}
        await self.drop([key for key in self.dashboards if key not in wanted])
        fresh = [lesson for lesson in lessons if lesson.lesson not in self.dashboards]
        self.dashboards.update(await start_all(fresh, self.ports))
        if self.with_projectors:
            self.projectors.update(await open_projectors(fresh, self.ports))
        tables = app_tables(self.env, fresh, self.dashboards, self.ports) if fresh else []
        for table in tables:
            self.tables.setdefault(table.lesson, []).append(table)
        return tables

    def tables_of(self, lessons):
        return [t for lesson in lessons for t in self.tables.get(lesson.lesson, [])]

    async def drop(self, keys):
        sockets = [c for key in keys for t in self.tables.pop(key, []) for c in t.clients]
        sockets += [self.dashboards.pop(key) for key in keys]
        sockets += [self.projectors.pop(key) for key in keys if key in self.projectors]
        await close_all(sockets)

    async def drop_all(self):
        await self.drop(list(self.dashboards))
