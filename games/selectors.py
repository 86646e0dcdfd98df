"""Reading games for live pages, and a game's state for its one writer.

Every socket of a table renders after each change, so reads are shared per process: a game's
snapshot is loaded once per revision, and its log rows, which never change once written, are
loaded once and extended with the new rows only. A game's state is kept at its newest version
known here, and brought forward by the log rows written since, by this process or another: the
stored state is only written every few actions. Callers treat what they get as read-only.
"""

from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from games.engines.base import ENGINES
from games.models import Game, GameAction

MAX_GAMES_CACHED = 1000


@dataclass(frozen=True)
class GameSnapshot:
    game_id: int
    table_id: int
    table_number: int
    lesson_id: int
    engine_key: str
    version: int
    revision: int
    state: dict
    players: tuple
    turn_started_at: datetime | None = None
    created_at: datetime | None = None
    deadlines: tuple = ()  # the running deadlines: {"key", "seat", "due_at", "fallback"}

    def deadline_of(self, seat):
        """When `seat`'s choice with a time limit runs out (ISO time), or None."""
        return next((d["due_at"] for d in self.deadlines if d["seat"] == seat), None)

    @property
    def engine(self):
        return ENGINES[self.engine_key]

    @cached_property
    def names(self):
        """{seat: the name shown for it}: the seat's students now, not the names at the start."""
        return {p["seat"]: p["name"] for p in self.players}

    @cached_property
    def bots(self):
        return {p["seat"]: p["bot"] for p in self.players if p.get("bot")}


@dataclass(frozen=True)
class LogRow:
    seq: int
    action: dict
    events: list
    actor_kind: str
    actor_seat: int | None


class _Lru(OrderedDict):
    def remember(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > MAX_GAMES_CACHED:
            self.popitem(last=False)
        return value


_snapshots = _Lru()
_logs = _Lru()
_states = _Lru()  # game id -> (version, state): the newest state this process knows


def game_snapshot(game_id, revision=None):
    """The game as of `revision` or later; without a revision, as it is in the database now."""
    cached = _snapshots.get(game_id)
    if cached is not None and revision is not None and cached.revision >= revision:
        return cached
    state = None
    while state is None:  # another process wrote a snapshot between the two reads: read again
        row = (Game.objects.select_related("table")
               .only("pk", "engine_key", "version", "revision", "snapshot_version", "players",
                     "table__number", "table__lesson_id", "turn_started_at", "created_at",
                     "deadlines")
               .get(pk=game_id))
        state = _state_of(row)
    snapshot = GameSnapshot(
        game_id=row.pk, table_id=row.table_id, table_number=row.table.number,
        lesson_id=row.table.lesson_id, engine_key=row.engine_key, version=row.version,
        revision=row.revision, state=state, players=tuple(row.players),
        turn_started_at=row.turn_started_at, created_at=row.created_at,
        deadlines=tuple(row.deadlines),
    )
    if cached is None or snapshot.revision >= cached.revision:
        _snapshots.remember(game_id, snapshot)
    return snapshot


def game_state(game):
    """The state (as the engine stores it) of `game`, a Game read under its lock with at least
    its engine, `version` and `snapshot_version`: the one this process holds at that version, or
    the newest it holds, or else the stored snapshot, brought forward by the log rows after it.
    The engine replays exactly, so any process rebuilds the same state."""
    state = _state_of(game)
    if state is None:
        raise RuntimeError(f"game {game.pk}: its snapshot is newer than version {game.version}")
    return state


def _state_of(game):
    """As game_state; None when the stored snapshot is already past `game.version` (a read
    without the lock, overtaken by a writer)."""
    known = _states.get(game.pk)
    if known is not None and known[0] == game.version:
        return known[1]
    if known is None or not game.snapshot_version <= known[0] < game.version:
        known = _stored(game)
        if known[0] > game.version:
            return None
    engine = ENGINES[game.engine_key]
    version, state = known
    if version < game.version:
        played = engine.state_from_json(state)
        for row in game_log(game.pk, game.version)[version:]:
            played, _events = engine.apply_action(played, row.action)
        state = engine.state_to_json(played)
    return _remember_state(game.pk, game.version, state)


def _stored(game):
    """(version, state) of the stored snapshot: the one read with the row, unless deferred."""
    if "snapshot" not in game.get_deferred_fields():
        return game.snapshot_version, game.snapshot
    return Game.objects.values_list("snapshot_version", "snapshot").get(pk=game.pk)


def _remember_state(game_id, version, state):
    known = _states.get(game_id)
    if known is None or known[0] <= version:
        _states.remember(game_id, (version, state))
    return state


def game_remember(game, new_rows, state):
    """What this process just wrote, once committed: the snapshot, the state and the log rows,
    so that its sockets and its next action use them without reading them back."""
    _remember_state(game.pk, game.version, state)
    snapshot = GameSnapshot(
        game_id=game.pk, table_id=game.table_id, table_number=game.table.number,
        lesson_id=game.table.lesson_id, engine_key=game.engine_key, version=game.version,
        revision=game.revision, state=state, players=tuple(game.players),
        turn_started_at=game.turn_started_at, created_at=game.created_at,
        deadlines=tuple(game.deadlines),
    )
    cached = _snapshots.get(game.pk)
    if cached is None or snapshot.revision > cached.revision:
        _snapshots.remember(game.pk, snapshot)
    rows = _logs.get(game.pk)
    if rows is not None and new_rows and len(rows) == new_rows[0].seq - 1:
        rows.extend(LogRow(r.seq, r.action, r.events, r.actor_kind, r.actor_seat)
                    for r in new_rows)


def game_log(game_id, version):
    """The first `version` rows of the game's log, reading only rows not read before."""
    rows = _logs.get(game_id)
    if rows is None:
        rows = _logs.remember(game_id, [])
    if len(rows) < version:
        rows.extend(_rows_after(game_id, len(rows)))
        if any(row.seq != n for n, row in enumerate(rows[-1:] or (), start=len(rows))):
            rows[:] = _rows_after(game_id, 0)  # cannot happen in a committed log; read it all
    return rows[:version]


def _rows_after(game_id, seq):
    values = (GameAction.objects.filter(game_id=game_id, seq__gt=seq).order_by("seq")
              .values_list("seq", "action", "events", "actor_kind", "actor_seat"))
    return [LogRow(*row) for row in values]


def forget_caches():
    """Drop this process's cached games (tests that rebuild the database use it)."""
    _snapshots.clear()
    _logs.clear()
    _states.clear()
