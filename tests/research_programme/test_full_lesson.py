"""A lesson of the full game beyond the tablet: the debrief's questions 2 and 5 tell each student
the Disruption cards they met; the export counts them per seat; the projector shows each table's
tally; and a club's beginner game reaches its debrief. (The cockpit's card:
tests/platform/test_cockpit_figures.py.)"""

from unittest import mock

import pytest
from django.utils import translation

from debrief import exports as debrief_exports
from debrief import facts
from games.packages import package
from tests.cockpit.factories import make_playing
from tests.games.factories import engine_state, play_until

pytestmark = pytest.mark.django_db


def finished(variant="full", seats=4, seed=4):
    """A lesson played to its end by bots; under a fixed seed, since some deals play no
    Disruption card at all (seed 4: 22 hit or blocked in the full game)."""
    with mock.patch("games.services.secrets.randbits", return_value=seed):
        lesson, (game,) = make_playing(seats=seats, variant=variant)
    state = play_until(game, lambda s: s["phase"] == "over", limit=4000)
    return lesson, game, state


def test_questions_2_and_5_tell_the_disruption_cards_each_student_met():
    """Every card that hit a seat or that it blocked is a fact of question 2 (Bias) or 5
    (Influence) for that seat, naming the card and the seat that played it."""
    from games.research_programme.words import card_name

    _lesson, game, _state = finished()
    events = facts.game_events(game)
    outcome = facts.game_outcome(game)
    met = 0
    with translation.override("en"):
        for seat in range(1, 5):
            mine = facts.seat_game(game, seat, events, outcome)
            told = {"bias": " ".join(f[2] for f in package("research_programme")
                                     .fact_generators["bias"](mine)),
                    "influence": " ".join(f[2] for f in package("research_programme")
                                          .fact_generators["interference"](mine))}
            for e in mine.of_type("DisruptionHit", "DisruptionBlocked"):
                if e["seat"] != seat:
                    continue
                met += 1
                sentence = told[e["disruption_type"]]
                assert card_name(e["card"]) in sentence
                assert f"seat {e['attacker']} played" in sentence
    assert met > 0


def test_the_export_counts_each_seats_disruptions_reveals_and_syntheses():
    _lesson, game, state = finished()
    rows = debrief_exports.seat_figures(game)
    assert sum(r["rp_disruptions_played"] for r in rows.values()) == \
        state["tally"]["disruptions_played"]
    assert sum(r["rp_disruptions_received"] for r in rows.values()) == \
        state["tally"]["disruptions_played"]
    assert sum(r["rp_disruptions_blocked"] for r in rows.values()) == \
        state["tally"]["disruptions_blocked"]
    assert sum(r["rp_hexes_revealed"] for r in rows.values()) == state["tally"]["hexes_revealed"]
    assert sum(r["rp_synthesis_attempts"] for r in rows.values()) == \
        state["tally"]["synthesis_attempts"]
    codebook = {c.key for c in package("research_programme").export_columns}
    assert {"rp_disruptions_played", "rp_synthesis_won"} <= codebook


def test_a_school_export_leaves_the_full_game_columns_empty():
    lesson, (game,) = make_playing(seats=2)
    _engine, _state = engine_state(game)
    row = debrief_exports.seat_figures(game)[1]
    assert row["rp_disruptions_played"] is None and row["rp_hexes_revealed"] is None


def test_a_club_plays_the_beginner_game_through_to_its_debrief():
    """A lesson of the beginner game (FG-16) is played to its end and its debrief opens with
    every student's answers holding facts from their own game."""
    from classroom import debriefing
    from debrief.models import Answer

    lesson, game, state = finished(variant="beginner", seats=3)
    assert state["phase"] == "over" and state["variant"] == "beginner"
    with translation.override("en"):
        debriefing.lesson_debrief_open(lesson)
    answers = Answer.objects.filter(question__lesson=lesson)
    assert answers.count() == 3 * 5
    with_facts = {a.student_id for a in answers if a.facts}
    assert len(with_facts) == 3


def test_the_projector_shows_a_full_table_s_tally_and_a_school_table_nothing_more():
    from games.research_programme import cockpit
    from games.selectors import game_snapshot

    _lesson, game, state = finished(seats=2)
    snapshot = game_snapshot(game.pk)
    shown = cockpit.projector_table(snapshot, snapshot.engine.summary(snapshot.state))
    assert [t["value"] for t in shown["tally"]] == list(state["tally"].values())
    _lesson, (school,) = make_playing(seats=2)
    snapshot = game_snapshot(school.pk)
    assert cockpit.projector_table(snapshot, snapshot.engine.summary(snapshot.state)) == {
        "tally": []}
