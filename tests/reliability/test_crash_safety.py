"""Crash safety (issue 9, item 4): the scaled-out app (PostgreSQL, Redis) under uvicorn is killed
with SIGKILL at 20 random moments while tablets play bot-chosen moves through their sockets, and
started again. No acknowledged action is lost, every game's snapshot is the replay of its log,
and every tablet reconnects and reaches its game's current version.
"""

import asyncio
import random
import time

import pytest

from games.models import GameAction
from tests.reliability.crashkit import (
    Server,
    Tablet,
    game_state,
    in_thread,
    make_class,
    replays_to_snapshot,
    running,
    seats_of,
    start_lesson,
)

pytestmark = pytest.mark.usefixtures("transactional_db")

KILLS = 20
STUDENTS = 8
SEED = 9_004
PACE_SECONDS = 0.4  # between one table's moves while killing, so the games outlast the kills
RESYNC_SECONDS = 90


class Play:
    """Each table's tablets play the engine's greedy bot for their seats until told to stop."""

    def __init__(self, tablets, rng):
        self.tablets = tablets
        self.rng = rng
        self.go = asyncio.Event()
        self.go.set()
        self.acks = []  # (game, action id, acknowledged version)
        self.refusals = 0
        self.pace = PACE_SECONDS

    async def table(self, game_id, seats):
        while True:
            await self.go.wait()
            engine, state, version = await in_thread(game_state, game_id)
            to_act = engine.current_seats(state)
            if not to_act:
                return
            tablet = seats[to_act[0]]
            action = engine.bots["greedy"](state, to_act[0], random.Random(f"{game_id}:{version}"))
            answer = await tablet.act(action, version)
            if answer["type"] == "ack":
                self.acks.append((game_id, answer["ref"], answer["version"]))
            else:
                self.refusals += 1
            await asyncio.sleep(self.pace)


async def all_resynced(tablets, timeout=RESYNC_SECONDS):
    """Every tablet is connected and shows its game's version in the database."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        versions = {}
        for tablet in tablets:
            if tablet.seat.game not in versions:
                versions[tablet.seat.game] = (await in_thread(game_state, tablet.seat.game))[2]
        if all(t.online.is_set() and t.version == versions[t.seat.game] for t in tablets):
            return True
        await asyncio.sleep(0.2)
    return False


async def crash_and_restart(server, tablets, rng):
    play = Play(tablets, rng)
    by_game = {}
    for tablet in tablets:
        by_game.setdefault(tablet.seat.game, {})[tablet.seat.seat] = tablet
    for tablet in tablets:
        tablet.start()
    assert await all_resynced(tablets), "the tablets did not open"
    drivers = [asyncio.create_task(play.table(game, seats)) for game, seats in by_game.items()]
    figures = {"kills": 0, "resyncs": 0, "acks_before_kills": [], "down_ms": []}
    for _ in range(KILLS):
        await asyncio.sleep(rng.uniform(0.5, 3.0))
        figures["acks_before_kills"].append(len(play.acks))
        await asyncio.to_thread(server.kill)
        figures["kills"] += 1
        down = time.monotonic()
        await asyncio.sleep(rng.uniform(0.0, 1.0))
        await asyncio.to_thread(server.start)
        figures["down_ms"].append(round((time.monotonic() - down) * 1000))
        play.go.clear()  # hold the moves while checking that every tablet caught up
        assert await all_resynced(tablets), "a tablet did not resynchronise after a restart"
        figures["resyncs"] += len(tablets)
        play.go.set()
    play.pace = 0
    await asyncio.wait_for(asyncio.gather(*drivers), 600)  # play the games to their ends
    assert await all_resynced(tablets)
    for tablet in tablets:
        await tablet.stop()
    return play, figures


@pytest.mark.timeout(1200)
def test_killing_the_server_twenty_times_loses_no_acknowledged_action():
    """SIGKILL at 20 random moments of play, restart: every acknowledged action is in its game's
    log, every snapshot is the replay of (seed, log), every tablet caught up after each restart."""
    rng = random.Random(SEED)
    started = time.monotonic()
    with running(Server()) as server:
        lesson, session, cookies = make_class(server, STUDENTS)
        asyncio.run(start_lesson(server, lesson, session))
        seats = seats_of(cookies)
        tablets = [Tablet(server, seat, random.Random(f"{SEED}:{n}"))
                   for n, seat in enumerate(seats)]
        play, figures = asyncio.run(crash_and_restart(server, tablets, rng))
        assert server.starts == KILLS + 1
    games = {seat.game for seat in seats}
    lost = [ack for ack in play.acks if not GameAction.objects.filter(
        game_id=ack[0], client_action_id=ack[1], seq__lte=ack[2]).exists()]
    replayed = sum(replays_to_snapshot(game) for game in games)
    over = sum(game_state(game)[1]["phase"] == "over" for game in games)
    print(f"FIGURE crash_kills={figures['kills']} crash_games={len(games)} games_over={over} "
          f"acked_actions={len(play.acks)} lost_acked_actions={len(lost)} "
          f"snapshots_equal_replay={replayed}/{len(games)} "
          f"tablet_resyncs={figures['resyncs']}/{figures['kills'] * len(tablets)} "
          f"resent_after_reconnect={sum(t.resent for t in tablets)} refusals={play.refusals} "
          f"seconds={time.monotonic() - started:.0f}")
    print(f"FIGURE crash_acks_at_each_kill={figures['acks_before_kills']} "
          f"crash_down_ms={figures['down_ms']}")
    assert figures["kills"] == KILLS
    assert not lost
    assert replayed == len(games) == over
    assert figures["resyncs"] == KILLS * len(tablets)
    assert figures["acks_before_kills"][0] > 0
    assert figures["acks_before_kills"][-1] > figures["acks_before_kills"][0]
