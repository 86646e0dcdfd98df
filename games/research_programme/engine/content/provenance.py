"""Where each content value came from, and the three-language texts (docs/content-schema.md).

Every record carries `provenance`: `{"*": source, path: source, ...}`. `*` is the default; a
path names a field (`"science"`), a value inside one (`"name.sv"`, `"effects.0"`), or every text
in one language (`"*.sv"`). The most specific entry wins. Sources: `rulebook` (the Finnish
rulebook says it), `ruling` (a ruling of the rules file: G-xx, AM-xx) and `house` (written by the
project). Swedish texts are always `house`: the rulebook is Finnish.
"""

from __future__ import annotations

from typing import Any

SOURCES = ("rulebook", "ruling", "house")
LANGUAGES = ("en", "fi", "sv")


def is_text(value: Any) -> bool:
    return isinstance(value, dict) and "en" in value and set(value) <= set(LANGUAGES)


def texts(record: Any, path: str = ""):
    """Every (path, text) in a record, e.g. ("name", {...}), ("condition", {...}); a record
    inside it with its own provenance (a packet's cards) is checked on its own."""
    if is_text(record):
        yield path, record
    elif isinstance(record, dict):
        if path and "provenance" in record:
            return
        for key, value in record.items():
            if key != "provenance":
                yield from texts(value, f"{path}.{key}" if path else key)
    elif isinstance(record, list):
        for index, value in enumerate(record):
            yield from texts(value, f"{path}.{index}" if path else str(index))


def resolves(record: Any, path: str) -> bool:
    value = record
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False
    return True


def source_of(record: dict, path: str) -> str:
    """The source of the value at `path`: its own entry, its language's, a field's, or `*`."""
    provenance = record["provenance"]
    if path in provenance:
        return provenance[path]
    parts = path.split(".")
    language = f"*.{parts[-1]}"
    if parts[-1] in LANGUAGES and language in provenance:
        return provenance[language]
    for end in range(len(parts) - 1, 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in provenance:
            return provenance[prefix]
    return provenance["*"]


def provenance_problems(owner: str, record: dict) -> list[str]:
    """A record's provenance map is present, complete and names only real fields and sources."""
    provenance = record.get("provenance")
    if not isinstance(provenance, dict) or "*" not in provenance:
        return [f"{owner}: no provenance map with a '*' entry"]
    problems = []
    for path, source in provenance.items():
        if source not in SOURCES:
            problems.append(f"{owner}: provenance {path!r} has unknown source {source!r}")
        wildcard = path == "*" or (path.startswith("*.") and path[2:] in LANGUAGES)
        if not wildcard and not resolves(record, path):
            problems.append(f"{owner}: provenance names {path!r}, which the record lacks")
    if problems:
        return problems
    for path, _ in texts(record):
        if source_of(record, f"{path}.sv") != "house":
            problems.append(f"{owner}: the Swedish of {path} must be a house translation")
    return problems


def text_problems(owner: str, record: dict) -> list[str]:
    """Every text a student reads has English, Finnish and Swedish, none empty."""
    problems = []
    for path, text in texts(record):
        for language in LANGUAGES:
            value = text.get(language)
            if not isinstance(value, str) or not value.strip():
                problems.append(f"{owner}: {path or 'text'} has no {language} text")
    return problems


def record_problems(owner: str, record: dict) -> list[str]:
    return provenance_problems(owner, record) + text_problems(owner, record)
