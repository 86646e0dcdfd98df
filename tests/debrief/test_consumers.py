"""The debrief's live sockets with Channels' WebsocketCommunicator: drafts that survive a
reconnect, edits refused after close, tablets switching to the debrief, the teacher's review and
projector, and another teacher's sockets closed."""

import asyncio

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.test import Client

from classroom import debriefing
from classroom import services as classroom_services
from config.routing import websocket_urlpatterns
from debrief import services
from debrief.models import ANSWER_MAX_LENGTH, Answer
from tests import sockets
from tests.classroom.factories import join, make_lesson, make_teacher
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


async def open_socket(path, cookie=""):
    return await sockets.open_socket(application, path, cookie)


async def receive_until(communicator, wanted, timeout=5):
    """Messages until one satisfies `wanted`; returns it."""
    async with asyncio.timeout(timeout):
        while True:
            message = await communicator.receive_json_from(timeout=timeout)
            if wanted(message):
                return message


async def expect_close(communicator, code):
    while True:
        message = await communicator.receive_output(timeout=5)
        if message["type"] == "websocket.close":
            assert message["code"] == code
            return


@database_sync_to_async
def lesson_in_debrief(students=2, language="en"):
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher, language=language)
    joined = [join(lesson, f"Pupil {n}") for n in range(students)]
    debriefing.lesson_debrief_open(lesson)
    question = lesson.debrief_questions.order_by("position").first()
    return lesson, teacher, joined, question


@database_sync_to_async
def saved_text(student, question):
    return Answer.objects.get(student=student, question=question).text


def page_html(token):
    client = Client()
    client.cookies[student_cookie(token).split("=", 1)[0]] = student_cookie(token).split("=", 1)[1]
    return client.get("/debrief/").content.decode()


async def test_a_draft_survives_a_reconnect_and_the_reloaded_page_shows_it():
    """Typed, saved (ack and "Saved ✓"), socket lost, reconnected: typing goes on, and the
    reloaded page shows the latest saved text."""
    lesson, _teacher, joined, question = await lesson_in_debrief()
    (student, token) = joined[0]
    socket = await open_socket("/ws/debrief/", student_cookie(token))
    await socket.send_json_to({"type": "sync"})
    state = await receive_until(socket, lambda m: m["type"] == "parts")
    assert 'data-debrief-open="1"' in state["parts"]["debrief-state"]
    await socket.send_json_to({"type": "draft", "question": question.pk, "id": "d1",
                               "name": f"answer-{question.pk}", "value": "A replication needs"})
    status = await receive_until(socket, lambda m: m["type"] == "parts")
    assert "Saved ✓" in status["parts"][f"answer-status-{question.pk}"]
    assert (await socket.receive_json_from(timeout=5)) == {"type": "ack", "ref": "d1",
                                                           "version": None}
    await socket.disconnect()

    again = await open_socket("/ws/debrief/", student_cookie(token))
    await again.send_json_to({"type": "sync"})
    await receive_until(again, lambda m: m["type"] == "parts")
    await again.send_json_to({"type": "draft", "question": question.pk, "id": "d2",
                              "value": "A replication needs new data"})
    await receive_until(again, lambda m: m["type"] == "ack")
    await again.disconnect()
    assert await saved_text(student, question) == "A replication needs new data"
    html = await database_sync_to_async(page_html)(token)
    assert ">A replication needs new data</textarea>" in html


async def test_after_close_edits_are_refused_and_the_page_turns_read_only():
    """Closing tells every tablet: the answers show read-only; a late draft is refused with a
    clear message and the saved answer stays."""
    lesson, _teacher, joined, question = await lesson_in_debrief()
    (student, token) = joined[0]
    await database_sync_to_async(services.answer_save_draft)(student, question.pk, "Final words")
    socket = await open_socket("/ws/debrief/", student_cookie(token))
    await socket.send_json_to({"type": "sync"})
    await receive_until(socket, lambda m: m["type"] == "parts")
    await database_sync_to_async(debriefing.lesson_debrief_close)(lesson)
    closed = await receive_until(socket, lambda m: m["type"] == "parts")
    assert 'data-debrief-open="0"' in closed["parts"]["debrief-state"]
    assert "Final words" in closed["parts"]["debrief-readonly"]
    await socket.send_json_to({"type": "draft", "question": question.pk, "id": "late",
                               "value": "Final words, edited"})
    error = await receive_until(socket, lambda m: m["type"] == "error")
    assert error["code"] == "closed" and error["ref"] == "late"
    assert "no longer change" in error["message"]
    assert await saved_text(student, question) == "Final words"
    await socket.disconnect()


async def test_an_over_long_draft_is_refused_with_the_count_and_nothing_is_stored():
    """2,001 characters: an error naming both numbers, "Not saved" by the box, no change."""
    lesson, _teacher, joined, question = await lesson_in_debrief()
    (student, token) = joined[0]
    socket = await open_socket("/ws/debrief/", student_cookie(token))
    await socket.send_json_to({"type": "draft", "question": question.pk, "id": "long",
                               "value": "x" * (ANSWER_MAX_LENGTH + 1)})
    error = await receive_until(socket, lambda m: m["type"] == "error")
    assert error["code"] == "too_long" and "2001" in error["message"]
    status = await receive_until(socket, lambda m: m["type"] == "parts")
    assert "Not saved" in status["parts"][f"answer-status-{question.pk}"]
    assert await saved_text(student, question) == ""
    await socket.disconnect()


async def test_a_draft_without_text_is_refused_and_erases_nothing():
    """A forged draft whose value is not text changes nothing."""
    lesson, _teacher, joined, question = await lesson_in_debrief()
    (student, token) = joined[0]
    await database_sync_to_async(services.answer_save_draft)(student, question.pk, "Kept")
    socket = await open_socket("/ws/debrief/", student_cookie(token))
    await socket.send_json_to({"type": "draft", "question": question.pk, "id": "x",
                               "value": None})
    error = await receive_until(socket, lambda m: m["type"] == "error")
    assert error["code"] == "bad_message"
    assert await saved_text(student, question) == "Kept"
    await socket.disconnect()


async def test_opening_the_debrief_sends_lobby_tablets_to_it():
    """A tablet in the lobby hears the lesson change and is redirected to /debrief/."""
    teacher = await database_sync_to_async(make_teacher)()
    lesson = await database_sync_to_async(make_lesson)(owner=teacher)
    _student, token = await database_sync_to_async(join)(lesson, "Waiting One")
    lobby = await open_socket("/ws/lobby/", student_cookie(token))
    await lobby.send_json_to({"type": "sync"})
    await receive_until(lobby, lambda m: m["type"] == "parts")
    await database_sync_to_async(debriefing.lesson_debrief_open)(lesson)
    redirect = await receive_until(lobby, lambda m: m["type"] == "redirect")
    assert redirect["url"] == "/debrief/"
    await lobby.disconnect()


async def test_a_removed_students_debrief_socket_closes():
    """Removing a student ends their tablet's access at once."""
    lesson, _teacher, joined, _question = await lesson_in_debrief()
    (student, token) = joined[0]
    socket = await open_socket("/ws/debrief/", student_cookie(token))
    await database_sync_to_async(classroom_services.student_remove)(lesson, student.pk)
    await expect_close(socket, 4003)


async def test_without_a_student_cookie_the_debrief_socket_closes():
    socket = await open_socket("/ws/debrief/")
    await expect_close(socket, 4003)


async def test_teacher_b_cannot_open_teacher_as_review_or_projector_sockets():
    """Another teacher's review and discussion sockets close with 4004 and say nothing."""
    lesson, _teacher, _joined, _question = await lesson_in_debrief()
    intruder = await database_sync_to_async(session_cookie)(
        await database_sync_to_async(make_teacher)())
    for path in (f"/ws/lessons/{lesson.pk}/debrief/",
                 f"/ws/lessons/{lesson.pk}/debrief/discussion/"):
        socket = await open_socket(path, intruder)
        await expect_close(socket, 4004)


async def test_review_counts_live_and_a_star_reaches_the_projector_without_names():
    """A student's answer appears in the review; starring it puts its text on the projector,
    with no pseudonym anywhere in the projector's HTML."""
    lesson, teacher, joined, question = await lesson_in_debrief(students=3)
    cookie = await database_sync_to_async(session_cookie)(teacher) + "; language=en"
    review = await open_socket(f"/ws/lessons/{lesson.pk}/debrief/", cookie)
    projector = await open_socket(f"/ws/lessons/{lesson.pk}/debrief/discussion/", cookie)
    await review.send_json_to({"type": "sync"})
    first = await receive_until(review, lambda m: m["type"] == "parts")
    assert "<strong>0</strong> / 3" in first["parts"]["review-counts"]
    await projector.send_json_to({"type": "sync"})
    await receive_until(projector, lambda m: m["type"] == "parts")

    student, token = joined[1]
    tablet = await open_socket("/ws/debrief/", student_cookie(token))
    await tablet.send_json_to({"type": "draft", "question": question.pk, "id": "a",
                               "value": "Another lab has other mistakes"})
    await receive_until(tablet, lambda m: m["type"] == "ack")
    await asyncio.sleep(1.1)
    await review.send_json_to({"type": "tick"})
    counted = await receive_until(
        review, lambda m: m["type"] == "parts" and "<strong>1</strong> / 3"
        in m["parts"]["review-counts"])
    assert "Another lab has other mistakes" in counted["parts"]["review-answers"]

    answer = await database_sync_to_async(Answer.objects.get)(student=student, question=question)
    await review.send_json_to({"type": "star", "answer": answer.pk, "starred": True, "id": "s"})
    shown = await receive_until(projector, lambda m: m["type"] == "parts"
                                and "Another lab" in m["parts"]["discussion"])
    html = shown["parts"]["discussion"]
    for other, _token in joined:
        assert other.pseudonym not in html
    starred = await receive_until(review, lambda m: m["type"] == "parts")
    assert 'aria-pressed="true"' in starred["parts"]["review-answers"]
    for socket in (review, projector, tablet):
        await socket.disconnect()


async def test_the_projector_steps_to_the_next_question():
    lesson, teacher, _joined, _question = await lesson_in_debrief()
    cookie = await database_sync_to_async(session_cookie)(teacher) + "; language=en"
    projector = await open_socket(f"/ws/lessons/{lesson.pk}/debrief/discussion/", cookie)
    await projector.send_json_to({"type": "next", "id": "n"})
    moved = await receive_until(projector, lambda m: m["type"] == "parts"
                                and "Question 2 of 5" in m["parts"]["discussion"])
    assert "Which Bias hit you" in moved["parts"]["discussion"]
    await projector.disconnect()


async def test_review_opens_and_closes_the_debrief_over_its_socket():
    """The review's buttons open the debrief (tablets switch) and close it."""
    teacher = await database_sync_to_async(make_teacher)()
    lesson = await database_sync_to_async(make_lesson)(owner=teacher)
    cookie = await database_sync_to_async(session_cookie)(teacher) + "; language=en"
    review = await open_socket(f"/ws/lessons/{lesson.pk}/debrief/", cookie)
    await review.send_json_to({"type": "open", "id": "o"})
    opened = await receive_until(review, lambda m: m["type"] == "parts"
                                 and "Close the debrief" in m["parts"]["review-head"])
    assert "students are answering" in opened["parts"]["review-head"]
    await review.send_json_to({"type": "close", "id": "c"})
    await receive_until(review, lambda m: m["type"] == "parts"
                        and "Reopen for answers" in m["parts"]["review-head"])
    await review.disconnect()


async def test_exports_socket_shows_progress_then_the_download_link(tmp_path, settings):
    """The teacher's export page hears the task (eager here) and shows the link when ready."""
    from django.db import transaction

    from debrief.models import ExportJob

    settings.EXPORTS_DIR = tmp_path
    lesson, teacher, _joined, _question = await lesson_in_debrief()
    cookie = await database_sync_to_async(session_cookie)(teacher) + "; language=en"
    socket = await open_socket("/ws/debrief/exports/", cookie)
    await socket.send_json_to({"type": "sync"})
    empty = await receive_until(socket, lambda m: m["type"] == "parts")
    assert "Download" not in empty["parts"]["export-jobs"]

    def start():
        with transaction.atomic():
            return services.export_job_create(teacher, [lesson], "json", "en")

    job = await database_sync_to_async(start)()
    ready = await receive_until(socket, lambda m: m["type"] == "parts"
                                and "Download" in m["parts"]["export-jobs"])
    assert f"/debrief/exports/{job.pk}/" in ready["parts"]["export-jobs"]
    assert (await database_sync_to_async(ExportJob.objects.get)(pk=job.pk)).status == "ready"
    await socket.disconnect()


async def test_exports_socket_is_for_signed_in_teachers_only():
    socket = await open_socket("/ws/debrief/exports/")
    await expect_close(socket, 4004)
