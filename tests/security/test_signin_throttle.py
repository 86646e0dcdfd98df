"""Password guessing: each account and each address is throttled, the teacher is told, the
administrator sees and releases a lockout, and the records go with the retention period.

Every test signs in through the real sign-in page with Django's test client, as a browser
would (the client's own login() skips the page and so the throttle).
"""

import ipaddress
import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from classroom import signin
from classroom.models import ClassroomSettings

pytestmark = pytest.mark.django_db

PASSWORD = "pw-Secret-123"
SCHOOL = "198.51.100.7"


@pytest.fixture
def teacher():
    return get_user_model().objects.create_user("maija", "maija@example.fi", PASSWORD)


def sign_in(username, password, address=SCHOOL, client=None):
    client = client or Client(REMOTE_ADDR=address, HTTP_USER_AGENT="Probe/1.0 (agent-77a1)")
    return client.post("/accounts/login/", {"username": username, "password": password}), client


def signed_in(response):
    return response.status_code == 302 and response["Location"] == "/lessons/"


def attempts_until_locked(username, limit=100, address=SCHOOL, usernames=None):
    """Wrong passwords until the page answers 429; returns how many were sent (the one that
    locks is answered with the lockout)."""
    for tried in range(limit):
        name = usernames(tried) if usernames else username
        response, _client = sign_in(name, f"wrong-{tried}", address)
        if response.status_code == 429:
            return tried + 1
        assert response.status_code == 200
    return limit


def test_an_account_is_locked_after_five_wrong_passwords_even_for_the_right_one(settings,
                                                                               teacher):
    """The fifth wrong password locks the account: the next try, right or wrong, is refused
    with how long to wait, from any address."""
    before = attempts_until_locked("maija")
    response, _client = sign_in("maija", PASSWORD, address="203.0.113.9")
    text = response.content.decode()
    print(f"FIGURE signin_attempts_before_account_lockout={before}")
    assert before == settings.AXES_FAILURE_LIMIT == 5
    assert response.status_code == 429 and not signed_in(response)
    assert response["Retry-After"] == "900"
    assert "15" in text and 'role="alert"' in text
    assert "Content-Security-Policy" in response


def test_an_address_is_locked_after_twenty_wrong_passwords_on_any_accounts(settings, teacher):
    """The twentieth wrong password from one address, on twenty names, locks that address;
    another address still signs in."""
    before = attempts_until_locked(None, usernames=lambda n: f"guess{n}")
    locked, _client = sign_in("maija", PASSWORD)
    elsewhere, _client = sign_in("maija", PASSWORD, address="192.0.2.44")
    print(f"FIGURE signin_attempts_before_address_lockout={before}")
    assert before == settings.SIGNIN_ADDRESS_FAILURE_LIMIT == 20
    assert locked.status_code == 429
    assert signed_in(elsewhere)


def test_a_lockout_ends_after_the_cool_off(teacher):
    """When the cool-off has passed since the last wrong password, the right one works."""
    attempts_until_locked("maija")
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    response, _client = sign_in("maija", PASSWORD)
    assert signed_in(response)


def test_the_administrator_sees_the_lockout_and_releases_it(teacher):
    """The admin lists the locked account's attempts; deleting them lets the teacher in."""
    attempts_until_locked("maija")
    admin = get_user_model().objects.create_superuser("rehtori", "r@example.fi", PASSWORD)
    client = Client()
    client.force_login(admin)
    page = client.get("/admin/axes/accessattempt/?locked_out=yes").content.decode()
    attempt = AccessAttempt.objects.get(username="maija")
    assert "maija" in page
    response = client.post(f"/admin/axes/accessattempt/{attempt.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    released, _client = sign_in("maija", PASSWORD)
    assert signed_in(released)


def test_no_address_or_user_agent_is_kept_with_an_attempt(teacher):
    """A failed sign-in keeps the address only as a keyed pseudonym in the documentation range
    2001:db8::/32, and no user agent."""
    sign_in("maija", "wrong")
    values = [str(value) for row in AccessAttempt.objects.values() for value in row.values()]
    values += [str(value) for row in AccessFailureLog.objects.values() for value in row.values()]
    kept = AccessAttempt.objects.get().ip_address
    assert ipaddress.ip_address(kept) in signin.PSEUDONYM_NETWORK
    assert not any(SCHOOL in value or "agent-77a1" in value or PASSWORD in value
                   for value in values)


def test_the_teacher_is_told_of_wrong_passwords_since_the_last_sign_in(teacher):
    """After three wrong passwords, the teacher's next sign-in says so once."""
    for n in range(3):
        sign_in("maija", f"wrong-{n}")
    response, client = sign_in("maija", PASSWORD)
    first = client.get(response["Location"]).content.decode()
    client.post("/accounts/logout/")
    response, client = sign_in("maija", PASSWORD)
    second = client.get(response["Location"]).content.decode()
    assert re.search(r"message-warning\">[^<]*\b3\b", first)
    assert "message-warning" not in second


def test_the_retention_job_deletes_old_failure_records(teacher):
    """Attempts past the cool-off and failure records past the retention period are deleted;
    newer ones stay."""
    for n in range(2):
        sign_in("maija", f"wrong-{n}")
    days = ClassroomSettings.load().retention_days
    old = timezone.now() - timedelta(days=days + 1)
    AccessFailureLog.objects.filter(pk=AccessFailureLog.objects.first().pk).update(
        attempt_time=old)
    AccessAttempt.objects.update(attempt_time=old)
    result = signin.signin_records_purge()
    assert result == {"attempts": 1, "failures": 1}
    assert AccessFailureLog.objects.count() == 1


def test_with_password_sign_in_off_only_administrators_use_a_password(settings, teacher):
    """TUTKIMUS_PASSWORD_SIGNIN=0: a teacher's right password is refused; an administrator's
    works."""
    settings.PASSWORD_SIGNIN = False
    get_user_model().objects.create_user("admin2", "a@example.fi", PASSWORD, is_staff=True)
    refused, _client = sign_in("maija", PASSWORD)
    admin, _client = sign_in("admin2", PASSWORD, address="192.0.2.1")
    assert refused.status_code == 200 and not signed_in(refused)
    assert admin.status_code == 302


def test_the_admin_sign_in_page_is_throttled_too(teacher):
    """The admin's own sign-in page goes through the same backend and is locked the same."""
    client = Client(REMOTE_ADDR=SCHOOL)
    codes = [client.post("/admin/login/", {"username": "maija", "password": f"x{n}"}).status_code
             for n in range(6)]
    assert codes == [200] * 4 + [429] * 2


def test_signing_in_to_ones_own_account_does_not_reset_guesses_on_another(teacher):
    """Wrong passwords on another account, with right ones on one's own in between, still lock
    that other account at its limit."""
    get_user_model().objects.create_user("eve", "eve@example.fi", PASSWORD)
    codes = []
    for n in range(5):
        codes.append(sign_in("maija", f"wrong-{n}")[0].status_code)
        assert signed_in(sign_in("eve", PASSWORD)[0])
    assert codes == [200] * 4 + [429]


def test_a_right_password_clears_the_accounts_own_count(teacher):
    """Four typos, then the right password: the count starts again from zero."""
    for n in range(4):
        sign_in("maija", f"wrong-{n}")
    assert signed_in(sign_in("maija", PASSWORD)[0])
    codes = [sign_in("maija", f"again-{n}")[0].status_code for n in range(4)]
    assert codes == [200] * 4
