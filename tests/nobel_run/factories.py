"""Nobel Run lessons and games for the package's tests: a started table of students whose game
restarts from a known seed, and whole games played by the engine's bots through the one writer
(so the log, the deadlines and the pages are those of live play)."""

import random

from games import selectors, services
from games.engines.base import CHANCE, ENGINES, resolve_chance
from games.models import Game, GameAction
from games.selectors import game_snapshot, game_state
from tests.games.factories import make_game

ENGINE = ENGINES["nobel_run"]


def nr_game(seats=4, language="en", variant="short", seed=1, **settings):
    """A table of `seats` students playing Nobel Run from `seed`, setup logged."""
    game = make_game(seats=seats, language=language, engine_key="nobel_run", variant=variant,
                     game_settings=settings)
    state = ENGINE.new_game(game.players, game.options, seed)
    rows = []
    while ENGINE.current_seats(state) == [CHANCE]:
        action = resolve_chance(ENGINE, state, seed)
        state, events = ENGINE.apply_action(state, action)
        rows.append(GameAction(game=game, seq=len(rows) + 1, action=action, events=events,
                               actor_kind=GameAction.Actor.CHANCE))
    game.actions.all().delete()
    GameAction.objects.bulk_create(rows)
    Game.objects.filter(pk=game.pk).update(
        snapshot=ENGINE.state_to_json(state), snapshot_version=len(rows), seed=seed,
        version=len(rows), revision=game.revision + 1)
    selectors.forget_caches()
    game.refresh_from_db()
    services.follow_deadlines(game, ENGINE, state)
    game.save(update_fields=["deadlines", "deadline_due_at"])
    return game


def state_of(game):
    game.refresh_from_db()
    return ENGINE.state_from_json(game_state(game))


def step(game, bots=None, rng=None):
    """One bot move for the seat to act, through the one writer; False once the game is over."""
    state = state_of(game)
    seats = ENGINE.current_seats(state)
    if not seats:
        return False
    seat = seats[0]
    bot = (bots or {}).get(seat, "greedy")
    action = ENGINE.bots[bot](state, seat, rng or random.Random(f"{game.pk}:{game.version}"))
    services.game_apply_action(game.pk, action, expected_version=game.version)
    return True


def play_to_end(game, bots=None, on_step=None, limit=3000):
    """Play the whole game with bots; `on_step(snapshot)` after every action."""
    rng = random.Random(game.seed)
    for _ in range(limit):
        if not step(game, bots, rng):
            return state_of(game)
        if on_step is not None:
            game.refresh_from_db()
            on_step(game_snapshot(game.pk, game.revision))
    raise AssertionError("the game did not end")


def play_until(game, done, bots=None, limit=3000):
    rng = random.Random(game.seed)
    for _ in range(limit):
        state = state_of(game)
        if done(state):
            return state
        if not step(game, bots, rng):
            raise AssertionError("the game ended first")
    raise AssertionError("the position was not reached")


def arranged(game, seat, **zones):
    """Put exactly these cards in the seat's zones (tests/nobel_run/engine/factory.arrange) and
    save the state as the game's, as if it had been dealt so."""
    from tests.nobel_run.engine.factory import arrange

    state = arrange(state_of(game), seat, **zones)
    Game.objects.filter(pk=game.pk).update(snapshot=ENGINE.state_to_json(state),
                                           snapshot_version=game.version,
                                           revision=game.revision + 1)
    selectors.forget_caches()
    game.refresh_from_db()
    return state


def played_on(game, card="care", by=1, target=2):
    """Seat `by` plays a normal negative `card` on `target`: the target is asked (NR-18)."""
    state = state_of(game)
    assert state["active"] == by, "the seat must be the one to plan"
    arranged(game, by, hand=[card, "work", "work", "work", "research"])
    arranged(game, target, hand=["predoc", "work", "work", "research", "local-grant"])
    services.game_apply_action(game.pk, {"type": "plan", "seat": by, "end_turn": True,
                                         "uses": [{"card": card, "use": 0, "target": target}]},
                               expected_version=game.version)
    game.refresh_from_db()
    return state_of(game)
