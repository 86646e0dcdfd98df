"""The answer key never reaches a tablet before the answer is judged (AS-33), over whole games
played through the live sockets: every message each seat's tablet receives is searched for the
key of every question not yet judged for it (its explanation, and an open answer's model and
accepted answers), the judges of an open answer excepted while they judge. Open answers are
judged by the table's votes, or by the teacher from the cockpit's queue (AS-31, AS-34), and a
duel's answers count in the order the server receives them (AS-G09)."""

import html
import random
import uuid

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from classroom.play_socket import PlayConsumer
from config.routing import websocket_urlpatterns
from games import approvals, services
from games.art_of_science.engine.bots import right_value
from games.engines.base import ENGINES
from games.models import Approval, Game
from games.selectors import game_state
from tests import sockets
from tests.art_of_science.factories import aos_game
from tests.games.factories import engine_state, seat_tokens
from tests.sockets import student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.slow]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
MIN_TEXT = 8  # shorter key texts ("true", "7") also stand for other things on a page
OPEN_QUESTION_SEED = 1


@database_sync_to_async
def new_table(seats, language, **settings):
    game = aos_game(seats, language, **settings)
    return game, seat_tokens(game)


@database_sync_to_async
def current(game):
    engine, state = engine_state(game)
    return engine, state, game.version


def key_texts(record):
    texts = [record["explanation"]]
    if record["format"] == "open":
        texts += [record["answer"], *record["accept"]]
    return [t for t in texts if len(t) >= MIN_TEXT]


def secrets_of(state, seat):
    """Key texts `seat` may not have seen: of every question not judged in front of it, but
    those also written in a text it may see (a prompt, an option, a revealed key)."""
    judging = state["step"]["kind"] == "judge" and seat in state["step"]["judges"]
    revealed = set(state["asked"])
    current = state["question"]
    first_asking = current and state["asked"].count(current["id"]) == 1
    if first_asking and not current["judged"] and not judging:
        revealed.discard(current["id"])
    allowed = {t for qid in revealed for t in key_texts(state["bank"][qid])}
    if current and current["context"] != "duel":  # a typed answer is public once given
        allowed |= {str(a["value"]) for a in current["answers"]}
    public = " ".join([*allowed, *(q["prompt"] for q in state["bank"].values()),
                       *(o for q in state["bank"].values() for o in q["options"] or ())])
    hidden = {t for qid, q in state["bank"].items() if qid not in revealed
              for t in key_texts(q)}
    return {t for t in hidden if t not in public}  # a phrase also in a shown text proves nothing


def check(message, seat, state):
    shown = html.unescape(" ".join(message.get("parts", {}).values()))
    leaked = [t for t in secrets_of(state, seat) if t in shown]
    assert not leaked, f"seat {seat} was sent the key {leaked[:1]} of an unjudged question"


async def until(socket, predicate, timeout=5):
    seen = []
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        seen.append(message)
        if predicate(message):
            return seen


def shows(message, version):
    return message.get("type") == "parts" and message["version"] == version


@database_sync_to_async
def teacher_decides(game, rng):
    """The teacher judges the waiting open answer from the cockpit's queue."""
    approval = Approval.objects.get(game=game, status=Approval.Status.PENDING)
    approvals.approval_decide(Approval.objects.filter(game=game), approval.pk,
                              rng.random() < 0.5)


async def play_through_sockets(game, tokens, rng, teacher_judges_at_random=False):
    """Every seat's tablet sends its bot's moves through its socket until the game ends; the
    teacher decides what waits for the teacher. Returns the messages each seat received."""
    tablets = {seat: await sockets.open_socket(application, "/ws/play/",
                                               student_cookie(seat_tokens_[0]))
               for seat, seat_tokens_ in tokens.items()}
    received = {seat: [] for seat in tablets}
    engine, state, version = await current(game)
    for seat, socket in tablets.items():
        await socket.send_json_to({"type": "sync", "version": None})
        first = await socket.receive_json_from(timeout=5)
        check(first, seat, state)
    for _step in range(4000):
        engine, state, version = await current(game)
        if engine.outcome(state) is not None:
            break
        to_act = [s for s in engine.current_seats(state) if isinstance(s, int)]
        early = {seat: [] for seat in tablets}
        teacher_turn = not to_act or (teacher_judges_at_random and state["step"]["kind"] ==
                                      "judge" and rng.random() < 0.3)
        if teacher_turn:
            await teacher_decides(game, rng)
        else:
            seat, tap = rng.choice(to_act), str(uuid.uuid4())
            action = engine.bots["greedy"](state, seat, rng)
            await tablets[seat].send_json_to({"type": "act", "action": action,
                                              "version": version, "id": tap})
            early[seat] = await until(tablets[seat], lambda m, t=tap: m.get("ref") == t)
            assert early[seat][-1]["type"] == "ack", early[seat][-1]
        engine, state, new_version = await current(game)
        assert new_version > version
        for seat, socket in tablets.items():
            messages = early[seat]
            if not any(shows(m, new_version) for m in messages):
                messages += await until(socket, lambda m, v=new_version: shows(m, v))
            for message in messages:
                check(message, seat, state)
            received[seat].extend(messages)
    for socket in tablets.values():
        await socket.disconnect()
    return state, received


@pytest.mark.parametrize("seats, language, judge", [(3, "en", "table"), (4, "fi", "teacher"),
                                                    (2, "en", "table")])
async def test_as_33_no_tablet_gets_a_key_before_its_answer_is_judged(seats, language, judge,
                                                                     monkeypatch):
    """Whole games with open answers: no message to any tablet carries the key of a question
    not yet judged for that seat; every tablet ends on the final scores."""
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    # A seed whose game asks an open question (a game seeded at random may ask none).
    monkeypatch.setattr(services.secrets, "randbits", lambda bits: OPEN_QUESTION_SEED)
    game, tokens = await new_table(seats, language, open_answers=True, judge=judge)
    state, received = await play_through_sockets(game, tokens, random.Random(seats),
                                                 teacher_judges_at_random=judge == "table")
    assert state["over"]
    for messages in received.values():
        ends = [m["parts"]["play-end"] for m in messages if "play-end" in m.get("parts", {})]
        assert "end-panel" in ends[-1]
    asked = {state["bank"][qid]["format"] for qid in state["asked"]}
    assert "open" in asked or seats == 2


@database_sync_to_async
def at_a_duel(game):
    """Play greedy moves until both duellists are asked the duel's question."""
    engine = ENGINES["art_of_science"]
    for _ in range(3000):
        game.refresh_from_db()
        state = engine.state_from_json(game_state(game))
        if state["step"]["kind"] == "duel" and len(state["step"]["seats"]) == 2:
            return state
        if state["over"]:
            return None
        seat = next((s for s in engine.current_seats(state) if isinstance(s, int)), None)
        if seat is None:
            approval = Approval.objects.get(game=game, status="pending")
            approvals.approval_decide(Approval.objects.filter(game=game), approval.pk, True)
            continue
        action = engine.bots["greedy"](state, seat, random.Random(game.version))
        services.game_apply_action(game.pk, action, expected_version=game.version)
    return None


async def test_as_g09_a_duel_goes_to_the_first_right_answer_the_server_receives(monkeypatch):
    """Both duellists send a right answer; the one the server receives first wins, and the
    other's answer is refused because the duel is over."""
    monkeypatch.setattr(PlayConsumer, "rate_per_second", 1000)
    for _attempt in range(8):
        game, tokens = await new_table(3, "en")
        state = await at_a_duel(game)
        if state is not None:
            break
    assert state is not None, "no duel in eight games"
    late, first = state["step"]["seats"]  # the engine's listed order is not the receipt order
    tablets = {seat: await sockets.open_socket(application, "/ws/play/",
                                               student_cookie(tokens[seat][0]))
               for seat in (first, late)}
    for socket in tablets.values():
        await socket.send_json_to({"type": "sync", "version": None})
        await socket.receive_json_from(timeout=5)
    version = (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version
    for seat in (first, late):
        action = {"type": "answer", "seat": seat, "value": right_value(state)}
        await tablets[seat].send_json_to({"type": "act", "action": action, "version": version,
                                          "id": f"duel-{seat}"})
        reply = await until(tablets[seat], lambda m, s=seat: m.get("ref") == f"duel-{s}")
        assert reply[-1]["type"] == ("ack" if seat == first else "error")
    _engine, after, _version = await current(game)
    duel = after["duels"][-1]
    assert duel["over"] and duel["winner"] == first and [a["seat"] for a in duel["answers"]] \
        == [first]
    for socket in tablets.values():
        await socket.disconnect()
