"""Creating and playing a table's game. The only code that writes `Game` and `GameAction` rows.

`game_apply_action` is the single writer of game state: every tap, bot move and teacher decision
goes through it. It locks the game row, refuses a stale or illegal action without writing, applies
the action and every chance step that follows (each its own log row), and notifies the table after
the commit (games/notify.py). A repeated client action id returns the first result again.

The row lock, not a version check, decides who applies version n -> n+1: whichever process holds
it reads the committed version and the log's end under it, so two processes cannot both write
n + 1 (and the log's unique (game, seq) would refuse the second). The lock costs nothing more than
the row's update does, and it lets simultaneous choices queue instead of failing. The state comes
from the process's memory when it holds that version, else from the snapshot and the rows after
it (games.selectors.game_state).
"""

import json
import logging
import random
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import labels, notify, selectors
from games.engines.base import CHANCE, ENGINES, IllegalAction, resolve_chance
from games.models import Game, GameAction
from games.packages import package

logger = logging.getLogger(__name__)

DEFAULT_BOT = "random"  # an empty seat at the start
STAND_IN_BOT = "greedy"  # a seat the teacher hands to a bot, or one left empty during play
MAX_CHANCE_STEPS = 500  # a guard: a game that never stops asking for chance is an engine bug
# The state is stored every this many versions: a process without it in memory replays at most
# this many rows onto the snapshot (about 0.3 ms each), and no action rewrites the whole state.
SNAPSHOT_EVERY = 16
Actor = GameAction.Actor


class GameRefusal(Exception):
    """A refused action: nothing was written. `message` is for people, `version` is the game's."""

    def __init__(self, code, message, version=None):
        super().__init__(code)
        self.code = code
        self.message = message
        self.version = version


@dataclass(frozen=True)
class ActionResult:
    game_id: int
    version: int  # the game's version once this action and its chance steps were applied
    revision: int
    events: list = field(default_factory=list)
    duplicate: bool = False


# Starting a game -------------------------------------------------------------------------------


def game_players(table):
    """The players list: each seat's students by pseudonym; an empty seat is a bot."""
    players = []
    with translation.override(table.lesson.language):
        bot_name = _("Robot")
    for seat in table.seats.order_by("number").prefetch_related("students"):
        students = [s for s in seat.students.all() if s.removed_at is None]
        names = [s.pseudonym for s in students]
        player = {"seat": seat.number, "name": " & ".join(names) or f"{bot_name} {seat.number}",
                  "students": [s.pk for s in students]}
        if not names:
            player["bot"] = DEFAULT_BOT
        players.append(player)
    return players


def game_create_for_table(table):
    """Start the table's game: a new game, its setup chance steps resolved and logged."""
    lesson = table.lesson
    engine = ENGINES[lesson.engine_key]
    players = game_players(table)
    options = lesson.game_options()
    seed = secrets.randbits(62)
    state = engine.new_game(players, options, seed)
    state, log = resolve_chance_steps(engine, state, seed)
    with transaction.atomic():
        game = Game.objects.create(
            table=table, engine_key=engine.info.key, variant=lesson.variant, options=options,
            players=players, seed=seed, version=len(log), revision=1,
            snapshot=engine.state_to_json(state), snapshot_version=len(log),
        )
        game.bot_due_at = _bot_due_at(game, engine, state)
        _follow_turn(game, engine, state, [], None)
        follow_deadlines(game, engine, state)
        game.save(update_fields=["bot_due_at", "turn_started_at", "idle_due_at", "deadlines",
                                 "deadline_due_at"])
        GameAction.objects.bulk_create(
            GameAction(game=game, seq=n, action=action, events=events, actor_kind=Actor.CHANCE)
            for n, (action, events) in enumerate(log, start=1)
        )
    return game


def resolve_chance_steps(engine, state, seed):
    """Roll every die and draw every card the game now waits for; returns the state after them
    and their log entries."""
    log = []
    while engine.current_seats(state) == [CHANCE]:
        if len(log) >= MAX_CHANCE_STEPS:
            raise RuntimeError(f"{engine.info.key}: the game did not stop asking for chance")
        action = resolve_chance(engine, state, seed)
        state, events = engine.apply_action(state, action)
        log.append((action, events))
    return state, log


# Playing ---------------------------------------------------------------------------------------


def game_apply_action(game_id, action, *, expected_version, client_action_id=None,
                      actor=Actor.SEAT):
    """Apply one action to the game and log it; returns an ActionResult or raises GameRefusal.

    `expected_version` is the version the client saw (None: whatever is current, for callers that
    read the state under the same lock). A repeated `client_action_id` returns the first result.
    """
    with transaction.atomic():
        game = _locked(game_id)
        if client_action_id:
            done = game.actions.filter(client_action_id=client_action_id).first()
            if done is not None:
                return _repeated(game, done)
        engine = ENGINES[game.engine_key]
        _check_actor(game, action, actor)
        if _is_stale(game, action, expected_version):
            raise GameRefusal("stale", labels.error_message("stale"), game.version)
        state = engine.state_from_json(selectors.game_state(game))
        waiting_before = engine.current_seats(state)
        try:
            action = engine.canonical_action(state, action)
            state, events = engine.apply_action(state, action)
        except IllegalAction as refusal:
            message = labels.error_message(refusal.code, package(game.engine_key))
            raise GameRefusal(refusal.code, message, game.version) from None
        state, chance_log = resolve_chance_steps(engine, state, game.seed)
        together = len([seat for seat in waiting_before if seat != CHANCE]) > 1
        rows = [_row(game, 1, action, events, actor, action.get("seat"), client_action_id,
                     together)]
        rows += [_row(game, n, chance, chance_events, Actor.CHANCE)
                 for n, (chance, chance_events) in enumerate(chance_log, start=2)]
        _follow_turn(game, engine, state, waiting_before, action.get("seat"))
        stored = _save(game, engine, state, len(rows))
        GameAction.objects.bulk_create(rows)
        _follow_records(game, actor, [e for row in rows for e in row.events])
        transaction.on_commit(lambda: selectors.game_remember(game, rows, stored))
        notify.game_changed(game)
    return ActionResult(game.pk, game.version, game.revision, events)


def _follow_records(game, actor, events):
    """What is kept beside the log follows it in the same transaction: requests the engine
    opened or decided (games/approvals.py), and the game's own records (its package)."""
    from games.approvals import approvals_follow  # approvals writes through this module

    approvals_follow(game, events, actor)
    package(game.engine_key).actions_applied(game, events)


def _locked(game_id):
    try:
        return (Game.objects.select_for_update(of=("self",)).select_related("table__lesson")
                .defer("snapshot").get(pk=game_id))
    except Game.DoesNotExist:
        raise GameRefusal("no_game", labels.error_message("no_game")) from None


def _repeated(game, done):
    """The result of an action applied before: its events, and the version after its chance."""
    later = (game.actions.filter(seq__gt=done.seq).exclude(actor_kind=Actor.CHANCE)
             .order_by("seq").values_list("seq", flat=True).first())
    version = game.version if later is None else later - 1
    return ActionResult(game.pk, version, game.revision, done.events, duplicate=True)


def _check_actor(game, action, actor):
    """A student's tablet acts only for a seat no bot is playing; while the teacher has paused
    the lesson, neither students nor bots act (the teacher's own actions still go through)."""
    if actor in (Actor.SEAT, Actor.BOT) and game.table.lesson.is_paused:
        raise GameRefusal("paused", labels.error_message("paused"), game.version)
    if actor == Actor.SEAT and action.get("seat") in bot_seats(game):
        raise GameRefusal("bot_plays_seat", labels.error_message("bot_plays_seat"), game.version)


def _is_stale(game, action, expected_version):
    """Whether the client decided on an outdated view.

    In a step where several seats are asked together (Research Programme's Funding choices, a
    game's hidden bids), other seats' choices of the same kind made together since the client's
    version do not make it stale; anything else since then does, a turn-based step's above all.
    """
    if expected_version is None or expected_version == game.version:
        return False
    if not isinstance(expected_version, int) or expected_version > game.version:
        return True
    since = game.actions.filter(seq__gt=expected_version).values_list(
        "actor_kind", "actor_seat", "action__type", "together")
    return not all(
        together and kind in (Actor.SEAT, Actor.BOT) and seat != action.get("seat")
        and kind_of == action.get("type")
        for kind, seat, kind_of, together in since
    )


def _row(game, offset, action, events, actor, seat=None, client_action_id=None, together=False):
    return GameAction(game=game, seq=game.version + offset, action=action, events=events,
                      actor_kind=actor, actor_seat=seat, client_action_id=client_action_id,
                      together=together)


def _save(game, engine, state, new_rows):
    """Save the game's row after an action; returns the state as stored. The state itself is
    written only every SNAPSHOT_EVERY versions and at the end: the log rows carry the rest."""
    game.version += new_rows
    game.revision += 1
    stored = engine.state_to_json(state)
    fields = ["version", "revision", "finished_at", "bot_due_at", "turn_started_at",
              "idle_due_at", "deadlines", "deadline_due_at"]
    if game.finished_at is None and engine.outcome(state) is not None:
        game.finished_at = timezone.now()
    if game.finished_at or game.version - game.snapshot_version >= SNAPSHOT_EVERY:
        game.snapshot, game.snapshot_version = stored, game.version
        fields += ["snapshot", "snapshot_version"]
    game.bot_due_at = _bot_due_at(game, engine, state)
    follow_deadlines(game, engine, state)
    game.save(update_fields=fields)
    return stored


def _follow_turn(game, engine, state, waiting_before, acting_seat):
    """A new turn starts when a seat begins to wait, or the seat that acted must act again.

    Seats choosing together (the Funding choices) keep their turn's start while the others
    choose. `idle_due_at` is when a student's seat to act is idle (the lesson's threshold).
    """
    waiting = [seat for seat in engine.current_seats(state) if seat != CHANCE]
    new_turn = bool(set(waiting) - set(waiting_before)) or acting_seat in waiting
    if not waiting:
        game.turn_started_at = None
    elif new_turn or game.turn_started_at is None:
        game.turn_started_at = timezone.now()
    _set_idle_due(game, waiting, restart=new_turn)


def _set_idle_due(game, waiting, restart):
    """Restart the idle timer with a new turn; a turn whose seat was nudged keeps None."""
    if not set(waiting) - set(bot_seats(game)):
        game.idle_due_at = None
    elif restart:
        idle = timedelta(seconds=game.table.lesson.idle_seconds)
        game.idle_due_at = game.turn_started_at + idle


def follow_deadlines(game, engine, state, now=None):
    """The game's timers follow the engine's `deadlines`: a key that appears starts its timer
    now, a key still listed keeps its time, a key no longer listed was met (docs/engine.md)."""
    now = now or timezone.now()
    before = {d["key"]: d for d in game.deadlines or ()}
    timers = []
    for deadline in engine.deadlines(state) if game.finished_at is None else ():
        kept = before.get(deadline["key"])
        due = kept["due_at"] if kept else (now + timedelta(seconds=deadline["seconds"])
                                           ).isoformat()
        timers.append({"key": deadline["key"], "seat": deadline["seat"], "due_at": due,
                       "fallback": deadline["fallback"]})
    game.deadlines = timers
    game.deadline_due_at = min((datetime.fromisoformat(t["due_at"]) for t in timers),
                               default=None)


# Bots ------------------------------------------------------------------------------------------


def bot_seats(game):
    """{seat: bot name} for the seats a bot plays now."""
    return {p["seat"]: p["bot"] for p in game.players if p.get("bot")}


def _bot_due_at(game, engine, state):
    """When a bot must act next: a moment after a state where a bot seat is to act."""
    if set(engine.current_seats(state)) & set(bot_seats(game)):
        return timezone.now() + timedelta(seconds=settings.GAME_BOT_DELAY_SECONDS)
    return None


def game_play_bots(game_id):
    """Every bot seat that must act now takes one action; returns how many acted.

    Bots act through `game_apply_action` like a tablet, with a client action id made of the
    version and seat, so two clocks running this at once cannot make a bot act twice.
    """
    game = Game.objects.defer("snapshot").get(pk=game_id)
    engine = ENGINES[game.engine_key]
    state = engine.state_from_json(selectors.game_state(game))
    due = [seat for seat in engine.current_seats(state) if seat in bot_seats(game)]
    acted = 0
    for seat in due:
        bot = engine.bots[bot_seats(game)[seat]]
        action = bot(state, seat, random.Random(f"{game.seed}:bot:{game.version}:{seat}"))
        try:
            game_apply_action(game.pk, action, expected_version=game.version,
                              client_action_id=f"bot:{game.version}:{seat}", actor=Actor.BOT)
        except GameRefusal as refusal:  # a student took the seat back, or the game moved on
            logger.info("Bot of game %s seat %s did not act: %s", game.pk, seat, refusal.code)
            break
        acted += 1
    if not due:
        Game.objects.filter(pk=game.pk, revision=game.revision).update(bot_due_at=None)
    return acted


def games_play_due_bots(now=None):
    """Let the bots act in every game whose bot is due, in lessons that play and are not paused;
    returns how many bots acted."""
    now = now or timezone.now()
    due = Game.objects.filter(bot_due_at__lte=now, finished_at__isnull=True,
                              table__lesson__status="playing",
                              table__lesson__paused_at__isnull=True)
    acted = 0
    for game_id in due.values_list("pk", flat=True):
        try:
            acted += game_play_bots(game_id)
        except Exception:  # one broken game must not stop the bots of the others
            logger.exception("Bots of game %s failed", game_id)
            Game.objects.filter(pk=game_id).update(bot_due_at=None)
    return acted


# Idle timers (the teacher's cockpit nudges a seat that has had its turn too long) -------------


def games_restart_idle_timers(games, not_before):
    """After a pause: no seat of these games becomes idle before `not_before` (the nudge of a
    turn already nudged is not repeated)."""
    for game in games.filter(idle_due_at__lt=not_before):
        Game.objects.filter(pk=game.pk, idle_due_at=game.idle_due_at).update(
            idle_due_at=not_before)


def game_idle_nudged(game_id, due):
    """Mark the game's idle turn as nudged; False if another clock did, or the turn moved on."""
    return bool(Game.objects.filter(pk=game_id, idle_due_at=due).update(idle_due_at=None))


# Who plays a seat ------------------------------------------------------------------------------


def game_set_seat_bot(game_id, seat, bot):
    """The teacher lets a bot play `seat` (`bot` is a bot's name) or gives it back (None)."""
    with transaction.atomic():
        game = _locked(game_id)
        engine = ENGINES[game.engine_key]
        player = next((p for p in game.players if p["seat"] == seat), None)
        if player is None:
            raise GameRefusal("not_a_seat", labels.error_message("not_a_seat"), game.version)
        if bot is not None and bot not in engine.bots:
            raise GameRefusal("unknown_bot", labels.error_message("unknown_bot"), game.version)
        if bot is None and not player["students"]:
            raise GameRefusal("seat_empty", labels.error_message("seat_empty"), game.version)
        if player.get("bot") == bot:
            return game
        if bot is None:
            del player["bot"]
        else:
            player["bot"] = bot
        _players_changed(game, engine)
    return game


def game_seats_sync(table):
    """After the teacher changed the seating of a table whose game runs: names follow the
    students; a student seated into a bot's seat takes it over; a seat left empty gets a bot."""
    with transaction.atomic():
        game = _locked(table.game.pk)
        seated = {p["seat"]: p for p in game_players(table)}
        before = json.dumps(game.players, sort_keys=True)
        for player in game.players:
            now = seated.get(player["seat"])
            if now is not None:
                _follow_seating(player, now)
        if json.dumps(game.players, sort_keys=True) != before:
            _players_changed(game, ENGINES[game.engine_key])
    return game


def _follow_seating(player, now):
    arrived = set(now["students"]) - set(player.get("students", []))
    if arrived:
        player.pop("bot", None)
    elif not now["students"]:
        player.setdefault("bot", STAND_IN_BOT)
    if now["students"]:
        player["name"] = now["name"]  # an emptied seat keeps the name it was played under
    player["students"] = now["students"]


def _players_changed(game, engine):
    game.revision += 1
    state = engine.state_from_json(selectors.game_state(game))
    game.bot_due_at = _bot_due_at(game, engine, state)
    waiting = [seat for seat in engine.current_seats(state) if seat != CHANCE]
    _set_idle_due(game, waiting, restart=game.idle_due_at is None)
    game.save(update_fields=["players", "revision", "bot_due_at", "idle_due_at"])
    notify.game_changed(game)
