"""The question bank's services and selectors: what a teacher sees, imports, writes, approves and
exports; the records a lesson's games draw; the students' flags (AS-35).

A teacher sees the school's shared questions and their own. They edit and delete their own;
they approve their own drafts and any flagged question they can see (a review). An import is
all or nothing: every row is checked by the bank's validator (bank/schema.py) and the file's
ids against the bank, and one bad row refuses the whole file, naming each problem's row.
"""

from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.art_of_science import transfer
from games.art_of_science.bank.schema import (
    PREFIXES,
    Problem,
    validate_record,
    validate_translations,
)
from games.art_of_science.models import Question, QuestionFlag
from games.art_of_science.records import (
    ENGINE_FIELDS,
    engine_record,
    fields_of,
    record_of,
    starter,
)

Status = Question.Status
IMPORT_STATUSES = ("draft", "approved", "flagged", "retired")  # all arrive as drafts
SEARCH_LIMIT = 50


@dataclass(frozen=True)
class RowProblem:
    row: int  # the spreadsheet's row, or the YAML list's position
    record_id: str
    field: str
    rule: str
    message: str


class ImportInvalid(Exception):
    """The file was refused: `problems` (RowProblem) name every bad row, or `file_code` says
    why the file could not be read at all."""

    def __init__(self, problems=(), file_code=None, where=""):
        super().__init__(file_code or f"{len(problems)} problems")
        self.problems = list(problems)
        self.file_code = file_code
        self.where = where


def author_id(teacher):
    """A teacher's pseudonymous author id (AS-G24: never a name)."""
    return f"t-{teacher.pk}"


# Reading ----------------------------------------------------------------------------------------


def questions_visible_to(teacher):
    return Question.objects.filter(Q(shared=True) | Q(owner=teacher))


def question_search(teacher, *, text="", category="", lang="", status="", difficulty=None,
                    format="", mine=False):
    """The teacher's questions matching every filter given, newest changes first."""
    found = Question.objects.filter(owner=teacher) if mine else questions_visible_to(teacher)
    if text:
        found = found.filter(Q(prompt__icontains=text) | Q(public_id__icontains=text)
                             | Q(explanation__icontains=text) | Q(tags__icontains=text))
    filters = {"category": category, "lang": lang, "status": status, "format": format,
               "difficulty": difficulty}
    found = found.filter(**{k: v for k, v in filters.items() if v})
    return found.select_related("owner").order_by("-updated_at", "public_id")


def can_edit(teacher, question):
    return question.owner_id == teacher.pk


def can_approve(teacher, question):
    """The owner approves a draft; any teacher who sees a flagged question may review it."""
    if question.status == Status.APPROVED:
        return False
    return can_edit(teacher, question) or (question.shared and question.status == Status.FLAGGED)


def open_flags(teacher):
    """Flags not yet resolved on questions the teacher sees, newest first."""
    return (QuestionFlag.objects.filter(resolved_at__isnull=True,
                                        question__in=questions_visible_to(teacher))
            .select_related("question").order_by("-created_at"))


# A lesson's questions ----------------------------------------------------------------------------


def lesson_records(owner, language, only_mine=False):
    """The approved records a lesson of `owner` draws from (AS-G24, AS-40): the school's and the
    owner's in `language` (the owner's alone with `only_mine`). A category with no
    machine-judged question of its own (every duel needs one, AS-G09) takes the starter bank's,
    so that a table always starts."""
    found = Question.objects.filter(owner=owner) if only_mine else questions_visible_to(owner)
    approved = found.filter(status=Status.APPROVED, lang=language).order_by("public_id")
    records = [engine_record(q) for q in approved]
    for category in PREFIXES:
        if not any(r["category"] == category and r["format"] != "open" for r in records):
            records += [r for r in starter_records(language) if r["category"] == category]
    return records


def starter_records(language):
    """The starter bank's records in `language` (English if it has none), as a game takes them."""
    try:
        records = starter(language)
    except FileNotFoundError:
        records = starter("en")
    return [{k: r[k] for k in ENGINE_FIELDS} for r in records]


def records_within(records, lowest, highest):
    """The records from difficulty `lowest` up to `highest[category]` (a lesson's filter); a
    category the filter would leave without a machine-judged question keeps all of its own."""
    kept = []
    for category in PREFIXES:
        mine = [r for r in records if r["category"] == category]
        chosen = [r for r in mine if lowest <= r["difficulty"] <= highest.get(category, 3)]
        kept += chosen if any(r["format"] != "open" for r in chosen) else mine
    return kept


# Writing ----------------------------------------------------------------------------------------


def question_save(teacher, record, question=None, shared=False):
    """Create (or, for the owner, change) one question from a valid record: a draft again
    until approved. Returns the question; raises ImportInvalid naming the problems."""
    record = {**record, "author": record.get("author") or author_id(teacher)}
    if not record.get("id"):
        record["id"] = question.public_id if question else _new_ids([record])[0]
    problems = _problems(teacher, [transfer.Row(1, {})], [record],
                         own={question.public_id} if question else set())
    if problems:
        raise ImportInvalid(problems)
    values = {**fields_of(record), "status": Status.DRAFT, "shared": shared}
    if question is None:
        return Question.objects.create(owner=teacher, **values)
    for name, value in values.items():
        setattr(question, name, value)
    question.save()
    return question


def question_import(teacher, name, data, shared=False):
    """Import a CSV, XLSX or YAML file: every row a draft of the teacher's (a question of theirs
    with the same id is replaced), or nothing at all. Returns (created, replaced)."""
    try:
        rows = transfer.read_rows(name, data)
    except transfer.FileRefused as refused:
        raise ImportInvalid(file_code=refused.code, where=refused.where) from None
    records = [transfer.record_from(row.values, author_id(teacher)) for row in rows]
    missing = [r for r in records if not r.get("id")]
    for record, new_id in zip(missing, _new_ids(missing), strict=True):
        record["id"] = new_id
    own = set(Question.objects.filter(owner=teacher, public_id__in=[r["id"] for r in records])
              .values_list("public_id", flat=True))
    problems = _problems(teacher, rows, records, own)
    if problems:
        raise ImportInvalid(problems)
    with transaction.atomic():
        created = replaced = 0
        for record in records:
            values = {**fields_of(record), "status": Status.DRAFT, "shared": shared}
            _, made = Question.objects.update_or_create(
                public_id=record["id"], owner=teacher, defaults=values)
            created, replaced = created + made, replaced + (not made)
    return created, replaced


def _new_ids(records):
    """Ids for records written without one: a translation's is its original's and its language;
    an original's the category's prefix and the next number free in the bank."""
    taken = {}
    ids = []
    for record in records:
        if record.get("translation_of") and record.get("lang"):
            ids.append(f"{record['translation_of']}-{record['lang']}")
            continue
        prefix = PREFIXES.get(record.get("category"), "q")
        if prefix not in taken:
            taken[prefix] = _highest_number(prefix)
        taken[prefix] += 1
        ids.append(f"{prefix}-{taken[prefix]:04d}")
    return ids


def _highest_number(prefix):
    ids = Question.objects.filter(public_id__regex=rf"^{prefix}-\d+$").values_list(
        "public_id", flat=True)
    return max((int(qid.split("-")[1]) for qid in ids), default=0)


def _problems(teacher, rows, records, own):
    """Every problem of every record, by row: its own rules, its status, ids repeated in the
    file or taken in the bank, and translations against their originals."""
    found = []
    counts = Counter(r.get("id") for r in records)
    taken = set(Question.objects.filter(public_id__in=list(counts)).exclude(
        public_id__in=own).values_list("public_id", flat=True))
    originals = _originals(teacher, records)
    for row, record in zip(rows, records, strict=True):
        problems = validate_record(_as_validated(record))
        if record.get("status") not in IMPORT_STATUSES:
            problems.append(Problem(str(record.get("id")), "status", "status_enum", ""))
        rid = record.get("id")
        if counts[rid] > 1:
            problems.append(Problem(str(rid), "id", "duplicate_id", ""))
        if rid in taken:
            problems.append(Problem(str(rid), "id", "id_taken", ""))
        if record.get("translation_of"):
            problems += validate_translations(originals, [record])
        found += [RowProblem(row.number, p.record_id if p.record_id != "?" else "", p.field,
                             p.rule, p.message) for p in problems]
    return found


def _as_validated(record):
    """The record as the bank's validator checks it: every status arrives as a draft."""
    return {**record, "status": "draft"}


def _originals(teacher, records):
    named = {r.get("translation_of") for r in records if r.get("translation_of")}
    in_bank = [record_of(q) for q in questions_visible_to(teacher).filter(public_id__in=named)]
    return [*in_bank, *(r for r in records if r.get("id") in named)]


def question_approve(teacher, questions):
    """Approve the questions the teacher may approve among `questions`; a reviewed question's
    flags are resolved. Returns how many were approved."""
    approved = [q for q in questions if can_approve(teacher, q)]
    with transaction.atomic():
        for question in approved:
            question.status = Status.APPROVED
            question.save(update_fields=["status", "updated_at"])
        QuestionFlag.objects.filter(question__in=approved, resolved_at__isnull=True).update(
            resolved_at=timezone.now())
    return len(approved)


def question_delete(teacher, question):
    if not can_edit(teacher, question):
        return False
    question.delete()
    return True


# Students' flags (AS-35) -------------------------------------------------------------------------

FLAG_EVENT = "QuestionFlagged"


def flags_record(game, events):
    """A seat flagged a question in `game`: the flag goes to the teacher's review list and the
    question is drawn no more until a teacher approves it again."""
    for event in events:
        if event.get("type") != FLAG_EVENT:
            continue
        question = Question.objects.filter(public_id=event["question"]).first()
        if question is None:
            continue
        QuestionFlag.objects.get_or_create(question=question, game=game, seat=event["seat"],
                                           defaults={"reason": event["reason"]})
        if question.status == Status.APPROVED:
            question.status = Status.FLAGGED
            question.save(update_fields=["status", "updated_at"])


# Exporting --------------------------------------------------------------------------------------


def question_export(questions, kind):
    """The questions as a file of `kind` ("csv", "xlsx", "yaml"): (bytes, content type)."""
    records = [record_of(q) for q in questions]
    return transfer.WRITERS[kind](records), transfer.FILE_TYPES[kind]
