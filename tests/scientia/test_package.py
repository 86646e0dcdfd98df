"""Scientia's package on the platform: the stepper's words for every kind and parameter, the
confirm step in one tap, the log, refusals, the parts for seats, teacher and projector, call
time told on the tablet, the cockpit, lesson options, debrief facts and exports."""

import json
import random
import re
from pathlib import Path

import pytest
from django.utils import translation

from debrief.facts import facts_for, seat_game
from games import render_cache, rendering, services
from games.choices import choices_context
from games.engines.base import CALL_TIME, CHANCE, ENGINES, PUBLIC, TEACHER, resolve_chance
from games.labels import ERRORS as PLATFORM_ERRORS
from games.packages import packages
from games.scientia import labels, narration
from games.scientia.engine import actions as engine_actions
from games.scientia.game import PACKAGE
from games.selectors import game_snapshot, game_state
from games.stepper import Draft
from tests.games.factories import play_until
from tests.scientia.helpers import parts_of, scientia_game

ENGINE = ENGINES["scientia"]
ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "scientia" / "engine"
NAMES = {s: f"Seat{s}" for s in range(1, 5)}


def playouts(games=6):
    """States, actions and events of random and greedy games at 2-4 seats, both setups."""
    for seed in range(games):
        n = 2 + seed % 3
        options = {"combination": "random" if seed % 2 else "first_step"}
        state = ENGINE.new_game([{"seat": s, "name": f"S{s}"} for s in range(1, n + 1)],
                                options, seed)
        rng = random.Random(seed)
        while ENGINE.current_seats(state):
            seat = ENGINE.current_seats(state)[0]
            if seat == CHANCE:
                action = resolve_chance(ENGINE, state, seed)
            else:
                action = ENGINE.bots["greedy" if rng.random() < .5 else "random"](state, seat,
                                                                                  rng)
            before = state
            state, events = ENGINE.apply_action(state, action)
            yield before, action, state, events


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture(scope="module")
def played():
    return list(playouts())


def test_sc_18_every_turn_a_tablet_meets_offers_an_action_and_every_state_is_sound(played):
    """SC-18, SC-G19: no stalemate in the games these tests play; the invariants hold."""
    for _before, _action, after, _events in played:
        assert ENGINE.check_invariants(after) == []
        if after["step"] and after["step"]["kind"] == "turn":
            seat = after["step"]["seat"]
            assert any(e["enabled"] for e in ENGINE.action_menu(after, seat))


# Words ------------------------------------------------------------------------------------------


def test_every_action_kind_and_parameter_has_words(played):
    kinds = set(engine_actions.PARAMETERS) - {CHANCE, CALL_TIME}
    assert kinds <= set(labels.ACTION_KINDS)
    for before, action, _after, _events in played:
        if action["type"] in (CHANCE, CALL_TIME):
            continue
        labeller = PACKAGE.labeller(ENGINE.view_for(before, action["seat"]), action["seat"], {})
        for param, value in action.items():
            if param in ("type", "seat"):
                continue
            assert labels.PARAMETERS.get(param), param
            word = labeller.label(action["type"], param, value)
            assert word and word != str(value), (param, value)


def test_every_step_a_seat_meets_has_a_question_and_worded_options(played):
    """The stepper at every kind of step: a title or a question, and each option's words."""
    seen = set()
    for before, action, _after, _events in played:
        if action["type"] in (CHANCE, CALL_TIME):
            continue
        seat, step = action["seat"], before["step"]["kind"]
        if step in seen:
            continue
        seen.add(step)
        view = ENGINE.view_for(before, seat)
        shown = choices_context(PACKAGE, view, ENGINE.action_menu(before, seat), Draft(), seat,
                                NAMES)
        if shown.get("kinds"):
            assert shown["title"] and all(str(k["label"]) != k["kind"] for k in shown["kinds"])
        else:
            assert shown["question"] and all(o["label"] for o in shown["options"])
    assert {"draft", "turn", "confirm", "choose_stack"} <= seen


def test_every_seat_renders_its_choices_at_every_step_in_both_languages(played):
    """Whoever is to act, every seat's tablet draws its actions part (walked one option deep)
    at every step: a seat that waits sees the acting seat's confirm step without its words."""
    for language in ("en", "fi"):
        with translation.override(language):
            for before, _action, _after, _events in played[::3]:
                for seat in range(1, len(before["players"]) + 1):
                    view, menu = ENGINE.view_for(before, seat), ENGINE.action_menu(before, seat)
                    shown = choices_context(PACKAGE, view, menu, Draft(), seat, NAMES)
                    if shown and shown.get("step") and shown["step"].options:
                        option = shown["step"].options[-1]
                        choices_context(PACKAGE, view, menu,
                                        Draft(shown["step"].kind).pick(shown["step"].param,
                                                                       option.value),
                                        seat, NAMES)


def test_a_rotation_option_says_what_turns_and_what_completes():
    from tests.scientia.engine import factory as f

    state = f.at_turn(hands={1: [(1, 3, 0), (37, 0, 0)]})
    labeller = PACKAGE.labeller(ENGINE.view_for(state, 1), 1, {})
    assert labeller.label("rotate", "slots", [0, 0]) == "Turn Lever twice"
    assert labeller.label("rotate", "slots", [0, 1]) == "Turn Lever and Rotation once each"
    detail = labeller.detail("rotate", "slots", [0, 1])
    assert "Lever: 3 → 4 of 4 turns (completes)" in detail
    assert "then: Turn one of your cards 2 times" in detail
    assert "Rotation: 0 → 1 of 4 turns" in detail


def test_the_confirm_step_carries_out_or_withdraws_in_one_tap():
    """Part 4's confirm step: its two kinds each send their action at once, and the help
    names the preview."""
    from tests.scientia.engine import factory as f

    state = f.at_turn(hands={1: [(1, 3, 0), (37, 0, 0)]})
    state, _events = ENGINE.apply_action(state, {"type": "rotate", "seat": 1, "slots": [0]})
    shown = choices_context(PACKAGE, ENGINE.view_for(state, 1), ENGINE.action_menu(state, 1),
                            Draft(), 1, NAMES)
    sent = {k["kind"]: json.loads(k["message"]) for k in shown["kinds"]}
    assert sent == {"confirm": {"type": "act", "action": {"type": "confirm", "seat": 1}},
                    "back": {"type": "act", "action": {"type": "back", "seat": 1}}}
    confirm = next(k for k in shown["kinds"] if k["kind"] == "confirm")
    assert confirm["help"] == "Lever: 3 → 4 of 4 turns (completes)"
    assert shown["title"] == "Turn these cards?"


def test_every_event_type_is_told_and_every_line_has_words(played):
    source = " ".join(p.read_text() for p in ENGINE_DIR.glob("*.py"))
    emitted = set(re.findall(r'event\(\s*state,\s*"([A-Za-z]+)"', source))
    assert emitted and emitted <= set(narration.TELLERS) | narration.SILENT, emitted
    told = set()
    for _before, _action, _after, events in played:
        for line in narration.tell(ENGINE.events_for(events, PUBLIC), NAMES):
            assert line.text and not re.search(r"\b[A-Z][a-z]+[A-Z]\w+\b", line.text), line.text
        told |= {e["type"] for e in events}
    assert {"CardCompleted", "TurnEnded", "GameEnded", "SlotGained"} <= told


def test_a_chain_is_told_with_its_cause_and_its_science_note():
    completed = {"type": "CardCompleted", "round": 2, "turn": 5, "seat": 1, "face": 25,
                 "field": "BIO", "slot": 0, "depth": 2, "cause": 37, "seat_turn": 3,
                 "completions": 2}
    line = narration.tell([completed], NAMES)[0]
    assert line.text.startswith("Seat1 completed DNA, set off by Rotation: a chain of 2.")
    assert line.tone == "good"


def test_every_refusal_and_menu_reason_of_the_engine_has_a_message():
    codes = set(engine_actions.REASONS)
    assert codes <= set(labels.ERRORS) | set(PLATFORM_ERRORS), codes - set(labels.ERRORS)
    reasons = set(re.findall(r'return "([a-z_]+)"', (ENGINE_DIR / "actions.py").read_text()))
    assert reasons & {"no_empty_slot", "nothing_to_rotate"}
    assert {"no_empty_slot", "nothing_to_rotate", "not_your_turn", "wrong_step"} <= set(
        labels.REASONS)


# Parts ------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_seat_sees_its_lab_the_teacher_every_lab_and_everyone_the_same_table():
    game = scientia_game(seats=3)
    play_until(game, lambda s: s["round"] == 2)
    mine = {seat: parts_of(game, seat) for seat in (1, 2, 3)}
    teacher = parts_of(game, None, teacher=True)
    for parts in mine.values():
        assert parts["sc-mine"].count('class="panel sc-board"') == 1 and "Your lab" in parts[
            "sc-mine"]
        for shared in ("sc-projects", "sc-supplies", "play-seats"):
            assert parts[shared] == teacher[shared]
    assert teacher["sc-mine"].count('class="panel sc-board"') == 3
    assert "Your lab" not in teacher["sc-mine"] and "Your choices" not in teacher[
        "play-actions"]
    acting = ENGINE.current_seats(ENGINE.state_from_json(game_state(game)))[0]
    assert "Your turn: take a card or rotate." in mine[acting]["play-status"]
    assert "of 4 turns" in mine[acting]["sc-mine"]
    assert "Technology cubes" in mine[1]["sc-supplies"] and "/ 8" in mine[1]["sc-supplies"]
    assert rendering.look_parts(game_snapshot(game.pk), "en", looking=1) == {}  # nothing hidden


@pytest.mark.django_db
def test_the_chosen_rotation_is_marked_on_the_board_before_anything_turns():
    game = scientia_game(seats=2)
    state = play_until(game, lambda s: s["step"] and s["step"]["kind"] == "turn" and any(
        c and c["turns"] < 4 for c in s["players"][s["step"]["seat"] - 1]["slots"]))
    seat = state["step"]["seat"]
    slot = next(i for i, c in enumerate(state["players"][seat - 1]["slots"]) if c)
    services.game_apply_action(game.pk, {"type": "rotate", "seat": seat, "slots": [slot]},
                               expected_version=game.version)
    parts = parts_of(game, seat)
    assert "The rotation you chose is marked: nothing has turned yet." in parts["sc-mine"]
    assert "is-previewed" in parts["sc-mine"] and "Carry out the rotation" in parts[
        "play-actions"]
    assert "Check the rotation, then carry it out." in parts["play-status"]
    other = parts_of(game, 3 - seat)
    assert "Not your turn" in other["play-actions"] and "is-previewed" not in other["sc-mine"]


@pytest.mark.django_db
def test_call_time_ends_the_round_and_the_tablet_says_so():
    game = scientia_game(seats=3)
    play_until(game, lambda s: s["round"] == 2 and s["turn_index"] == 1)
    game.refresh_from_db()
    services.game_apply_action(game.pk, {"type": CALL_TIME, "seat": None},
                               expected_version=game.version)
    parts = parts_of(game, 1)
    assert "Time is called: last round" in parts["play-status"]
    assert "Round 2 of 2" in parts["play-status"]
    assert "Time is called: round 2 is the last." in parts["sc-supplies"]
    state = play_until(game, lambda s: s["stage"] == "over")
    assert state["round"] == 2
    parts = parts_of(game, 1)
    assert "The teacher called time, and the round was finished." in parts["play-end"]
    assert PACKAGE.ended_text(game_snapshot(game.pk)) == str(labels.ENDED_BY["called"])
    assert "The game is over: see the scores." in parts["play-status"]


@pytest.mark.django_db
def test_a_whole_game_renders_for_seats_teacher_and_projector_in_finnish():
    game = scientia_game(seats=4, language="fi")
    play_until(game, lambda s: s["stage"] == "over")
    parts = parts_of(game, 1, "fi")
    assert "Peli on päättynyt" in parts["play-end"] and "pistettä" in parts["play-end"]
    assert "Vipu" in parts["sc-projects"]  # Lever, from the engine's Finnish names
    assert "Käännä yhtä korttiasi 2 kertaa" in parts["sc-projects"]
    snapshot = game_snapshot(game.pk)
    summary = ENGINE.summary(snapshot.state)
    shown = PACKAGE.projector_context(snapshot, summary)
    assert len(shown["seats"]) == 4 and "Student" not in json.dumps(shown, default=str)
    assert shown["supplies"]["cubes_total"] == 10
    assert PACKAGE.stage_label(summary) and PACKAGE.ended_text(snapshot)
    render_cache.forget()


# Lesson, cockpit, debrief, exports ----------------------------------------------------------------


def test_the_teachers_combination_reaches_the_engine():
    players = [{"seat": 1, "name": "A"}, {"seat": 2, "name": "B"}]
    assert PACKAGE.game_options("lesson", {}) == {"variant": "lesson",
                                                  "combination": "first_step"}
    chosen = PACKAGE.game_options("lesson", {"combination": "random"})
    state = ENGINE.new_game(players, chosen, 4)
    assert state["step"]["kind"] == "chance" and state["step"]["draw"] == "combination"
    first = ENGINE.new_game(players, PACKAGE.game_options("lesson", {}), 4)
    assert first["combination"]["PHY"] == [1, 5, 7]
    form = PACKAGE.settings_form({})
    assert form.is_valid() and form.cleaned_data["combination"] == "first_step"
    assert not PACKAGE.settings_form({"combination": "chaos"}).is_valid()
    assert PACKAGE.default_variant == "lesson"


def test_cockpit_figures_name_summary_keys_and_stages(played):
    summary = ENGINE.summary(played[-1][2])
    assert set(PACKAGE.table_figures) <= set(summary["figures"])
    assert set(PACKAGE.seat_figures) == set(summary["seats"][0]["figures"])
    stages = {ENGINE.summary(before)["stage"] for before, *_rest in played}
    assert stages <= set(labels.STAGES)
    triggered = next(ENGINE.summary(b) for b, *_r in played if b["trigger"] and b["step"])
    assert PACKAGE.stage_label(triggered) == labels.FINAL_ROUNDS


def test_export_columns_are_prefixed_and_unique_across_games():
    keys = [c.key for c in PACKAGE.export_columns]
    assert all(key.startswith("sc_") for key in keys)
    others = {c.key for p in packages() if p.key != "scientia" for c in p.export_columns}
    assert len(set(keys)) == len(keys) and not set(keys) & others


@pytest.mark.django_db
def test_debrief_facts_and_export_figures_come_from_each_seats_own_game():
    game = scientia_game(seats=3)
    play_until(game, lambda s: s["stage"] == "over")
    state = ENGINE.state_from_json(game_state(game))
    outcome = ENGINE.outcome(state)
    assert len(PACKAGE.debrief_questions) == 5
    for seat in (1, 2, 3):
        mine = seat_game(game, seat)
        texts = {key: facts_for(key, mine) for key, _q in PACKAGE.debrief_questions}
        assert all(texts.values()), texts
        p = state["players"][seat - 1]
        first = p["first_completion"]
        if first:
            assert any(f"on your turn {first['seat_turn']} " in t for t in texts[
                "slow_research"])
        if p["longest_chain"] > 1:
            assert any(f"{p['longest_chain']} completions" in t for t in texts["cascade"])
        figures = PACKAGE.export_figures(game, state, outcome, seat)
        assert {c.key for c in PACKAGE.export_columns} <= set(figures)
        assert figures["sc_longest_chain"] == p["longest_chain"]
        assert figures["sc_completions"] == sum(p["completions"].values())
        assert figures["score"] == next(r["score"] for r in outcome["players"]
                                        if r["seat"] == seat)


def test_a_specialist_is_named_by_the_field_it_completed_most():
    from debrief.facts import SeatGame

    events = [{"type": "CardCompleted", "seat": 1, "field": f, "round": 1, "turn": 1,
               "face": 1, "depth": 1, "seat_turn": 1} for f in ("PHY", "PHY", "PHY", "CHE")]
    facts = PACKAGE.fact_generators["specialist"](SeatGame(1, events, None))
    assert facts[0][2] == "You specialised in Physics: 3 of your 4 completed cards."


def test_no_view_carries_the_seed():
    state = ENGINE.new_game([{"seat": 1, "name": "A"}, {"seat": 2, "name": "B"}], {}, 123456)
    for viewer in (1, 2, TEACHER, PUBLIC):
        assert "seed" not in ENGINE.view_for(state, viewer)
