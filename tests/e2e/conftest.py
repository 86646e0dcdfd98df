"""Browser tests: Debian's Chromium driven by Playwright against the real ASGI server.

The server is uvicorn running the project's ASGI application in a thread of the test process, on
the test database, so a test can prepare data with the ORM and check what the pages did. Tests that
use `live_url` need the `transactional_db` fixture (the server must see committed rows).
Screenshots go to test-results/screenshots/.

Every page a test opens is watched for its Content-Security-Policy: each document the app serves
must carry one, and a `securitypolicyviolation` event on any page fails the test. The counts are
printed at the end of the run (FIGURE csp_…).
"""

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-dev-shm-usage", "--disable-component-update", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
SIZES = {"tablet-landscape": (1024, 768), "tablet-portrait": (768, 1024),
         "projector": (1920, 1080)}


class ServerThread(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        import uvicorn

        from tests.servers import free_port

        self.port = free_port()
        config = uvicorn.Config("config.asgi:application", host="127.0.0.1", port=self.port,
                                lifespan="on", log_level="warning", ws_max_size=65536)
        self.server = uvicorn.Server(config)

    def run(self):
        self.server.run()

    def start_and_wait(self):
        self.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)

    def stop(self):
        self.server.should_exit = True
        self.join(timeout=10)


@pytest.fixture(scope="session")
def live_url(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        server = ServerThread()
        server.start_and_wait()
        yield f"http://127.0.0.1:{server.port}"
        server.stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run .ci/ensure-services chromium (apt package chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                              headless=True)
        yield chromium
        chromium.close()


# Reports each violation to the test through a binding (bindings are outside the page's CSP).
LISTEN_FOR_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) => {
  window.cspViolation({page: document.location.href, directive: e.effectiveDirective,
                       blocked: e.blockedURI, sample: e.sample, source: e.sourceFile,
                       line: e.lineNumber});
});"""
CSP_FIGURES = {"documents": 0, "with_csp": 0, "violations": 0}


class PolicyWatch:
    """What one test's pages did: documents of the app without a CSP, and violations."""

    def __init__(self, origin):
        self.origin = origin
        self.violations = []
        self.without_csp = []

    def watch(self, context):
        context.expose_binding("cspViolation", lambda _source, report: self.violated(report))
        context.add_init_script(LISTEN_FOR_VIOLATIONS)
        context.on("response", self.response)

    def violated(self, report):
        CSP_FIGURES["violations"] += 1
        self.violations.append(report)

    def response(self, response):
        if response.request.resource_type != "document" or \
                not response.url.startswith(self.origin or "http://127.0.0.1:"):
            return
        CSP_FIGURES["documents"] += 1
        if "content-security-policy" in response.headers:
            CSP_FIGURES["with_csp"] += 1
        else:
            self.without_csp.append(response.url)


@pytest.fixture
def policy_watch(request):
    origin = request.getfixturevalue("live_url") if "live_url" in request.fixturenames else None
    watch = PolicyWatch(origin)
    yield watch
    assert watch.violations == [], f"Content-Security-Policy violations: {watch.violations}"
    assert watch.without_csp == [], f"pages without a Content-Security-Policy: {watch.without_csp}"


@pytest.fixture
def new_page(browser, policy_watch):
    """Open pages in fresh browser contexts (one per tablet); all are closed after the test,
    and the test fails if any page had no CSP or violated it."""
    contexts = []

    def open_page(size="tablet-landscape", locale="fi-FI"):
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        context.set_default_timeout(15_000)
        policy_watch.watch(context)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def pytest_terminal_summary(terminalreporter):
    if CSP_FIGURES["documents"]:
        terminalreporter.write_line(
            "FIGURE csp_documents={documents} csp_with_policy={with_csp} "
            "csp_violations={violations}".format(**CSP_FIGURES))
    if AXE_FIGURES["states"]:
        terminalreporter.write_line(
            "FIGURE axe_page_states={states} axe_violations={violations}".format(**AXE_FIGURES))


def accessibility_problems(page):
    """axe-core's violations on the page as it is now (injected through the DevTools protocol,
    so the page's CSP does not apply to it)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}: "
            f"{v['nodes'][0]['target'] if v['nodes'] else ''})"
            for v in results.response["violations"]]


AXE_FIGURES = {"states": 0, "violations": 0}


def screenshot(page, name):
    """Save a full-page screenshot for a person to look at, and check the page as it is with
    axe-core: the test fails on any violation. Returns the screenshot's path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    problems = accessibility_problems(page)
    AXE_FIGURES["states"] += 1
    AXE_FIGURES["violations"] += len(problems)
    assert problems == [], f"{name}: {problems}"
    return path


def off_loop(call, *args, **kwargs):
    """Run ORM and service calls outside Playwright's event loop (its sync API keeps one running
    in the test's thread, where Channels' async_to_sync cannot run)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    def run():
        try:
            return call(*args, **kwargs)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def game_version(lesson_id):
    """The version of the game at the lesson's one table."""
    from games.models import Game

    return Game.objects.filter(table__lesson_id=lesson_id).values_list("version", flat=True).get()


def settled(page):
    """The page has no tap waiting for an answer."""
    page.wait_for_function("() => !document.querySelector('[aria-busy=\"true\"]')")


def in_step(pages, lesson_id):
    """Wait until every tablet shows the game's current version; returns it."""
    version = off_loop(game_version, lesson_id)
    for page in pages:
        page.wait_for_function(
            "v => document.querySelector('main[data-live]').dataset.version == v", arg=version)
    return version
