"""Item 7, floods and size, against a uvicorn process on PostgreSQL and Redis started as the
Makefile serves (--ws-max-size 65536): a tablet sending 1,000 messages a second is told to slow
down and closed (and, reconnecting, refused for a while); a 10 MB message closes its socket; and
meanwhile the other tables' taps are answered as fast as without the flood (p95 within 20 %).

The flooder runs in its own process. Quiet and flooded phases alternate on one server, so a busy
machine slows both alike; each tap's latency counts in the phase in which it was sent. The tables
tap in turn, as classes do, so that one stall of the machine is not four slow taps at once."""

import json
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid

import pytest
from django.db import connection

from games.engines.base import CHANCE, ENGINES
from games.models import Game
from games.selectors import game_state
from tests.games.factories import make_game, seat_tokens
from tests.reliability.fuzzkit import (
    SocketTablet,
    figure,
    needs_services,
    server_errors,
    socket_url,
    uvicorn_server,
)
from tests.sockets import student_cookie

pytestmark = [needs_services(), pytest.mark.django_db(transaction=True)]

TABLES = 4
TAP_EVERY = 0.8  # seconds between one table's taps
PHASE = 6.0  # seconds of each quiet or flooded phase
CYCLES = 8  # quiet, flooded, quiet, flooded, ...
SETTLE = 0.5  # the first moments of a phase count in neither
FLOOD_RATE = 1000
RECONNECT = 1.0  # seconds before the closed flooder comes back
BIG_MESSAGE = 10 * 1024 * 1024

FLOODER = r"""
import json, sys, time
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

url, origin, cookie, start, phase, cycles, rate, big, reconnect = sys.argv[1:]
start, phase, cycles, rate, big = float(start), float(phase), int(cycles), int(rate), int(big)
reconnect = float(reconnect)
per_second = {}
stats = {"sent": 0, "connections": 0, "slow_down": 0, "closes": {},
         "big_close": None, "sending_s": 0.0}

def flooding(now):
    n = int((now - start) // phase)
    return now >= start and n < 2 * cycles and n % 2 == 1

def tally_close(socket):
    code = str(socket.close_code)
    stats["closes"][code] = stats["closes"].get(code, 0) + 1

def open_socket():
    stats["connections"] += 1
    return connect(url, origin=origin, additional_headers={"Cookie": cookie}, open_timeout=10,
                   close_timeout=2, max_size=2**22)

def big_message():
    socket = open_socket()
    try:
        socket.send("x" * big)
        socket.recv(timeout=10)
    except (ConnectionClosed, OSError):
        pass
    # The server may reset the connection while the 10 MB are still being written: then no
    # close frame arrives, but the connection has ended all the same.
    stats["big_close"] = socket.close_code or "reset"

tap = json.dumps({"type": "act", "action": {"type": "pass"}, "version": 0, "id": "flood"})
big_sent = False
while time.time() < start + 2 * cycles * phase:
    if not flooding(time.time()):
        time.sleep(0.01)
        continue
    if not big_sent:
        big_message()
        big_sent = True
    try:
        socket = open_socket()
    except (InvalidStatus, OSError):
        time.sleep(0.05)
        continue
    # The time from the opening to the last message the socket took: after a close frame,
    # send() waits for the server to drop the connection, and that wait is not flooding.
    connected_at = last_sent = time.monotonic()
    try:
        next_at = time.monotonic()
        while flooding(time.time()):
            socket.send(tap)
            last_sent = time.monotonic()
            stats["sent"] += 1
            second = str(int(time.time()))
            per_second[second] = per_second.get(second, 0) + 1
            next_at += 1 / rate
            while True:
                try:
                    reply = json.loads(socket.recv(timeout=0))
                except TimeoutError:
                    break
                stats["slow_down"] += reply.get("code") == "slow_down"
            time.sleep(max(0.0, next_at - time.monotonic()))
    except ConnectionClosed:
        tally_close(socket)
        time.sleep(reconnect)  # a runaway tablet that ignores 4008 and comes back
    finally:
        stats["sending_s"] += last_sent - connected_at
        socket.close()
stats["rate_while_sending"] = round(stats["sent"] / max(stats["sending_s"], 1e-9))
stats["peak_per_second"] = max(per_second.values(), default=0)
print(json.dumps(stats))
"""


def phase_of(moment, start):
    """'quiet' or 'flood' for the moment a tap was sent, None while settling or outside."""
    offset = moment - start
    n = int(offset // PHASE)
    if offset < 0 or n >= 2 * CYCLES or offset - n * PHASE < SETTLE:
        return None
    return "flood" if n % 2 else "quiet"


def p95(samples):
    return statistics.quantiles(samples, n=20)[-1]


def tap_steadily(base_url, start, latencies, faults, seed):
    """One table: its tablets tap a random bot's moves every TAP_EVERY seconds; each tap's time
    to its ack is recorded under the phase in which it was sent."""
    rng = random.Random(seed)
    try:
        game = make_game(seats=2)
        tablets = {seat: SocketTablet(base_url, tokens[0])
                   for seat, tokens in seat_tokens(game).items()}
        next_tap = start + seed * TAP_EVERY / TABLES  # tables tap in turn, not all at once
        while time.time() < start + 2 * CYCLES * PHASE:
            game = Game.objects.get(pk=game.pk)
            engine = ENGINES[game.engine_key]
            state = engine.state_from_json(game_state(game))
            seats = [seat for seat in engine.current_seats(state) if seat != CHANCE]
            if not seats:
                for tablet in tablets.values():
                    tablet.close()
                game = make_game(seats=2)
                tablets = {seat: SocketTablet(base_url, tokens[0])
                           for seat, tokens in seat_tokens(game).items()}
                continue
            seat = rng.choice(seats)
            tap = {"type": "act", "action": engine.bots["random"](state, seat, rng),
                   "version": game.version, "id": str(uuid.uuid4())}
            time.sleep(max(0.0, next_tap - time.time()))
            sent = time.time()
            tablets[seat].send(tap)
            answer = tablets[seat].answers(tap["id"])[0]
            took = time.time() - sent
            next_tap = max(next_tap + TAP_EVERY, time.time())
            if answer["type"] != "ack":
                faults.append(answer)
            phase = phase_of(sent, start)
            if phase:
                latencies[phase].append(took)
        for tablet in tablets.values():
            tablet.close()
    except Exception as error:  # noqa: BLE001  (reported by the test)
        faults.append(repr(error))
    finally:
        connection.close()


def test_a_flooding_tablet_is_closed_while_other_tables_play_as_fast_as_without_it():
    flood_game = make_game(seats=2)
    flood_token = seat_tokens(flood_game)[1][0]
    latencies, faults = {"quiet": [], "flood": []}, []
    with uvicorn_server() as (base_url, process):
        start = time.time() + 3  # every tablet connected and warmed up
        flooder = subprocess.Popen(
            [sys.executable, "-c", FLOODER, socket_url(base_url), base_url,
             student_cookie(flood_token), str(start), str(PHASE), str(CYCLES), str(FLOOD_RATE),
             str(BIG_MESSAGE), str(RECONNECT)], stdout=subprocess.PIPE, text=True)
        threads = [threading.Thread(target=tap_steadily,
                                    args=(base_url, start, latencies, faults, n))
                   for n in range(TABLES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=2 * CYCLES * PHASE + 120)
        flood, _ = flooder.communicate(timeout=60)
    stats = json.loads(flood.strip().splitlines()[-1])
    quiet, flooded = p95(latencies["quiet"]), p95(latencies["flood"])
    ratio = flooded / quiet
    figure("flood", messages=stats["sent"], peak_per_second=stats["peak_per_second"],
           rate_while_sending=stats["rate_while_sending"],
           connections=stats["connections"], closes=json.dumps(stats["closes"]).replace(" ", ""),
           slow_down_errors=stats["slow_down"], big_message_close=stats["big_close"])
    figure("flood_latency", quiet_taps=len(latencies["quiet"]),
           flooded_taps=len(latencies["flood"]), p95_quiet_ms=round(quiet * 1000, 1),
           p95_flooded_ms=round(flooded * 1000, 1), ratio=round(ratio, 2))
    assert faults == [], faults[:5]
    assert server_errors(process.output) == [], process.output[-3000:]
    assert stats["big_close"] in (1009, "reset")
    assert stats["closes"].get("4008", 0) >= CYCLES  # closed for flooding in every flood phase
    # Closed within a second, a flooder never fills a calendar second; its rate while it is
    # sending says whether it flooded.
    assert stats["rate_while_sending"] >= 0.5 * FLOOD_RATE, "the flooder did not flood"
    assert min(len(latencies["quiet"]), len(latencies["flood"])) >= 120
    assert ratio <= 1.2
