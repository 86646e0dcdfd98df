"""Alchemists' lessons and games on the platform for the package's tests."""

from games import render_cache, rendering
from games.selectors import game_snapshot
from tests.games.factories import make_game


def alchemists_game(seats=3, language="en", variant="lesson", **fields):
    return make_game(seats=seats, language=language, engine_key="alchemists", variant=variant,
                     **fields)


def parts_of(game, seat, language="en", teacher=False):
    game.refresh_from_db()
    render_cache.forget()
    snapshot = game_snapshot(game.pk)
    return rendering.render_parts(snapshot, seat, language, teacher=teacher)
