"""Questions: formats, display order, time limits, judging, drawing, secrecy, flags and teams
(AS-28 to AS-33, AS-35, AS-36; AS-G06, AS-G07, AS-G08, AS-G21, AS-G24)."""

import json

import pytest
import yaml

from games.art_of_science.engine import api, questions
from games.art_of_science.engine.rules.asking import display_order
from games.engines.base import GameError, IllegalAction
from tests.art_of_science.fixtures import records

from .factory import act, answer, ask, game, land, right, types, wrong

AS_G06_EXAMPLE = """
- id: phy-0007
  lang: en
  translation_of: null
  category: physics
  difficulty: 1
  format: multiple_choice
  prompt: "Which unit is used to measure electric current?"
  options: ["volt", "ampere", "ohm", "watt"]
  answer: B
  tolerance: null
  unit: null
  accept: []
  explanation: "Current is measured in amperes (A); volts measure potential difference."
  image: null
  time_limit_s: null
  tags: [electricity]
  author: t-4821
  status: approved
  licence: CC-BY-4.0
"""


def record(**changes):
    base = yaml.safe_load(AS_G06_EXAMPLE)[0]
    base.update(changes)
    return base


def test_as_g06_the_rules_files_record_loads():
    """The AS-G06 YAML example is a sound record; its answer becomes the option's index."""
    assert questions.problems(record()) == []
    q = questions.normalise(record())
    assert (q["category"], q["answer"], q["format"]) == ("PHY", 1, "multiple_choice")


def test_as_g06_the_fixture_bank_is_sound():
    """Every fixture record (12 per category, en and fi) passes validation."""
    every = records()
    assert [p for r in every for p in questions.problems(r)] == []
    assert len(every) == 144


@pytest.mark.parametrize("changes, words", [
    ({"answer": "E"}, "letter"),
    ({"options": ["volt", "ampere", "All of the above"]}, "all/none"),
    ({"options": ["volt", "volt", "ohm"]}, "duplicate"),
    ({"prompt": "x" * 201}, "prompt"),
    ({"category": "alchemy"}, "category"),
    ({"difficulty": 4}, "difficulty"),
    ({"format": "essay"}, "format"),
    ({"image": {"file": "a.png"}}, "alt text"),
    ({"colour": "red"}, "unknown field"),
    ({"format": "numeric", "options": None, "answer": 5, "tolerance": -1}, "tolerance"),
])
def test_as_28_a_record_outside_the_format_is_refused(changes, words):
    """Validation names what is wrong with a bad record, and a game refuses it (AS-28, AS-29,
    AS-G06)."""
    bad = record(**changes)
    found = questions.problems(bad)
    assert any(words in p for p in found), found
    with pytest.raises(GameError):
        api.new_game([{"seat": 1}, {"seat": 2}], {"questions": [*records(), bad],
                                                  "language": "en"}, 0)


def test_as_28_four_formats_are_judged():
    """Multiple choice by letter, true/false, numeric within tolerance (AS-28, AS-31)."""
    g = questions.normalise(record(id="phy-9", format="numeric", options=None, answer=9.81,
                                   tolerance=0.1, unit="m/s²"))
    assert questions.judge(g, None, 9.75) and not questions.judge(g, None, 10)
    assert questions.parse_number("9,85") == 9.85 and questions.parse_number("ten") is None
    tf = questions.normalise(record(id="x", format="true_false", options=None, answer="false"))
    assert questions.judge(tf, None, False) and not questions.judge(tf, None, True)
    mc = questions.normalise(record())
    assert questions.judge(mc, [3, 2, 1, 0], "C") and not questions.judge(mc, [3, 2, 1, 0], "B")


def test_as_29_options_are_shown_in_an_order_from_the_seed():
    """The display order is derived from the seed and the question number: stable on replay,
    different between games; the displayed letter is what is judged (AS-29)."""
    state = game(2)
    q = state["bank"]["mat-0001"]
    assert display_order(state, q, 1) == display_order(dict(state), q, 1)
    orders = {tuple(display_order({**state, "seed": seed}, q, 1)) for seed in range(40)}
    assert len(orders) > 10
    ask(state)
    view = api.view_for(state, 1)["question"]
    shown = [o["text"] for o in view["options"]]
    assert shown == [q["options"][i] for i in state["question"]["order"]]
    letter = next(o["letter"] for o in view["options"] if o["text"] == "12")
    events = answer(state, 1, letter)
    assert next(e for e in events if e["type"] == "AnswerJudged")["correct"] is True


def test_as_30_a_question_has_a_deadline_and_no_answer_is_wrong():
    """The answer's deadline is the lesson's limit, 30 s by default; its fallback is no
    answer, judged wrong (AS-30, AS-G21)."""
    state = game(2, time_limit_s=45)
    ask(state)
    (deadline,) = api.deadlines(state)
    assert deadline["seconds"] == 45 and deadline["seat"] == 1
    assert deadline["fallback"] == {"type": "answer", "seat": 1, "value": None}
    assert deadline["fallback"] in api.legal_actions(state, 1)
    assert game(2)["options"]["time_limit_s"] == 30


def test_as_g21_a_question_may_carry_its_own_limit():
    """A record's time_limit_s replaces the lesson's limit for that question (AS-G21)."""
    slow = [dict(r, time_limit_s=80) if r["id"] == "mat-0001" else r for r in records()]
    state = game(2, questions=slow)
    ask(state)
    assert api.deadlines(state)[0]["seconds"] == 80


def open_question(n=3, **opts):
    state = game(n, open_answers=True, **opts)
    land(state, 1, 5, 3, "counterclockwise")  # square 2: BIO worth 2
    ask(state, "BIO", "open")
    return state


def test_as_31_open_answers_are_judged_by_the_majority_of_opponents():
    """The opponents vote; the majority decides (AS-31, AS-G07)."""
    state = open_question()
    answer(state, 1, "Because of herd immunity")
    assert api.current_seats(state) == [2, 3]
    act(state, {"type": "judge", "seat": 2, "correct": False})
    events = act(state, {"type": "judge", "seat": 3, "correct": False})
    judged = next(e for e in events if e["type"] == "AnswerJudged")
    assert judged["correct"] is False and judged["by"] == "table"
    assert judged["votes"] == {"2": False, "3": False}


def test_as_31_a_tied_vote_counts_as_correct():
    """A tie is correct (benefit of the doubt); so is no vote in time (AS-31, my ruling)."""
    state = open_question()
    answer(state, 1, "herd immunity")
    act(state, {"type": "judge", "seat": 2, "correct": True})
    events = act(state, {"type": "judge", "seat": 3, "correct": False})
    assert next(e for e in events if e["type"] == "AnswerJudged")["correct"] is True
    state = open_question(n=2)
    answer(state, 1, "herd immunity")
    (deadline,) = api.deadlines(state)
    events = act(state, deadline["fallback"])
    assert next(e for e in events if e["type"] == "AnswerJudged")["correct"] is True


def test_as_31_the_teacher_may_be_the_sole_judge():
    """With the teacher as judge no seat votes; the teacher's judgement decides (AS-31)."""
    state = open_question(judge="teacher")
    answer(state, 1, "nobody knows")
    assert api.current_seats(state) == [] and api.outcome(state) is None
    assert {"type": "judge", "seat": None, "correct": False} in api.legal_actions(state, None)
    with pytest.raises(IllegalAction):
        act(state, {"type": "judge", "seat": 2, "correct": True})
    events = act(state, {"type": "judge", "seat": None, "correct": False})
    assert next(e for e in events if e["type"] == "AnswerJudged")["by"] == "teacher"
    assert state["turn"]["seat"] == 2


def test_as_34_the_teachers_judgement_ends_the_tables_vote():
    """While the opponents vote, the teacher may judge the open answer: that verdict stands, with
    the votes cast so far beside it, and play goes on (my ruling over AS-31 and AS-34)."""
    state = open_question()
    answer(state, 1, "herd immunity")
    act(state, {"type": "judge", "seat": 2, "correct": True})
    assert {"type": "judge", "seat": None, "correct": False} in api.legal_actions(state, None)
    events = act(state, {"type": "judge", "seat": None, "correct": False})
    judged = next(e for e in events if e["type"] == "AnswerJudged")
    assert (judged["by"], judged["correct"], judged["votes"]) == ("teacher", False, {"2": True})
    assert state["turn"]["seat"] == 2 and api.deadlines(state) == []


def test_without_a_bank_the_engine_plays_its_neutral_sample_questions():
    """Playouts and benchmarks that pass no questions get numeric sample questions in the
    lesson's language; a lesson passes its own bank."""
    state = api.new_game([{"seat": 1}, {"seat": 2}], {"language": "en"}, 1)
    assert len(state["bank"]) == 6 * 36
    assert all(q["format"] == "numeric" and q["lang"] == "en" for q in state["bank"].values())


def test_as_32_a_question_is_never_repeated_while_others_are_left():
    """The draw is among the category's questions not yet asked in this game (AS-32)."""
    state = game(2)
    first = ask(state)
    assert first not in state["left"]["MAT"]
    answer(state, 1, wrong(state))
    land(state, 1, 0, 1)  # square 1: MAT again
    assert first not in api.chance_outcomes(state)
    assert len(api.chance_outcomes(state)) == 10  # 12 MAT questions, one open, one asked


def test_as_32_with_none_left_the_least_recently_asked_is_reused():
    """An exhausted category reuses its least recently asked question and the teacher is
    told (AS-32)."""
    state = game(2)
    state["asked"] = list(state["left"]["MAT"])
    state["left"]["MAT"] = []
    events = land(state, 1, 0, 1)
    reused = next(e for e in events if e["type"] == "QuestionReused")
    assert reused["question"] == state["asked"][0] == state["question"]["id"]


def test_as_32_the_difficulty_range_limits_the_draw():
    """Only questions within the lesson's difficulty range are drawn (AS-32, AS-G08)."""
    state = game(2, difficulty=[1, 1])
    assert {q["difficulty"] for q in state["bank"].values()} == {1}


def test_as_g24_only_approved_questions_are_drawn():
    """A draft or retired record is never drawn (AS-G24)."""
    bank = [dict(r, status="draft") if r["id"] == "mat-0001" else r for r in records()]
    state = game(2, questions=bank)
    assert "mat-0001" not in state["bank"]


def keys_in(data) -> bool:
    text = json.dumps(data)
    return '"key"' in text or '"explanation"' in text


def test_as_33_no_seat_sees_the_key_before_the_judgement():
    """Before judging, no seat's or public view and no event carries the key; the teacher's
    view does; after judging everyone sees the answer and its explanation (AS-33)."""
    state = game(3)
    ask(state)
    events = state["events"]
    for viewer in (1, 2, 3, "public"):
        assert not keys_in(api.view_for(state, viewer))
        assert not keys_in(api.events_for(events, viewer))
    assert api.view_for(state, None)["question"]["key"]["explanation"]
    events = answer(state, 1, right(state))
    for viewer in (1, 2, 3, "public"):
        assert api.view_for(state, viewer)["question"]["key"]["explanation"]
        assert "key" in next(e for e in api.events_for(events, viewer)
                             if e["type"] == "AnswerJudged")


def test_as_33_open_answer_judges_see_the_key():
    """The judges of an open answer see the model answer while they judge (AS-33, AS-G07)."""
    state = open_question()
    assert not keys_in(api.view_for(state, 2))
    answer(state, 1, "herd immunity")
    for judge in (2, 3):
        assert api.view_for(state, judge)["question"]["key"]["accept"]
    assert "key" not in api.view_for(state, 1)["question"]


def test_as_35_a_seat_may_flag_a_question_it_has_seen():
    """A flag is recorded for the teacher, changes no play, and the flagged question is reused
    last (AS-35, AS-G24)."""
    state = game(2)
    qid = ask(state)
    step = dict(state["step"])
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "flag", "seat": 2, "question": "bio-0001", "reason": "wrong"})
    assert error.value.code == "not_seen"
    events = act(state, {"type": "flag", "seat": 2, "question": qid, "reason": "unclear"})
    assert types(events) == ["QuestionFlagged"] and state["step"] == step
    assert "question" not in api.events_for(events, 1)[0]
    assert api.view_for(state, None)["flags"] == [
        {"seat": 2, "question": qid, "reason": "unclear", "round": 1}]
    with pytest.raises(IllegalAction) as error:
        act(state, {"type": "flag", "seat": 2, "question": qid, "reason": "wrong"})
    assert error.value.code == "already_flagged"


def test_as_35_flagged_questions_are_not_reused_first():
    """With none left, a flagged question is passed over for an unflagged one (AS-35)."""
    state = game(2)
    state["asked"] = list(state["left"]["MAT"])
    state["left"]["MAT"] = []
    state["flags"] = [{"seat": 2, "question": state["asked"][0], "reason": "wrong", "round": 1}]
    events = land(state, 1, 0, 1)
    assert next(e for e in events if e["type"] == "QuestionReused")["question"] == \
        state["asked"][1]


def test_as_36_a_teams_first_submission_counts():
    """A second answer from the same seat (another tablet of the team) is refused (AS-36,
    AS-G20)."""
    state = game(2, squares=(1, 2))
    ask(state)
    answer(state, 1, wrong(state))
    with pytest.raises(IllegalAction) as error:
        answer(state, 1, right(state))
    assert error.value.code == "already_answered"


def test_answers_are_checked_by_format():
    """A letter outside the options or a word for a number is refused, not judged."""
    state = game(2)
    ask(state)
    with pytest.raises(IllegalAction) as error:
        answer(state, 1, "E")
    assert error.value.code == "bad_answer"
    state = game(2, squares=(1, 2))
    ask(state, "MAT", "numeric")
    with pytest.raises(IllegalAction) as error:
        answer(state, 1, "twenty-eight")
    assert error.value.code == "not_a_number"
    events = answer(state, 1, " 28 ")
    assert next(e for e in events if e["type"] == "AnswerJudged")["correct"] is True
