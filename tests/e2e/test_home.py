"""The home page in a real browser, in both languages, at tablet and projector sizes."""

import pytest

from tests.e2e.conftest import SIZES, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_home_page_switches_from_finnish_to_english(live_url, new_page):
    """A Finnish tablet sees Finnish; tapping English switches the page and remembers it."""
    page = new_page("tablet-portrait", locale="fi-FI")
    page.goto(live_url + "/")
    assert page.locator("html").get_attribute("lang") == "fi"
    assert page.get_by_role("link", name="Olen opettaja").is_visible()
    page.get_by_role("button", name="English").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    page.goto(live_url + "/")
    assert page.get_by_role("link", name="I am a teacher").is_visible()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["fi-FI", "en-GB"])
def test_home_page_controls_are_touch_sized(live_url, new_page, size, locale):
    """Every button and link of the home page is at least 44 px tall and has an accessible name."""
    page = new_page(size, locale=locale)
    page.goto(live_url + "/")
    controls = page.locator("main a, main button, header button, header a")
    assert controls.count() >= 4
    for i in range(controls.count()):
        control = controls.nth(i)
        box = control.bounding_box()
        assert box["height"] >= 44, control.inner_text()
        assert control.inner_text().strip()
    screenshot(page, f"home-{size}-{locale}")
