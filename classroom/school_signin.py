"""School sign-in (django-allauth's OpenID Connect): who may sign in, and who may become a
teacher by it.

A school account signs in a teacher whose account it is linked to: by the provider's name and
the token's `sub` (the issuer is pinned in config/school_signin.py), never by an e-mail address.
A school account not linked yet becomes a new teacher only with an invitation in the session,
when self sign-up is open, or when the provider is configured to let its accounts sign up.
"""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from django.db import transaction
from django.shortcuts import render
from django.urls import reverse

from classroom import invitations
from classroom.models import ClassroomSettings


def provider_settings(sociallogin):
    return sociallogin.account.get_provider().app.settings


class TeacherAccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request):
        return ClassroomSettings.load().self_signup_open

    def get_login_redirect_url(self, request):
        return reverse("lesson_list")


class SchoolAccountAdapter(DefaultSocialAccountAdapter):
    def pre_social_login(self, request, sociallogin):
        """The token must come from the pinned issuer (allauth checks this against the pinned
        discovery issuer too; this keeps it true should that ever change)."""
        issuer = provider_settings(sociallogin).get("issuer")
        token = sociallogin.account.extra_data.get("id_token") or {}
        if not issuer or token.get("iss") != issuer:
            raise ImmediateHttpResponse(render(
                request, "socialaccount/authentication_error.html", status=403))

    def is_open_for_signup(self, request, sociallogin):
        return bool(invitations.invitation_in_session(request)
                    or provider_settings(sociallogin).get("signup")
                    or ClassroomSettings.load().self_signup_open)

    def populate_user(self, request, sociallogin, data):
        user = super().populate_user(request, sociallogin, data)
        invitation = invitations.invitation_in_session(request)
        if invitation:
            user.email = invitation.email
        return user

    @transaction.atomic
    def save_user(self, request, sociallogin, form=None):
        user = super().save_user(request, sociallogin, form)
        invitation = invitations.invitation_in_session(request)
        if invitation:
            try:
                invitations.invitation_accept(invitation, user)
            except invitations.InvitationUnusable:  # used by another tab a moment ago
                raise ImmediateHttpResponse(render(
                    request, "registration/invitation_unusable.html", status=410)) from None
            request.session.pop(invitations.SESSION_KEY, None)
        return user
