"""Interlude stories as the tests ask for them: a student asks, the teacher or the table decides,
through the platform's teacher approvals (games/approvals.py) with Research Programme's kind."""

from datetime import timedelta

from classroom.selectors import game_for_student
from games import approvals
from games.approvals import ApprovalError as StoryError  # noqa: F401 (the tests' name)
from games.models import Approval

Story = Approval


def lesson_approvals(lesson):
    return Approval.objects.filter(game__table__lesson=lesson)


def story_request(student, title="", request_id=None):
    """The student's seat asks to tell a story now, as its tablet does (SV-78)."""
    lesson = student.lesson
    seat = student.seat.number if student.seat_id else None
    return approvals.approval_request(
        game_for_student(student), "story", seat, text=title, request_id=request_id,
        student_id=student.pk, expires_in=timedelta(minutes=lesson.approval_expiry_minutes))


def story_accept(lesson, story_pk):
    return approvals.approval_decide(lesson_approvals(lesson), story_pk, True)


def story_reject(lesson, story_pk, reason=""):
    return approvals.approval_decide(lesson_approvals(lesson), story_pk, False, reason)


def story_vote(student, story_pk, accept):
    seat = student.seat.number if student.seat_id else None
    return approvals.approval_vote(game_for_student(student), seat, story_pk, accept)


def stories_expire(now=None):
    return approvals.approvals_expire(now)
