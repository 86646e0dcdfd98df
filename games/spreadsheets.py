"""Cells that go into a spreadsheet (CSV, XLSX) from anything a person typed: the debrief's
exports and a game's own (a question bank) neutralise them the same way."""

import unicodedata

# A cell starting with one of these may run as a formula (or DDE) when a spreadsheet opens it;
# leading blanks count too, because an import may trim them (the full-width forms are for IMEs).
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
# What a reader may drop or not show before a trigger: blanks, line and paragraph separators,
# control characters (XLSX cannot hold most of them) and format characters (zero-width, BOM).
HIDDEN_CATEGORIES = {"Zs", "Zl", "Zp", "Cc", "Cf"}


def neutralise_cell(value):
    """Text a spreadsheet could run as a formula gets a leading apostrophe; other values pass.

    A trigger counts after any hidden characters and in its compatibility forms (full-width,
    small), since an import may drop the one and normalise the other."""
    if isinstance(value, str) and (value.startswith(FORMULA_TRIGGERS)
                                   or _first_visible(value).startswith(FORMULA_TRIGGERS)):
        return "'" + value
    return value


def _first_visible(text):
    for char in text:
        if char.isspace() or unicodedata.category(char) in HIDDEN_CATEGORIES:
            continue
        return unicodedata.normalize("NFKC", char)
    return ""
