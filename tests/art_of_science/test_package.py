"""The Art of Science's package on the platform: its parts for seats, the teacher and the
projector, the stepper's words, the log's lines, the cockpit's words, lesson options reaching
the engine, open answers as a teacher approval, reports reaching the bank, timers, the debrief's
facts from real games and the export columns."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games import approvals, deadlines, rendering
from games.art_of_science import choices, labels, narration
from games.art_of_science.engine import api
from games.art_of_science.engine.bots import right_value
from games.art_of_science.engine.state import CATEGORIES
from games.art_of_science.game import PACKAGE
from games.art_of_science.models import Question, QuestionFlag
from games.choices import choices_context
from games.engines.base import PUBLIC
from games.engines.playout import play
from games.models import Approval
from games.packages import packages
from games.selectors import game_snapshot
from games.stepper import Draft, next_step, with_inputs
from tests.art_of_science.factories import (
    aos_game,
    aos_lesson,
    apply,
    judging_game,
    play_greedy,
    step_once,
)
from tests.games.factories import engine_state

pytestmark = pytest.mark.django_db


def parts_for_everyone(game, language="en"):
    snapshot = game_snapshot(game.pk)
    seats = [p["seat"] for p in snapshot.players]
    return ({seat: rendering.render_parts(snapshot, seat, language) for seat in seats},
            rendering.render_parts(snapshot, None, language, teacher=True), snapshot)


# Parts -----------------------------------------------------------------------------------------


def test_every_viewer_gets_every_part_at_every_step_of_a_game_in_finnish():
    """Seats, the teacher and the projector's table render at every step to the end."""
    game = aos_game(3, "fi", open_answers=True)
    for _ in range(2000):
        own, teacher, snapshot = parts_for_everyone(game, "fi")
        for parts in [*own.values(), teacher]:
            assert {"play-status", "aos-now", "aos-cards", "aos-tools", "aos-board",
                    "play-end", "play-actions", "play-log"} <= set(parts)
        with translation.override("fi"):
            PACKAGE.projector_context(snapshot, PACKAGE.engine.summary(snapshot.state))
        engine, state = engine_state(game)
        if state["over"]:
            break
        step_once(game, engine, state)
    assert state["over"] and "end-panel" in own[1]["play-end"]
    assert "voittaa" in own[1]["play-end"] or "Jaettu" in own[1]["play-end"]


def test_the_teacher_sees_the_key_of_the_open_question_before_the_judgement_and_seats_do_not():
    """AS-33: before the judgement only the teacher's view (and the judges') shows the key."""
    game = aos_game(3, judge="teacher", open_answers=True)
    play_greedy(game, done=lambda s: s["step"]["kind"] == "answer")
    engine, state = engine_state(game)
    explanation = state["bank"][state["question"]["id"]]["explanation"]
    own, teacher, _snapshot = parts_for_everyone(game)
    assert "aos-key is-secret" in teacher["aos-now"]
    assert all("aos-key" not in parts["aos-now"] for parts in own.values())
    assert all(explanation not in json.dumps(parts) for parts in own.values())


def test_a_seat_writes_its_score_card_privately_until_every_card_is_shown():
    """AS-04: a seat's own order shows on its card; the others see only that it is written."""
    game = aos_game(2)
    apply(game, {"type": "choose_order", "seat": 1, "order": list(CATEGORIES)})
    own, _teacher, _snapshot = parts_for_everyone(game)
    assert own[1]["aos-cards"].count("aos-rows") == 1
    assert own[2]["aos-cards"].count("aos-rows") == 0 and "Score card written" in \
        own[2]["aos-cards"]


def test_the_projector_shows_the_board_and_the_question_by_seat_number_never_by_name():
    game = aos_game(3)
    play_greedy(game, done=lambda s: s["step"]["kind"] == "answer")
    snapshot = game_snapshot(game.pk)
    shown = PACKAGE.projector_context(snapshot, PACKAGE.engine.summary(snapshot.state))
    view = api.view_for(snapshot.state, PUBLIC)
    assert view["question"]["prompt"] == shown["q"]["prompt"]
    assert "sq-cell" in shown["board"] and shown["q"]["key"] is None
    assert not any(name in json.dumps(shown, default=str) for name in snapshot.names.values())


# Choices ---------------------------------------------------------------------------------------


def test_the_stepper_names_every_kind_parameter_and_value_of_whole_games():
    """Every menu kind has a label, every parameter a question, and no value shows raw."""
    seen = set()

    def check_menus(state, action, events):
        for seat in state["seats"]:
            labeller = choices.Labeller(api.view_for(state, seat), seat, {})
            for entry in api.action_menu(state, seat):
                seen.add(entry["kind"])
                assert labeller.kind_label(entry["kind"]) != entry["kind"]
                _check_values(labeller, entry)

    for seed in range(1, 9):
        play(api.ENGINE, 2 + seed % 3, seed, "random", on_step=check_menus,
             options={**PACKAGE.game_options("lesson", {}), "open_answers": True,
                      "shove": seed % 2 == 0, "spree": seed % 2 == 0})
    assert {"choose_order", "place", "move", "answer", "take_points", "new_round",
            "choose_category", "challenge", "wager", "distribute", "judge"} <= seen


def _check_values(labeller, entry):
    if entry["kind"] in choices.HIDDEN:  # asked for by their own buttons
        return
    for option in entry["actions"]:
        for param, value in option["action"].items():
            if param in ("type", "seat"):
                continue
            assert labels.PARAMETERS.get(param), param
            label = labeller.label(entry["kind"], param, value)
            assert label and "{" not in label, (param, value)
            assert isinstance(value, bool) or label != repr(value), (param, value)
    for spec in entry["inputs"]:
        assert labeller.input_label(spec) != spec["param"]


def test_a_split_of_points_is_one_number_per_category_filling_one_mapping():
    """The stepper's dotted inputs (points.MAT …) become the engine's `points` mapping."""
    state = _allocating(seed=3)
    seat = state["allocations"][0]["seat"]
    menu = api.action_menu(state, seat)
    step = next_step(menu, Draft(), choose_kind=False, order=choices.ORDER,
                     hidden=choices.HIDDEN)
    total = state["allocations"][0]["total"]
    first = step.inputs[0]
    values = {spec["param"]: "0" for spec in step.inputs}
    values[first["param"]] = str(min(total, first["max"]))
    action = with_inputs(step.action, step.inputs, values)
    assert set(action["points"]) == {spec["param"][7:] for spec in step.inputs}
    if min(total, first["max"]) == total:
        assert api.canonical_action(state, action)["points"] == {first["param"][7:]: total}


def _allocating(seed):
    for n in range(seed, seed + 200):
        found = []

        def keep(state, action, events, found=found):
            if state["step"]["kind"] == "allocate" and not found:
                found.append(api.state_from_json(state))

        play(api.ENGINE, 3, n, "greedy", options=PACKAGE.game_options("lesson", {}),
             on_step=keep)
        if found:
            return found[0]
    raise AssertionError("no split of points in 200 games")


def test_answer_choices_read_as_the_options_and_points_say_what_they_give():
    game = aos_game(2)
    state = play_greedy(game, done=lambda s: s["step"]["kind"] == "answer")
    seat = state["step"]["seat"]
    view = api.view_for(state, seat)
    with translation.override("en"):
        context = choices_context(PACKAGE, view, api.action_menu(state, seat), Draft(), seat,
                                  {})
    labels_shown = [o["label"] for o in context["options"]]
    question = view["question"]
    if question["format"] == "multiple_choice":
        assert labels_shown[0] == f"A: {question['options'][0]['text']}"
    assert "No answer (counts as wrong)" in labels_shown or context["inputs"]


# Narration and the cockpit's words ----------------------------------------------------------------


def test_the_log_tells_every_event_type_the_engine_emits():
    emitted = set()
    for seed in range(1, 30):
        play(api.ENGINE, 2 + seed % 4, seed, "random",
             options={**PACKAGE.game_options("lesson", {}), "open_answers": True,
                      "shove": True, "spree": True},
             on_step=lambda s, a, events: emitted.update(e["type"] for e in events))
    assert emitted <= narration.EVENT_TYPES, emitted - narration.EVENT_TYPES
    with translation.override("fi"):
        lines = narration.tell([{"type": t, "round": 1, "seat": 1, **SAMPLE.get(t, {})}
                                for t in narration.TELLERS], {1: "Aino", 2: "Eero"})
    assert len(lines) == len(narration.TELLERS) and all(line.text for line in lines)


SAMPLE = {
    "OrdersRevealed": {}, "PawnPlaced": {"square": 3}, "DieRolled": {"face": 7},
    "PawnMoved": {"square": 8, "steps": 7, "direction": "clockwise"},
    "PawnShoved": {"target": 2, "square": 9}, "SpecialReached": {"kind": "duel"},
    "QuestionAsked": {"context": "square", "category": "MAT", "seats": [1]},
    "QuestionReused": {"category": "BIO"}, "AnswerJudged": {"category": "CHE", "correct": True},
    "AdviceAsked": {"adviser": 2}, "AdviceGiven": {"given": True},
    "AdviceShared": {"adviser": 2, "seat_points": 1, "adviser_points": 2},
    "JudgingOpened": {"judges": [2]}, "CategoryChosen": {"category": "PHY"},
    "DuelDeclared": {"opponent": 2, "stake": 2}, "DuelAnswerReceived": {"correct": False},
    "DuelEnded": {"winner": 2, "loser": 1, "stake": 2}, "DuelResumed": {"seats": [2]},
    "ReplicationRolled": {"face": 4, "category": "PHY"}, "WagerPlaced": {"wager": 2},
    "ReplicationSettled": {"correct": False, "moved": 2, "wager": 2},
    "PointsGained": {"gained": 2, "category": "ENG", "filled": True},
    "PointsDistributed": {"points": {"MAT": 2}}, "PointsStruck": {"points": {"BIO": 1}},
    "AllocationAwaited": {"mode": "gain", "total": 3},
    "JudgementOverridden": {"correct": True}, "GameEnded": {"winners": [1, 2]},
}


def test_the_cockpit_names_every_step_every_refusal_and_every_figure():
    """Every step kind has a stage label, every engine refusal code a message, and the
    summary's figures are the ones the card names."""
    state = play(api.ENGINE, 3, 1, "greedy", options=PACKAGE.game_options("lesson", {})).state
    summary = api.summary(state)
    assert set(PACKAGE.table_figures) <= set(summary["figures"])
    assert set(PACKAGE.seat_figures) <= set(summary["seats"][0]["figures"])
    from games.art_of_science.engine import actions
    steps = set(actions.STEP_TYPES) | {"chance", "order", "over"}
    assert steps <= set(labels.STAGES)
    codes = set(actions.NOT_LISTED.values()) | {
        "already_answered", "already_flagged", "bad_answer", "bad_order", "bad_reason",
        "bad_split", "bad_vote", "not_a_number", "not_judging", "not_reversible", "not_seen",
        "too_long", "over_limit", "wrong_total", "time_already_called"}
    assert all(PACKAGE.error_message(code) for code in codes)


def test_while_the_teacher_alone_judges_the_game_waits_for_the_teacher():
    """current_seats is empty but the game runs: the card says it waits for the teacher."""
    game, state = judging_game(2, judge="teacher")
    engine = api.ENGINE
    summary = engine.summary(state)
    assert summary["to_act"] == [] and not summary["over"]
    assert PACKAGE.stage_label(summary) == labels.TEACHER_JUDGES
    own, _teacher, _snapshot = parts_for_everyone(game)
    assert "Waiting for the teacher to judge" in own[1]["play-status"]


# Lessons ----------------------------------------------------------------------------------------


def test_the_lessons_settings_reach_the_engine_with_the_banks_questions():
    game = aos_game(2, "fi", time_limit_s=45, judge="teacher", open_answers=True, advice=False,
                    lowest_difficulty=2)
    state = engine_state(game)[1]
    options = state["options"]
    assert (options["language"], options["time_limit_s"], options["judge"],
            options["open_answers"], options["advice"]) == ("fi", 45, "teacher", True, False)
    assert {q["lang"] for q in state["bank"].values()} == {"fi"}
    assert min(q["difficulty"] for q in state["bank"].values()) == 2
    assert any(q["format"] == "open" for q in state["bank"].values())


def test_the_settings_form_keeps_the_classroom_defaults():
    form = PACKAGE.settings_form({"art_of_science-highest_physics": "1",
                                  "art_of_science-lowest_difficulty": "2"},
                                 prefix="art_of_science")
    assert form.is_valid(), form.errors
    data = form.cleaned_data
    assert (data["advice"], data["shove"], data["spree"], data["judge"]) == (
        False, False, False, "table")  # an unticked box is off; the rest take their defaults
    assert data["highest_physics"] == 2 and data["time_limit_s"] == 30


def test_the_lesson_minutes_come_from_the_starter_bank_without_a_database():
    options = PACKAGE.game_options("lesson", {})
    assert options["language"] == "en" and len(options["questions"]) == 180


# Open answers, reports and timers ----------------------------------------------------------------


def test_an_open_answer_waits_in_the_teachers_queue_and_the_tables_vote_settles_it():
    """A typed open answer opens a row in the queue with its text; the votes decide it and the
    row follows (AS-31)."""
    game, state = judging_game(3)
    approval = Approval.objects.get(game=game)
    answer = state["question"]["answers"][-1]["value"]
    assert (approval.kind, approval.status, approval.seat, approval.text) == (
        "open_answer", "pending", state["step"]["seat"], answer)
    for judge in state["step"]["judges"]:
        apply(game, {"type": "judge", "seat": judge, "correct": False})
    approval.refresh_from_db()
    assert (approval.status, approval.decided_by) == ("rejected", "table")


def test_the_teachers_decision_over_the_tables_vote_is_in_the_log():
    """AS-34 through the queue: the teacher's judgement ends the vote, as an action of its
    own in the game's log."""
    game, state = judging_game(3)
    apply(game, {"type": "judge", "seat": state["step"]["judges"][0], "correct": False})
    approval = Approval.objects.get(game=game)
    approvals.approval_decide(Approval.objects.all(), approval.pk, True)
    approval.refresh_from_db()
    assert (approval.status, approval.decided_by) == ("accepted", "teacher")
    last = game.actions.order_by("-seq").filter(actor_kind="teacher").first()
    assert last.action == {"type": "judge", "seat": None, "correct": True}
    judged = next(e for e in last.events if e["type"] == "AnswerJudged")
    assert judged["by"] == "teacher" and judged["correct"] is True


def test_a_report_from_a_tablet_reaches_the_teachers_bank():
    """AS-35: the tablet's report (with the question's id) flags the question in the bank."""
    game = aos_game(2)
    state = play_greedy(game, done=lambda s: s["question"] is not None)
    qid = state["question"]["id"]
    seat = state["question"]["seats"][0]
    own, _teacher, _snapshot = parts_for_everyone(game)
    assert "Something wrong with this question?" in own[seat]["aos-tools"]
    apply(game, {"type": "flag", "seat": seat, "question": qid, "reason": "unclear"})
    flag = QuestionFlag.objects.get()
    assert (flag.question.public_id, flag.game_id, flag.seat, flag.reason) == (
        qid, game.pk, seat, "unclear")
    assert Question.objects.get(public_id=qid).status == "flagged"


def test_no_answer_in_time_is_applied_by_the_server_as_wrong():
    """AS-30: the answer's deadline runs on the server; its fallback is no answer, judged
    wrong."""
    game = aos_game(2)
    state = play_greedy(game, done=lambda s: s["step"]["kind"] == "answer")
    game.refresh_from_db()
    (deadline,) = game.deadlines
    assert deadline["fallback"] == {"type": "answer", "seat": state["step"]["seat"],
                                    "value": None}
    assert deadlines.games_apply_due_deadlines(timezone.now() + timedelta(seconds=31)) == 1
    judged = next(e for row in game.actions.order_by("-seq")[:3] for e in row.events
                  if e["type"] == "AnswerJudged")
    assert judged["correct"] is False and judged["given"] is None


def test_a_right_answer_from_the_tablet_is_judged_right():
    game = aos_game(2)
    state = play_greedy(game, done=lambda s: s["step"]["kind"] == "answer")
    seat = state["step"]["seat"]
    result = apply(game, {"type": "answer", "seat": seat, "value": right_value(state)})
    assert next(e for e in result.events if e["type"] == "AnswerJudged")["correct"]


# The debrief and the exports ----------------------------------------------------------------------


def test_each_seats_facts_come_from_its_own_game():
    """Five generators over a whole game: each seat's facts name its own categories, and the
    facts are sentences in the active language."""
    from debrief.facts import game_events, game_outcome, seat_game

    game = aos_game(3, open_answers=True)
    play_greedy(game)
    events, outcome = game_events(game), game_outcome(game)
    found = {}
    with translation.override("en"):
        for seat in (1, 2, 3):
            seat_view = seat_game(game, seat, events, outcome)
            for key, generator in PACKAGE.fact_generators.items():
                for score, _round, text in generator(seat_view):
                    assert isinstance(score, int) and isinstance(text, str) and text
                    found.setdefault(key, []).append((seat, text))
    assert {"specialisation", "knowing"} <= set(found)
    state = engine_state(game)[1]
    for seat, text in found["specialisation"]:
        order = next(p for p in state["players"] if p["seat"] == seat)["order"]
        if "row 1" in text:
            with translation.override("en"):
                assert labels.category_name(order[0]) in text
    assert [key for key, _q in PACKAGE.debrief_questions] == list(PACKAGE.fact_generators)


def test_the_export_columns_are_the_figures_of_each_seat_and_unique_across_games():
    game = aos_game(3)
    play_greedy(game)
    engine, state = engine_state(game)
    outcome = engine.outcome(state)
    keys = [c.key for c in PACKAGE.export_columns]
    for seat in (1, 2, 3):
        shown = PACKAGE.export_figures(game, state, outcome, seat)
        assert set(keys) <= set(shown) and {"score", "rank"} <= set(shown)
    assert all(key.startswith("aos_") for key in keys)
    others = [c.key for p in packages() if p.key != PACKAGE.key for c in p.export_columns]
    assert not set(keys) & set(others)


def test_a_lesson_of_the_game_uses_the_teachers_own_approved_questions():
    lesson = aos_lesson(language="en")
    Question.objects.create(
        public_id="mat-0900", lang="en", category="mathematics", difficulty=1,
        format="true_false", prompt="Is 7 a prime number?", answer=True,
        explanation="Its only divisors are 1 and 7.", author="t-1", licence="CC-BY-4.0",
        source="Wikipedia (en): Prime number", provenance="teacher", status="approved",
        owner=lesson.owner)
    assert "mat-0900" in {q["id"] for q in lesson.game_options()["questions"]}


# The cockpit --------------------------------------------------------------------------------------


def test_a_tables_card_shows_six_bars_per_seat_and_the_open_answer_to_judge_with_its_key():
    from classroom.cockpit_drawing import cockpit_parts

    game, state = judging_game(3, judge="teacher")
    snapshot = game_snapshot(game.pk)
    with translation.override("en"):
        card = PACKAGE.card_context(snapshot, PACKAGE.engine.summary(snapshot.state))
        html = cockpit_parts(game.table.lesson)["tables"]
    assert [len(seat["rows"]) for seat in card["seats"]] == [6, 6, 6]
    judging = card["question"]["judging"]
    record = state["bank"][state["question"]["id"]]
    assert judging["key"] == record["answer"] and "Open answer to judge" in html
    assert html.count("aos-tc-bar") == 18


def test_the_cockpit_shows_the_class_right_answers_by_category_and_the_reports():
    from classroom.cockpit_drawing import cockpit_parts

    game = aos_game(3)
    state = play_greedy(game, done=lambda s: len(s["judgements"]) >= 6)
    question = state["judgements"][0]["question"]
    apply(game, {"type": "flag", "seat": 1, "question": question, "reason": "wrong"})
    extra = PACKAGE.cockpit_lesson([game.pk], {})
    total = sum(row["cells"][3]["answered"] for row in extra["rows"])
    assert total == extra["answered"] == len(engine_state(game)[1]["judgements"])
    assert [r["id"] for r in extra["reports"]] == [question]
    with translation.override("en"):
        html = cockpit_parts(game.table.lesson)["game"]
    assert "The class: right answers" in html and question in html
