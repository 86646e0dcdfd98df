"""Pages of the debrief: the students' answers, the teacher's live review, the discussion on the
projector, the question editors, exports and deleting a lesson. Views are thin: they read through
selectors, change through services, and render. The live sockets render the same parts with the
same context functions."""

import os
from datetime import timedelta
from itertools import islice

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from classroom import auth, debriefing
from classroom import selectors as classroom_selectors
from classroom.models import Lesson
from debrief import exports, exports_storage, selectors, services, tasks
from debrief.forms import ExportForm
from debrief.models import ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH, ExportJob
from debrief.services import DebriefError

# Students ----------------------------------------------------------------------------------------


def student_debrief(request):
    student = auth.student_from_request(request)
    if student is None:
        return redirect("join")
    lesson = student.lesson
    if lesson.status not in (Lesson.Status.DEBRIEF, Lesson.Status.ENDED) or \
            selectors.debrief_of(lesson) is None:
        return redirect(classroom_selectors.student_page_url(student))
    services.answers_ensure(lesson, [student])
    with translation.override(student.tablet_language):
        return render(request, "debrief/student.html", student_context(student))


def student_context(student):
    lesson = student.lesson
    debrief = selectors.debrief_of(lesson)
    editable = bool(debrief and debrief.is_open and lesson.status == Lesson.Status.DEBRIEF)
    return {
        "student": student, "lesson": lesson, "debrief": debrief, "editable": editable,
        "items": selectors.student_answers(student), "limit": ANSWER_MAX_LENGTH,
        "ends_at": _ends_at(lesson, debrief),
    }


def _ends_at(lesson, debrief):
    if debrief is None or not debrief.is_open:
        return None
    return debrief.opened_at + timedelta(minutes=lesson.debrief_minutes)


# The teacher's review --------------------------------------------------------------------------


@login_required
def review(request, pk):
    lesson = classroom_selectors.lesson_for_teacher(request.user, pk)
    services.lesson_questions_ensure(lesson)
    by = "table" if request.GET.get("by") == "table" else "question"
    context = review_context(lesson, by, _int(request.GET.get(by)))
    return render(request, "debrief/review.html", context)


def review_context(lesson, by="question", key=None):
    """What the review's parts show: counts, controls, and one question's or table's answers."""
    debrief = selectors.debrief_of(lesson)
    counts = selectors.answer_counts(lesson)
    tables, unseated = selectors.review_tables(lesson)
    context = {"lesson": lesson, "debrief": debrief, "counts": counts, "by": by,
               "tables": tables, "unseated": unseated, "ends_at": _ends_at(lesson, debrief),
               "questions": [count.question for count in counts],
               "students": classroom_selectors.active_students(lesson).count()}
    if by == "table":
        table_ids = [t.pk for t in tables]
        if key in table_ids:
            table_id = key
        elif (key == 0 and unseated) or not table_ids:
            table_id = None
        else:
            table_id = table_ids[0]
        context.update(table_id=table_id, table_rows=selectors.answers_for_table(lesson, table_id))
    else:
        ids = [q.pk for q in context["questions"]]
        shown = debrief.shown_question_id if debrief else None
        question_id = key if key in ids else (shown if shown in ids else (ids[0] if ids else None))
        context.update(question_id=question_id,
                       question=next((q for q in context["questions"] if q.pk == question_id),
                                     None),
                       answers=selectors.answers_for_question(lesson, question_id)
                       if question_id else [])
    return context


@login_required
@require_POST
def debrief_open(request, pk):
    lesson = classroom_selectors.lesson_for_teacher(request.user, pk)
    try:
        debriefing.lesson_debrief_open(lesson)
    except DebriefError as refusal:
        messages.error(request, refusal.message)
    return redirect("debrief_review", pk=lesson.pk)


@login_required
@require_POST
def debrief_close(request, pk):
    lesson = classroom_selectors.lesson_for_teacher(request.user, pk)
    try:
        debriefing.lesson_debrief_close(lesson)
    except DebriefError as refusal:
        messages.error(request, refusal.message)
    return redirect("debrief_review", pk=lesson.pk)


# Discussion on the projector -------------------------------------------------------------------


@login_required
def discussion(request, pk):
    lesson = classroom_selectors.lesson_for_teacher(request.user, pk)
    return render(request, "debrief/discussion.html", discussion_context(lesson))


def discussion_context(lesson):
    """One question and its starred answers as starred. No names, no seats."""
    debrief = selectors.debrief_of(lesson)
    questions = selectors.lesson_questions(lesson)
    question = debrief.shown_question if debrief and debrief.shown_question else \
        (questions[0] if questions else None)
    index = questions.index(question) if question in questions else 0
    return {"lesson": lesson, "debrief": debrief, "question": question,
            "total": len(questions), "number": index + 1,
            "has_previous": index > 0, "has_next": index < len(questions) - 1,
            "starred": selectors.starred_answers(lesson, question)}


# Questions: the lesson's own and the teacher's sets ----------------------------------------------

QUESTION_ACTIONS = {
    "add": lambda container, post: services.question_add(container, post.get("text")),
    "save": lambda container, post: services.question_update(
        container, _int(post.get("question")), post.get("text")),
    "remove": lambda container, post: services.question_remove(
        container, _int(post.get("question"))),
    "up": lambda container, post: services.question_move(
        container, _int(post.get("question")), -1),
    "down": lambda container, post: services.question_move(
        container, _int(post.get("question")), 1),
}


def _question_action(request, container):
    action = QUESTION_ACTIONS.get(request.POST.get("action"))
    if action is None:
        messages.error(request, _("The app did not understand that request."))
        return False
    try:
        action(container, request.POST)
    except DebriefError as refusal:
        messages.error(request, refusal.message)
        return False
    return True


@login_required
@require_http_methods(["GET", "POST"])
def lesson_questions(request, pk):
    lesson = classroom_selectors.lesson_for_teacher(request.user, pk)
    if request.method == "POST":
        _lesson_questions_post(request, lesson)
        return redirect("debrief_lesson_questions", pk=lesson.pk)
    return render(request, "debrief/lesson_questions.html", {
        "lesson": lesson, "questions": services.lesson_questions_ensure(lesson),
        "locked": selectors.debrief_of(lesson) is not None,
        "question_sets": selectors.question_sets_for_teacher(request.user),
        "max_length": QUESTION_MAX_LENGTH,
    })


def _lesson_questions_post(request, lesson):
    action = request.POST.get("action")
    try:
        if action == "reset":
            services.lesson_questions_reset(lesson)
            messages.success(request, _("The rulebook's five questions are back."))
        elif action == "load":
            question_set = selectors.question_set_for_teacher(
                request.user, request.POST.get("question_set"))
            services.lesson_questions_load(lesson, question_set)
            messages.success(request, _("The lesson now uses “%(name)s”.")
                             % {"name": question_set.title})
        elif action == "save_as_set":
            question_set = services.question_set_create(
                request.user, request.POST.get("title"), lesson=lesson)
            messages.success(request, _("Saved as the question set “%(name)s”.")
                             % {"name": question_set.title})
        elif _question_action(request, lesson):
            messages.success(request, _("Saved."))
    except DebriefError as refusal:
        messages.error(request, refusal.message)


@login_required
@require_http_methods(["GET", "POST"])
def question_sets(request):
    if request.method == "POST":
        try:
            question_set = services.question_set_create(
                request.user, request.POST.get("title"), language=get_language()[:2])
        except DebriefError as refusal:
            messages.error(request, refusal.message)
            return redirect("debrief_question_sets")
        return redirect("debrief_question_set", pk=question_set.pk)
    return render(request, "debrief/question_sets.html", {
        "question_sets": selectors.question_sets_for_teacher(request.user), "nav": "sets",
    })


@login_required
@require_http_methods(["GET", "POST"])
def question_set(request, pk):
    question_set = selectors.question_set_for_teacher(request.user, pk)
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "delete":
            services.question_set_delete(question_set)
            messages.success(request, _("The question set was deleted."))
            return redirect("debrief_question_sets")
        try:
            if action == "rename":
                services.question_set_rename(question_set, request.POST.get("title"))
                messages.success(request, _("Saved."))
            elif _question_action(request, question_set):
                messages.success(request, _("Saved."))
        except DebriefError as refusal:
            messages.error(request, refusal.message)
        return redirect("debrief_question_set", pk=question_set.pk)
    return render(request, "debrief/question_set.html", {
        "question_set": question_set, "questions": question_set.questions.all(),
        "max_length": QUESTION_MAX_LENGTH, "nav": "sets",
    })


# Exports ---------------------------------------------------------------------------------------


@login_required
def export_lesson(request, pk, format):
    lesson = classroom_selectors.lesson_for_teacher(request.user, pk)
    if format not in CONTENT_TYPES:
        raise Http404("No such format")
    name = exports.file_name([lesson], format)
    disposition = f'attachment; filename="{name}"'
    if format == "csv":
        lines = exports.csv_lines(exports.lesson_rows(lesson), [lesson], get_language())
        response = StreamingHttpResponse(streamed(request, lines, batch=200),
                                         content_type="text/csv; charset=utf-8")
    elif format == "xlsx":
        response = HttpResponse(
            exports.xlsx_bytes(lesson), content_type=CONTENT_TYPES["xlsx"])
    else:
        response = JsonResponse(exports.json_document([lesson], exports.lesson_rows(lesson)),
                                json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = disposition
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def exports_page(request):
    lessons = classroom_selectors.lessons_for_teacher(request.user)
    form = ExportForm(request.POST or None, lessons=lessons)
    if request.method == "POST" and form.is_valid():
        services.export_job_create(request.user, form.chosen_lessons(),
                                   form.cleaned_data["format"], get_language()[:2])
        messages.success(request, _("The export has started. The download link appears here."))
        return redirect("debrief_exports")
    return render(request, "debrief/exports.html", {"form": form, "nav": "exports",
                                                   **exports_context(request.user)})


def exports_context(user):
    jobs = list(selectors.export_jobs_for_teacher(user)[:20])
    for job in jobs:
        job.percent = 100 if job.status == ExportJob.Status.READY else \
            (tasks.export_progress(job.pk) or 0)
    return {"jobs": jobs}


@login_required
def export_download(request, pk):
    job = selectors.export_job_for_teacher(request.user, pk)
    if job.status != ExportJob.Status.READY or not exports_storage.storage().exists(job.file_name):
        messages.error(request, _("That export is not ready, or it has expired."))
        return redirect("debrief_exports")
    path = exports_storage.path(job.file_name)
    name = job.file_name.split("-", 5)[-1]
    response = StreamingHttpResponse(streamed(request, file_chunks(path)),
                                     content_type=CONTENT_TYPES[job.format])
    response["Content-Length"] = str(os.path.getsize(path))
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"
    return response


CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8", "json": "application/json",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def file_chunks(path, size=64 * 1024):
    with open(path, "rb") as handle:
        while chunk := handle.read(size):
            yield chunk


def streamed(request, iterable, batch=1):
    """Under ASGI, Django reads a synchronous iterator whole before sending anything; an
    asynchronous one that takes `batch` items at a time in a thread really streams."""
    if not isinstance(request, ASGIRequest):
        return iterable
    iterator = iter(iterable)

    def take():
        return list(islice(iterator, batch))

    async def chunks():
        while items := await sync_to_async(take)():
            yield items[0][:0].join(items)

    return chunks()


# Deleting a lesson at once ---------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def lesson_delete(request, pk):
    lesson = classroom_selectors.lesson_for_teacher(request.user, pk)
    if request.method == "POST":
        title = lesson.title
        debriefing.lesson_delete(lesson)
        messages.success(request, _("“%(title)s” and all its data were deleted.")
                         % {"title": title})
        return redirect("lesson_list")
    return render(request, "debrief/lesson_delete.html", {
        "lesson": lesson, "students": classroom_selectors.active_students(lesson).count(),
    })


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
