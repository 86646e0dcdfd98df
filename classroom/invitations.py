"""Teacher invitations: an administrator invites by e-mail; the link works once and expires.

The link carries a random token; only its hash is stored. The invitation page keeps the token
in the session and drops it from the address bar (as Django's password reset does), so it
leaks through no Referer header.
"""

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from classroom.auth import hash_secret, new_token
from classroom.models import TeacherInvitation

SESSION_KEY = "teacher_invitation"


class InvitationUnusable(Exception):
    """The link was used already, has expired, or never existed."""


def invitation_create(*, email, invited_by=None, expires_at=None):
    """A new invitation and its token (shown once: only the hash is kept)."""
    token = new_token()
    extra = {"expires_at": expires_at} if expires_at else {}
    invitation = TeacherInvitation.objects.create(email=email, invited_by=invited_by,
                                                  token_hash=hash_secret(token), **extra)
    return invitation, token


def invitation_renew(invitation):
    """A new token and expiry for an unused invitation; the old link stops working."""
    token = new_token()
    invitation.token_hash = hash_secret(token)
    invitation.expires_at = TeacherInvitation._meta.get_field("expires_at").default()
    invitation.save(update_fields=["token_hash", "expires_at"])
    return token


def invitation_url(request, token):
    return request.build_absolute_uri(reverse("invitation", args=[token]))


def invitation_send(invitation, url):
    with translation.override(settings.LANGUAGE_CODE):
        context = {"url": url, "invitation": invitation}
        subject = render_to_string("registration/invitation_subject.txt", context).strip()
        body = render_to_string("registration/invitation_email.txt", context)
    send_mail(subject, body, None, [invitation.email])


def invitation_for_token(token):
    """The usable invitation of a token, or InvitationUnusable."""
    invitation = TeacherInvitation.objects.filter(token_hash=hash_secret(token or "")).first()
    if invitation is None or not invitation.is_usable:
        raise InvitationUnusable
    return invitation


def invitation_in_session(request):
    try:
        return invitation_for_token(request.session.get(SESSION_KEY))
    except InvitationUnusable:
        return None


@transaction.atomic
def invitation_accept(invitation, user):
    """Mark the invitation used by `user`: exactly once, and only before it expires."""
    now = timezone.now()
    claimed = TeacherInvitation.objects.filter(
        pk=invitation.pk, used_at__isnull=True, expires_at__gt=now,
    ).update(used_at=now, used_by=user)
    if claimed != 1:
        raise InvitationUnusable
