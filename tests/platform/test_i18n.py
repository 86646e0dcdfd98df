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


def translated(entry):
    """A singular entry has its text; a plural one has every form."""
    if entry.msgid_plural:
        return bool(entry.msgstr_plural) and all(entry.msgstr_plural.values())
    return bool(entry.msgstr)


def test_an_empty_translation_is_caught():
    import polib

    assert not translated(polib.POEntry(msgid="Hello", msgstr=""))
    one_form = polib.POEntry(msgid="a", msgid_plural="as", msgstr_plural={0: "x", 1: ""})
    both = polib.POEntry(msgid="a", msgid_plural="as", msgstr_plural={0: "x", 1: "y"})
    assert not translated(one_form) and translated(both)


def test_every_catalogue_entry_is_translated_and_not_fuzzy():
    """Every message of the platform's catalogue and of each game's, in every language but
    English, has its translation (`make messages` refreshes them from the sources)."""
    import polib

    missing = {}
    for po_path in translations.po_files():
        po = polib.pofile(str(po_path))
        gaps = [entry.msgid for entry in po if not entry.obsolete and (
            "fuzzy" in entry.flags or not translated(entry))]
        if gaps:
            missing[str(po_path.relative_to(translations.BASE_DIR))] = gaps[:5]
    assert missing == {}


def test_each_registered_game_keeps_its_own_catalogue():
    """A game's words are translated in its own folder, so adding a game touches nothing else."""
    from games.registry import GAMES

    for key in GAMES:
        assert (translations.BASE_DIR / "games" / key / "locale" / "fi" / "LC_MESSAGES" /
                "django.po").exists(), key


@pytest.mark.django_db
def test_the_switch_names_each_language_in_itself(client):
    """suomi, svenska, English: each button in its own language, marked with its `lang`."""
    html = client.get("/").content.decode()
    for code, name in (("fi", "suomi"), ("sv", "svenska"), ("en", "English")):
        assert f'value="{code}" lang="{code}"' in html
        assert f">{name}</button>" in html
