"""Finnish and English from the start: Finnish by default, a switch, and compiled catalogues."""

import pytest

from config import translations


@pytest.mark.django_db
def test_pages_are_finnish_by_default(client):
    """A visitor without a language choice gets Finnish (the app's default language)."""
    response = client.get("/")
    assert response.status_code == 200
    assert b'<html lang="fi">' in response.content
    assert b"Olen opettaja" in response.content


@pytest.mark.django_db
def test_language_switch_changes_the_page_language(client):
    """Posting to the language switch stores the choice, and the next page is in English."""
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response.cookies["language"].value == "en"
    page = client.get("/")
    assert b'<html lang="en">' in page.content
    assert b"I am a teacher" in page.content


@pytest.mark.django_db
def test_browser_language_is_honoured(client):
    """LocaleMiddleware reads Accept-Language when no choice was made."""
    page = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"})
    assert b'<html lang="en">' in page.content


def test_every_catalogue_compiles_without_gettext():
    """The Finnish catalogue compiles with the pure-Python compiler that `make` uses."""
    translations.compile_all()
    po_files = list(translations.po_files())
    assert any(p.parts[-3] == "fi" for p in po_files)
    for po_path in po_files:
        assert po_path.with_suffix(".mo").stat().st_size > 0
