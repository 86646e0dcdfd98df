"""Item 9: formula-like answers, pseudonyms and story titles yield no executable cell in the CSV
and XLSX exports, from the page and from the background export alike."""

import csv
import io

import pytest
from openpyxl import load_workbook

from classroom import debriefing
from classroom.models import PSEUDONYM_MAX_LENGTH
from classroom.services import normalise_pseudonym
from debrief import services, tasks
from debrief.models import ExportJob
from tests.classroom.factories import join, make_teacher
from tests.cockpit.factories import make_playing, tell_and_accept
from tests.reliability.authzkit import executable_text, injection_corpus, teacher_client
from tests.research_programme.stories import Story

pytestmark = pytest.mark.django_db

CORPUS = injection_corpus()


def csv_cells(body):
    text = body.decode("utf-8").removeprefix("\ufeff")
    for delimiter in (",", ";"):
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
        if len(rows[0]) > 1:
            return [cell for row in rows for cell in row]
    raise AssertionError("not a CSV")


def xlsx_cells(body):
    """(data_type, value) of every cell of every sheet."""
    book = load_workbook(io.BytesIO(body))
    return [(cell.data_type, cell.value) for sheet in book.worksheets
            for row in sheet.iter_rows() for cell in row]


class Tally:
    def __init__(self):
        self.cells = self.executable = 0
        self.found = []

    def csv(self, body):
        for value in csv_cells(body):
            self.check(value, executable_text(value))

    def xlsx(self, body):
        for data_type, value in xlsx_cells(body):
            self.check(value, data_type == "f" or executable_text(value))

    def check(self, value, executable):
        self.cells += 1
        if executable:
            self.executable += 1
            self.found.append(value)


def corpus_lesson(settings):
    """One student per payload: the payload as their answer, and as their name where it fits."""
    settings.CLASSROOM_MAX_STUDENTS = len(CORPUS) + 10
    teacher = make_teacher()
    from tests.classroom.factories import make_lesson

    lesson = make_lesson(owner=teacher, language="fi")
    names = set()
    students = []
    for n, payload in enumerate(CORPUS):
        name = normalise_pseudonym(payload)[:PSEUDONYM_MAX_LENGTH - 4] + f" {n}"
        if not normalise_pseudonym(name) or name.lower() in names:
            name = f"Pupil {n}"
        names.add(name.lower())
        students.append(join(lesson, name)[0])
    debriefing.lesson_debrief_open(lesson)
    questions = list(lesson.debrief_questions.order_by("position"))
    for n, (student, payload) in enumerate(zip(students, CORPUS, strict=True)):
        services.answer_save_draft(student, questions[n % len(questions)].pk, payload)
    return teacher, lesson


def test_injection_corpus_gives_no_executable_cell_in_csv_or_xlsx(settings, tmp_path):
    """Over 200 payloads as answers and pseudonyms: page exports in both CSV dialects and XLSX,
    and the background export's files; every cell parsed; none could run."""
    settings.EXPORTS_DIR = tmp_path
    assert len(CORPUS) >= 200
    teacher, lesson = corpus_lesson(settings)
    tally = Tally()
    for language in ("fi", "en"):
        client = teacher_client(teacher, language)
        response = client.get(f"/lessons/{lesson.pk}/debrief/export.csv")
        assert response.status_code == 200
        tally.csv(b"".join(response.streaming_content))
    response = teacher_client(teacher).get(f"/lessons/{lesson.pk}/debrief/export.xlsx")
    assert response.status_code == 200
    tally.xlsx(response.content)
    for format in ("csv", "xlsx"):
        job = ExportJob.objects.create(owner=teacher, format=format, language="fi")
        job.lessons.set([lesson])
        tasks.export_lessons(job.pk)
        job.refresh_from_db()
        body = (tmp_path / job.file_name).read_bytes()
        tally.csv(body) if format == "csv" else tally.xlsx(body)
    print(f"FIGURE export_payloads={len(CORPUS)} cells_checked={tally.cells} "
          f"executable_cells={tally.executable}")
    assert tally.cells >= 4 * len(CORPUS) * 5
    assert tally.executable == 0, tally.found[:10]


def test_injection_corpus_as_story_titles_gives_no_executable_cell():
    """Accepted stories' titles (written as they could be stored, uncleaned) in both formats."""
    lesson, games = make_playing(seats=2)
    stories = [tell_and_accept(games[0], title="x") for _ in range(2)]
    tally = Tally()
    client = teacher_client(lesson.owner)
    for start in range(0, len(CORPUS), len(stories)):
        for story, payload in zip(stories, CORPUS[start:start + len(stories)], strict=False):
            Story.objects.filter(pk=story.pk).update(text=payload)
        response = client.get(f"/lessons/{lesson.pk}/debrief/export.csv")
        tally.csv(b"".join(response.streaming_content))
        tally.xlsx(client.get(f"/lessons/{lesson.pk}/debrief/export.xlsx").content)
    print(f"FIGURE story_title_payloads={len(CORPUS)} cells_checked={tally.cells} "
          f"executable_cells={tally.executable}")
    assert tally.executable == 0, tally.found[:10]
