"""Pages of play: the student's tablet (`/play/`) and the teacher's view of one table. Both render
the same parts as their sockets, so the first paint needs no socket round trip."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import translation

from classroom import auth, presence, selectors
from games import presenters, rendering
from games.mapview import VIEW_BOX
from games.selectors import game_for_student, game_snapshot


def play(request):
    student = auth.student_from_request(request)
    if student is None:
        return redirect("join")
    if selectors.student_page_url(student) != selectors.PLAY_URL:
        return redirect(selectors.student_page_url(student))
    snapshot = game_snapshot(game_for_student(student))
    seat = student.seat.number
    language = student.lesson.language
    with translation.override(language):
        overlay = rendering.overlay_html(language, student.lesson.is_paused,
                                         student.lesson.pause_message, False)
        return render(request, "games/play.html", {
            **_page(snapshot, seat, language), "student": student, "seat": seat,
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
    return render(request, "games/table.html", {
        **_page(snapshot, None, translation.get_language(), teacher=True), "lesson": lesson,
        "table": table,
    })


def _page(snapshot, seat, language, teacher=False):
    parts = rendering.render_parts(snapshot, seat, language, teacher=teacher)
    return {"initial": {part.replace("-", "_"): html for part, html in parts.items()},
            "version": snapshot.version, "revision": snapshot.revision,
            "legend": presenters.legend(),
            "map_view_box": VIEW_BOX}
