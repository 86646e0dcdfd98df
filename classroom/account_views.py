"""Teachers' accounts: the sign-in page (password and school sign-in), invitations, and the
school accounts linked to a teacher. Password reset and change are Django's own views."""

from allauth.socialaccount.models import SocialAccount
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from classroom import invitations


def school_providers():
    """The configured school sign-in providers: id, button text and where the button posts."""
    apps = settings.SOCIALACCOUNT_PROVIDERS.get("openid_connect", {}).get("APPS", [])
    return [{"id": app["provider_id"], "name": app["name"],
             "login_url": reverse("openid_connect_login",
                                  kwargs={"provider_id": app["provider_id"]})}
            for app in apps]


class TeacherLoginView(LoginView):
    """Django's sign-in view, with the school sign-in buttons; the password form only while
    password sign-in is on (administrators may always use it, from the admin's own page)."""

    redirect_authenticated_user = True

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "providers": school_providers(),
                "password_signin": settings.PASSWORD_SIGNIN}


class InvitationSignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


@never_cache
def invitation(request, token):
    """The link of the e-mail: keep the token in the session, and show the page without it."""
    request.session[invitations.SESSION_KEY] = token
    return redirect("invitation_accept")


@never_cache
@require_http_methods(["GET", "POST"])
def invitation_accept(request):
    invitation = invitations.invitation_in_session(request)
    if invitation is None:
        return render(request, "registration/invitation_unusable.html", status=410)
    form = InvitationSignUpForm(request.POST or None) if settings.PASSWORD_SIGNIN else None
    if request.method == "POST" and form is not None and form.is_valid():
        user = _teacher_from_invitation(form, invitation)
        if user is None:
            return render(request, "registration/invitation_unusable.html", status=410)
        request.session.pop(invitations.SESSION_KEY, None)
        login(request, user, backend="classroom.signin.PasswordBackend")
        messages.success(request, _("Welcome! Create your first lesson."))
        return redirect("lesson_list")
    return render(request, "registration/invitation.html", {
        "invitation": invitation, "form": form, "providers": school_providers(),
    })


def _teacher_from_invitation(form, invitation):
    try:
        with transaction.atomic():
            user = form.save(commit=False)
            user.email = invitation.email
            user.save()
            invitations.invitation_accept(invitation, user)
    except (invitations.InvitationUnusable, IntegrityError):
        return None
    return user


@login_required
def school_accounts(request):
    """The school accounts linked to this teacher, and buttons to link one more."""
    linked = SocialAccount.objects.filter(user=request.user).order_by("date_joined")
    providers = school_providers()
    names = {provider["id"]: provider["name"] for provider in providers}
    return render(request, "registration/school_accounts.html", {
        "linked": [{"name": names.get(account.provider, account.provider),
                    "date_joined": account.date_joined} for account in linked],
        "providers": [provider for provider in providers
                      if provider["id"] not in {account.provider for account in linked}],
        "nav": "school",
    })
