"""Translations: compile every .po file to .mo without GNU gettext (`python -m
config.translations`; `make run` and `make test` use it, so a fresh machine needs only Python),
and refresh the catalogues from the sources (`python -m config.translations messages`, which
needs GNU gettext): the platform's in `locale/`, each game's in `games/<key>/locale/`.
"""

from pathlib import Path

import polib

BASE_DIR = Path(__file__).resolve().parent.parent


def po_files():
    for path in sorted(BASE_DIR.glob("**/locale/*/LC_MESSAGES/*.po")):
        if ".venv" not in path.parts:
            yield path


def compile_all():
    compiled = 0
    for po_path in po_files():
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        compiled += 1
    return compiled


# What is not the app's own text, or is a game's (each game keeps its own catalogue).
NOT_SOURCES = [".venv", "var", "tests", "bench", "test-results", "node_modules", "static"]


def make_messages():
    """Refresh every catalogue of every language but English from the sources."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from games.registry import GAMES

    languages = [code for code, _name in settings.LANGUAGES if code != "en"]
    games = [f"games/{key}" for key in GAMES]
    os.chdir(BASE_DIR)
    call_command("makemessages", locale=languages, ignore_patterns=[*NOT_SOURCES, *games],
                 no_obsolete=True, verbosity=0)
    for game in games:
        (BASE_DIR / game / "locale").mkdir(exist_ok=True)
        os.chdir(BASE_DIR / game)
        call_command("makemessages", locale=languages, ignore_patterns=["engine"],
                     no_obsolete=True, verbosity=0)
    os.chdir(BASE_DIR)


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["messages"]:
        make_messages()
        print("Catalogues refreshed: translate what is new or fuzzy, then commit.")
    else:
        print(f"Compiled {compile_all()} translation file(s).")
