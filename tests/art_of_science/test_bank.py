"""The question bank as a model: the starter bank loaded with its provenance, imports that name
every bad row and import nothing of a bad file, exports that round-trip, approval, students'
flags, and the records a lesson draws (AS-G06, AS-G08, AS-G24, AS-35)."""

import csv
import io

import pytest
import yaml
from openpyxl import Workbook, load_workbook

from games.art_of_science import questionbank, transfer
from games.art_of_science.bank.schema import FIELDS, validate_starter
from games.art_of_science.models import Question, QuestionFlag
from games.art_of_science.records import record_of
from tests.art_of_science.factories import load_starter_bank
from tests.classroom.factories import make_teacher

pytestmark = pytest.mark.django_db

ROW = {"lang": "en", "category": "physics", "difficulty": 1, "format": "multiple_choice",
       "prompt": "Which unit measures force?", "options": "newton | joule | watt",
       "answer": "A", "explanation": "Force is measured in newtons (N).",
       "source": "Wikipedia (en): Newton (unit)", "licence": "CC-BY-4.0"}


def csv_bytes(rows, columns=None):
    columns = columns or list(rows[0])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns)
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode()


def xlsx_bytes(rows, formula_at=None):
    book = Workbook()
    sheet = book.active
    columns = list(rows[0])
    sheet.append(columns)
    for row in rows:
        sheet.append([row[c] for c in columns])
    if formula_at:
        sheet[formula_at] = "=1+1"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_the_starter_bank_is_the_schools_approved_questions_with_their_provenance():
    """180 approved, shared questions in each of en, fi and sv, owned by nobody, each keeping
    its record's provenance and source; read back, they pass the bank's own validation."""
    load_starter_bank()
    originals = [record_of(q) for q in Question.objects.filter(lang="en")]
    for lang in ("en", "fi", "sv"):
        rows = Question.objects.filter(lang=lang)
        assert rows.count() == 180
        assert set(rows.values_list("status", "shared", "owner")) == {("approved", True, None)}
        assert set(rows.values_list("provenance", flat=True)) == {"house", "ruling"}
        records = [record_of(q) for q in rows]
        assert validate_starter(lang, records, originals if lang != "en" else None) == []


def test_a_csv_import_makes_drafts_of_the_teacher_with_ids_of_their_own():
    """Rows without an id get the category's next free number; every question is a draft."""
    load_starter_bank()
    teacher = make_teacher()
    created, replaced = questionbank.question_import(
        teacher, "mine.csv", csv_bytes([ROW, {**ROW, "prompt": "Which unit measures energy?",
                                              "answer": "B"}]))
    assert (created, replaced) == (2, 0)
    mine = Question.objects.filter(owner=teacher).order_by("public_id")
    assert [q.public_id for q in mine] == ["phy-0031", "phy-0032"]
    assert {q.status for q in mine} == {"draft"} and mine[0].options == ["newton", "joule", "watt"]
    assert mine[0].author == f"t-{teacher.pk}" and mine[0].provenance == "teacher"


def test_a_bad_file_imports_nothing_and_names_every_bad_row_and_field():
    """One bad row refuses the whole file; each problem names its spreadsheet row and field."""
    teacher = make_teacher()
    rows = [ROW, {**ROW, "options": "newton | newton | watt"}, {**ROW, "answer": "E"},
            {**ROW, "difficulty": 5, "prompt": ""}]
    with pytest.raises(questionbank.ImportInvalid) as refused:
        questionbank.question_import(teacher, "bad.csv", csv_bytes(rows))
    found = {(p.row, p.field, p.rule) for p in refused.value.problems}
    assert (3, "options", "duplicate_options") in found
    assert (4, "answer", "answer_key") in found
    assert {(5, "difficulty", "difficulty_enum"), (5, "prompt", "text_required")} <= found
    assert not any(p.row == 2 for p in refused.value.problems)
    assert not Question.objects.filter(owner=teacher).exists()


def test_an_xlsx_import_is_read_and_a_formula_refuses_the_file():
    """XLSX is read in read-only mode; a cell holding a formula refuses the whole file."""
    teacher = make_teacher()
    assert questionbank.question_import(teacher, "q.xlsx", xlsx_bytes([ROW])) == (1, 0)
    with pytest.raises(questionbank.ImportInvalid) as refused:
        questionbank.question_import(teacher, "q.xlsx", xlsx_bytes([ROW], formula_at="E2"))
    assert (refused.value.file_code, refused.value.where) == ("formula", "E2")
    assert Question.objects.filter(owner=teacher).count() == 1


def test_an_id_of_another_teacher_or_of_the_school_is_refused_and_ones_own_is_replaced():
    """An imported id that belongs to a question not yours names the row; yours is replaced
    (back to a draft)."""
    load_starter_bank()
    teacher = make_teacher()
    with pytest.raises(questionbank.ImportInvalid) as refused:
        questionbank.question_import(teacher, "q.csv", csv_bytes([{**ROW, "id": "phy-0007"}]))
    assert [(p.row, p.rule) for p in refused.value.problems] == [(2, "id_taken")]
    questionbank.question_import(teacher, "q.csv", csv_bytes([{**ROW, "id": "phy-0100"}]))
    question = Question.objects.get(public_id="phy-0100")
    questionbank.question_approve(teacher, [question])
    again = {**ROW, "id": "phy-0100", "prompt": "Which unit measures a force?"}
    assert questionbank.question_import(teacher, "q.csv", csv_bytes([again])) == (0, 1)
    question.refresh_from_db()
    assert (question.prompt, question.status) == ("Which unit measures a force?", "draft")


@pytest.mark.parametrize("kind", ["csv", "xlsx", "yaml"])
def test_an_export_reads_back_as_the_same_records(kind):
    """Export and import give the same records, every format; list cells use " | "."""
    load_starter_bank()
    chosen = Question.objects.filter(public_id__in=["mat-0001", "bio-0002", "phy-0002",
                                                    "eng-0002", "oth-0006-fi"])
    data, _type = questionbank.question_export(chosen.order_by("public_id"), kind)
    rows = transfer.read_rows(f"bank.{kind}", data)
    records = [transfer.record_from(row.values, "t-1") for row in rows]
    expected = [record_of(q) for q in chosen.order_by("public_id")]
    assert [{k: r[k] for k in FIELDS} for r in records] == expected


def test_an_export_neutralises_text_a_spreadsheet_would_run_and_an_import_restores_it():
    teacher = make_teacher()
    sly = {**ROW, "prompt": "=HYPERLINK(\"x\") is not a unit, so which is?"}
    questionbank.question_import(teacher, "q.csv", csv_bytes([sly]))
    mine = Question.objects.filter(owner=teacher)
    data, _type = questionbank.question_export(mine, "xlsx")
    cells = [c.value for c in next(load_workbook(io.BytesIO(data)).active.iter_rows(min_row=2))]
    assert cells[FIELDS.index("prompt")].startswith("'=")
    row = transfer.read_rows("q.xlsx", data)[0]
    assert transfer.record_from(row.values, "t-1")["prompt"] == sly["prompt"]


def test_a_yaml_import_reads_records_as_the_starter_bank_writes_them():
    teacher = make_teacher()
    record = {**{k: v for k, v in ROW.items() if k != "options"}, "options": ["N", "J", "W"],
              "tolerance": None, "accept": [], "tags": ["forces"]}
    assert questionbank.question_import(teacher, "q.yaml", yaml.safe_dump([record]).encode()) \
        == (1, 0)
    assert Question.objects.get(owner=teacher).tags == ["forces"]


def test_approving_lets_a_lesson_draw_the_question_and_a_draft_is_never_drawn():
    """Only approved questions are drawn (AS-G24): the teacher's own after approval, never
    another teacher's unshared ones."""
    load_starter_bank()
    teacher, other = make_teacher(), make_teacher()
    questionbank.question_import(teacher, "q.csv", csv_bytes([ROW]))
    questionbank.question_import(other, "q.csv", csv_bytes([{**ROW, "prompt": "Other's?"}]))
    mine = Question.objects.get(owner=teacher)
    assert mine.public_id not in {r["id"] for r in questionbank.lesson_records(teacher, "en")}
    assert questionbank.question_approve(teacher, [mine]) == 1
    questionbank.question_approve(other, list(Question.objects.filter(owner=other)))
    drawn = {r["id"] for r in questionbank.lesson_records(teacher, "en")}
    assert mine.public_id in drawn and len(drawn) == 181
    assert questionbank.question_approve(other, [Question.objects.get(public_id="mat-0001")]) \
        == 0


def test_a_students_flag_takes_the_question_out_until_a_teacher_approves_it_again():
    """AS-35: the flag reaches the review list and the question is drawn no more; a teacher's
    approval resolves the flag."""
    load_starter_bank()
    teacher = make_teacher()
    questionbank.flags_record(None, [{"type": "QuestionFlagged", "seat": 2, "round": 1,
                                      "question": "mat-0001", "reason": "wrong"}])
    question = Question.objects.get(public_id="mat-0001")
    assert question.status == "flagged"
    assert [f.reason for f in questionbank.open_flags(teacher)] == ["wrong"]
    assert "mat-0001" not in {r["id"] for r in questionbank.lesson_records(teacher, "en")}
    assert questionbank.question_approve(teacher, [question]) == 1
    assert not questionbank.open_flags(teacher) and QuestionFlag.objects.get().resolved_at


def test_a_lesson_filters_by_difficulty_and_category_and_keeps_every_category_playable():
    """Difficulty from the lowest, up to each category's highest; a category the filter would
    empty of machine-judged questions keeps its own."""
    load_starter_bank()
    records = questionbank.lesson_records(make_teacher(), "fi")
    chosen = questionbank.records_within(records, 2, {"mathematics": 2, "physics": 3})
    by = {c: {r["difficulty"] for r in chosen if r["category"] == c}
          for c in ("mathematics", "physics", "biology")}
    assert by == {"mathematics": {2}, "physics": {2, 3}, "biology": {2, 3}}
    assert {r["lang"] for r in chosen} == {"fi"}
    hard = questionbank.records_within([r for r in records if r["difficulty"] < 3], 3, {})
    assert {r["category"] for r in hard} == {"mathematics", "biology", "chemistry", "physics",
                                             "engineering", "other_science"}


# The teacher's pages ---------------------------------------------------------------------------


def signed_in(teacher):
    from django.test import Client

    from tests.sockets import session_cookie

    client = Client()
    name, value = session_cookie(teacher).split("=", 1)
    client.cookies[name] = value
    return client


def test_the_bank_page_imports_lists_the_bad_rows_and_approves_what_the_search_shows():
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    load_starter_bank()
    teacher = make_teacher()
    client = signed_in(teacher)
    assert client.get(reverse("art_of_science:bank")).status_code == 200
    bad = SimpleUploadedFile("q.csv", csv_bytes([ROW, {**ROW, "answer": "Z"}]))
    page = client.post(reverse("art_of_science:bank_import"), {"file": bad},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Nothing was imported" in page and "Row 3" in page and "answer" in page
    good = SimpleUploadedFile("q.csv", csv_bytes([ROW, {**ROW, "prompt": "Energy in?"}]))
    client.post(reverse("art_of_science:bank_import"), {"file": good})
    drafts = "?status=draft&mine=on"
    client.post(reverse("art_of_science:bank_approve") + drafts, {"all": "1"})
    assert set(Question.objects.filter(owner=teacher).values_list("status", flat=True)) == {
        "approved"}
    export = client.get(reverse("art_of_science:bank_export", args=["yaml"]) + "?mine=on")
    assert len(yaml.safe_load(export.content)) == 2


def test_a_teacher_writes_a_question_that_is_a_draft_and_cannot_open_anothers_private_one():
    from django.urls import reverse

    teacher, other = make_teacher(), make_teacher()
    client = signed_in(teacher)
    form = {"lang": "en", "category": "chemistry", "difficulty": "2", "format": "numeric",
            "prompt": "How many atoms are in one water molecule?", "answer": "3",
            "explanation": "Two hydrogen atoms and one oxygen atom: H₂O.",
            "source": "Wikipedia (en): Properties of water", "licence": "CC-BY-4.0"}
    response = client.post(reverse("art_of_science:question_new"), form)
    written = Question.objects.get(owner=teacher)
    assert response.status_code == 302 and (written.status, written.answer) == ("draft", 3)
    refused = client.post(reverse("art_of_science:question_new"), {**form, "answer": "three"},
                          HTTP_ACCEPT_LANGUAGE="en")
    assert "does not fit the type" in refused.content.decode()
    questionbank.question_import(other, "q.csv", csv_bytes([ROW]))
    private = Question.objects.get(owner=other)
    assert client.get(reverse("art_of_science:question", args=[private.pk])).status_code == 404
