"""Build debrief positions directly: lessons whose tables played whole bot games (logged as live
play logs them), and game logs written event by event for the fact generators."""

import random

from django.utils import timezone

from classroom import debriefing
from classroom import services as classroom_services
from debrief.facts import SeatGame
from games.engines.base import CHANCE, ENGINES, resolve_chance
from games.models import Game, GameAction
from games.research_programme.engine import bots
from games.selectors import game_state
from tests.classroom.factories import join, make_lesson, make_teacher


def reseed(game, seed):
    """Restart a table's game from a fixed seed (setup logged), so a test's game is known."""
    engine = ENGINES[game.engine_key]
    state = engine.new_game(game.players, game.options, seed)
    rows = []
    while engine.current_seats(state) == [CHANCE]:
        action = resolve_chance(engine, state, seed)
        state, events = engine.apply_action(state, action)
        rows.append((action, events, GameAction.Actor.CHANCE, None))
    game.actions.all().delete()
    _log(game, state, rows, start=0)


def play_to_end(game, bot="greedy", story_rate=0.25, accept_rate=0.8, max_steps=5000):
    """Play the game to its end with bots and the simulated storyteller, logging every step as
    the single writer of live play does: one GameAction per action, with its events."""
    engine = ENGINES[game.engine_key]
    state = engine.state_from_json(game_state(game))
    rng = random.Random(f"bots:{game.seed}")
    choose = bots.BOTS[bot]
    rows = []
    while state["phase"] != "over" and len(rows) < max_steps:
        step = state["step"]
        if step["kind"] == "chance":
            pending = [(resolve_chance(engine, state, game.seed), GameAction.Actor.CHANCE)]
        else:
            seat = step["seats"][0]
            pending = [(a, GameAction.Actor.TEACHER if a["seat"] is None else GameAction.Actor.BOT)
                       for a in bots.story_actions(state, seat, rng, story_rate, accept_rate)
                       ] if step["kind"] in ("actions", "test") else []
            pending.append((choose(state, seat, rng), GameAction.Actor.BOT))
        for action, actor in pending:
            state, events = engine.apply_action(state, action)
            rows.append((action, events, actor, action.get("seat")))
    assert state["phase"] == "over", "the bots did not finish the game"
    _log(game, state, rows, start=game.version)
    game.finished_at = timezone.now()
    game.save(update_fields=["finished_at"])


def _log(game, state, rows, start):
    engine = ENGINES[game.engine_key]
    GameAction.objects.bulk_create(
        GameAction(game=game, seq=start + n, action=action, events=events, actor_kind=actor,
                   actor_seat=seat)
        for n, (action, events, actor, seat) in enumerate(rows, start=1)
    )
    game.version = start + len(rows)
    game.snapshot, game.snapshot_version = engine.state_to_json(state), game.version
    game.save(update_fields=["snapshot", "snapshot_version", "version"])


def played_lesson(students=3, seeds=(7,), bot="greedy", owner=None, language="en", **fields):
    """A lesson whose students were seated and played whole games (one per seed and table).

    Returns (lesson, [(student, token)], [games])."""
    lesson = make_lesson(owner=owner or make_teacher(), language=language, **fields)
    joined = [join(lesson) for _ in range(students)]
    classroom_services.lesson_seat_everyone(lesson)
    classroom_services.lesson_start_tables(lesson)
    games = list(Game.objects.filter(table__lesson=lesson).order_by("table__number"))
    for game, seed in zip(games, seeds, strict=False):
        reseed(game, seed)
        play_to_end(game, bot=bot)
    lesson.refresh_from_db()
    return lesson, joined, games


def opened_lesson(students=3, **kwargs):
    """A played lesson with its debrief open."""
    lesson, joined, games = played_lesson(students, **kwargs)
    debriefing.lesson_debrief_open(lesson)
    lesson.refresh_from_db()
    return lesson, joined, games


# Game logs written event by event ----------------------------------------------------------------

TEST_SUMS = {
    "hex": "GRA1", "method": None, "method_key": None, "condition": {"en": "-", "fi": "-"},
    "threshold": 4, "threshold_parts": {"printed": 4, "location": 0, "displaced": 0,
                                        "wormhole": 0, "card": 0},
    "technique": 1, "rigour_bonus": 0, "map_bonus": 0, "insight": 0, "next_test_plus": 0,
    "method_plus": 0, "pluses": 1, "bonus": 1, "noise": 0, "hopeless": False, "bridge": None,
    "wormhole": False, "artefact_risk": False, "hype": 0, "rigour": 0, "pay_for_plus": False,
    "cost": {"D": 1}, "noise_filtered": 0, "clean": None,
}


class GameLog:
    """A game's events in the engine's shapes (docs/engine.md), one call per moment."""

    def __init__(self):
        self.events = []
        self.records = {}

    def _add(self, type_, round_, seat, **fields):
        self.events.append({"type": type_, "round": round_, "seat": seat, **fields})
        return self

    def _record(self, seat):
        self.records[seat] = self.records.get(seat, 0) + 1
        return f"{seat}.{self.records[seat]}"

    def _test(self, type_, round_, seat, theory, owner, project, classification, die, **extra):
        sums = {**TEST_SUMS, "theory": theory, "owner": owner, "project": project,
                "classification": classification, "die": die, "result": die + 1,
                "success": type_ != "NullResult", **extra.pop("sums", {})}
        return self._add(type_, round_, seat, **sums, **extra)

    def packet(self, seat, theory, project, hex_):
        return self._add("PacketTaken", 1, seat, private_to=seat, secret=["method"], packet=seat,
                         theory=theory, project=project, hex=hex_, method="M-PREREG-PK")

    def success(self, round_, seat, theory, owner, project, classification="first_hit",
                consensus=1, vp=None, bridge=None):
        replication = None
        if classification == "replication":
            replication = {"k": 2, "tester_vp": 2, "owner_vp": 2, "tag_vp": 0, "rigour_to": 2,
                           "counter": 1, "noise_removed": [], "bridge": bridge}
        return self._test("TestSucceeded", round_, seat, theory, owner, project, classification,
                          6, outcome="success", consensus=consensus, reward={"D": 1},
                          method_effects=[], record=self._record(seat),
                          vp_gained=vp or {}, replication=replication, anomalies=[])

    def null(self, round_, seat, theory, owner, project, classification="replication",
             consensus=0):
        return self._test("NullResult", round_, seat, theory, owner, project, classification, 1,
                          outcome="null", consensus=consensus, scepticism=1,
                          null_results_event=False, method_effects=[],
                          record=self._record(seat), removed=None, vp_gained={})

    def artefact(self, round_, seat, theory, project, hype, rigour):
        return self._test("ArtefactCancelledSuccess", round_, seat, theory, seat, project,
                          "first_hit", 6, sums={"hype": hype, "rigour": rigour,
                                                "artefact_risk": True},
                          outcome="artefact", hype_change=-1, vp_gained=0)

    def falsified(self, round_, seat, theory):
        return self._add("TheoryFalsified", round_, seat, theory=theory, consensus=-2, vp=1)

    def publish(self, round_, seat, record, theory, outcome, how="preprint"):
        if how == "preprint":
            return self._add("Preprinted", round_, seat, record=record, theory=theory,
                             outcome=outcome, reputation=1, hype=1, scoop=False, cost={"D": 1})
        return self._add("JournalPublished", round_, seat, record=record, theory=theory,
                         outcome=outcome, rigour=1, consensus=1, cost={"D": 1, "L": 1})

    def hit(self, round_, seat, card, event_type, kind, results, choice=None):
        return self._add("EventHit", round_, seat, card=card, event_type=event_type, kind=kind,
                         blocked=False, choice=choice, results=results)

    def blocked(self, round_, seat, card, event_type, kind, how, method=None, cost=None):
        return self._add("EventBlocked", round_, seat, card=card, event_type=event_type,
                         kind=kind, how=how, method=method,
                         method_key=None if method is None else "preregistration",
                         cost=cost or {})

    def built(self, round_, seat, card, hex_, region):
        return self._add("ProjectBuilt", round_, seat, card=card, hex=hex_, region=region,
                         hex_region=region, displaced=False, tiles_left=4)

    def story(self, round_, seat, story):
        return self._add("StoryAccepted", round_, seat, story=story, by="teacher",
                         requested_round=round_, insight=1, ep=1)

    def seat(self, seat, outcome=None):
        """The seat's view of this log, as the fact generators get it."""
        engine = ENGINES["research_programme"]
        return SeatGame(seat=seat, events=engine.events_for(self.events, seat), outcome=outcome,
                        engine_key="research_programme")


REPORTING_BIAS = {"en": "Reporting bias", "fi": "Raportointiharha"}
DISINFORMATION = {"en": "Disinformation", "fi": "Disinformaatio"}


def outcome_row(seat, vp=5, rank=1, hype_penalty=0, hype=1, rigour=1, replications=0):
    breakdown = {"replication": vp, "replication_tag": 0, "anomaly": 0, "falsification": 0,
                 "research_programme": 0, "cards": 0, "bridges": 0, "consensus": 0,
                 "hype_penalty": hype_penalty, "debt": 0, "ep": 0}
    return {"seat": seat, "vp": vp, "rank": rank, "breakdown": breakdown,
            "tiebreak": {"replications": replications, "rigour": rigour, "hype": hype}}
