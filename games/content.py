"""A game's content texts in the active language: every card, event, board and fact in the
engines' data is an object with one text per language of settings.LANGUAGES ({"fi", "sv",
"en"}), and `text` picks the page's (English where one is missing).

The pseudo-locale (`PSEUDO`, only ever added to LANGUAGES by the tests) writes every message
wrapped in markers, accented and lengthened by about 40 %, so a page rendered in it shows any
text not translated (a hard-coded string) and which controls long words break; `text` wraps
content texts the same way, from their English.
"""

import math
import re

from django.conf import settings
from django.utils.translation import get_language

PSEUDO = "xx"  # no language: ISO 639-1 assigns no "xx"
OPEN, CLOSE = "⟦", "⟧"

# A letter's accented twin; what is not a letter, or a placeholder, a tag or an entity, is kept.
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöƥǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖƤǪŔŠŢÛṼŴẊÝŽ")
KEPT = re.compile(r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[-#0 +]*\d*(?:\.\d+)?[sdifr%]"
                  r"|\{[^{}]*\}|<[^<>]*>|&#?\w+;")
WORD = re.compile(r"[A-Za-z]+")


def languages():
    """The languages content is written in: every language of settings.LANGUAGES but the
    pseudo-locale."""
    return [code for code, _name in settings.LANGUAGES if code != PSEUDO]


def language():
    """The active language's code if content is written in it (or the pseudo-locale's), else
    English: the key of a content text, and of a cache of content in one language."""
    code = get_language() or "en"
    if code == PSEUDO:
        return code
    code = code.split("-")[0]
    return code if code in languages() else "en"


def text(texts, fallback=""):
    """A content text ({"fi", "sv", "en"}) in the active language (see `text_in`)."""
    return text_in(texts, language(), fallback)


def text_in(texts, code, fallback=""):
    """A content text in the language `code`: English where that language's is missing,
    `fallback` where there is none; in the pseudo-locale, the English pseudo-written."""
    texts = texts or {}
    english = texts.get("en") or fallback
    if code == PSEUDO:
        return pseudo(english) if english else english
    return texts.get((code or "en").split("-")[0]) or english


def _lengthened(match):
    word = match.group(0).translate(ACCENTED)
    return word + word[-1] * math.ceil(len(word) * 0.4)


def pseudo(message):
    """"Finish" as "⟦Ƒîñîšĥĥĥĥ⟧": each word accented and about 40 % longer, placeholders
    (%(n)s, {name}), tags and entities unchanged, the whole in markers."""
    pieces, start = [], 0
    for kept in KEPT.finditer(message):
        pieces.append(WORD.sub(_lengthened, message[start:kept.start()]))
        pieces.append(kept.group(0))
        start = kept.end()
    pieces.append(WORD.sub(_lengthened, message[start:]))
    return OPEN + "".join(pieces) + CLOSE
