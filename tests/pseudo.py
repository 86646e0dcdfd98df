"""The pseudo-locale for tests (issue 24): a catalogue generated at test time from the msgids of
every catalogue the app reads (the platform's, each game's, Django's own), each message written
by `games.content.pseudo` (in markers, accented, ~40 % longer), and a checker that finds the text
of a page outside markers: a hard-coded string.

Django merges every catalogue of a language into one, so one generated catalogue under a tmp
LOCALE_PATHS entry stands for the per-app ones. Changing LOCALE_PATHS and LANGUAGES through
the `settings` fixture fires `setting_changed`, whose handler empties translation's caches
(`trans_real._translations`, `check_for_language`), so the new language is found.
"""

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import django
import polib

from config import translations
from games.content import CLOSE, OPEN, PSEUDO, pseudo

# The language every message is read from: its catalogue holds every msgid of the app.
SOURCE = "fi"

# Text a page shows untranslated on purpose, with the reason for each.
ALLOWED = {
    "Tutkimusohjelma": "the product's name",
    "Classroom": "the product's name",
    "Pseudo": "the pseudo-locale's name in the language switch (each language in itself)",
    PSEUDO: "the pseudo-locale's code, shown where a lesson's language is named by its code",
    **dict.fromkeys(("fi", "sv", "en"), "a language's code (a question's language in the bank)"),
    **dict.fromkeys(("CSV", "XLSX", "JSON", "YAML"), "a file format's name"),
}
# Not words: web addresses (the join link) and question ids (phy-0031, phy-0007-fi).
NOT_WORDS = re.compile(r"https?://\S+|\b[a-z]{3}-\d{4}(?:-[a-z]{2})?\b")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


def source_catalogues():
    """The SOURCE catalogue of the app and its games, and Django's own (forms, auth)."""
    yield from (p for p in translations.po_files() if p.parts[-3] == SOURCE)
    django_home = Path(django.__file__).parent
    yield from sorted(django_home.glob(f"**/locale/{SOURCE}/LC_MESSAGES/django.po"))


def write_catalogue(folder):
    """folder/<PSEUDO>/LC_MESSAGES/django.mo: every msgid of every source catalogue, pseudo-written;
    returns the folder, to put first in LOCALE_PATHS."""
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8",
                          "Plural-Forms": "nplurals=2; plural=(n != 1);", "Language": PSEUDO}
    seen = set()
    for path in source_catalogues():
        for entry in polib.pofile(str(path)):
            key = (entry.msgctxt, entry.msgid)
            if entry.obsolete or not entry.msgid or key in seen:
                continue
            seen.add(key)
            written = polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid)
            if entry.msgid_plural:
                written.msgid_plural = entry.msgid_plural
                written.msgstr_plural = {0: pseudo(entry.msgid), 1: pseudo(entry.msgid_plural)}
            else:
                written.msgstr = pseudo(entry.msgid)
            catalogue.append(written)
    home = Path(folder) / PSEUDO / "LC_MESSAGES"
    home.mkdir(parents=True, exist_ok=True)
    catalogue.save(str(home / "django.po"))
    catalogue.save_as_mofile(str(home / "django.mo"))
    return Path(folder)


LANG_INFO = {"bidi": False, "code": PSEUDO, "name": "Pseudo", "name_local": "Pseudo"}


def install(settings, monkeypatch, catalogue):
    """The pseudo-locale as one more language of the app, for the test using `settings`; its
    catalogue is the folder `write_catalogue` wrote."""
    from django.conf import locale

    monkeypatch.setitem(locale.LANG_INFO, PSEUDO, LANG_INFO)
    settings.LOCALE_PATHS = [catalogue, *settings.LOCALE_PATHS]
    settings.LANGUAGES = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]


# The checker ---------------------------------------------------------------------------------

SHOWN_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt", "aria-description"}
UNSHOWN = {"script", "style"}
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
WORDS = re.compile(r"[^\W\d_]+")


class _Texts(HTMLParser):
    """The page's text in order (one string, tags as spaces), and its shown attributes; not what
    an element marks as in another language (`lang`: a language's name in itself, a question in
    its own language), nor scripts and styles."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text, self.attributes, self.skipping, self.other_language = [], [], 0, []

    def handle_starttag(self, tag, attrs):
        if tag in UNSHOWN:
            self.skipping += 1
        values = dict(attrs)
        if tag not in VOID and (self.other_language or tag != "html" and values.get("lang")
                                not in (None, PSEUDO)):
            self.other_language.append(tag)
        if self.other_language:
            return
        self.attributes += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.attributes.append(values["value"])
        self.text.append(" ")

    def handle_endtag(self, tag):
        if self.other_language and self.other_language[-1] == tag:
            self.other_language.pop()
        if tag in UNSHOWN:
            self.skipping = max(0, self.skipping - 1)
        self.text.append(" ")

    def handle_data(self, data):
        if not self.skipping and not self.other_language:
            self.text.append(data)


def outside_markers(text):
    """What of `text` is not inside markers (nested markers count as one)."""
    while True:
        unwrapped = MARKED.sub(" ", text)
        if unwrapped == text:
            return text
        text = unwrapped


def unwrapped_words(page, allowed=()):
    """The words of a page (its text and shown attributes) outside markers, with a little of their
    context: numbers, punctuation and the `allowed` words (names players chose, the join code,
    ALLOWED) are not words that need translating."""
    parser = _Texts()
    parser.feed(page)
    allowed = set(ALLOWED) | {w for a in allowed for w in WORDS.findall(str(a))}
    found, seen = [], set()
    for text in ["".join(parser.text), *parser.attributes]:
        rest = NOT_WORDS.sub(" ", outside_markers(html.unescape(text)))
        for match in WORDS.finditer(rest):
            if match.group(0) not in allowed and match.group(0) not in seen:
                seen.add(match.group(0))
                context = " ".join(rest[max(0, match.start() - 30):match.end() + 30].split())
                found.append(f"{match.group(0)!r} in “{context}”")
    return found
