"""A game's state on the hot path: an action appends its log rows and leaves the stored state
alone but every SNAPSHOT_EVERY versions and at the end; the applying process keeps the state in
memory; any process rebuilds it from the snapshot and the rows after it, exactly."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import selectors, services
from games.engines.base import ENGINES
from games.models import Game
from games.selectors import game_state
from tests.games.factories import bot_move, make_game, play_move, play_until

pytestmark = pytest.mark.django_db


def replayed(game, version):
    """The state at `version` replayed from the seed and the log, as the engine stores it."""
    engine = ENGINES[game.engine_key]
    state = engine.new_game(game.players, game.options, game.seed)
    for row in game.actions.filter(seq__lte=version).order_by("seq"):
        state, _events = engine.apply_action(state, row.action)
    return engine.state_to_json(state)


def stored(game):
    return Game.objects.values_list("version", "snapshot_version").get(pk=game.pk)


def writes_of_the_game(queries):
    return [q["sql"] for q in queries if q["sql"].startswith('UPDATE "games_game"')]


def test_an_action_appends_rows_and_the_state_is_stored_only_every_few_versions(
        django_capture_on_commit_callbacks):
    game = make_game(seats=4)
    snapshots = []
    for _ in range(3 * services.SNAPSHOT_EVERY):
        with CaptureQueriesContext(connection) as queries, \
                django_capture_on_commit_callbacks(execute=True):
            play_move(game)
        version, at = stored(game)
        assert version - services.SNAPSHOT_EVERY < at <= version
        (write,) = writes_of_the_game(queries.captured_queries)
        assert ('"snapshot"' in write) == (at == version)
        if at == version:
            snapshots.append(at)
    assert len(snapshots) >= 2
    game.refresh_from_db()
    assert game.snapshot == replayed(game, game.snapshot_version)


def test_the_applying_process_keeps_the_state_and_reads_no_stored_state(
        django_capture_on_commit_callbacks):
    game = make_game(seats=4)
    with django_capture_on_commit_callbacks(execute=True):
        play_move(game)
    action = bot_move(game)
    with CaptureQueriesContext(connection) as queries, \
            django_capture_on_commit_callbacks(execute=True):
        services.game_apply_action(game.pk, action, expected_version=game.version)
    assert not any('"snapshot"' in q["sql"] and q["sql"].startswith("SELECT")
                   for q in queries.captured_queries)
    game.refresh_from_db()
    assert game_state(game) == replayed(game, game.version)


def test_a_fresh_process_rebuilds_the_state_from_the_snapshot_and_the_rows_after_it():
    game = make_game(seats=4)
    for _ in range(services.SNAPSHOT_EVERY + 5):
        play_move(game)
    game.refresh_from_db()
    assert game.snapshot_version < game.version
    selectors.forget_caches()
    assert game_state(game) == replayed(game, game.version)


def test_a_process_behind_brings_its_state_forward_by_the_rows_it_missed():
    """Another process applied the last actions: this one replays their rows onto the state it
    held, without reading the stored state again."""
    game = make_game(seats=4)
    game.refresh_from_db()
    game_state(game)  # held at this version
    for _ in range(3):  # their commits do not reach this process's memory (no on_commit here)
        play_move(game)
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        state = game_state(game)
    assert not any('"snapshot"' in q["sql"] for q in queries.captured_queries)
    assert state == replayed(game, game.version)


def test_a_refused_or_rolled_back_action_leaves_no_state_behind(
        django_capture_on_commit_callbacks):
    game = make_game(seats=4)
    game.refresh_from_db()
    before = game_state(game)
    action = bot_move(game)
    with pytest.raises(RuntimeError), django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            services.game_apply_action(game.pk, action, expected_version=game.version)
            raise RuntimeError("the caller's transaction fails after the action")
    game.refresh_from_db()
    assert stored(game)[0] == game.version
    assert game_state(game) == before == replayed(game, game.version)


def test_a_finished_game_stores_its_last_state():
    game = make_game(seats=2)
    play_until(game, lambda state: False, limit=4000)
    game.refresh_from_db()
    assert game.finished_at is not None
    assert game.snapshot_version == game.version
    assert game.snapshot == replayed(game, game.version)
