"""Item 1, fuzzing: Hypothesis writes more than 10,000 messages to the live-play socket (legal
taps, illegal ones, malformed JSON, wrong types, huge numbers, unknown fields, the wrong seat,
stale, future and mistyped versions, missing and odd ids, over-long strings, binary frames) and
1,000 requests to the HTTP pages. No server error; every refusal is an error with a code and a
sentence, answering the message's id, and changes nothing; every game's log replays to its
snapshot in the rules' own form and keeps the engine's invariants."""

import json
import logging
import uuid

import pytest
from django.test import Client
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from classroom.play_socket import PlayConsumer
from games.engines.base import CHANCE, ENGINES, IllegalAction
from games.live import LiveConsumer
from games.models import Game
from games.selectors import game_state
from tests.games.factories import make_game, seat_tokens
from tests.reliability.fuzzkit import LoopThread, Tablet, figure, log_faults, needs_services
from tests.sockets import session_cookie, student_cookie

pytestmark = [needs_services(), pytest.mark.django_db(transaction=True)]

# 4 parts (each its own test, seed and tables, within the per-test timeout) of 52 batches of 50:
# 10,400 messages.
SOCKET_PARTS, SOCKET_EXAMPLES, SOCKET_BATCH = 4, 52, 50
HTTP_EXAMPLES, HTTP_BATCH = 70, 15  # 1,050 requests
FUZZ = settings(max_examples=SOCKET_EXAMPLES, database=None, deadline=None,
                phases=[Phase.generate], suppress_health_check=list(HealthCheck))

HUGE = [2**64, -(2**63), 10**30, 1e308, -1e308, float("inf"), float("nan")]
junk = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.sampled_from(HUGE),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["T-XX", "A1", "P-SOLAR", "", " ", "<script>", "'; DROP TABLE", "∞", "\x00"]),
    st.lists(st.integers(-2, 40), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(),
                                                            max_size=2),
)
KINDS = ["fund", "discard", "event_block", "event_choose", "theory", "build", "prediction",
         "preprint", "journal", "simulate", "peer_review", "pass", "roll", "chance",
         "story_request", "story_vote", "story_accept", "story_reject", "call_time"]
# Hypothesis draws the first entry most often: the cheapest kind of message comes first.
CATEGORIES = (["malformed"] * 20 + ["wrong_types"] * 16 + ["unknown_type"] * 8 + ["huge"] * 8
              + ["illegal"] * 14 + ["wrong_seat"] * 8 + ["version"] * 6 + ["repeat"] * 6
              + ["valid"] * 3 + ["noisy"] + ["odd_id"] + ["over_long"] * 4 + ["binary"]
              + ["other"] * 2)


class Table:
    """A 2-seat game, a tablet for each seat, and what the fuzzer remembers of it."""

    def __init__(self, loop):
        self.game = make_game(seats=2)
        self.engine = ENGINES[self.game.engine_key]
        self.tablets = {seat: Tablet(loop, tokens[0])
                        for seat, tokens in seat_tokens(self.game).items()}
        self.applied = []  # (seat, frame) of acknowledged taps, to send again
        self._state = (None, None)
        self._legal, self._accepts = {}, {}
        self.refresh()

    def refresh(self):
        """Read the game's version, and its state when it moved; returns the version."""
        self.version = Game.objects.values_list("version", flat=True).get(pk=self.game.pk)
        if self._state[0] != self.version:
            game = Game.objects.get(pk=self.game.pk)
            self.version = game.version
            self._state = (game.version, self.engine.state_from_json(game_state(game)))
        return self.version

    def state(self):
        return self._state[1]

    def acting(self):
        return [seat for seat in self.engine.current_seats(self.state()) if seat != CHANCE]

    def legal(self, seat):
        key = (self.version, seat)
        if key not in self._legal:
            self._legal = {key: self.engine.legal_actions(self.state(), seat)}
        return self._legal[key]

    def accepts(self, seat, action):
        """Whether the engine would take `action` from `seat` now (the fuzzer's oracle)."""
        key = (self.version, seat, json.dumps(action, sort_keys=True, default=repr))
        if key not in self._accepts:
            try:
                self.engine.canonical_action(self.state(), {**action, "seat": seat})
                self._accepts = {key: True}
            except (IllegalAction, TypeError, KeyError, ValueError):
                self._accepts = {key: False}
        if not self._accepts[key]:
            return False
        return not (isinstance(action, dict) and action.get("type") in ("story_request",
                                                                         "story_vote"))

    def close(self):
        for tablet in self.tablets.values():
            tablet.close()


def act(action, version, tap="new"):
    return {"type": "act", "action": action, "version": version,
            "id": str(uuid.uuid4()) if tap == "new" else tap}


def noisy(data, action):
    """The same action with unknown fields and values that equal the listed ones in Python."""
    action = dict(action)
    flips = data.draw(st.lists(st.booleans(), min_size=8, max_size=8))
    for flip, (name, value) in zip(flips, list(action.items()), strict=False):
        if name in ("type", "seat") or not flip:
            continue
        if isinstance(value, bool):
            action[name] = int(value)
        elif isinstance(value, int):
            action[name] = float(value)
        elif value is None:
            del action[name]
    extra = data.draw(st.dictionaries(st.sampled_from(["note", "cost", "x", "seat2", "debug"]),
                                      junk, max_size=3))
    return {**action, **extra}


def mutated(data, action):
    """A legal action with one parameter (or its type) replaced by junk."""
    action = dict(action)
    name = pick(data, [name for name in action if name != "seat"])
    kind, value, as_kind = data.draw(st.sampled_from(KINDS)), data.draw(junk), data.draw(
        st.booleans())
    action[name] = kind if name == "type" and as_kind else value
    return action


def draw_message(data, table):
    """(seat, text, binary, expected, id): expected is apply, repeat, refuse, close or either."""
    seats = sorted(table.tablets)
    acting = table.acting()
    seat = acting[0] if acting else seats[0]
    version = table.version
    category = data.draw(st.sampled_from(CATEGORIES))
    table.category = category
    legal = table.legal(seat) if acting else []
    legal = [a for a in legal if a["type"] not in ("story_vote",)]
    action = pick(data, legal or [{"type": "pass"}])

    def message(content, expected, to=seat):
        return to, json.dumps(content), None, expected, content.get("id") if isinstance(
            content, dict) else None

    if category == "valid":
        return message(act(action, version), "apply" if legal else "either")
    if category == "noisy":
        return message(act(noisy(data, action), version), "either")
    if category == "repeat":
        to, frame = pick(data, table.applied or [(None, None)])
        if frame is None:
            return message(act(action, version), "apply" if legal else "either")
        return to, frame, None, "repeat", json.loads(frame)["id"]
    if category == "illegal":
        bad = mutated(data, action)
        return message(act(bad, version), "either" if table.accepts(seat, bad) else "refuse")
    if category == "wrong_seat":
        other = pick(data, seats)
        expected = "either" if table.accepts(other, action) else "refuse"
        return message(act({**action, "seat": seat}, version), expected, to=other)
    if category == "version":
        seen = data.draw(st.one_of(
            st.integers(-5, -1).map(lambda back: version + back),
            st.integers(1, 5).map(lambda ahead: version + ahead),
            st.sampled_from(HUGE + [None, "1", str(version), [version], {"v": version}, True,
                                    version + 0.5])))
        refused = (isinstance(seen, float) and seen != version) or isinstance(
            seen, (str, list, dict)) or (isinstance(seen, int) and seen > version)
        return message(act(action, seen), "refuse" if refused else "either")
    if category == "odd_id":
        content = act(action, version, tap=data.draw(st.one_of(
            st.integers(), st.none(), st.text(min_size=65, max_size=80), st.just(""),
            st.lists(st.integers(), max_size=2))))
        if data.draw(st.booleans()):
            del content["id"]
        return message(content, "either")
    if category == "malformed":
        text = data.draw(st.one_of(
            st.text(max_size=60), st.just(json.dumps(act(action, version))[:-3]),
            st.sampled_from(["NaN", "[" * 5000 + "]" * 5000, "{" * 3000, '{"type": "act",}',
                             "null", "{}", "[]", '"act"', "1e999", "\ud800"]),
            st.integers(1, 25).map(lambda n: '{"a":' * n * 100 + "1" + "}" * n * 100)))
        return seat, text, None, "refuse", None
    if category == "wrong_types":
        content = data.draw(st.one_of(
            st.builds(lambda t, a: {"type": t, "action": a, "version": version,
                                    "id": str(uuid.uuid4())}, junk, junk),
            st.builds(lambda a: act(a, version), junk),
            st.builds(lambda a: act(a, version), st.lists(junk, max_size=3))))
        known = isinstance(content["type"], str) and content["type"] in PlayConsumer.handlers \
            and content["type"] != "act"
        return message(content, "either" if known else "refuse")
    if category == "huge":
        name = pick(data, [n for n in action if n not in ("type", "seat")] or ["debt"])
        big = {**action, name: data.draw(st.sampled_from(HUGE))}
        return message(act(big, version), "either" if table.accepts(seat, big) else "refuse")
    if category == "unknown_type":
        name = data.draw(st.sampled_from(["attack", "ACT", "act ", "game.updated",
                                          "websocket.connect", "seat_bot", "__init__"]))
        return message({"type": name, "id": str(uuid.uuid4())}, "refuse")
    if category == "over_long":
        if data.draw(st.booleans()):
            big = {**action, "card": "C" * data.draw(st.integers(2100, 12000))}
            return message(act(big, version), "refuse")
        return seat, json.dumps(act(action, version)) + " " * 17000, None, "close", None
    if category == "binary":
        return seat, None, data.draw(st.binary(min_size=1, max_size=64)), "close", None
    content = data.draw(st.one_of(
        st.builds(lambda k, p: {"type": "pick", "kind": k, "picks": p},
                  st.sampled_from(KINDS) | junk, junk | st.lists(st.lists(junk, max_size=2),
                                                                max_size=3)),
        st.builds(lambda v: {"type": "sync", "version": v}, junk),
        st.builds(lambda s, a: {"type": "vote", "approval": s, "accept": a,
                                "id": str(uuid.uuid4())}, junk, junk),
        st.builds(lambda k, t: {"type": "request", "kind": k, "text": t,
                                "id": str(uuid.uuid4())}, junk, junk),
        st.builds(lambda k, p, v: {"type": "act_inputs", "kind": k, "picks": p, "in_x": v,
                                   "id": str(uuid.uuid4())}, junk, junk, junk),
        st.just({"type": "heartbeat"})))
    return message(content, "either")


def pick(data, choices):
    """One of `choices`, drawn the same way whatever they are (they depend on the game)."""
    return choices[data.draw(st.integers(0, 2**16)) % len(choices)]


class Tally:
    def __init__(self):
        self.sent = self.replies = self.applied = self.refused = self.closed = 0
        self.faults = []
        self.categories = {}

    def fault(self, text):
        self.faults.append(text)


def judge(tally, table, seat, frame, expected, ref, replies, code, before, after):
    """Check one message's answer against what was expected of it."""
    errors = [m for m in replies if m.get("type") == "error"]
    acks = [m for m in replies if m.get("type") == "ack"]
    short_ref = ref if isinstance(ref, str) and 0 < len(ref) <= 64 else None
    for error in errors:
        if not (isinstance(error.get("code"), str) and error["code"]
                and isinstance(error.get("message"), str) and error["message"].strip()):
            tally.fault(f"unclear error {error} for {frame!r:.200}")
        if error.get("ref") != short_ref:
            tally.fault(f"error answers {error.get('ref')!r}, not {short_ref!r}")
    if errors:
        tally.refused += 1
        if after != before:
            tally.fault(f"refused, yet the version moved {before}->{after}: {frame!r:.200}")
    if code is not None:
        tally.closed += 1
        if after != before:
            tally.fault(f"closed, yet the version moved: {frame!r:.200}")
    if expected == "apply":
        if not acks or after <= before or acks[0].get("version") != after:
            tally.fault(f"a legal tap was not applied: {frame!r:.300} -> {replies!r:.300}")
        else:
            table.applied.append((seat, frame))
    elif expected == "repeat":
        if not acks or after != before:
            tally.fault(f"a resend was not answered as done once: {frame!r:.200} {replies!r:.200}")
    elif expected == "refuse" and not errors:
        tally.fault(f"not refused with an error: {frame!r:.300} -> {replies!r:.300}")
    elif expected == "close" and code not in (1003, 1009):
        tally.fault(f"an oversized or binary frame was not closed (code {code})")
    sent, applied = tally.categories.get(table.category, (0, 0))
    tally.categories[table.category] = (sent + 1, applied + (after > before))
    if acks and after > before:
        tally.applied += 1
        if expected != "apply" and isinstance(ref, str) and 0 < len(ref) <= 64:  # remembered
            table.applied.append((seat, frame))


@pytest.fixture
def unthrottled(monkeypatch):
    """Fuzzing sends thousands of messages a second; the rate limit is test_floods.py's."""
    monkeypatch.setattr(LiveConsumer, "rate_per_second", 10**9)
    monkeypatch.setattr(LiveConsumer, "rate_burst", 10**9)


@pytest.mark.parametrize("part", range(SOCKET_PARTS))
def test_ten_thousand_hostile_play_messages_get_clear_refusals_and_keep_every_game_sound(
        part, unthrottled, caplog):
    loop = LoopThread()
    tally, tables = Tally(), [Table(loop)]
    caplog.set_level(logging.ERROR)

    @seed(part)
    @FUZZ
    @given(st.data())
    def fuzz(data):
        for _ in range(SOCKET_BATCH):
            table = tables[-1]
            if not table.acting():
                table.close()
                tables.append(Table(loop))
                table = tables[-1]
            seat, text, binary, expected, ref = draw_message(data, table)
            tablet = table.tablets[seat]
            before = table.version
            try:
                replies, code = tablet.exchange(text, binary)
            except Exception as error:  # the consumer raised: a server error
                tally.fault(f"server error {error!r} on {text or binary!r:.200}")
                replies, code = [], -1
            tally.sent += 1
            tally.replies += len(replies)
            judge(tally, table, seat, text or binary, expected, ref, replies, code, before,
                  table.refresh())
            if code is not None:
                tablet.connect()

    try:
        fuzz()
    finally:
        for table in tables:
            table.close()
        loop.stop()
    broken = [fault for table in tables for fault in log_faults(table.game)]
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    figure("fuzz_socket", part=f"{part + 1}/{SOCKET_PARTS}", messages=tally.sent,
           replies=tally.replies, applied=tally.applied,
           refused=tally.refused, closed=tally.closed, games=len(tables),
           server_errors=len(logged) + sum("server error" in f for f in tally.faults),
           unclear_or_wrong_answers=len(tally.faults), broken_invariants=len(broken))
    figure("fuzz_socket_kinds", **{kind: f"{sent}/{applied}"
                                   for kind, (sent, applied) in sorted(tally.categories.items())})
    assert tally.faults == [], tally.faults[:10]
    assert tally.sent * SOCKET_PARTS >= 10_000
    assert logged == [], logged[:5]
    assert broken == [], broken[:10]


# HTTP --------------------------------------------------------------------------------------------


def http_world():
    """A playing lesson, one of its students' cookie, its teacher's session, another teacher."""
    from tests.classroom.factories import make_teacher

    game = make_game(seats=2)
    lesson = game.table.lesson
    token = seat_tokens(game)[1][0]
    return {
        "lesson": lesson, "game": game,
        "cookies": {"anonymous": "", "student": student_cookie(token),
                    "teacher": session_cookie(lesson.owner),
                    "other teacher": session_cookie(make_teacher())},
    }


def http_paths(lesson):
    pk = lesson.pk
    return ["/", "/join/", "/lobby/", "/play/", "/debrief/", "/lessons/", "/lessons/new/",
            f"/lessons/{pk}/", f"/lessons/{pk}/projector/", f"/lessons/{pk}/tables/1/",
            f"/lessons/{pk}/tables/99/", f"/lessons/{pk}/debrief/",
            f"/lessons/{pk}/debrief/open/", f"/lessons/{pk}/debrief/close/",
            f"/lessons/{pk}/debrief/discussion/", f"/lessons/{pk}/debrief/questions/",
            f"/lessons/{pk}/debrief/export.csv", f"/lessons/{pk}/debrief/export.xlsx",
            f"/lessons/{pk}/debrief/export.exe", "/debrief/question-sets/",
            "/debrief/question-sets/1/", "/debrief/exports/",
            f"/debrief/exports/{uuid.UUID(int=7)}/", "/accounts/signup/", "/accounts/login/",
            "/healthz", "/lessons/999999/", "/lessons/0/tables/0/"]


FIELDS = ["code", "pseudonym", "suggest", "title", "language", "game", "seat_mode",
          "briefing_minutes", "play_minutes", "debrief_minutes", "stories_per_round",
          "story_judge", "story_expiry_minutes", "idle_seconds", "at_play_end", "action",
          "question_set", "question", "text", "answer", "lessons", "date_from", "date_to",
          "format", "username", "email", "password1", "password2", "next", "by", "key"]
http_value = st.one_of(st.text(max_size=40), st.sampled_from(
    ["", "0", "-1", "1", "99999999999999999999", "1e308", "NaN", "fi", "en", "csv", "xlsx",
     "=HYPERLINK(\"x\")", "<script>alert(1)</script>", "A" * 5000, "\x00", "2026-13-45",
     "research_programme", "school", "single", "table", "teacher", "delete", "add", "move"]))


def test_a_thousand_hostile_requests_to_the_pages_cause_no_server_error(caplog):
    world = http_world()
    paths = http_paths(world["lesson"])
    caplog.set_level(logging.ERROR)
    statuses, failures = {}, []

    @seed(0)
    @settings(FUZZ, max_examples=HTTP_EXAMPLES)
    @given(st.data())
    def fuzz(data):
        who = data.draw(st.sampled_from(sorted(world["cookies"])))
        client = Client(raise_request_exception=False, HTTP_COOKIE=world["cookies"][who])
        for _ in range(HTTP_BATCH):
            path = data.draw(st.sampled_from(paths))
            fields = data.draw(st.dictionaries(st.sampled_from(FIELDS),
                                               http_value | st.lists(http_value, max_size=3),
                                               max_size=6))
            method = data.draw(st.sampled_from(["get", "post", "post", "put", "delete"]))
            response = getattr(client, method)(path, fields if method in ("get", "post") else
                                               json.dumps(fields))
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            if response.status_code >= 500:
                failures.append(f"{who} {method.upper()} {path} {fields!r:.200}: "
                                f"{response.status_code}")

    fuzz()
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    requests = sum(statuses.values())
    figure("fuzz_http", requests=requests, statuses=json.dumps(statuses, sort_keys=True)
           .replace(" ", ""), server_errors=len(failures))
    assert requests >= 1000
    assert failures == [], failures[:10]
    assert logged == [], logged[:5]
