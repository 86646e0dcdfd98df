"""Reading games for live pages.

Every socket of a table renders after each change, so reads are shared per process: a game's
snapshot is loaded once per revision, and its log rows, which never change once written, are
loaded once and extended with the new rows only. Callers treat what they get as read-only.
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


def game_snapshot(game_id, revision=None):
    """The game as of `revision` or later; without a revision, as it is in the database now."""
    cached = _snapshots.get(game_id)
    if cached is not None and revision is not None and cached.revision >= revision:
        return cached
    row = (Game.objects.select_related("table")
           .only("pk", "engine_key", "version", "revision", "state", "players", "table__number",
                 "table__lesson_id", "turn_started_at", "created_at", "deadlines")
           .get(pk=game_id))
    snapshot = GameSnapshot(
        game_id=row.pk, table_id=row.table_id, table_number=row.table.number,
        lesson_id=row.table.lesson_id, engine_key=row.engine_key, version=row.version,
        revision=row.revision, state=row.state, players=tuple(row.players),
        turn_started_at=row.turn_started_at, created_at=row.created_at,
        deadlines=tuple(row.deadlines),
    )
    if cached is None or snapshot.revision >= cached.revision:
        _snapshots.remember(game_id, snapshot)
    return snapshot


def game_remember(game, new_rows):
    """What this process just wrote, once committed: the snapshot and the log rows, so that its
    sockets render the change without reading it back from the database."""
    snapshot = GameSnapshot(
        game_id=game.pk, table_id=game.table_id, table_number=game.table.number,
        lesson_id=game.table.lesson_id, engine_key=game.engine_key, version=game.version,
        revision=game.revision, state=game.state, players=tuple(game.players),
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
