"""Pages of play in a lesson: the student's tablet (`/play/`) and the teacher's view of one
table. Both render the same parts as their sockets, so the first paint needs no socket round
trip."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import translation

from classroom import auth, presence, selectors
from games import notes, rendering
from games.packages import package
from games.selectors import game_snapshot


def play(request):
    student = auth.student_from_request(request)
    if student is None:
        return redirect("join")
    if selectors.student_page_url(student) != selectors.PLAY_URL:
        return redirect(selectors.student_page_url(student))
    snapshot = game_snapshot(selectors.game_for_student(student))
    seat = student.seat.number
    language = student.tablet_language
    with translation.override(language):
        overlay = rendering.overlay_html(language, student.lesson.is_paused,
                                         student.lesson.pause_message, False)
        page = _page(snapshot, seat, language)
        page["initial"].update(_initial(rendering.notes_parts(
            snapshot, seat, language, notes.seat_notes(snapshot.game_id, seat))))
        return render(request, "games/play.html", {
            **page, "student": student, "seat": seat,
            "lesson": student.lesson, "overlay": overlay,
            "heartbeat_seconds": presence.HEARTBEAT_SECONDS,
        })


@login_required
def table_view(request, pk, number):
    lesson = selectors.lesson_for_teacher(request.user, pk)
    table = lesson.tables.filter(number=number, game__isnull=False).select_related("game").first()
    if table is None:
        raise Http404("No game at this table")
    snapshot = game_snapshot(table.game.pk)
    page = _page(snapshot, None, translation.get_language(), teacher=True)
    page["initial"].update(_initial(rendering.look_parts(snapshot, translation.get_language())))
    return render(request, "games/table.html", {**page, "lesson": lesson, "table": table})


def _initial(parts):
    return {part.replace("-", "_"): html for part, html in parts.items()}


def _page(snapshot, seat, language, teacher=False):
    parts = rendering.render_parts(snapshot, seat, language, teacher=teacher)
    game = package(snapshot.engine_key)
    with translation.override(language):
        extra = game.page_context(snapshot)
    return {"initial": _initial(parts),
            "version": snapshot.version, "revision": snapshot.revision,
            "layout_template": game.layout_template, "game_title": game.title(language),
            **extra}
