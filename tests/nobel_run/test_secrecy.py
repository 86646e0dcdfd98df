"""Hidden information by construction, over whole playouts (Part 4 of the rules file, NR-39).

Each viewer (a seat, the teacher, the projector) gets a **twin** of every state: the same game
with every secret it may not know replaced — every other seat's hand and deck (same sizes,
other cards), the hidden cards under each supply deck's top, and the card a private event drew.
Whatever the app shows that viewer must be the same for both: the play page's parts, the
tablet's choices, the live check of a plan, the log's lines, the cockpit's line, the
projector's race, the debrief's facts and the export's columns; and a seat's refused plans get
the same codes. Then a whole 4-seat game through the real sockets: every part each tablet and
the teacher's table view received equals that viewer's twin rendering at that version.
"""

import copy
import itertools
import json
import random
import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.utils import translation

from classroom.play_socket import PlayConsumer
from config.routing import websocket_urlpatterns
from debrief.facts import SeatGame
from games import deadlines, rendering, selectors
from games.engines.base import CHANCE, PUBLIC, TEACHER
from games.engines.playout import play
from games.nobel_run import exports, narration
from games.nobel_run.engine.api import ENGINE
from games.nobel_run.engine.events import EVENT_TYPES
from games.packages import package
from games.selectors import GameSnapshot
from games.stepper import Draft
from tests.games.factories import seat_tokens
from tests.nobel_run.engine.factory import arrange, plan, settle, setup_game, use
from tests.sockets import open_socket, session_cookie, student_cookie

GAME = package("nobel_run")
NAMES = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"}
PLAYERS = tuple({"seat": s, "name": n} for s, n in NAMES.items())
OTHER = {"hand": "senior", "deck": "postdoc", "rest": "q1-paper", "drawn": "senior"}
_ids = itertools.count(5_000_000)


def twin_state(state, viewer):
    """`state` with everything `viewer` may not know replaced by other cards."""
    twin = copy.deepcopy(state)
    for p in twin["players"]:
        if p["seat"] != viewer:
            p["hand"] = [OTHER["hand"]] * len(p["hand"])
            p["deck"] = [OTHER["deck"]] * len(p["deck"])
    for supply in twin["supply"].values():
        supply["rest"] = [OTHER["rest"]] * len(supply["rest"])
    twin["events"] = twin_events(state["events"], viewer)
    return twin


def twin_events(events, viewer):
    """Events whose secret fields, private to another seat, name other cards."""
    twins = []
    for event in events:
        if event.get("private_to") not in (None, viewer):
            event = {**event, **dict.fromkeys(event.get("secret", ()), OTHER["drawn"])}
        twins.append(event)
    return twins


def snapshot(state, players=PLAYERS, deadline=None):
    """A snapshot of its own (the render core caches views by game and revision)."""
    timers = ({"key": "k", "seat": state["step"]["seat"], "due_at": deadline,
               "fallback": {}},) if deadline and state["step"]["kind"] == "respond" else ()
    return GameSnapshot(game_id=next(_ids), table_id=1, table_number=1, lesson_id=1,
                        engine_key="nobel_run", version=1, revision=1, state=state,
                        players=players, deadlines=timers)


def shown_to(state, viewer, language="en"):
    """Everything the app renders for `viewer` from `state` (no database)."""
    snap = snapshot(state, deadline="2030-01-01T00:00:00+00:00")
    seat = None if viewer in (TEACHER, PUBLIC) else viewer
    with translation.override(language):
        shown = dict(GAME.shared_parts(snap))
        if viewer is not PUBLIC:
            shown.update(GAME.own_parts(snap, seat, viewer is TEACHER))
            choices = rendering.render_choices(snap, seat, language, Draft(),
                                               teacher=viewer is TEACHER)
            shown.update(choices or {})
        summary = ENGINE.summary(state)
        shown["card"] = json.dumps(GAME.card_context(snap, summary), default=str)
        shown["projector"] = json.dumps(GAME.projector_context(snap, summary))
        shown["log"] = [line.text for line in GAME.narrate(
            ENGINE.events_for(state["events"], viewer), NAMES)]
    return shown


def plan_checks(state, seat, rng):
    """The live check of a few random plans of the planning seat, and the engine's codes."""
    menu = ENGINE.action_menu(state, seat)
    if not menu or menu[0]["kind"] != "plan":
        return []
    inputs = menu[0]["inputs"]
    found = []
    for _ in range(3):
        values = {spec["param"]: rng.sample(spec["options"], min(len(spec["options"]),
                                                                 rng.randrange(3)))
                  for spec in inputs}
        plan_ = {k: (v[0] if v else None) if k == "publish" else v for k, v in values.items()}
        found.append(ENGINE.plan_problems(state, seat, plan_))
        step = type("Step", (), {"kind": "plan", "picks": (), "inputs": inputs})
        with translation.override("en"):
            found.append(GAME.input_parts(snapshot(state), seat, step, values))
    return found


def viewers(state):
    return [PUBLIC, TEACHER, *range(1, len(state["players"]) + 1)]


def playout_states(seeds, n):
    """Every state of whole mixed-bot games a page can show (the server resolves chance steps
    before it saves a game), with the events of the steps since the one before."""
    states, since = [], []

    def keep(state, action, events):
        since.extend(state["events"] if action is None else events)
        if ENGINE.current_seats(state) != [CHANCE]:
            shown = copy.deepcopy(state)
            shown["events"] = list(since)
            states.append(shown)
            since.clear()

    for seed in seeds:
        bots = {s: ("greedy" if (s + seed) % 2 else "random") for s in range(1, n + 1)}
        play(ENGINE, n, seed, bots, options={"variant": "short"}, on_step=keep)
    return states


def directed_states():
    """What playouts seldom reach: Donna Strickland's blind pick, a target's chosen discard, a
    block published and then disabled, a called time."""
    state = arrange(setup_game(3), 1, hand=["donna-strickland", "care", "impostor-syndrome",
                                             "work", "work"])
    states = [copy.deepcopy(state)]

    def step(events):
        events = events + settle(state)
        states.append(copy.deepcopy(state) | {"events": events})

    step(plan(state, end_turn=False, uses=[use("donna-strickland", 0, 2)]))
    step(plan(state, end_turn=False, uses=[use("care", 0, 3)]))
    answer = ENGINE.action_menu(state, 3)[0]["actions"][0]["action"]
    step(ENGINE.apply_in_place(state, answer, validate=True))
    step(plan(state, publish={"card": "impostor-syndrome", "target": 2}))
    arrange(state, 2, hand=["predoc", "work", "work", "work", "research"])
    step(plan(state, uses=[use("predoc", 1)], disables=[0]))
    step(ENGINE.apply_in_place(state, {"type": "call_time", "seat": None}, validate=True))
    return states


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_page_log_card_or_check_shows_a_viewer_a_secret_over_whole_playouts(n):
    """At every step of 4 whole games per seat count, every viewer's pages, log lines,
    cockpit line, projector race and a seat's live plan checks are the same for its twin;
    over all of them every event type occurred."""
    rng = random.Random(n)
    seen = set()
    states = playout_states(range(4), n) + (directed_states() if n == 3 else [])
    for state in states:
        seen.update(e["type"] for e in state["events"])
        for viewer in viewers(state):
            twin = twin_state(state, viewer)
            assert shown_to(state, viewer) == shown_to(twin, viewer), (viewer, state["turn"])
        acting = ENGINE.current_seats(state)
        if acting and acting != [CHANCE]:
            seed = rng.random()
            seat = acting[0]
            assert plan_checks(state, seat, random.Random(seed)) == \
                plan_checks(twin_state(state, seat), seat, random.Random(seed))
    if n == 3:
        assert seen == set(EVENT_TYPES)


def test_the_twin_check_catches_a_part_that_shows_another_seat_s_hand(monkeypatch):
    """The check is not blind: a race part that named seat 1's hand differs for seat 2's
    twin."""
    from games.nobel_run import presentation

    real_race = presentation.race

    def leaky(view, names, bots):
        shown = real_race(view, names, bots)
        shown["rows"][0]["name"] += " " + " ".join(leaky.state["players"][0]["hand"])
        return shown

    state = setup_game(2)
    monkeypatch.setattr(presentation, "race", leaky)
    leaky.state = state
    real = shown_to(state, 2)
    leaky.state = twin_state(state, 2)
    assert real != shown_to(leaky.state, 2)


@pytest.mark.django_db
def test_the_debrief_s_facts_and_the_export_read_nothing_private():
    """Each seat's facts are the same when other seats drew other cards; the export's columns
    are the same for a state whose hands, decks and hidden supply differ."""
    events_log, final = [], None

    def keep(state, action, events):
        nonlocal final
        events_log.extend(state["events"] if action is None else events)
        final = state

    play(ENGINE, 4, 3, "greedy", options={"variant": "short"}, on_step=keep)
    outcome = ENGINE.outcome(final)
    for seat in range(1, 5):
        for generator in GAME.fact_generators.values():
            with translation.override("en"):
                real = generator(SeatGame(seat, ENGINE.events_for(events_log, seat), outcome))
                other = generator(SeatGame(seat, ENGINE.events_for(
                    twin_events(events_log, seat), seat), outcome))
            assert real == other
    game = type("Row", (), {"pk": -1, "version": 0})
    for seat in range(1, 5):
        assert exports.figures(game, final, outcome, seat) == \
            exports.figures(game, twin_state(final, None), outcome, seat)


def test_narration_names_a_drawn_card_only_to_its_seat():
    """Every card drawn in a whole game reaches the log of its own seat only."""
    events_log = []
    play(ENGINE, 3, 5, "greedy", on_step=lambda s, a, e: events_log.extend(e))
    drawn = [e for e in events_log if e["type"] == "CardDrawn"]
    assert drawn
    for viewer in (PUBLIC, TEACHER, 1, 2, 3):
        visible = ENGINE.events_for(drawn, viewer)
        twins = ENGINE.events_for(twin_events(drawn, viewer), viewer)
        with translation.override("en"):
            assert narration.tell(visible, NAMES) == narration.tell(twins, NAMES)


# The real sockets ------------------------------------------------------------------------------

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
WATCHED = ("nr-race", "nr-turn", "nr-market", "nr-targeting", "play-end", "play-status",
           "nr-me", "play-actions")


def game_state(game):
    game.refresh_from_db()
    return (game.version, ENGINE.state_from_json(selectors.game_state(game)),
            tuple(game.players), tuple(game.deadlines))


def twin_parts(state, viewer, players, timers, language):
    """The parts the socket renders for `viewer`, from the viewer's twin of `state`."""
    snap = GameSnapshot(game_id=next(_ids), table_id=1, table_number=1, lesson_id=1,
                        engine_key="nobel_run", version=1, revision=1,
                        state=twin_state(state, viewer), players=players,
                        deadlines=tuple(timers))
    seat = None if viewer is TEACHER else viewer
    with translation.override(language):
        parts = dict(GAME.shared_parts(snap))
        parts.update(GAME.own_parts(snap, seat, viewer is TEACHER))
        parts.update(rendering.render_choices(snap, seat, language, Draft(),
                                              teacher=viewer is TEACHER) or {})
    return parts


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_whole_game_through_the_sockets_shows_each_viewer_only_its_own(monkeypatch):
    """Four tablets and the teacher's table view follow a whole game played through the
    tablets (a target once lets its 45 seconds run out); after every step every part each
    socket holds equals its twin rendering: nothing another seat holds reached it."""
    from tests.nobel_run.factories import nr_game

    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    language = "fi"
    game = await sync_to_async(nr_game)(seats=4, language=language, seed=21)
    tokens = await sync_to_async(seat_tokens)(game)
    owner = await sync_to_async(lambda: game.table.lesson.owner)()
    sockets = {seat: await open_socket(application, "/ws/play/", student_cookie(t[0]))
               for seat, t in tokens.items()}
    lesson_id = await sync_to_async(lambda: game.table.lesson_id)()
    cookie = await sync_to_async(session_cookie)(owner)
    sockets[TEACHER] = await open_socket(
        application, f"/ws/lessons/{lesson_id}/tables/1/", cookie + "; language=fi")
    held = {viewer: {} for viewer in sockets}
    rng = random.Random(4)
    stalled = False
    for _ in range(600):
        version, state, players, timers = await sync_to_async(game_state)(game)
        for viewer, socket in sockets.items():
            await receive_until(socket, held[viewer], version)
            expected = twin_parts(state, viewer, players, timers, language)
            for part in WATCHED:
                assert held[viewer].get(part) == expected[part], (viewer, part, version)
        acting = ENGINE.current_seats(state)
        if not acting:
            break
        seat = acting[0]
        if state["step"]["kind"] == "respond" and not stalled:
            stalled = True
            await sync_to_async(deadlines.games_apply_due_deadlines)(now=later(46))
            continue
        action = ENGINE.bots["greedy" if seat % 2 else "random"](state, seat, rng)
        tap = str(uuid.uuid4())
        await sockets[seat].send_json_to({"type": "act", "action": action, "version": version,
                                          "id": tap})
        await receive_until(sockets[seat], held[seat], None, tap)
    assert not acting and stalled
    for socket in sockets.values():
        await socket.disconnect()


def later(seconds):
    from datetime import timedelta

    from django.utils import timezone

    return timezone.now() + timedelta(seconds=seconds)


async def receive_until(socket, held, version, tap=None):
    """Take messages into `held` until one shows `version` (or acknowledges `tap`)."""
    while True:
        try:
            message = await socket.receive_json_from(timeout=5)
        except TimeoutError:
            return
        if message["type"] == "parts":
            held.update(message["parts"])
        if tap is not None and message.get("ref") == tap:
            assert message["type"] == "ack", message
            return
        if tap is None and message["type"] == "parts" and message["version"] == version:
            return
