"""Browser tests: Debian's Chromium driven by Playwright against the real ASGI server.

The server is uvicorn running the project's ASGI application in a thread of the test process, on
the test database, so a test can prepare data with the ORM and check what the pages did. Tests that
use `live_url` need the `transactional_db` fixture (the server must see committed rows).
Screenshots go to test-results/screenshots/.
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


@pytest.fixture
def new_page(browser):
    """Open pages in fresh browser contexts (one per tablet); all are closed after the test."""
    contexts = []

    def open_page(size="tablet-landscape", locale="fi-FI"):
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def screenshot(page, name):
    """Save a full-page screenshot for a person to look at; returns its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
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
