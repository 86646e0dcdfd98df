"""Creating a table's game. Playing it (the single writer of game state) builds on these rows."""

import secrets

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from games.engines.base import CHANCE, ENGINES, resolve_chance
from games.models import Game, GameAction

DEFAULT_BOT = "random"
MAX_SETUP_STEPS = 500  # a guard: a setup that never stops asking for chance is an engine bug


def game_players(table):
    """The players list for `new_game`: each seat's students by pseudonym; an empty seat a bot."""
    players = []
    with translation.override(table.lesson.language):
        bot_name = _("Robot")
    for seat in table.seats.order_by("number").prefetch_related("students"):
        names = [s.pseudonym for s in seat.students.all() if s.removed_at is None]
        player = {"seat": seat.number, "name": " & ".join(names) or f"{bot_name} {seat.number}"}
        if not names:
            player["bot"] = DEFAULT_BOT
        players.append(player)
    return players


def game_create_for_table(table):
    """Start the table's game: a new game, its setup chance steps resolved and logged."""
    lesson = table.lesson
    engine = ENGINES[lesson.engine_key]
    players = game_players(table)
    options = {"variant": lesson.variant}
    seed = secrets.randbits(62)
    state = engine.new_game(players, options, seed)
    log = []
    while engine.current_seats(state) == [CHANCE]:
        if len(log) >= MAX_SETUP_STEPS:
            raise RuntimeError(f"{engine.key}: setup did not finish its chance steps")
        action = resolve_chance(engine, state, seed)
        state, events = engine.apply_action(state, action)
        log.append((action, events))
    with transaction.atomic():
        game = Game.objects.create(
            table=table, engine_key=engine.key, variant=lesson.variant, options=options,
            players=players, seed=seed, version=len(log), state=engine.state_to_json(state),
        )
        GameAction.objects.bulk_create(
            GameAction(game=game, seq=n, action=action, events=events,
                       actor_kind=GameAction.Actor.CHANCE)
            for n, (action, events) in enumerate(log, start=1)
        )
    return game
