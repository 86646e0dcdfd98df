"""The sign-in pages at 1024×768 in Finnish and English: screenshots for a person to look at,
no axe-core violation, and (as on every page of this suite) a CSP without violations. The
administrator's pages for lockouts and invitations are opened too, for their CSP."""

import re

import pytest
from django.contrib.auth import get_user_model

from classroom import invitations
from tests.e2e.conftest import accessibility_problems, off_loop, screenshot
from tests.e2e.test_school_signin import ANNA, school  # noqa: F401 (the fixture)
from tests.oidc import school_signin_settings

pytestmark = pytest.mark.django_db(transaction=True)

LOCALES = {"fi": "fi-FI", "en": "en-GB"}
PASSWORD = "pw-Maija-123"


def look(page, name):
    page.wait_for_load_state("load")
    screenshot(page, name)
    problems = accessibility_problems(page)
    assert problems == [], (name, problems)


def make_teacher_and_admin():
    users = get_user_model().objects
    users.create_user("maija", "maija@example.fi", PASSWORD)
    users.create_superuser("rehtori", "rehtori@example.fi", PASSWORD)


def wrong_passwords(page, live_url, count):
    page.goto(live_url + "/accounts/login/")
    for n in range(count):
        page.locator("#id_username").fill("maija")
        page.locator("#id_password").fill(f"wrong-{n}")
        page.locator("main form[action$='/accounts/login/'] button[type=submit]").click()
        page.wait_for_load_state("load")


@pytest.mark.parametrize("language", LOCALES)
def test_password_pages_and_the_lockout(live_url, new_page, language):
    """The sign-in page, the lockout after five wrong passwords (its message says how long),
    the password reset pages and the closed sign-up."""
    off_loop(make_teacher_and_admin)
    page = new_page(locale=LOCALES[language])
    page.goto(live_url + "/accounts/login/")
    look(page, f"signin-{language}-login")
    wrong_passwords(page, live_url, 5)
    alert = page.locator("main [role=alert]").first.inner_text()
    look(page, f"signin-{language}-lockout")
    assert "15" in alert
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form[action$='/accounts/login/'] button[type=submit]").click()
    page.wait_for_load_state("load")
    assert "/accounts/login/" in page.url  # still locked, even with the right password
    for path, name in (("/accounts/password_reset/", "reset"), ("/accounts/signup/", "closed"),
                       ("/accounts/invitation/", "invitation-unusable")):
        page.goto(live_url + path)
        look(page, f"signin-{language}-{name}")


@pytest.mark.parametrize("language", LOCALES)
def test_school_sign_in_pages(live_url, new_page, school, language):  # noqa: F811
    """The sign-in page with a school's button, an invitation, the teacher's linked accounts
    and the page a refused sign-in ends on."""
    page = new_page(locale=LOCALES[language])
    page.goto(live_url + "/accounts/login/")
    look(page, f"school-{language}-login")
    _invitation, token = off_loop(invitations.invitation_create, email=ANNA[2])
    page.goto(f"{live_url}/accounts/invitation/{token}/")
    look(page, f"school-{language}-invitation")
    page.get_by_role("button", name=re.compile("School")).click()
    page.locator("#id_username").fill(ANNA[0])
    page.locator("#id_password").fill(ANNA[1])
    page.locator("#provider-sign-in").click()
    page.wait_for_url("**/lessons/")
    page.goto(live_url + "/accounts/school-accounts/")
    look(page, f"school-{language}-accounts")
    page.goto(live_url + "/accounts/school/oidc/school/login/callback/?state=x&code=y")
    look(page, f"school-{language}-refused")


def test_password_sign_in_switched_off_shows_only_the_school(live_url, new_page, school,  # noqa: F811
                                                             settings):
    """TUTKIMUS_PASSWORD_SIGNIN=0: the sign-in page has the school's button and no password."""
    settings.PASSWORD_SIGNIN = False
    settings.SOCIALACCOUNT_PROVIDERS = school_signin_settings(school)
    page = new_page()
    page.goto(live_url + "/accounts/login/")
    look(page, "school-fi-login-no-password")
    assert page.locator("#id_password").count() == 0


def test_the_administrators_pages_keep_the_policy(live_url, new_page):
    """The admin's lists of lockouts, failures and invitations, and adding an invitation, open
    without a CSP violation (the suite's watch fails the test otherwise)."""
    off_loop(make_teacher_and_admin)
    page = new_page(locale="en-GB")
    wrong_passwords(page, live_url, 2)
    page.goto(live_url + "/admin/login/")
    page.locator("#id_username").fill("rehtori")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url("**/admin/")
    for path in ("axes/accessattempt/", "axes/accessfailurelog/",
                 "classroom/teacherinvitation/", "classroom/classroomsettings/"):
        page.goto(f"{live_url}/admin/{path}")
    page.goto(f"{live_url}/admin/classroom/teacherinvitation/add/")
    page.locator("#id_email").fill("uusi@example.fi")
    page.locator("input[name=_save]").click()
    page.wait_for_load_state("load")
    screenshot(page, "admin-en-invitation-sent")
    assert "/accounts/invitation/" in page.locator(".messagelist").inner_text()
    page.goto(f"{live_url}/admin/axes/accessattempt/")
    screenshot(page, "admin-en-attempts")
    assert "maija" in page.locator("#result_list").inner_text()
