"""A lesson's debrief as data: one row per student and question, in CSV, XLSX and JSON.

Every format has the same columns (COLUMNS), explained by the codebook (an XLSX sheet, a JSON
object). Text that a spreadsheet could run as a formula is neutralised by `neutralise_cell` in
CSV and XLSX; JSON keeps the text exactly. Every export says when the data will be deleted.
"""

import csv
import io
import json
import unicodedata
from dataclasses import dataclass, field

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

FORMAT_VERSION = "tutkimusohjelma-debrief/1"
# A cell starting with one of these may run as a formula (or DDE) when a spreadsheet opens it;
# leading blanks count too, because an import may trim them (the full-width forms are for IMEs).
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
# What a reader may drop or not show before a trigger: blanks, line and paragraph separators,
# control characters (XLSX cannot hold most of them) and format characters (zero-width, BOM).
HIDDEN_CATEGORIES = {"Zs", "Zl", "Zp", "Cc", "Cf"}
STORY_SEPARATOR = " | "
FIGURE_COLUMNS = ("game_over", "final_vp", "rank", "replications", "bridges", "ep",
                  "accepted_stories")

COLUMNS = [
    ("lesson_id", gettext_lazy("Lesson"), gettext_lazy(
        "The lesson's number in the app; the same in every row of one lesson.")),
    ("lesson", gettext_lazy("Lesson title"), gettext_lazy("The lesson's title.")),
    ("date", gettext_lazy("Date"), gettext_lazy(
        "The day of the lesson (YYYY-MM-DD, Finnish time).")),
    ("delete_after", gettext_lazy("Data deleted on"), gettext_lazy(
        "The day the app deletes this lesson's students, games, answers and stories "
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
    ("game_over", gettext_lazy("Game over"), gettext_lazy(
        "1 if the table's game had ended; 0 if it was still going when the debrief opened, "
        "so the game figures are as they stood then.")),
    ("final_vp", gettext_lazy("Final VP"), gettext_lazy(
        "The seat's victory points after final scoring (SV-83, SV-84); can be negative.")),
    ("rank", gettext_lazy("Rank"), gettext_lazy(
        "The seat's place at its table by VP and the tie-breaks (1 = winner; equal places "
        "share a rank).")),
    ("replications", gettext_lazy("Replications"), gettext_lazy(
        "Replications of the seat's theories, by anyone (the first tie-break, SV-85).")),
    ("bridges", gettext_lazy("Bridges"), gettext_lazy(
        "Bridges between regions the seat received from replications (+1 VP each).")),
    ("ep", gettext_lazy("EP"), gettext_lazy(
        "EP from accepted interlude stories (every third EP is +1 VP, at most 2).")),
    ("accepted_stories", gettext_lazy("Accepted stories"), gettext_lazy(
        "How many of the seat's interlude stories were accepted.")),
    ("story_titles", gettext_lazy("Story titles"), gettext_lazy(
        "The titles of the accepted stories, separated by “ | ”, where titles were recorded.")),
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
    ("answered_at", gettext_lazy("Answered at"), gettext_lazy(
        "When the answer was last saved (YYYY-MM-DD HH:MM, Finnish time); empty if never.")),
    ("starred", gettext_lazy("Starred"), gettext_lazy(
        "1 if the teacher starred the answer for the class discussion, else 0.")),
]
COLUMN_IDS = [column for column, _label, _meaning in COLUMNS]
WIDE_COLUMNS = {"question": 48, "facts": 60, "answer": 70, "lesson": 24, "pseudonym": 20,
                "team": 24, "story_titles": 24}


def neutralise_cell(value):
    """Text a spreadsheet could run as a formula gets a leading apostrophe; other values pass.

    A trigger counts after any hidden characters and in its compatibility forms (full-width,
    small), since an import may drop the one and normalise the other."""
    if isinstance(value, str) and (value.startswith(FORMULA_TRIGGERS)
                                   or _first_visible(value).startswith(FORMULA_TRIGGERS)):
        return "'" + value
    return value


def _first_visible(text):
    for char in text:
        if char.isspace() or unicodedata.category(char) in HIDDEN_CATEGORIES:
            continue
        return unicodedata.normalize("NFKC", char)
    return ""


# Rows -----------------------------------------------------------------------------------------


@dataclass
class SeatFigures:
    game_over: bool
    final_vp: int
    rank: int
    replications: int
    bridges: int
    ep: int
    stories: list = field(default_factory=list)  # [{"story": id, "round": n}] accepted


def story_titles(games):
    """{(game id, story id): title} of the accepted stories that have a title.

    The one place for titles: the lesson's Story rows (classroom/stories.py); the engine's
    StoryAccepted events say which stories count, these rows what they were called.
    """
    from classroom.models import Story

    rows = Story.objects.filter(game__in=list(games), status=Story.Status.ACCEPTED) \
        .exclude(title="").values_list("game_id", "story_id", "title")
    return {(game_id, story_id): title for game_id, story_id, title in rows}


def seat_figures(game):
    """{seat number: SeatFigures} from the game's snapshot and its log."""
    engine = facts.engine_of(game)
    state = engine.state_from_json(game.state)
    view, outcome = engine.view_for(state, None), engine.outcome(state)
    scores = {p["seat"]: p["score"] for p in view["players"]}
    ranks = {row["seat"]: (row["vp"], row["rank"]) for row in (outcome or {}).get("players", [])}
    figures = {}
    for p in view["players"]:
        seat = p["seat"]
        vp, rank = ranks.get(seat) or (
            scores[seat], 1 + sum(score > scores[seat] for score in scores.values()))
        figures[seat] = SeatFigures(
            game_over=outcome is not None, final_vp=vp, rank=rank,
            replications=p["replications"], bridges=len(p["bridges"]), ep=p["ep"],
        )
    for event in facts.game_events(game):
        if event["type"] == "StoryAccepted" and event.get("seat") in figures:
            figures[event["seat"]].stories.append(
                {"story": event["story"], "round": event.get("requested_round")})
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
    titles = story_titles(games.values())
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
            **_figure_columns(figure, game, titles),
        }
        for question in questions:
            answer = answers.get((student.pk, question.pk))
            yield {
                **base, "question_number": question.number, "question": question.text,
                "facts": list(answer.facts) if answer else [],
                "answer": answer.text if answer else "",
                "answered_at": _local(answer.updated_at, "%Y-%m-%d %H:%M") if answer else "",
                "starred": bool(answer and answer.starred),
            }


def _figure_columns(figure, game, titles):
    if figure is None:
        return dict.fromkeys(FIGURE_COLUMNS) | {"story_titles": ""}
    named = [titles.get((game.pk, s["story"])) for s in figure.stories]
    return {"game_over": figure.game_over, "final_vp": figure.final_vp, "rank": figure.rank,
            "replications": figure.replications, "bridges": figure.bridges, "ep": figure.ep,
            "accepted_stories": len(figure.stories),
            "story_titles": STORY_SEPARATOR.join(title for title in named if title)}


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


def sheet_values(row):
    """A row's values in column order, as a spreadsheet gets them: 1/0, facts on lines, and
    every text neutralised."""
    values = []
    for column in COLUMN_IDS:
        value = row[column]
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


def csv_lines(rows, language=None):
    """The CSV, line by line as text: a byte-order mark (so spreadsheets read UTF-8), the
    header, then one line per row. Feed it to a StreamingHttpResponse or a file."""
    writer = csv.writer(_Line(), delimiter=csv_delimiter(language), lineterminator="\r\n")
    yield "\ufeff" + writer.writerow(COLUMN_IDS)
    for row in rows:
        yield writer.writerow(sheet_values(row))


def _xlsx_text(value):
    return ILLEGAL_CHARACTERS_RE.sub("", value) if isinstance(value, str) else value


def xlsx_write(rows, target, lessons, progress=None):
    """Write the XLSX (sheets: answers, codebook, about) to `target` (a path or a file)."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(_("Answers"))
    for index, column in enumerate(COLUMN_IDS, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = WIDE_COLUMNS.get(column, 12)
    sheet.freeze_panes = "A2"
    bold, wrap = Font(bold=True), Alignment(wrap_text=True, vertical="top")
    sheet.append([_cell(sheet, column, font=bold) for column in COLUMN_IDS])
    wrapped = {COLUMN_IDS.index(c) for c in ("question", "facts", "answer")}
    for n, row in enumerate(rows, start=1):
        sheet.append([_cell(sheet, value, alignment=wrap if i in wrapped else None)
                      for i, value in enumerate(sheet_values(row))])
        if progress:
            progress(n)
    _codebook_sheet(book, bold, wrap)
    _about_sheet(book, lessons, bold)
    book.save(target)


def _cell(sheet, value, font=None, alignment=None):
    cell = WriteOnlyCell(sheet, value=_xlsx_text(value))
    if font:
        cell.font = font
    if alignment:
        cell.alignment = alignment
    return cell


def codebook():
    """[(column, label, meaning)] in the active language."""
    return [(column, str(label), str(meaning)) for column, label, meaning in COLUMNS]


def _codebook_sheet(book, bold, wrap):
    sheet = book.create_sheet(_("Codebook"))
    for letter, width in (("A", 20), ("B", 24), ("C", 100)):
        sheet.column_dimensions[letter].width = width
    sheet.append([_cell(sheet, text, font=bold) for text in (_("Column"), _("Label"),
                                                               _("Meaning"))])
    for column, label, meaning in codebook():
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
                     "stories": lesson_stories(lesson)}
                    for lesson in lessons],
        "codebook": {column: meaning for column, _label, meaning in codebook()},
        "rows": list(rows),
    }


def lesson_stories(lesson):
    """Every interlude story of the lesson as kept (docs/cockpit.md): who asked, when, the
    title, the decision and its reason."""
    from classroom.models import Story

    stories = Story.objects.filter(lesson=lesson).select_related("game__table", "student")
    return [{"table": story.game.table.number, "seat": story.seat,
             "pseudonym": story.student.pseudonym if story.student else "",
             "round": story.round, "title": story.title, "status": story.status,
             "reason": story.reason, "decided_by": story.decided_by,
             "requested_at": _local(story.requested_at, "%Y-%m-%d %H:%M:%S"),
             "decided_at": _local(story.decided_at, "%Y-%m-%d %H:%M:%S")}
            for story in stories.order_by("requested_at", "pk")]


def json_text(lessons, rows):
    return json.dumps(json_document(lessons, rows), ensure_ascii=False, indent=1)


def file_name(lessons, extension):
    """e.g. debrief-2026-03-02-science-7b.xlsx; several lessons: debrief-<n>-lessons.xlsx."""
    from django.utils.text import slugify

    if len(lessons) == 1:
        info = lesson_info(lessons[0])
        return f"debrief-{info['date']}-{slugify(info['title'])[:40] or info['id']}.{extension}"
    return f"debrief-{len(lessons)}-lessons.{extension}"
