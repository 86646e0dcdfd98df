"""Alchemists' package on the platform: its parts for seats, the teacher and the projector, the
stepper's words, the log, refusals, the cockpit, lesson options, debrief facts and exports."""

import random
import re
from pathlib import Path

import pytest
from django.utils import translation

from debrief.facts import facts_for, seat_game
from games import render_cache, rendering
from games.alchemists import labels, narration
from games.alchemists.engine import flow
from games.alchemists.game import PACKAGE
from games.engines.base import CHANCE, ENGINES, PUBLIC, TEACHER, resolve_chance
from games.packages import packages
from games.selectors import game_snapshot, game_state
from games.stepper import Draft
from tests.alchemists.helpers import alchemists_game, parts_of
from tests.games.factories import play_until

ENGINE = ENGINES["alchemists"]
ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "alchemists" / "engine"


def playouts(variants=("lesson", "apprentice", "master"), games=3):
    """States and events of random and greedy games of every variant, step by step."""
    for variant in variants:
        for seed in range(games):
            n = 2 + seed % 3
            state = ENGINE.new_game([{"seat": s, "name": f"S{s}"} for s in range(1, n + 1)],
                                    {"variant": variant}, seed)
            rng = random.Random(seed)
            while ENGINE.current_seats(state):
                seats = ENGINE.current_seats(state)
                if seats == [CHANCE]:
                    action = resolve_chance(ENGINE, state, seed)
                else:
                    bot = "greedy" if rng.random() < .5 else "random"
                    action = ENGINE.bots[bot](state, seats[0], rng)
                before = state
                state, events = ENGINE.apply_action(state, action)
                yield before, action, state, events


@pytest.fixture(scope="module")
def played():
    return list(playouts())


# Words ------------------------------------------------------------------------------------------


def test_every_decision_kind_and_parameter_has_words(played):
    kinds = {t for decision in flow.DECISIONS.values() for t in decision.types}
    assert kinds - {"chance", "call_time"} <= set(labels.ACTION_KINDS)
    labeller = PACKAGE.labeller(ENGINE.view_for(played[0][0], 1), 1, {})
    for _before, action, _after, _events in played:
        for param, value in action.items():
            if param in ("type", "seat", "outcome"):
                continue
            if action["type"] == "declare":  # a plan's inputs: a space or a favour card
                assert labeller.input_label({"param": param}) != param
                continue
            assert param in labels.PARAMETERS, param
            word = labeller.label(action["type"], param, value)
            assert word and word != str(value) or param in ("sages", "merchants", "barmaids",
                                                            "shopkeepers", "gold"), (param, value)


def test_every_event_type_is_told_for_every_viewer_and_no_mix_names_another_seats_cards(played):
    told = set()
    names = {s: f"Seat{s}" for s in range(1, 5)}
    for _before, _action, _after, events in played:
        for viewer in (1, 2, TEACHER, PUBLIC):
            shown = ENGINE.events_for(events, viewer)
            for line, event in zip(narration.tell(shown, names), shown, strict=False):
                assert line.text and line.text != event["type"]
            for event in shown:
                told.add(event["type"])
                if event["type"] in ("PotionMixed", "PotionSold", "PotionExhibited") and \
                        event["seat"] != viewer:
                    text = " ".join(line.text for line in narration.tell([event], names))
                    assert not any(ENGINE_NAMES[i] in text for i in ENGINE_NAMES), text
    source = " ".join(p.read_text() for p in ENGINE_DIR.glob("*.py"))
    emitted = set(re.findall(r'(?:event|private|own|server_only)\(\s*state,\s*"([A-Za-z]+)"',
                             source)) | {"TimeCalled"}
    assert emitted <= set(narration.TELLERS) | narration.SILENT | narration.GROUPED
    assert told & {"PotionMixed", "TheoryPublished", "GreatTruthRevealed", "GameOver"}


ENGINE_NAMES = {i: r["name"]["en"] for i, r in
                __import__("games.alchemists.engine.content", fromlist=["x"]).INGREDIENTS.items()}


def test_every_refusal_code_of_the_engine_has_a_message():
    source = " ".join(p.read_text() for p in ENGINE_DIR.glob("*.py"))
    codes = set(re.findall(r'(?:fail|IllegalAction)\(\s*"([a-z_]+)"', source))
    codes |= set(re.findall(r'require\([^;]*?,\s*"([a-z_]+)"\)', source))
    from games.labels import ERRORS as PLATFORM

    assert codes and codes <= set(labels.ERRORS) | set(PLATFORM), codes - set(labels.ERRORS)


# Parts ------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_seat_sees_its_own_hand_and_the_teacher_and_others_do_not():
    game = alchemists_game(seats=3)
    state = ENGINE.state_from_json(game_state(game))
    for seat in (1, 2, 3):
        parts = parts_of(game, seat)
        hand = state["players"][seat - 1]["hand"]
        for ingredient in hand:
            assert ENGINE_NAMES[ingredient] in parts["al-hand"]
        assert "only you see these" in parts["al-hand"]
        assert "What you have mixed" in parts["al-results"]
    teacher = parts_of(game, None, teacher=True)
    assert "only you see these" not in teacher["al-hand"]
    assert "Look at a seat" in teacher["al-results"]
    assert "Your plan for this round" not in teacher["play-actions"]


@pytest.mark.django_db
def test_the_plan_shows_its_problems_before_it_is_sent_and_confirm_waits_for_a_good_plan():
    game = alchemists_game(seats=2)
    snapshot = game_snapshot(game.pk)
    render_cache.forget()
    empty = rendering.render_choices(snapshot, 1, "en", Draft("declare"))["play-actions"]
    assert "You still have cubes to place." in empty and "disabled>Confirm" in empty
    full = Draft("declare", (), (("forage", "2"), ("transmute", "1")))
    ready = rendering.render_choices(snapshot, 1, "en", full)["play-actions"]
    assert "cubes to place." not in ready.split("input-problems")[-1] or \
        "input-problems" not in ready
    assert 'class="button-big confirm-button">' in ready
    over = Draft("declare", (), (("forage", "2"), ("transmute", "2")))
    assert "more actions than you have cubes" in rendering.render_choices(
        snapshot, 1, "en", over)["play-actions"]


@pytest.mark.django_db
def test_a_whole_game_renders_for_seats_teacher_and_projector_to_the_great_truth():
    game = alchemists_game(seats=3, language="fi")
    play_until(game, lambda s: s["phase"] == "over")
    with translation.override("fi"):
        parts = parts_of(game, 1, "fi")
    assert "The Great Truth" in parts["play-end"] or "Suuri totuus" in parts["play-end"]
    assert parts["al-board"].count("<tr") == 9
    snapshot = game_snapshot(game.pk)
    summary = ENGINE.summary(snapshot.state)
    shown = PACKAGE.projector_context(snapshot, summary)
    assert all("seals" in row["theory"] for row in shown["theories"])
    assert "name" not in str([s for row in shown["theories"] for s in row["theory"]["seals"]])
    assert PACKAGE.stage_label(summary)
    assert PACKAGE.ended_text(snapshot)


# Lesson, cockpit, debrief, exports ----------------------------------------------------------------


def test_lesson_options_reach_the_engine():
    options = PACKAGE.game_options("lesson", {"start_player": "1"})
    state = ENGINE.new_game([{"seat": 1, "name": "A"}, {"seat": 2, "name": "B"}], options, 5)
    assert options == {"variant": "lesson", "start_player": 1} and state["start_player"] == 1
    assert PACKAGE.game_options("apprentice", {"start_player": "chance"}) == {
        "variant": "apprentice"}
    assert PACKAGE.settings_form({}).is_valid()
    assert PACKAGE.default_variant == "lesson"


def test_cockpit_figures_name_every_summary_key(played):
    summary = ENGINE.summary(played[-1][2])
    assert set(PACKAGE.table_figures) == set(summary["figures"])
    assert set(PACKAGE.seat_figures) == set(summary["seats"][0]["figures"])
    stages = {ENGINE.summary(before)["stage"] for before, *_rest in played}
    assert stages <= set(labels.STAGES)


def test_export_columns_are_prefixed_and_unique_across_games():
    keys = [c.key for c in PACKAGE.export_columns]
    assert all(key.startswith("al_") for key in keys)
    others = {c.key for p in packages() if p.key != "alchemists" for c in p.export_columns}
    assert len(set(keys)) == len(keys) and not set(keys) & others


@pytest.mark.django_db
def test_debrief_facts_and_export_figures_come_from_each_seats_own_game():
    from games.notes import seat_note_write

    game = alchemists_game(seats=3)
    play_until(game, lambda s: s["phase"] == "over")
    seat_note_write(game.pk, 1, {"note": {"ingredient": "toad", "alchemical": "a1",
                                          "mark": "yes"}})
    state = ENGINE.state_from_json(game_state(game))
    outcome = ENGINE.outcome(state)
    for seat in (1, 2, 3):
        mine = seat_game(game, seat)
        texts = [t for key, _q in PACKAGE.debrief_questions for t in facts_for(key, mine)]
        assert len(texts) >= 4, texts
        figures = PACKAGE.export_figures(game, state, outcome, seat)
        assert {c.key for c in PACKAGE.export_columns} <= set(figures)
        assert figures["al_experiments"] == state["players"][seat - 1]["stats"]["experiments"]
    assert PACKAGE.export_figures(game, state, outcome, 1)["al_notebook_marks"] == 1
    notebook = facts_for("answer_key", seat_game(game, 1))
    assert any("✓" in text for text in notebook)
    assert len(PACKAGE.debrief_questions) == 5
