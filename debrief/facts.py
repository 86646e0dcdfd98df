"""Facts from a student's own game, shown above each default debrief question.

Each of a game's default questions names a generator by its `fact_key`; the generators are the
game's (its package's `fact_generators`). A generator reads the events of one seat's game, as that
seat may see them (a `SeatGame`), and returns the most telling moments as (score, round, sentence)
in the active language; where nothing fits it returns nothing. Questions a teacher adds have no
generator and so no facts.
"""

from dataclasses import dataclass

from games.engines.base import ENGINES
from games.packages import package
from games.selectors import game_state

MAX_FACTS = 3


@dataclass
class SeatGame:
    """One seat's view of a game's log, plus the final outcome if the game has ended."""

    seat: int
    events: list
    outcome: dict | None
    engine_key: str = ""
    game_id: int | None = None  # for what a game keeps beside its log (a seat's notes)

    def mine(self, *types):
        """This seat's own events of these types, in order."""
        return [e for e in self.events if e["type"] in types and e.get("seat") == self.seat]

    def of_type(self, *types):
        return [e for e in self.events if e["type"] in types]


def engine_of(game):
    """The game's engine."""
    return ENGINES[game.engine_key]


def game_events(game):
    """Every event of the game's log in order, read from its GameAction rows."""
    rows = game.actions.order_by("seq").values_list("events", flat=True)
    return [event for events in rows for event in events]


def game_outcome(game):
    engine = engine_of(game)
    return engine.outcome(engine.state_from_json(game_state(game)))


def seat_game(game, seat, events=None, outcome=None):
    """The seat's view of the game; pass `events`/`outcome` to reuse them across seats."""
    engine = engine_of(game)
    events = game_events(game) if events is None else events
    outcome = game_outcome(game) if outcome is None else outcome
    return SeatGame(seat=seat, events=engine.events_for(events, seat), outcome=outcome,
                    engine_key=game.engine_key, game_id=game.pk)


def facts_for(fact_key, game):
    """The facts of question `fact_key` for one seat's game; [] without a generator."""
    if game is None:
        return []
    generator = package(game.engine_key).fact_generators.get(fact_key)
    if generator is None:
        return []
    ranked = sorted(generator(game), key=lambda fact: (-fact[0], fact[1]))
    return [text for _score, _round, text in ranked[:MAX_FACTS]]
