"""Password sign-in: its switch, its throttle (django-axes) and what a teacher is told.

An account that fails `AXES_FAILURE_LIMIT` times, or an address that fails
`SIGNIN_ADDRESS_FAILURE_LIMIT` times (a whole school shares one address behind its router, so it
may fail more often), is refused for `AXES_COOLOFF_TIME`; another failure while refused starts
the wait again. The address is kept only as a keyed pseudonym and no user agent is kept. A
teacher who signs in is told how many wrong passwords were tried on their account since their
last sign-in; the administrator sees attempts and lockouts in the admin and can release them.
"""

import hashlib
import hmac
import ipaddress
import logging
import math
from datetime import timedelta

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt, AccessFailureLog
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import ngettext

from classroom.ratelimit import client_address

logger = logging.getLogger(__name__)

# 2001:db8::/32 is the documentation prefix: a pseudonym can never be mistaken for a real address.
PSEUDONYM_NETWORK = ipaddress.IPv6Network("2001:db8::/32")


def password_signin_allowed(user):
    """With TUTKIMUS_PASSWORD_SIGNIN=0 only administrators sign in with a password."""
    return settings.PASSWORD_SIGNIN or user.is_staff


class ThrottleBackend(AxesStandaloneBackend):
    """Axes's check, first of the backends. Without a request (a management command, the test
    client's login) there is no one to throttle: every sign-in over HTTP passes its request."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


class PasswordBackend(ModelBackend):
    """Django's own password check, refusing teachers when password sign-in is off."""

    def user_can_authenticate(self, user):
        return super().user_can_authenticate(user) and password_signin_allowed(user)


def address_pseudonym(request):
    """The client's address as a keyed pseudonym shaped as an address (axes keeps it in an
    address column): the same address gives the same pseudonym, which reveals nothing."""
    digest = hmac.new(settings.SECRET_KEY.encode(), b"signin:" + client_address(request).encode(),
                      hashlib.sha256).digest()
    host = int.from_bytes(digest[:12], "big")
    return str(PSEUDONYM_NETWORK[host])


def cool_off_minutes(request=None):
    return max(1, math.ceil(get_cool_off(request).total_seconds() / 60))


class SignInAttemptHandler(AxesDatabaseHandler):
    """Axes's database handler, keeping no user agent and counting an address's failures
    against its own, higher limit."""

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        if request is not None:
            request.axes_user_agent = ""
            request.axes_http_accept = ""
        super().user_login_failed(sender, credentials, request=request, **kwargs)
        if getattr(request, "axes_locked_out", False):
            logger.warning("Sign-in locked for %d minutes after repeated wrong passwords "
                           "(account or address)", cool_off_minutes(request))

    def user_logged_in(self, sender, request, user, **kwargs):
        """A right password clears the account's own count. Axes's reset would clear the
        address's too, and then one valid account would let its owner guess others' without
        end, signing in between guesses."""
        super().user_logged_in(sender, request, user, **kwargs)
        AccessAttempt.objects.filter(username=user.get_username()).delete()

    def get_failures(self, request, credentials=None):
        """Failures as a share of the account's limit: the account's own, or its address's
        scaled from the address limit to the account limit (whichever is nearer a lockout)."""
        by_account, by_address = self.get_user_attempts(request, credentials)
        account = self._sum(by_account)
        address = self._sum(by_address)
        scaled = address * settings.AXES_FAILURE_LIMIT // settings.SIGNIN_ADDRESS_FAILURE_LIMIT
        return max(account, scaled)

    @staticmethod
    def _sum(attempts):
        return sum(attempts.values_list("failures_since_start", flat=True))


def lockout_response(request, response=None, credentials=None):
    """The sign-in page again, answered 429 with how long to wait."""
    minutes = cool_off_minutes(request)
    message = ngettext(
        "Too many wrong passwords. Sign-in is paused for %(minutes)d minute: try again then, "
        "or ask your administrator to release it.",
        "Too many wrong passwords. Sign-in is paused for %(minutes)d minutes: try again then, "
        "or ask your administrator to release it.", minutes) % {"minutes": minutes}
    form = AuthenticationForm(request, initial={
        "username": get_client_username(request, credentials) or ""})
    from classroom.account_views import school_providers

    page = render(request, "registration/login.html", {
        "form": form, "lockout": message, "next": request.POST.get("next", ""),
        "providers": school_providers(), "password_signin": settings.PASSWORD_SIGNIN,
    }, status=429)
    page["Retry-After"] = str(minutes * 60)
    return page


def failed_attempts_since(username, since):
    rows = AccessFailureLog.objects.filter(username=username)
    if since:
        rows = rows.filter(attempt_time__gt=since)
    return rows.order_by("-attempt_time")


def notice_failed_attempts(sender, request, user, **kwargs):
    """On sign-in: tell the teacher about wrong passwords tried since their last sign-in. Runs
    before Django records this sign-in (classroom/apps.py), so last_login is the previous one."""
    if request is None or not hasattr(request, "_messages"):
        return
    failures = failed_attempts_since(user.get_username(), user.last_login)
    count = failures.count()
    if not count:
        return
    latest = timezone.localtime(failures.first().attempt_time)
    messages.warning(request, ngettext(
        "Since your last sign-in, a wrong password was tried once on your account (%(when)s). "
        "If it was not you, tell your administrator.",
        "Since your last sign-in, wrong passwords were tried %(count)d times on your account "
        "(the latest %(when)s). If it was not you, tell your administrator.", count,
    ) % {"count": count, "when": date_format(latest, "SHORT_DATETIME_FORMAT")})


def signin_records_purge(now=None):
    """Delete attempts past their cool-off and failure records past the retention period."""
    from classroom.models import ClassroomSettings

    now = now or timezone.now()
    attempts, _rows = AccessAttempt.objects.filter(
        attempt_time__lte=now - get_cool_off()).delete()
    keep = timedelta(days=ClassroomSettings.load().retention_days)
    failures, _rows = AccessFailureLog.objects.filter(attempt_time__lte=now - keep).delete()
    return {"attempts": attempts, "failures": failures}
