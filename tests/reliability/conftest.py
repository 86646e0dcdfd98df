import pytest


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache: the suite shares one Redis database, and one test's
    wrong join codes would otherwise keep the next test's tablets out for the join limit's
    minute."""
    from django.core.cache import cache

    cache.clear()
    yield


FIGURES = []


def pytest_runtest_logreport(report):
    if report.when == "call":
        FIGURES.extend(line for line in report.capstdout.splitlines() if line.startswith("FIGURE"))


def pytest_terminal_summary(terminalreporter):
    """The suite's counted figures at the end of every run, as docs/reliability.md lists them."""
    if FIGURES:
        terminalreporter.section("reliability figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
