"""School sign-in in Chromium against a real OpenID Connect provider started by the test
(tests/oidc_provider): the account is linked by the issuer's subject on first sign-in, never by
an e-mail address alone; a wrong state, a replayed code and a token from another issuer are
refused, and nobody is signed in by them."""

import re
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

import pytest
from allauth.socialaccount.models import SocialAccount
from django.contrib.auth import get_user_model

from classroom import invitations
from tests.e2e.conftest import accessibility_problems, off_loop, screenshot
from tests.oidc import oidc_provider, school_signin_settings

pytestmark = pytest.mark.django_db(transaction=True)

ANNA = ("anna", "pw-Anna-123", "anna@koulu.example.fi")
CALLBACK = re.compile(r".*/accounts/school/oidc/[a-z]+/login/callback/.*")


@pytest.fixture
def school(live_url, settings, tmp_path):
    """The school's provider, configured in the app as its environment variables would."""
    with oidc_provider("school", live_url, tmp_path, users=[ANNA]) as provider:
        settings.SOCIALACCOUNT_PROVIDERS = school_signin_settings(provider)
        yield provider


def with_query(url, **changes):
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    query.update(changes)
    return urlunsplit(parts._replace(query=urlencode(query)))


def school_sign_in(page, live_url, provider_name="School", user=ANNA):
    """From the app's sign-in page through the provider's, as the teacher does."""
    page.goto(live_url + "/accounts/login/")
    page.get_by_role("button", name=re.compile(provider_name)).click()
    page.wait_for_url(re.compile(r".*/login/\?next=.*"))
    page.locator("#id_username").fill(user[0])
    page.locator("#id_password").fill(user[1])
    page.locator("#provider-sign-in").click()
    page.wait_for_load_state("load")


def signed_in_as(page, live_url):
    """The username of the page's teacher, or None."""
    page.goto(live_url + "/lessons/")
    if "/accounts/login/" in page.url:
        return None
    return page.locator(".account-menu summary").inner_text().split(":")[-1].strip()


def held_back_answer(page, live_url, provider_name="School", user=ANNA):
    """Sign in at the provider, but stop its answer (the redirect back to the app, with the
    code and the state) before the browser delivers it; return that answer's URL. The
    provider's pages are driven through the browser context's own requests, which share its
    cookies."""
    page.goto(live_url + "/accounts/login/")
    page.get_by_role("button", name=re.compile(provider_name)).click()
    page.wait_for_url(re.compile(r".*/login/\?next=.*"))
    form = {"csrfmiddlewaretoken": page.locator("[name=csrfmiddlewaretoken]").input_value(),
            "username": user[0], "password": user[1],
            "next": dict(parse_qsl(urlsplit(page.url).query))["next"]}
    signed = page.context.request.post(page.url, form=form, max_redirects=0)
    authorize = urljoin(page.url, signed.headers["location"])
    answer = page.context.request.get(authorize, max_redirects=0)
    assert CALLBACK.match(answer.headers["location"])
    return answer.headers["location"]


def invite(page, live_url, email=ANNA[2]):
    _invitation, token = off_loop(invitations.invitation_create, email=email)
    page.goto(f"{live_url}/accounts/invitation/{token}/")


def test_an_invited_teacher_signs_in_with_the_school_account_linked_by_subject(
        live_url, new_page, school):
    """The invitation's page leads to the school's sign-in; the new teacher's account is linked
    to the token's subject, and the next sign-in finds the same teacher."""
    page = new_page()
    invite(page, live_url)
    screenshot(page, "school-signin-invitation")
    school_sign_in(page, live_url)
    page.wait_for_url("**/lessons/")
    first = signed_in_as(page, live_url)
    accounts = off_loop(lambda: list(SocialAccount.objects.values_list(
        "provider", "uid", "user__username", "user__email")))
    page.locator(".account-menu summary").click()
    page.get_by_role("button", name=re.compile("Kirjaudu ulos|Sign out")).click()
    again = new_page()
    school_sign_in(again, live_url)
    again.wait_for_url("**/lessons/")
    assert len(accounts) == 1
    provider, uid, username, email = accounts[0]
    assert provider == "school" and uid.isdigit() and email == ANNA[2]
    assert signed_in_as(again, live_url) == first == username
    assert off_loop(get_user_model().objects.count) == 1


def test_an_e_mail_address_alone_never_links_an_account(live_url, new_page, school):
    """A teacher here has the school account's e-mail address, but no link and no invitation:
    the school sign-in signs nobody in and links nothing."""
    off_loop(get_user_model().objects.create_user, "anna_here", ANNA[2], "pw-Other-999")
    page = new_page(locale="en-GB")
    school_sign_in(page, live_url)
    screenshot(page, "school-signin-no-account-en")
    text = page.locator("main").inner_text()
    assert "No teacher account" in text
    assert accessibility_problems(page) == []
    assert signed_in_as(page, live_url) is None
    assert off_loop(SocialAccount.objects.count) == 0


def test_a_wrong_state_is_refused(live_url, new_page, school):
    """The provider's answer comes back with another state: refused, nobody signed in."""
    page = new_page()
    invite(page, live_url)
    answer = held_back_answer(page, live_url)
    page.goto(with_query(answer, state="forged-state-0123456789"))
    screenshot(page, "school-signin-refused")
    assert "/accounts/school/" in page.url
    assert page.locator("h1").inner_text() != ""
    assert accessibility_problems(page) == []
    assert signed_in_as(page, live_url) is None
    assert off_loop(SocialAccount.objects.count) == 0


def test_a_replayed_code_is_refused(live_url, new_page, school):
    """A code already exchanged, sent again with a fresh state of a new sign-in (or the whole
    old answer sent again), signs nobody in."""
    seen = []
    page = new_page()
    invite(page, live_url)
    page.on("request", lambda request: CALLBACK.match(request.url) and seen.append(request.url))
    school_sign_in(page, live_url)
    page.wait_for_url("**/lessons/")
    used_code = dict(parse_qsl(urlsplit(seen[0]).query))["code"]
    replay = new_page()
    replay.goto(seen[0])
    whole_answer = signed_in_as(replay, live_url)
    attacker = new_page()
    attacker.goto(with_query(held_back_answer(attacker, live_url), code=used_code))
    assert whole_answer is None
    assert signed_in_as(attacker, live_url) is None
    assert off_loop(SocialAccount.objects.count) == 1


@pytest.mark.parametrize("claims", ["token_issuer", "claimed_issuer"])
def test_a_token_from_another_issuer_is_refused(live_url, new_page, settings, tmp_path, school,
                                                claims):
    """A provider whose ID tokens name another issuer than the one configured (its discovery
    document says its own, or says the same other issuer): refused, no account made, even with
    an invitation waiting."""
    with oidc_provider("other", live_url, tmp_path, users=[ANNA],
                       **{claims: school.issuer}) as other:
        settings.SOCIALACCOUNT_PROVIDERS = school_signin_settings(school, other)
        page = new_page()
        invite(page, live_url)
        school_sign_in(page, live_url, provider_name="Other")
        text = page.locator("main").inner_text()
        assert signed_in_as(page, live_url) is None
    assert "/accounts/" in page.url and text
    assert off_loop(SocialAccount.objects.count) == 0
    assert off_loop(get_user_model().objects.count) == 0


def test_a_password_teacher_links_the_school_account_and_then_signs_in_with_it(
        live_url, new_page, school):
    """A teacher who signs in with a password links the school account from the account menu;
    then the school sign-in finds that teacher."""
    off_loop(get_user_model().objects.create_user, "anna_pw", "other@example.fi", "pw-Anna-456")
    page = new_page()
    page.goto(live_url + "/accounts/login/")
    page.locator("#id_username").fill("anna_pw")
    page.locator("#id_password").fill("pw-Anna-456")
    page.locator("main form:not([action*='oidc']) button[type=submit]").click()
    page.wait_for_url("**/lessons/")
    page.goto(live_url + "/accounts/school-accounts/")
    screenshot(page, "school-accounts-before")
    page.get_by_role("button", name=re.compile("School")).click()
    page.locator("#id_username").fill(ANNA[0])
    page.locator("#id_password").fill(ANNA[1])
    page.locator("#provider-sign-in").click()
    page.wait_for_url("**/accounts/school-accounts/")
    again = new_page()
    school_sign_in(again, live_url)
    assert signed_in_as(again, live_url) == "anna_pw"
