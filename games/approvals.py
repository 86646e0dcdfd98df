"""Teacher approvals: a seat asks (to tell a story, to have an open answer judged), the teacher
accepts or rejects from the cockpit, and a request nobody decides expires. The only code that
writes `Approval` rows.

The engine holds a request's effect; every service here changes the game through
`game_apply_action` with the engine's own actions, which the game's approval kind builds
(games/packages.py, `ApprovalKind`), in the same transaction as the row, so the two never
disagree. A decision is one log row per request ever (its client action id is
`decide:<request id>`), so a double tap, or a teacher and a timer racing each other, change the
game once. After the commit the teacher's pages hear `cockpit.changed`; the tablets hear
`game.updated` from the single writer.
"""

import logging
import re
import uuid
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import notify
from games.models import Approval, Game, GameAction
from games.packages import package
from games.services import GameRefusal, game_apply_action
from games.wordfilter import flagged_words

logger = logging.getLogger(__name__)
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")
REQUEST_ID = re.compile(r"^[A-Za-z0-9-]{8,40}$")
EXPIRED = "expired"  # the reason a game's engine is given for a request nobody decided
Actor = GameAction.Actor


class ApprovalError(Exception):
    """A refused request or decision: `code` for tests and logs, `message` (lazy) for people."""

    def __init__(self, code, message):
        super().__init__(code)
        self.code = code
        self.message = message


def clean_text(text, limit, code):
    """One line of text as typed, without control characters; refused (never cut) if too long."""
    text = " ".join(CONTROL_CHARACTERS.sub(" ", str(text or "")).split())
    if len(text) > limit:
        raise ApprovalError(code, _("That is %(count)s characters long; the limit is %(limit)s.")
                            % {"count": len(text), "limit": limit})
    return text


def _kind(game, kind):
    approval_kind = package(game.engine_key).approvals.get(kind)
    if approval_kind is None:
        raise ApprovalError("unknown_request", _("This game has no such request."))
    return approval_kind


# Asking ------------------------------------------------------------------------------------------


def approval_request(game_id, kind, seat, *, text="", request_id=None, student_id=None,
                     expires_in=timedelta(minutes=3)):
    """Seat `seat` asks for a request of `kind` with `text`; returns the Approval.

    `request_id` is the tablet's id for the tap: the same tap sent again returns the same row.
    """
    game = Game.objects.filter(pk=game_id, table__lesson__status="playing").only(
        "pk", "engine_key", "table_id").first()
    if game is None:
        raise ApprovalError("no_game", _("Your table is not playing now."))
    approval_kind = _kind(game, kind)
    if approval_kind.request_action is None:  # the game opens these itself
        raise ApprovalError("unknown_request", _("This game has no such request."))
    text = clean_text(text, approval_kind.text_limit, "text_too_long")
    request_id = request_id if isinstance(request_id, str) and REQUEST_ID.match(request_id) \
        else uuid.uuid4().hex
    with transaction.atomic():
        existing = Approval.objects.filter(game_id=game_id, request_id=request_id,
                                           seat=seat).first()
        if existing is not None:
            return existing
        result = game_apply_action(
            game_id, approval_kind.request_action(seat, request_id, {"text": text}),
            expected_version=None, client_action_id=f"request:{request_id}", actor=Actor.SEAT)
        now = timezone.now()
        approval = Approval.objects.create(
            game_id=game_id, kind=kind, seat=seat, student_id=student_id,
            request_id=request_id, round=next((e.get("round") for e in result.events), None),
            text=text, flagged_words=flagged_words(text), requested_at=now,
            expires_at=now + expires_in)
        notify.approvals_changed(game)
    return approval


# Deciding ----------------------------------------------------------------------------------------


def approval_decide(approvals, approval_pk, accept, reason=""):
    """The teacher accepts or rejects (with an optional short reason) a request among
    `approvals` (a queryset the caller may decide, e.g. its lesson's). Idempotent: a request
    already decided stays as it is."""
    return _decide(approvals, approval_pk, bool(accept), reason, Actor.TEACHER)


def approval_expire(approval_pk):
    """Nobody decided in time: the request ends without effect (the engine rejects it with the
    reason "expired")."""
    return _decide(Approval.objects.all(), approval_pk, False, EXPIRED, Actor.TIMER)


def _decide(approvals, approval_pk, accept, reason, actor):
    with transaction.atomic():
        approval = (approvals.select_for_update(of=("self",)).select_related("game")
                    .filter(pk=approval_pk).first())
        if approval is None:
            raise ApprovalError("no_request", _("That request is no longer there."))
        if approval.status != Approval.Status.PENDING:
            return approval
        approval_kind = _kind(approval.game, approval.kind)
        if actor == Actor.TEACHER:
            reason = clean_text(reason, approval_kind.reason_limit, "reason_too_long")
        result = game_apply_action(
            approval.game_id, approval_kind.decide_action(approval.request_id, accept,
                                                          reason or None),
            expected_version=None, client_action_id=f"decide:{approval.request_id}",
            actor=actor)
        _settle(approval, approval_kind, result.events, by=actor)
    return approval


def approval_vote(game_id, seat, approval_pk, accept):
    """Another seat at the table votes (where the table decides): the engine counts."""
    with transaction.atomic():
        approval = (Approval.objects.select_for_update(of=("self",)).select_related("game")
                    .filter(pk=approval_pk, game_id=game_id).first())
        if approval is None or seat is None:
            raise ApprovalError("no_request", _("That request is no longer there."))
        if approval.status != Approval.Status.PENDING:
            return approval
        approval_kind = _kind(approval.game, approval.kind)
        if approval_kind.vote_action is None:
            raise ApprovalError("teacher_decides", _("The teacher decides this."))
        result = game_apply_action(
            game_id, approval_kind.vote_action(seat, approval.request_id, bool(accept)),
            expected_version=None, client_action_id=f"vote:{approval.request_id}:{seat}",
            actor=Actor.SEAT)
        _settle(approval, approval_kind, result.events, by="table")
    return approval


def _settle(approval, approval_kind, events, by):
    """The row follows what the engine decided (nothing, if the request is still pending)."""
    verdict = approval_kind.decided_in(events, approval.request_id)
    if verdict is not None:
        accepted, _reason = verdict
        if accepted:
            approval.status = Approval.Status.ACCEPTED
        elif by == Actor.TIMER:
            approval.status = Approval.Status.EXPIRED
        else:
            approval.status = Approval.Status.REJECTED
        approval.reason = (_reason or "") if by == Actor.TEACHER else ""
        approval.decided_by = by if by in Approval.DecidedBy.values else \
            Approval.DecidedBy.TABLE
        approval.decided_at = timezone.now()
        approval.save(update_fields=["status", "reason", "decided_by", "decided_at"])
    notify.approvals_changed(approval.game)


# Requests the engine opens --------------------------------------------------------------------


def approvals_follow(game, events, actor):
    """Called by the one writer with each applied step's events: requests the game's engine
    opened by itself get their rows, and pending rows of such kinds follow the engine's verdict,
    whoever's action gave it (a tablet's vote, a bot, a timer, the teacher), so the queue never
    shows a request the game no longer waits for."""
    kinds = [kind for kind in package(game.engine_key).approvals.values() if kind.opened_in]
    if not kinds or not events:
        return
    changed = False
    for kind in kinds:
        for opened in kind.opened_in(events):
            changed |= _opened(game, kind, opened)
        for approval in Approval.objects.filter(game=game, kind=kind.key,
                                                status=Approval.Status.PENDING):
            verdict = kind.decided_in(events, approval.request_id)
            if verdict is not None:
                approval.status = (Approval.Status.ACCEPTED if verdict[0]
                                   else Approval.Status.REJECTED)
                approval.decided_by = (Approval.DecidedBy.TEACHER if actor == Actor.TEACHER
                                       else Approval.DecidedBy.TABLE)
                approval.decided_at = timezone.now()
                approval.save(update_fields=["status", "decided_by", "decided_at"])
                changed = True
    if changed:
        notify.approvals_changed(game)


def _opened(game, kind, opened):
    text = " ".join(CONTROL_CHARACTERS.sub(" ", str(opened.get("text") or "")).split())
    text = text[:kind.text_limit]
    now = timezone.now()
    minutes = getattr(game.table.lesson, "approval_expiry_minutes", 3)
    _approval, made = Approval.objects.get_or_create(
        game=game, request_id=opened["request_id"], defaults={
            "kind": kind.key, "seat": opened["seat"], "round": opened.get("round"),
            "text": text, "flagged_words": flagged_words(text), "requested_at": now,
            "expires_at": now + timedelta(minutes=minutes)})
    return made


# The timer ---------------------------------------------------------------------------------------


def approvals_expire(now=None):
    """Expire every pending request whose time is up, and those of lessons that stopped playing.
    Paused lessons wait (their requests' times move on when the lesson resumes). Returns how
    many expired."""
    now = now or timezone.now()
    due = Approval.objects.filter(status=Approval.Status.PENDING).filter(
        Q(expires_at__lte=now, game__table__lesson__paused_at__isnull=True)
        | ~Q(game__table__lesson__status="playing"))
    expired = 0
    for approval_pk in due.order_by("expires_at").values_list("pk", flat=True):
        try:
            expired += approval_expire(approval_pk).status == Approval.Status.EXPIRED
        except (GameRefusal, ApprovalError) as refusal:  # e.g. the game is gone with its lesson
            logger.info("Request %s did not expire: %s", approval_pk, refusal.code)
    return expired


def approvals_delay(games, by):
    """These games were paused for `by`: their undecided requests get that time back."""
    for approval in Approval.objects.filter(game__in=games, status=Approval.Status.PENDING):
        approval.expires_at += by
        approval.save(update_fields=["expires_at"])
