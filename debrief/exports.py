"""A lesson's debrief as data: one row per student and question, in CSV, XLSX and JSON.

Every format has the same columns: the lesson's and the student's, every game's own (its
package's `export_columns`, for the games of the lessons exported), then the answer's; the
codebook (an XLSX sheet, a JSON object) explains each. Text that a spreadsheet could run as a
formula is neutralised by `neutralise_cell` in CSV and XLSX; JSON keeps the text exactly. Every
export says when the data will be deleted.
"""

import csv
import io
import json

from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from debrief import facts, selectors
from debrief.models import Answer
from games.models import Approval
from games.packages import package, packages
from games.selectors import game_state
from games.spreadsheets import neutralise_cell

FORMAT_VERSION = "tutkimusohjelma-debrief/3"  # 3: answer_language
STUDENT_COLUMNS = [
    ("lesson_id", gettext_lazy("Lesson"), gettext_lazy(
        "The lesson's number in the app; the same in every row of one lesson.")),
    ("lesson", gettext_lazy("Lesson title"), gettext_lazy("The lesson's title.")),
    ("date", gettext_lazy("Date"), gettext_lazy(
        "The day of the lesson (YYYY-MM-DD, Finnish time).")),
    ("delete_after", gettext_lazy("Data deleted on"), gettext_lazy(
        "The day the app deletes this lesson's students, games, requests and answers "
        "(the school's retention period). Copies you keep are your school's responsibility.")),
    ("table", gettext_lazy("Table"), gettext_lazy(
        "The student's table; empty if the student had no table.")),
    ("seat", gettext_lazy("Seat"), gettext_lazy(
        "The student's seat at the table (1–4, clockwise from the start). A team shares a "
        "seat; a seat's game figures are the same for every student in it.")),
    ("student_id", gettext_lazy("Student"), gettext_lazy(
        "A number for the student, the same in every row of that student. Not a name.")),
    ("pseudonym", gettext_lazy("Name in the game"), gettext_lazy(
        "The name the student chose when joining (a pseudonym, not their real name).")),
    ("team", gettext_lazy("Team"), gettext_lazy(
        "In team seats, every student of the seat, separated by “ & ”; empty when each "
        "student has a seat of their own.")),
    ("game", gettext_lazy("Game"), gettext_lazy(
        "The game the table played, by its key (games/registry.py); empty if the student had "
        "no table.")),
    ("game_over", gettext_lazy("Game over"), gettext_lazy(
        "1 if the table's game had ended; 0 if it was still going when the debrief opened, "
        "so the game figures are as they stood then.")),
    ("score", gettext_lazy("Score"), gettext_lazy(
        "The seat's score in its game, as the game counts its points (after final scoring "
        "once the game is over); can be negative.")),
    ("rank", gettext_lazy("Rank"), gettext_lazy(
        "The seat's place at its table by score and the game's tie-breaks (1 = winner; equal "
        "places share a rank).")),
]
ANSWER_COLUMNS = [
    ("question_number", gettext_lazy("Question number"), gettext_lazy(
        "The question's place in this lesson's debrief (1 = first).")),
    ("question", gettext_lazy("Question"), gettext_lazy(
        "The question as the students saw it (the lesson's own wording).")),
    ("facts", gettext_lazy("Facts shown"), gettext_lazy(
        "The facts from the student's own game shown above the answer box, one per line; "
        "empty when none fitted or the question has no facts.")),
    ("answer", gettext_lazy("Answer"), gettext_lazy(
        "The student's answer as last saved; empty if they wrote nothing. At most 2,000 "
        "characters.")),
    ("answer_language", gettext_lazy("Answer language"), gettext_lazy(
        "The language of the student's tablet when they last saved the answer (fi Finnish, "
        "sv Swedish, en English); empty if they wrote nothing.")),
    ("answered_at", gettext_lazy("Answered at"), gettext_lazy(
        "When the answer was last saved (YYYY-MM-DD HH:MM, Finnish time); empty if never.")),
    ("starred", gettext_lazy("Starred"), gettext_lazy(
        "1 if the teacher starred the answer for the class discussion, else 0.")),
]
FIGURE_COLUMNS = ("game", "game_over", "score", "rank")  # a seat's, empty without a table
WIDE_COLUMNS = {"question": 48, "facts": 60, "answer": 70, "lesson": 24, "pseudonym": 20,
                "team": 24}


def columns(lessons):
    """[(column, label, meaning)] of an export of `lessons`: the student's, the columns of each
    of their games (in the registry's order), and the answer's."""
    keys = {lesson.engine_key for lesson in lessons}
    game_columns = [(c.key, c.label, c.meaning) for game in packages() if game.key in keys
                    for c in game.export_columns]
    return [*STUDENT_COLUMNS, *game_columns, *ANSWER_COLUMNS]


def column_ids(lessons):
    return [column for column, _label, _meaning in columns(lessons)]


# Rows -----------------------------------------------------------------------------------------


def seat_figures(game):
    """{seat number: {column: value}} of the game's platform columns and its package's."""
    engine = facts.engine_of(game)
    state = engine.state_from_json(game_state(game))
    summary, outcome = engine.summary(state), engine.outcome(state)
    scores = {s["seat"]: s["score"] for s in summary["seats"]}
    played = package(game.engine_key)
    figures = {}
    for seat, score in scores.items():
        own = played.export_figures(game, state, outcome, seat)
        figures[seat] = {"game": game.engine_key, "game_over": outcome is not None,
                         "score": score,
                         "rank": 1 + sum(other > score for other in scores.values()), **own}
    return figures


def _local(moment, pattern):
    return timezone.localtime(moment).strftime(pattern) if moment else ""


def lesson_info(lesson):
    return {"id": lesson.pk, "title": lesson.title,
            "date": _local(lesson.started_at or lesson.created_at, "%Y-%m-%d"),
            "delete_after": _local(lesson.delete_after, "%Y-%m-%d")}


def lesson_rows(lesson):
    """One dict per student and question (keys: COLUMN_IDS); facts as a list of sentences."""
    info = lesson_info(lesson)
    questions = selectors.lesson_questions(lesson)
    students = list(selectors.lesson_students_for_export(lesson))
    answers = {(a.student_id, a.question_id): a
               for a in Answer.objects.filter(question__lesson=lesson)}
    games = {game.table_id: game for game, _seats in
             selectors.games_of_seats({s.seat_id for s in students if s.seat_id})}
    figures = {table_id: seat_figures(game) for table_id, game in games.items()}
    empty = dict.fromkeys([*FIGURE_COLUMNS, *(c.key for c in lesson.game.export_columns)])
    teams = _teams(lesson, students)
    for student in students:
        seat = student.seat
        game = games.get(seat.table_id) if seat else None
        figure = figures.get(seat.table_id, {}).get(seat.number) if game else None
        base = {
            "lesson_id": info["id"], "lesson": info["title"], "date": info["date"],
            "delete_after": info["delete_after"],
            "table": seat.table.number if seat else None, "seat": seat.number if seat else None,
            "student_id": student.pk, "pseudonym": student.pseudonym,
            "team": teams.get(student.seat_id, ""),
            **(figure or empty),
        }
        for question in questions:
            answer = answers.get((student.pk, question.pk))
            yield {
                **base, "question_number": question.number, "question": question.text,
                "facts": list(answer.facts) if answer else [],
                "answer": answer.text if answer else "",
                "answer_language": answer.language if answer else "",
                "answered_at": _local(answer.updated_at, "%Y-%m-%d %H:%M") if answer else "",
                "starred": bool(answer and answer.starred),
            }


def _teams(lesson, students):
    if lesson.seats_per_student == 1:
        return {}
    members = {}
    for student in students:
        if student.seat_id and student.removed_at is None:
            members.setdefault(student.seat_id, []).append(student.pseudonym)
    return {seat: " & ".join(names) for seat, names in members.items()}


def row_count(lesson):
    return (selectors.lesson_students_for_export(lesson).count()
            * lesson.debrief_questions.count())


# Cells for spreadsheets -----------------------------------------------------------------------


def sheet_values(row, ids):
    """A row's values in the order of column `ids`, as a spreadsheet gets them: 1/0, facts on
    lines, and every text neutralised."""
    values = []
    for column in ids:
        value = row.get(column)
        if isinstance(value, bool):
            value = int(value)
        elif isinstance(value, list):
            value = "\n".join(value)
        values.append(neutralise_cell("" if value is None else value))
    return values


def csv_delimiter(language=None):
    """Finnish spreadsheets expect semicolons (the comma is their decimal mark)."""
    return ";" if (language or get_language() or "fi")[:2] == "fi" else ","


class _Line:
    def write(self, value):
        return value


def csv_lines(rows, lessons, language=None):
    """The CSV, line by line as text: a byte-order mark (so spreadsheets read UTF-8), the
    header, then one line per row. Feed it to a StreamingHttpResponse or a file."""
    ids = column_ids(lessons)
    writer = csv.writer(_Line(), delimiter=csv_delimiter(language), lineterminator="\r\n")
    yield "\ufeff" + writer.writerow(ids)
    for row in rows:
        yield writer.writerow(sheet_values(row, ids))


def _xlsx_text(value):
    return ILLEGAL_CHARACTERS_RE.sub("", value) if isinstance(value, str) else value


def xlsx_write(rows, target, lessons, progress=None):
    """Write the XLSX (sheets: answers, codebook, about) to `target` (a path or a file)."""
    ids = column_ids(lessons)
    book = Workbook(write_only=True)
    sheet = book.create_sheet(_("Answers"))
    for index, column in enumerate(ids, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = WIDE_COLUMNS.get(column, 12)
    sheet.freeze_panes = "A2"
    bold, wrap = Font(bold=True), Alignment(wrap_text=True, vertical="top")
    sheet.append([_cell(sheet, column, font=bold) for column in ids])
    wrapped = {ids.index(c) for c in ("question", "facts", "answer")}
    for n, row in enumerate(rows, start=1):
        sheet.append([_cell(sheet, value, alignment=wrap if i in wrapped else None)
                      for i, value in enumerate(sheet_values(row, ids))])
        if progress:
            progress(n)
    _codebook_sheet(book, lessons, bold, wrap)
    _about_sheet(book, lessons, bold)
    book.save(target)


def _cell(sheet, value, font=None, alignment=None):
    cell = WriteOnlyCell(sheet, value=_xlsx_text(value))
    if font:
        cell.font = font
    if alignment:
        cell.alignment = alignment
    return cell


def codebook(lessons):
    """[(column, label, meaning)] of an export of `lessons` in the active language."""
    return [(column, str(label), str(meaning)) for column, label, meaning in columns(lessons)]


def _codebook_sheet(book, lessons, bold, wrap):
    sheet = book.create_sheet(_("Codebook"))
    for letter, width in (("A", 20), ("B", 24), ("C", 100)):
        sheet.column_dimensions[letter].width = width
    sheet.append([_cell(sheet, text, font=bold) for text in (_("Column"), _("Label"),
                                                               _("Meaning"))])
    for column, label, meaning in codebook(lessons):
        sheet.append([_cell(sheet, neutralise_cell(text), alignment=wrap)
                      for text in (column, label, meaning)])


def _about_sheet(book, lessons, bold):
    sheet = book.create_sheet(_("About"))
    sheet.column_dimensions["A"].width = 28
    sheet.column_dimensions["B"].width = 60
    for key, value in about(lessons):
        sheet.append([_cell(sheet, key, font=bold), _cell(sheet, neutralise_cell(value))])


def about(lessons):
    """What an export says about itself: when it was made and when its data is deleted."""
    lines = [(_("Exported"), _local(timezone.now(), "%Y-%m-%d %H:%M")),
             (_("Format"), FORMAT_VERSION)]
    for lesson in lessons:
        info = lesson_info(lesson)
        lines.append((_("Lesson"), f"{info['title']} ({info['date']}, #{info['id']})"))
        lines.append((_("Data deleted on"), info["delete_after"]))
    lines.append((_("Note"), _(
        "The app deletes each lesson's data on the day shown. This file is a copy: keep it "
        "only as long as you need it, and never share it beyond your school.")))
    return lines


def xlsx_bytes(lesson):
    buffer = io.BytesIO()
    xlsx_write(lesson_rows(lesson), buffer, [lesson])
    return buffer.getvalue()


# JSON -----------------------------------------------------------------------------------------


def json_document(lessons, rows):
    return {
        "format": FORMAT_VERSION,
        "exported_at": timezone.localtime().isoformat(timespec="seconds"),
        "lessons": [{**lesson_info(lesson),
                     "questions": [q.text for q in selectors.lesson_questions(lesson)],
                     "requests": lesson_requests(lesson)}
                    for lesson in lessons],
        "codebook": {column: meaning for column, _label, meaning in codebook(lessons)},
        "rows": list(rows),
    }


def lesson_requests(lesson):
    """Every request of the lesson's seats to the teacher as kept (docs/cockpit.md): its kind,
    who asked, when, the text, the decision and its reason."""
    approvals = (Approval.objects.filter(game__table__lesson=lesson)
                 .select_related("game__table", "student").order_by("requested_at", "pk"))
    return [{"kind": approval.kind, "table": approval.game.table.number, "seat": approval.seat,
             "pseudonym": approval.student.pseudonym if approval.student else "",
             "round": approval.round, "text": approval.text, "status": approval.status,
             "reason": approval.reason, "decided_by": approval.decided_by,
             "requested_at": _local(approval.requested_at, "%Y-%m-%d %H:%M:%S"),
             "decided_at": _local(approval.decided_at, "%Y-%m-%d %H:%M:%S")}
            for approval in approvals]


def json_text(lessons, rows):
    return json.dumps(json_document(lessons, rows), ensure_ascii=False, indent=1)


def file_name(lessons, extension):
    """e.g. debrief-2026-03-02-science-7b.xlsx; several lessons: debrief-<n>-lessons.xlsx."""
    from django.utils.text import slugify

    if len(lessons) == 1:
        info = lesson_info(lessons[0])
        return f"debrief-{info['date']}-{slugify(info['title'])[:40] or info['id']}.{extension}"
    return f"debrief-{len(lessons)}-lessons.{extension}"
