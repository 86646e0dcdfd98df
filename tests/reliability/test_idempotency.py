"""Item 5, idempotency and races, over real sockets to a uvicorn process on PostgreSQL and Redis:
1,000 taps each sent two or three times at once, or sent, cut off by a dropped connection and
sent again after reconnecting, log each tap once; two tablets acting on the same view at the same
moment (the seat's two tablets, or the seat to act and another seat) get exactly one applied and a
clear error for the other."""

import random
import threading
import uuid

import pytest
from django.db import connection

from games.engines.base import CHANCE, ENGINES
from games.models import Game, GameAction
from games.selectors import game_state
from tests.games.factories import make_game, seat_tokens
from tests.reliability.fuzzkit import (
    SocketTablet,
    figure,
    log_faults,
    needs_services,
    server_errors,
    uvicorn_server,
)

pytestmark = [needs_services(), pytest.mark.django_db(transaction=True)]

TAPS, TABLES = 1000, 5
MESSAGES_PER_SECOND = 8  # each tablet stays under the socket's rate limit (10 a second)


def game_now(game_id):
    game = Game.objects.get(pk=game_id)
    engine = ENGINES[game.engine_key]
    return game, engine, engine.state_from_json(game_state(game))


class TapCounter:
    def __init__(self, total):
        self.left, self.lock = total, threading.Lock()
        self.sent = self.taps = self.resent_after_reconnect = 0
        self.acks = {}  # tap id -> the versions its acks reported
        self.games = []
        self.faults = []

    def take(self):
        with self.lock:
            self.left -= 1
            return self.left >= 0


def tap_twice_or_more(base_url, counter, seed):
    """One table: its seats' tablets play bot moves, each tap sent 2-3 times or across a
    reconnect, until the counter's taps are used up; a finished game is followed by a new one."""
    rng = random.Random(seed)
    try:
        while counter.left > 0:
            game = make_game(seats=2)
            counter.games.append(game.pk)
            tablets = {seat: SocketTablet(base_url, tokens[0])
                       for seat, tokens in seat_tokens(game).items()}
            try:
                play_doubled(game.pk, tablets, counter, rng)
            finally:
                for tablet in tablets.values():
                    tablet.close()
    except Exception as error:  # noqa: BLE001  (reported by the test)
        counter.faults.append(f"table {seed}: {error!r}")
    finally:
        connection.close()


def play_doubled(game_id, tablets, counter, rng):
    while True:
        game, engine, state = game_now(game_id)
        acting = [seat for seat in engine.current_seats(state) if seat != CHANCE]
        if not acting or not counter.take():
            return
        seat = rng.choice(acting)
        action = engine.bots["random"](state, seat, rng)
        tap = {"type": "act", "action": action, "version": game.version, "id": str(uuid.uuid4())}
        tablet, copies = tablets[seat], rng.choice([2, 2, 3, "reconnect"])
        if copies == "reconnect":
            tablet.send(tap)
            tablet.close()  # the wifi drops before the ack arrives
            tablet.connect()
            copies = 1
            counter.resent_after_reconnect += 1
            counter.sent += 1
        for _ in range(copies):
            tablet.send(tap)
        answers = tablet.answers(tap["id"], copies)
        counter.sent += copies
        counter.taps += 1
        refused = [a for a in answers if a["type"] != "ack"]
        if refused:
            counter.faults.append(f"a repeated tap was refused: {refused}")
        counter.acks[tap["id"]] = {a.get("version") for a in answers}
        pause = copies / MESSAGES_PER_SECOND
        threading.Event().wait(pause)


def test_a_thousand_double_taps_and_resends_are_each_logged_once():
    counter = TapCounter(TAPS)
    with uvicorn_server() as (base_url, process):
        threads = [threading.Thread(target=tap_twice_or_more, args=(base_url, counter, n))
                   for n in range(TABLES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=900)
    output = process.output
    rows = GameAction.objects.filter(game_id__in=counter.games, actor_kind="seat")
    logged = list(rows.values_list("client_action_id", flat=True))
    duplicated = len(logged) - len(set(logged))
    missing = set(counter.acks) - set(logged)
    mixed = [ref for ref, versions in counter.acks.items() if len(versions) != 1]
    broken = [fault for pk in counter.games for fault in log_faults(Game(pk=pk))]
    figure("idempotency_taps", taps=counter.taps, messages=counter.sent,
           resent_after_reconnect=counter.resent_after_reconnect, logged=len(logged),
           duplicated=duplicated, lost=len(missing), games=len(counter.games),
           server_errors=len(server_errors(output)))
    assert counter.faults == [], counter.faults[:5]
    assert counter.taps >= TAPS
    assert duplicated == 0 and not missing and len(logged) == counter.taps
    assert mixed == [], "the copies of one tap were answered with different versions"
    assert broken == [], broken[:5]
    assert server_errors(output) == [], output[-3000:]


# Races -------------------------------------------------------------------------------------------

RACES = 40


def at_once(sends):
    """Run the sends at the same moment, each in its own thread."""
    start = threading.Barrier(len(sends))

    def run(send):
        start.wait()
        send()

    threads = [threading.Thread(target=run, args=(send,)) for send in sends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)


def actions_step(game_id, tablets, rng):
    """Play random moves until one seat alone is to act in the Actions phase; returns it (or
    None when the game ended first)."""
    while True:
        game, engine, state = game_now(game_id)
        seats = [seat for seat in engine.current_seats(state) if seat != CHANCE]
        if not seats:
            return None
        if state["step"]["kind"] == "actions" and len(seats) == 1:
            legal = [a for a in engine.legal_actions(state, seats[0])
                     if a["type"] != "story_vote"]
            if len({a["type"] for a in legal}) >= 2:
                return game, seats[0], legal
        seat = rng.choice(seats)
        tap = {"type": "act", "action": engine.bots["random"](state, seat, rng),
               "version": game.version, "id": str(uuid.uuid4())}
        tablets[seat][0].send(tap)
        assert tablets[seat][0].answers(tap["id"])[0]["type"] == "ack"
        threading.Event().wait(0.15)


def test_two_tablets_acting_at_once_on_one_turn_get_exactly_one_applied():
    """Odd races: the seat's two tablets tap different actions; even races: the seat to act and
    the other seat tap at once. One is applied, the other answered with an error."""
    rng = random.Random(5)
    outcomes, faults, races, games = [], [], 0, []
    with uvicorn_server() as (base_url, process):
        while races < RACES:
            game = make_game(seats=2)
            games.append(game.pk)
            tokens = seat_tokens(game)
            tablets = {seat: [SocketTablet(base_url, tokens[seat][0]) for _ in range(2)]
                       for seat in tokens}
            while races < RACES:
                found = actions_step(game.pk, tablets, rng)
                if found is None:
                    break
                game, seat, legal = found
                first = rng.choice(legal)
                second = rng.choice([a for a in legal if a["type"] != first["type"]])
                other = 2 if seat == 1 else 1
                sender = tablets[seat][1] if races % 2 else tablets[other][0]
                taps = [(tablets[seat][0], first), (sender, second)]
                frames = [{"type": "act", "action": action, "version": game.version,
                           "id": str(uuid.uuid4())} for _, action in taps]
                pairs = [(tablet, frame) for (tablet, _), frame in zip(taps, frames, strict=True)]
                at_once([lambda t=t, f=f: t.send(f) for t, f in pairs])
                answers = [t.answers(f["id"])[0] for t, f in pairs]
                applied = GameAction.objects.filter(
                    game_id=game.pk, client_action_id__in=[f["id"] for f in frames]).count()
                kinds = sorted(a["type"] for a in answers)
                outcomes.append((kinds, applied))
                if kinds != ["ack", "error"] or applied != 1:
                    faults.append((races, answers, applied))
                for answer in answers:
                    if answer["type"] == "error" and not (answer["code"] and answer["message"]):
                        faults.append(("unclear error", answer))
                races += 1
                threading.Event().wait(0.3)
            for pair in tablets.values():
                for tablet in pair:
                    tablet.close()
    output = process.output
    broken = [fault for pk in games for fault in log_faults(Game(pk=pk))]
    exactly_one = sum(1 for kinds, applied in outcomes if applied == 1 and kinds == ["ack",
                                                                                     "error"])
    figure("races", races=len(outcomes), exactly_one_applied=exactly_one,
           both_applied=sum(1 for _, applied in outcomes if applied == 2),
           none_applied=sum(1 for _, applied in outcomes if applied == 0),
           server_errors=len(server_errors(output)))
    assert faults == [], faults[:5]
    assert exactly_one == RACES
    assert broken == [], broken[:5]
    assert server_errors(output) == [], output[-3000:]
