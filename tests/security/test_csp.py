"""Every response carries the strict Content-Security-Policy and the Permissions-Policy, and
nothing in the templates or scripts needs more than that policy allows.

The browser suite (tests/e2e) checks the other half: no page it opens reports a violation.
"""

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.classroom.factories import join, make_lesson, make_teacher

pytestmark = pytest.mark.django_db

BASE_DIR = Path(__file__).resolve().parents[2]
FORBIDDEN_IN_TEMPLATES = {
    "an inline style attribute": re.compile(r"<[a-zA-Z][^>]*\sstyle\s*=", re.S),
    "a style element": re.compile(r"<style[\s>]", re.I),
    "an inline script": re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")"
                                   r"[^>]*>", re.I),
    "an event handler attribute": re.compile(r"<[a-zA-Z][^>]*\son[a-z]+\s*=\s*[\"']", re.S),
    "a javascript: URL": re.compile(r"javascript:", re.I),
}
FORBIDDEN_IN_SCRIPTS = {
    "eval": re.compile(r"\beval\s*\("),
    "new Function": re.compile(r"new\s+Function\s*\("),
    "a string timer": re.compile(r"set(Timeout|Interval)\s*\(\s*[\"']"),
    "a style attribute": re.compile(r"setAttribute\(\s*[\"']style"),
}


def policy(response):
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def every_path(resolver=None, prefix=""):
    """Every URL pattern of the app, with 1 for each argument (a lesson, a question…)."""
    for pattern in (resolver or get_resolver()).url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from every_path(pattern, route)
        elif isinstance(pattern, URLPattern):
            path = re.sub(r"<(?:int:)?[a-z_]+>", "1", route)
            path = re.sub(r"<(?:str|slug|uuid|path):[a-z_0-9]+>", "x", path)
            path = re.sub(r"\^?\(\?P<provider_id>[^)]+\)", "school", path)
            path = re.sub(r"[\^$]", "", path)
            yield "/" + path


@pytest.fixture
def clients(settings):
    settings.DEBUG = False  # Django's own debug pages are not the app's: see the policy in force
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher)
    _student, token = join(lesson)
    signed_in = Client()
    signed_in.force_login(teacher)
    tablet = Client()
    tablet.get(f"/join/?code={lesson.join_code}")
    return {"anonymous": Client(), "teacher": signed_in, "tablet": tablet}


def test_every_page_and_file_has_the_strict_policy(clients):
    """Every route of the URL resolver, as a visitor, a teacher and a tablet, and a static file:
    each answer (page, redirect, refusal or not found) has a CSP with no unsafe source, sockets
    on its own host, framing refused, and the Permissions-Policy."""
    paths = sorted(set(every_path())) + ["/static/css/app.css", "/static/js/live.js",
                                         "/no-such-page/"]
    answers = with_policy = 0
    for who, client in clients.items():
        for path in paths:
            response = client.get(path)
            answers += 1
            assert "Content-Security-Policy" in response, (who, path, response.status_code)
            with_policy += 1
            directives = policy(response)
            assert directives["default-src"] == ["'self'"]
            assert directives["script-src"] == ["'self'"], (who, path)
            assert directives["style-src"] == ["'self'"], (who, path)
            assert directives["frame-ancestors"] == ["'none'"]
            assert directives["object-src"] == ["'none'"] and directives["base-uri"] == ["'none'"]
            assert "ws://testserver" in directives["connect-src"]
            assert "camera=()" in response["Permissions-Policy"]
            assert "microphone=()" in response["Permissions-Policy"]
            assert "geolocation=()" in response["Permissions-Policy"]
    print(f"FIGURE csp_routes={len(paths)} csp_answers={answers} csp_with_policy={with_policy}")
    assert with_policy == answers > 150


def test_a_secure_page_allows_only_secure_sockets(clients):
    """Behind HTTPS the page's sockets are wss: on its own host, never ws:."""
    response = clients["anonymous"].get("/", secure=True)
    assert policy(response)["connect-src"] == ["'self'", "wss://testserver"]


def test_the_school_sign_in_providers_may_receive_the_sign_in_form(settings, clients):
    """A configured provider's origin is the only other place a form may lead to."""
    from config.school_signin import providers_from_environment

    settings.SOCIALACCOUNT_PROVIDERS = {"openid_connect": {"APPS": providers_from_environment({
        "TUTKIMUS_OIDC_PROVIDERS": "google", "TUTKIMUS_OIDC_GOOGLE_CLIENT_ID": "id",
        "TUTKIMUS_OIDC_GOOGLE_CLIENT_SECRET": "secret"})}}
    response = clients["anonymous"].get("/accounts/login/")
    assert policy(response)["form-action"] == ["'self'", "https://accounts.google.com"]


def test_no_template_needs_an_inline_script_or_style():
    """No template of the app has a style attribute or element, an inline script, an event
    handler attribute or a javascript: URL (the policy would refuse each)."""
    found = []
    for path in sorted((BASE_DIR / "templates").rglob("*.html")) + sorted(
            (BASE_DIR / "games").rglob("templates/**/*.html")):
        text = path.read_text()
        found += [f"{path.relative_to(BASE_DIR)}: {what}"
                  for what, pattern in FORBIDDEN_IN_TEMPLATES.items() if pattern.search(text)]
    assert found == []


def test_no_script_evaluates_strings_or_writes_style_attributes():
    """The static scripts never evaluate a string or set a style attribute ('unsafe-eval' and
    inline styles are refused); setting element.style through the CSSOM is allowed."""
    found = [f"{path.name}: {what}" for path in sorted((BASE_DIR / "static").rglob("*.js"))
             for what, pattern in FORBIDDEN_IN_SCRIPTS.items()
             if pattern.search(path.read_text())]
    assert found == []
