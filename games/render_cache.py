"""The render core's memory (games/rendering.py): what a process has drawn of each game it
draws, for its newest revision; the views and menus its seats drew last; and the pieces every
game shares. `forget` empties them all."""

import dataclasses
from collections import OrderedDict

MAX_GAMES = 2000  # the tables one process draws at once, and more
MAX_PIECES = 20000
MAX_RECENT = 64  # a few tables' seats, each drawing a revision on all its sockets at once


class Cache(OrderedDict):
    def __init__(self, limit):
        super().__init__()
        self.limit = limit

    def get_or_make(self, key, make):
        if key in self:
            self.move_to_end(key)
            return self[key]
        return self.remember(key, make())

    def remember(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)
        return value


@dataclasses.dataclass
class Drawn:
    """What is drawn of one game: its newest revision's views, menus and parts (`newest`), and
    its current round's log: its lines' HTML, the lines each viewer was shown and the earlier
    rounds (`this_round`)."""

    revision: int
    newest: dict
    round: int | None = None
    this_round: dict = dataclasses.field(default_factory=dict)


class Games(Cache):
    """One entry per game a process draws, so the cache holds every active table whatever their
    number. Keyed per revision or per view, hundreds of tables' entries outgrew any fixed limit:
    their sockets' drawings then missed in turn and drew everything again. A view is hundreds
    of lists and dicts that every full garbage collection walks, so only the newest revision's
    public view is kept here (a seat's view and menu are among the `recent`), and of the log
    only what the current round draws again."""

    def drawn(self, snapshot):
        """The game's entry for `snapshot`'s revision; None for an older revision than the
        newest drawn (a socket a revision behind draws its own, without displacing it)."""
        drawn = self.get(snapshot.game_id)
        if drawn is None:
            return self.remember(snapshot.game_id, Drawn(snapshot.revision, {}))
        self.move_to_end(snapshot.game_id)
        if drawn.revision < snapshot.revision:
            drawn.revision, drawn.newest = snapshot.revision, {}
        return drawn if drawn.revision == snapshot.revision else None

    def newest(self, snapshot, what, make):
        drawn = self.drawn(snapshot)
        if drawn is None:
            return make()
        if what not in drawn.newest:
            drawn.newest[what] = make()
        return drawn.newest[what]

    def of_round(self, snapshot, number):
        """What the game's round `number` keeps while it is the newest drawn ({} to fill), or
        None for an earlier round (drawn, not kept)."""
        drawn = self.get(snapshot.game_id) or self.drawn(snapshot)
        if drawn.round is None or drawn.round < number:
            drawn.round, drawn.this_round = number, {}
        return drawn.this_round if drawn.round == number else None


drawn = Games(MAX_GAMES)
# Pieces keyed by what they show (hexes, cards, a seat's board) are shared between tables and
# outlive many revisions, so they get a cache of their own.
pieces = Cache(MAX_PIECES)
# A seat's view and menu serve its own sockets' drawing of a revision (and its next picks), not
# the other seats'. Kept for every table until its next move, they were most of what each full
# garbage collection walked, with every socket of the process waiting: a few are kept.
recent = Cache(MAX_RECENT)


def forget():
    drawn.clear()
    pieces.clear()
    recent.clear()
