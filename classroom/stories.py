"""Interlude stories (SV-78 to SV-81, G-19, G-20): a seat asks, the teacher (or the table) decides,
and a story nobody decides expires. The only code that writes `Story` rows.

The engine holds a story's effect (Insight +1 and EP +1 when accepted); every service here
changes the game through `games.services.game_apply_action`, in the same transaction as the
story's row, so the two never disagree. A decision is one log row per story ever (its client
action id is `decide:<story id>`), so a double tap or a teacher and a timer racing each other
change the game once. After the commit the teacher's pages hear `cockpit.changed`; the tablets
hear `game.updated` from the single writer.
"""

import logging
import re
import uuid
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from classroom import notify
from classroom.models import STORY_REASON_MAX_LENGTH, STORY_TITLE_MAX_LENGTH, Lesson, Story
from classroom.wordfilter import flagged_words
from games.models import GameAction
from games.selectors import game_for_student
from games.services import GameRefusal, game_apply_action

logger = logging.getLogger(__name__)
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")
STORY_ID = re.compile(r"^[A-Za-z0-9-]{8,40}$")
EXPIRED = "expired"  # the engine's reason for a story nobody decided
# The game's story actions: taken only through this module, which keeps the lesson's Story rows.
STORY_ACTIONS = ("story_request", "story_vote")
Actor = GameAction.Actor


class StoryError(Exception):
    """A refused request: `code` for tests and logs, `message` (lazy) for people."""

    def __init__(self, code, message):
        super().__init__(code)
        self.code = code
        self.message = message


def clean_text(text, limit, code):
    """One line of text as typed, without control characters; refused (never cut) if too long."""
    text = " ".join(CONTROL_CHARACTERS.sub(" ", str(text or "")).split())
    if len(text) > limit:
        raise StoryError(code, _("That is %(count)s characters long; the limit is %(limit)s.")
                         % {"count": len(text), "limit": limit})
    return text


# Asking ------------------------------------------------------------------------------------------


def story_request(student, title="", request_id=None):
    """The student's seat asks to tell a story now (SV-78); returns the Story.

    `request_id` is the tablet's id for the tap: the same tap sent again returns the same story.
    """
    title = clean_text(title, STORY_TITLE_MAX_LENGTH, "title_too_long")
    lesson = student.lesson
    game_id = game_for_student(student)
    if game_id is None or lesson.status != Lesson.Status.PLAYING:
        raise StoryError("no_game", _("Your table is not playing now."))
    seat = student.seat.number
    story_id = request_id if isinstance(request_id, str) and STORY_ID.match(request_id) \
        else uuid.uuid4().hex
    with transaction.atomic():
        existing = Story.objects.filter(game_id=game_id, story_id=story_id, seat=seat).first()
        if existing is not None:
            return existing
        result = game_apply_action(
            game_id, {"type": "story_request", "seat": seat, "story_id": story_id},
            expected_version=None, client_action_id=f"story:{story_id}", actor=Actor.SEAT)
        asked = next(e for e in result.events if e["type"] == "StoryRequested")
        now = timezone.now()
        story = Story.objects.create(
            lesson=lesson, game_id=game_id, seat=seat, student=student, story_id=story_id,
            round=asked["round"], title=title, flagged_words=flagged_words(title),
            requested_at=now, expires_at=now + timedelta(minutes=lesson.story_expiry_minutes),
        )
        notify.cockpit_changed(lesson.pk, "stories", student.seat.table_id)
    return story


# Deciding ----------------------------------------------------------------------------------------


def story_accept(lesson, story_pk):
    """The teacher accepts: Insight +1 to the seat's next test and EP +1 (SV-79, SV-80).
    Idempotent: a story already decided stays as it is."""
    return _decide(lesson, story_pk, {"type": "story_accept"}, Actor.TEACHER)


def story_reject(lesson, story_pk, reason=""):
    """The teacher rejects, with an optional short reason; the seat may ask again this round."""
    reason = clean_text(reason, STORY_REASON_MAX_LENGTH, "reason_too_long")
    return _decide(lesson, story_pk, {"type": "story_reject", "reason": reason or None},
                   Actor.TEACHER)


def story_expire(story_pk):
    """Nobody decided in time: the story ends without any effect (the engine rejects it with the
    reason "expired", which frees the seat's place for another story this round)."""
    story = Story.objects.select_related("lesson").get(pk=story_pk)
    return _decide(story.lesson, story_pk, {"type": "story_reject", "reason": EXPIRED},
                   Actor.TIMER)


def _decide(lesson, story_pk, decision, actor):
    with transaction.atomic():
        story = (Story.objects.select_for_update(of=("self",)).select_related("game")
                 .filter(lesson=lesson, pk=story_pk).first())
        if story is None:
            raise StoryError("no_story", _("That story is no longer there."))
        if story.status != Story.Status.PENDING:
            return story
        result = game_apply_action(
            story.game_id, {**decision, "seat": None, "story_id": story.story_id},
            expected_version=None, client_action_id=f"decide:{story.story_id}", actor=actor)
        _settle(story, result.events, by=actor)
    return story


def story_vote(student, story_pk, accept):
    """Another seat at the table votes (lessons where the table decides, SV-79): a majority
    accepts, a tie rejects; the engine counts."""
    seat = student.seat.number if student.seat_id else None
    with transaction.atomic():
        story = (Story.objects.select_for_update(of=("self",))
                 .filter(pk=story_pk, game_id=game_for_student(student)).first())
        if story is None or seat is None:
            raise StoryError("no_story", _("That story is no longer there."))
        if story.status != Story.Status.PENDING:
            return story
        result = game_apply_action(
            story.game_id,
            {"type": "story_vote", "seat": seat, "story_id": story.story_id,
             "accept": bool(accept)},
            expected_version=None, client_action_id=f"vote:{story.story_id}:{seat}",
            actor=Actor.SEAT)
        _settle(story, result.events, by="table")
    return story


def _settle(story, events, by):
    """The story's row follows what the engine decided (nothing, if it is still pending)."""
    decided = next((e for e in events if e["type"] in ("StoryAccepted", "StoryRejected")
                    and e.get("story") == story.story_id), None)
    if decided is None:
        notify.cockpit_changed(story.lesson_id, "stories", story.game.table_id)
        return
    reason = decided.get("reason") or ""
    if decided["type"] == "StoryAccepted":
        story.status = Story.Status.ACCEPTED
    elif by == Actor.TIMER:
        story.status = Story.Status.EXPIRED
    else:
        story.status = Story.Status.REJECTED
    story.reason = reason if by == Actor.TEACHER else ""
    story.decided_by = by if by in Story.DecidedBy.values else Story.DecidedBy.TABLE
    story.decided_at = timezone.now()
    story.save(update_fields=["status", "reason", "decided_by", "decided_at"])
    notify.cockpit_changed(story.lesson_id, "stories", story.game.table_id)


# The timer ---------------------------------------------------------------------------------------


def stories_expire(now=None):
    """Expire every pending story whose time is up, and those of lessons that stopped playing.
    Paused lessons wait (their stories' times move on when the lesson resumes). Returns how
    many expired."""
    now = now or timezone.now()
    due = Story.objects.filter(status=Story.Status.PENDING).filter(
        Q(expires_at__lte=now, lesson__paused_at__isnull=True)
        | ~Q(lesson__status=Lesson.Status.PLAYING))
    expired = 0
    for story_pk in due.order_by("expires_at").values_list("pk", flat=True):
        try:
            expired += story_expire(story_pk).status == Story.Status.EXPIRED
        except (GameRefusal, StoryError) as refusal:  # e.g. the game is gone with its lesson
            logger.info("Story %s did not expire: %s", story_pk, refusal.code)
    return expired


def stories_delay(lesson, by):
    """The lesson was paused for `by`: its undecided stories get that time back."""
    for story in lesson.stories.filter(status=Story.Status.PENDING):
        story.expires_at += by
        story.save(update_fields=["expires_at"])
