"""Pages of the classroom: the teacher's lessons, seating and projector; the students' join and
lobby. Views are thin: they read through selectors, change through services, and render."""

import json

import segno
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from classroom import auth, dashboard, ratelimit, selectors, services
from classroom.cockpit_drawing import cockpit_parts
from classroom.forms import JoinCodeForm, LessonForm, PseudonymForm, TeacherSignUpForm
from classroom.models import RESEAT_CODE_LENGTH, ClassroomSettings, Lesson
from classroom.services import ClassroomError
from games.packages import packages


def home(request):
    return render(request, "classroom/home.html")


# Teachers ----------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def signup(request):
    if not ClassroomSettings.load().self_signup_open:
        return render(request, "registration/signup_closed.html", status=403)
    form = TeacherSignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="classroom.signin.PasswordBackend")
        messages.success(request, _("Welcome! Create your first lesson."))
        return redirect("lesson_list")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def lesson_list(request):
    lessons = selectors.lesson_list_for_teacher(request.user)
    game_pages = [{"url": reverse(name), "label": label} for game in packages()
                  for name, label in game.teacher_pages]
    return render(request, "classroom/lesson_list.html", {"lessons": lessons,
                                                          "game_pages": game_pages})


@login_required
@require_http_methods(["GET", "POST"])
def lesson_create(request):
    form = LessonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        lesson = services.lesson_create(owner=request.user, **form.service_arguments())
        return redirect("lesson_detail", pk=lesson.pk)
    return render(request, "classroom/lesson_form.html", {
        "form": form, "minutes_json": json.dumps(form.minutes_by_choice())})


def join_url(request, lesson):
    return request.build_absolute_uri(f"{reverse('join')}?code={lesson.join_code}")


def qr_svg(url, scale):
    """The QR code as inline SVG, drawn on the server (no script, sharp at any size)."""
    svg = segno.make(url, error="m").svg_inline(scale=scale, border=2, dark="#000", light="#fff",
                                                 title=url, omitsize=True)
    return mark_safe(svg)  # segno's own output, from a URL this app built


def lesson_context(request, lesson):
    url = join_url(request, lesson)
    return {"lesson": lesson, "join_url": url, "join_page": request.get_host() + reverse("join"),
            "qr_svg": qr_svg(url, 4)}


@login_required
def lesson_detail(request, pk):
    """The lesson page: seating, and while the tables play, the cockpit above it."""
    lesson = selectors.lesson_for_teacher(request.user, pk)
    context = lesson_context(request, lesson)
    context.update(seating_context(lesson))
    if lesson.status == Lesson.Status.PLAYING:
        context["cockpit"] = cockpit_parts(lesson)
    return render(request, "classroom/lesson_detail.html", context)


def seating_context(lesson, selected=None, reseat=None):
    """What the seating part shows; the live socket renders the same part with the same context."""
    seating = selectors.lesson_seating(lesson)
    students = {s.pk: s for s in seating.lobby}
    students.update({s.pk: s for t in seating.tables for _, people in t.seats for s in people})
    return {
        "lesson": lesson, "seating": seating, "selected": students.get(selected),
        "reseat": {**reseat, "name": students[reseat["student"]].pseudonym}
        if reseat and reseat["student"] in students else None,
        "startable": [t for t in seating.tables if not t.table.has_game],
    }


@login_required
def lesson_projector(request, pk):
    """The projector follows the lesson: how to join, then the tables at play, then the
    debrief's discussion."""
    lesson = selectors.lesson_for_teacher(request.user, pk)
    if lesson.status == Lesson.Status.DEBRIEF:
        return redirect("debrief_discussion", pk=lesson.pk)
    context = lesson_context(request, lesson)
    if lesson.status == Lesson.Status.PLAYING:
        context["board"] = dashboard.projector_board(lesson)
        return render(request, "classroom/projector.html", context)
    context["qr_svg"] = qr_svg(context["join_url"], 10)
    context["students"] = selectors.active_students(lesson)
    return render(request, "classroom/projector.html", context)


# Students ----------------------------------------------------------------------------------------


def _code_page(request, form, status=200, error=None):
    current = auth.student_from_request(request)
    current = current if current and current.lesson.is_open else None
    # A tablet that has joined shows the join page in its own language, and switches its own.
    with translation.override(current.tablet_language if current else translation.get_language()):
        return render(request, "classroom/join.html", {
            "form": form, "error": error, "current": current,
        }, status=status)


def _name_page(request, lesson, form, error=None, language=""):
    """The name step, in the language chosen on it (`language`), else the lesson's."""
    with translation.override(language or lesson.language):
        return render(request, "classroom/join_name.html", {
            "lesson": lesson, "form": form, "error": error, "language": language,
        })


def _chosen_language(request):
    """The tablet language a student chose on the name step (blank: the lesson's)."""
    wanted = request.POST.get("switch_language", request.POST.get("language", ""))
    return wanted if wanted in Lesson.Language.values else ""


@require_http_methods(["GET", "POST"])
def join(request):
    code = request.POST.get("code") if request.method == "POST" else request.GET.get("code")
    if code is None:
        return _code_page(request, JoinCodeForm())
    if ratelimit.join_blocked(request):
        error = _("Too many wrong codes from this network. Wait a minute and try again.")
        return _code_page(request, JoinCodeForm({"code": code}), status=429, error=error)
    if request.method == "POST" and "pseudonym" in request.POST:
        return _join_with_name(request)
    return _join_with_code(request, code)


def _join_with_code(request, code):
    form = JoinCodeForm({"code": code})
    if not form.is_valid():
        return _code_page(request, form)
    code = services.normalise_code(form.cleaned_data["code"])
    try:
        if len(code) == RESEAT_CODE_LENGTH:
            if request.method != "POST":  # a link or a prefetch must not move the student
                return _code_page(request, form)
            student, token = services.student_reseat(code)
            return _to_lobby(token)
        lesson = services.lesson_for_join_code(code)
    except ClassroomError as refusal:
        ratelimit.join_missed(request)
        return _code_page(request, form, error=refusal.message)
    name_form = PseudonymForm(initial={
        "code": code, "pseudonym": services.student_suggest_pseudonym(lesson)
    })
    return _name_page(request, lesson, name_form)


def _join_with_name(request):
    form = PseudonymForm(request.POST)
    try:
        lesson = services.lesson_for_join_code(request.POST.get("code"))
    except ClassroomError as refusal:
        ratelimit.join_missed(request)
        return _code_page(request, JoinCodeForm({"code": request.POST.get("code", "")}),
                          error=refusal.message)
    language = _chosen_language(request)
    if "suggest" in request.POST or "switch_language" in request.POST:
        name = request.POST.get("pseudonym") if "suggest" not in request.POST else None
        data = {"code": lesson.join_code,
                "pseudonym": name or services.student_suggest_pseudonym(lesson)}
        return _name_page(request, lesson, PseudonymForm(initial=data), language=language)
    if not form.is_valid():
        return _name_page(request, lesson, form, language=language)
    try:
        _student, token = services.student_join(
            code=lesson.join_code, pseudonym=form.cleaned_data["pseudonym"], language=language
        )
    except ClassroomError as refusal:
        with translation.override(language or lesson.language):
            return _name_page(request, lesson, form, error=str(refusal.message),
                              language=language)
    return _to_lobby(token)


def _to_lobby(token):
    response = redirect("lobby")
    auth.set_student_cookie(response, token)
    return response


def lobby(request):
    student = auth.student_from_request(request)
    if student is None:
        return redirect("join")
    url = selectors.student_page_url(student)
    if url != selectors.LOBBY_URL:
        return redirect(url)
    with translation.override(student.tablet_language):
        return render(request, "classroom/lobby.html", lobby_context(student))


@require_POST
def tablet_language(request):
    """A student switches their own tablet's language (the join, lobby, play and debrief pages'
    switch) and comes back to the page they were on, still in their seat."""
    student = auth.student_from_request(request)
    if student is None:
        return redirect("join")
    try:
        services.student_set_language(student, request.POST.get("language", ""))
    except ClassroomError as refusal:
        messages.error(request, refusal.message)
    back = request.POST.get("next", "")
    if back == reverse("join"):
        return redirect("join")
    return redirect(selectors.student_page_url(student))


def lobby_context(student):
    return {"student": student, "lesson": student.lesson,
            "table_mates": selectors.table_mates(student)}
