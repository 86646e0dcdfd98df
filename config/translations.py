"""Compile every .po file to .mo without GNU gettext: `python -m config.translations`.

`make run` and `make test` use it, so a fresh machine needs only Python.
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


if __name__ == "__main__":
    print(f"Compiled {compile_all()} translation file(s).")
