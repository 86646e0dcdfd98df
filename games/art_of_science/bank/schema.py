"""Validation of The Art of Science question records (AS-G06) and of the starter bank (AS-G08).

Every check returns Problems instead of raising, so an import can name each bad row and field.
The record rules are AS-G06's validation paragraph plus this bank's own; the bank rules are
AS-G08's size and mix. The format and every rule: docs/games/art_of_science-bank.md.
Pure Python: imports nothing from Django.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

PREFIXES = {
    "mathematics": "mat",
    "biology": "bio",
    "chemistry": "che",
    "physics": "phy",
    "engineering": "eng",
    "other_science": "oth",
}
FORMATS = ("multiple_choice", "true_false", "numeric", "open")
DIFFICULTIES = (1, 2, 3)
STATUSES = ("draft", "approved", "retired")
PROVENANCES = ("house", "ruling", "teacher")
FIELDS = (
    "id", "lang", "translation_of", "category", "difficulty", "format", "prompt", "options",
    "answer", "tolerance", "unit", "accept", "explanation", "image", "time_limit_s", "tags",
    "author", "status", "licence", "source", "provenance",
)  # fmt: skip
PROMPT_MAX = 200
OPTION_MAX = 60
EXPLANATION_MAX = 200
OPTION_COUNT = (3, 4)  # AS-28
LETTERS = "ABCD"
TIME_LIMIT_S = (15, 90)  # AS-30: the range a teacher may set

STARTER_DIR = Path(__file__).resolve().parent / "starter"
STARTER_ORIGINAL = "en"
STARTER_LANGS = ("en", "fi", "sv")
STARTER_MIX = {1: 12, 2: 12, 3: 6}  # AS-G08: approved questions per category and language
STARTER_FORMATS = {"true_false": 1, "numeric": 1, "open": 2}  # per category, beside MC
DECIMAL_COMMA_LANGS = ("fi", "sv")

_ORIGINAL_ID = re.compile(r"^[a-z]{3}-\d{4,}$")
_LANG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")
_AUTHOR = re.compile(r"^t-\d+$")  # a pseudonymous teacher id, never a name (AS-G24)
_CATCH_ALL = re.compile(
    r"\b(?:all|none|both|neither)\s+of\s+(?:the\s+)?(?:above|these)\b"  # en
    r"|\b(?:kaikki|ei\s+mikään|ei\s+kumpikaan)\b.*\b(?:edellä|yllä|näistä|nämä)\b"  # fi
    r"|\b(?:alla|inget|ingen)\b.*\b(?:ovan|ovanstående|dessa)\b",  # sv
    re.IGNORECASE,
)
_DECIMAL_POINT = re.compile(r"(?<![\d.,])\d+\.\d+(?![\d.])")


@dataclass(frozen=True)
class Problem:
    """One broken rule: which record, which field, which rule, and a sentence for a teacher."""

    record_id: str
    field: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.record_id} · {self.field}: {self.message} [{self.rule}]"


class BankInvalid(ValueError):
    """A bank file broke rules; `problems` lists every one."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        shown = "\n".join(str(p) for p in problems[:20])
        super().__init__(f"{len(problems)} problem(s):\n{shown}")


def _problem(record: dict, field: str, rule: str, message: str) -> Problem:
    rid = record.get("id")
    return Problem(rid if isinstance(rid, str) and rid else "?", field, rule, message)


def _is_text(value: object) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _is_empty(value: object) -> bool:
    return value is None or value == [] or value == ""


# --- record rules ---------------------------------------------------------------------------


def _check_fields(r: dict) -> Iterator[Problem]:
    for field in FIELDS:
        if field not in r:
            yield _problem(r, field, "missing_field", "the field is missing")
    for field in r:
        if field not in FIELDS:
            yield _problem(r, str(field), "unknown_field", "not a field of a question record")


def _check_id(r: dict) -> Iterator[Problem]:
    rid, original, lang = r.get("id"), r.get("translation_of"), r.get("lang")
    if "id" not in r or "translation_of" not in r:
        return
    if not isinstance(rid, str):
        yield _problem(r, "id", "id_format", "the id must be text such as phy-0007")
        return
    prefix = PREFIXES.get(r.get("category"))
    if prefix and not rid.startswith(prefix + "-"):
        yield _problem(r, "id", "id_format", f"the id must start with {prefix}- for its category")
    if original is None:
        if not _ORIGINAL_ID.match(rid):
            yield _problem(r, "id", "id_format", "an original's id is prefix-number, e.g. phy-0007")
    elif not (isinstance(original, str) and _ORIGINAL_ID.match(original)):
        yield _problem(r, "translation_of", "translation_id", "must be an original's id or null")
    elif rid != f"{original}-{lang}":
        yield _problem(r, "id", "translation_id", f"a translation's id is {original}-{lang}")


def _check_enums(r: dict) -> Iterator[Problem]:
    enums = {
        "category": ("category_enum", tuple(PREFIXES)),
        "difficulty": ("difficulty_enum", DIFFICULTIES),
        "format": ("format_enum", FORMATS),
        "status": ("status_enum", STATUSES),
        "provenance": ("provenance_enum", PROVENANCES),
    }
    for field, (rule, allowed) in enums.items():
        value = r.get(field)
        if field in r and (isinstance(value, bool) or value not in allowed):
            yield _problem(r, field, rule, f"must be one of {', '.join(map(str, allowed))}")
    if "lang" in r and not (isinstance(r["lang"], str) and _LANG.match(r["lang"])):
        yield _problem(r, "lang", "lang_format", "must be a BCP 47 tag such as en, fi or sv")


def _check_texts(r: dict) -> Iterator[Problem]:
    for field, limit, rule in (
        ("prompt", PROMPT_MAX, "prompt_length"),
        ("explanation", EXPLANATION_MAX, "explanation_length"),
    ):
        if field not in r:
            continue
        if not _is_text(r[field]):
            yield _problem(r, field, "text_required", "must be non-empty text")
        elif len(r[field]) > limit:
            yield _problem(r, field, rule, f"{len(r[field])} characters, at most {limit}")
    for field in ("licence", "source"):
        if field in r and not _is_text(r[field]):
            yield _problem(r, field, "text_required", "must be non-empty text")


def _check_multiple_choice(r: dict) -> Iterator[Problem]:
    options = r.get("options")
    if not (isinstance(options, list) and OPTION_COUNT[0] <= len(options) <= OPTION_COUNT[1]):
        yield _problem(r, "options", "option_count", "multiple choice needs 3–4 options")
        options = options if isinstance(options, list) else []
    for i, option in enumerate(options):
        field = f"options[{LETTERS[i] if i < len(LETTERS) else i}]"
        if not _is_text(option):
            yield _problem(r, field, "text_required", "an option must be non-empty text")
            continue
        if len(option) > OPTION_MAX:
            yield _problem(r, field, "option_length", f"{len(option)} characters, at most 60")
        if _CATCH_ALL.search(option):
            yield _problem(r, field, "catch_all_option", "no 'all/none of the above' (AS-29)")
    keys = [" ".join(o.split()).casefold() for o in options if isinstance(o, str)]
    for key, count in Counter(keys).items():
        if count > 1:
            yield _problem(r, "options", "duplicate_options", f"'{key}' appears {count} times")
    letters = LETTERS[: len(options)]
    answer = r.get("answer")
    if not (isinstance(answer, str) and len(answer) == 1 and answer in letters):
        yield _problem(r, "answer", "answer_key", f"one correct option: a letter of {letters}")


def _check_true_false(r: dict) -> Iterator[Problem]:
    if not isinstance(r.get("answer"), bool):
        yield _problem(r, "answer", "answer_key", "true/false needs the answer true or false")


def _check_numeric(r: dict) -> Iterator[Problem]:
    if not _is_number(r.get("answer")):
        yield _problem(r, "answer", "answer_key", "a numeric question needs a number as answer")
    tolerance = r.get("tolerance")
    if not (_is_number(tolerance) and tolerance >= 0):
        yield _problem(r, "tolerance", "tolerance", "needs a tolerance, a number ≥ 0")
    if r.get("unit") is not None and not _is_text(r["unit"]):
        yield _problem(r, "unit", "text_required", "the unit is text or null")


def _check_open(r: dict) -> Iterator[Problem]:
    if not _is_text(r.get("answer")):
        yield _problem(r, "answer", "answer_key", "an open question needs a model answer")
    accept = r.get("accept")
    if not (isinstance(accept, list) and all(_is_text(a) for a in accept)):
        yield _problem(r, "accept", "accept_list", "accept is a list of non-empty answers")


_FORMAT_CHECKS = {
    "multiple_choice": _check_multiple_choice,
    "true_false": _check_true_false,
    "numeric": _check_numeric,
    "open": _check_open,
}
_FORMAT_FIELDS = {  # fields that only one format may fill
    "options": "multiple_choice",
    "tolerance": "numeric",
    "unit": "numeric",
    "accept": "open",
}


def _check_format(r: dict) -> Iterator[Problem]:
    fmt = r.get("format")
    if fmt not in _FORMAT_CHECKS:
        return
    yield from _FORMAT_CHECKS[fmt](r)
    for field, owner in _FORMAT_FIELDS.items():
        if fmt != owner and not _is_empty(r.get(field)):
            yield _problem(r, field, "field_not_allowed", f"only {owner} questions fill {field}")


def _check_extras(r: dict) -> Iterator[Problem]:
    image = r.get("image")
    if image is not None:
        if not (isinstance(image, dict) and _is_text(image.get("file"))):
            yield _problem(r, "image.file", "image_file", "an image needs a file")
        if not (isinstance(image, dict) and _is_text(image.get("alt"))):
            yield _problem(r, "image.alt", "image_alt", "every image needs alt text (AS-G24)")
    limit = r.get("time_limit_s")
    low, high = TIME_LIMIT_S
    if limit is not None and not (type(limit) is int and low <= limit <= high):
        yield _problem(r, "time_limit_s", "time_limit", f"null or whole seconds {low}–{high}")
    tags = r.get("tags")
    if "tags" in r and not (isinstance(tags, list) and all(_is_text(t) for t in tags)):
        yield _problem(r, "tags", "tags", "tags are a list of non-empty words")
    if "author" in r and not (isinstance(r["author"], str) and _AUTHOR.match(r["author"])):
        yield _problem(r, "author", "author", "a pseudonymous teacher id such as t-4821")


_RECORD_CHECKS = (
    _check_fields, _check_id, _check_enums, _check_texts, _check_format, _check_extras,
)  # fmt: skip


def validate_record(record: object) -> list[Problem]:
    """Every rule one record breaks on its own (AS-G06); an empty list means it is valid."""
    if not isinstance(record, dict):
        return [Problem("?", "record", "record_type", "a record is a mapping of fields")]
    return [p for check in _RECORD_CHECKS for p in check(record)]


# --- bank rules -----------------------------------------------------------------------------


def _label(problems: list[Problem], position: int) -> list[Problem]:
    """A record without a usable id is named by its position (1-based), as an import row is."""
    return [replace(p, record_id=f"#{position}") if p.record_id == "?" else p for p in problems]


def _count_rule(records: list[dict], field: str, minimum: dict, rule: str) -> Iterator[Problem]:
    counts = Counter(
        (r.get("category"), r.get(field))
        for r in records
        if isinstance(r, dict) and r.get("status") == "approved"
    )
    for category in PREFIXES:
        for value, least in minimum.items():
            if counts[category, value] < least:
                yield Problem(
                    category, field, rule,
                    f"{counts[category, value]} approved with {field} {value}, at least {least}",
                )  # fmt: skip


def validate_bank(
    records: Iterable[object],
    *,
    mix: dict[int, int] | None = None,
    formats: dict[str, int] | None = None,
) -> list[Problem]:
    """Every record's problems, duplicate ids, and (if given) the minimum mix per category.

    `mix` maps a difficulty to the least number of approved questions per category (AS-G08's
    STARTER_MIX); `formats` does the same for formats. An import of a teacher's few questions
    passes neither. Bank-wide problems name the category in place of a record id.
    """
    records = list(records)
    problems = [p for i, r in enumerate(records, 1) for p in _label(validate_record(r), i)]
    ids = Counter(r.get("id") for r in records if isinstance(r, dict))
    for rid, count in ids.items():
        if isinstance(rid, str) and count > 1:
            problems.append(Problem(rid, "id", "duplicate_id", f"{count} records share this id"))
    dicts = [r for r in records if isinstance(r, dict)]
    if mix:
        problems += _count_rule(dicts, "difficulty", mix, "difficulty_mix")
    if formats:
        problems += _count_rule(dicts, "format", formats, "format_mix")
    return problems


_SAME_IN_TRANSLATION = ("category", "difficulty", "format", "tolerance")


def validate_translations(originals: Iterable[dict], translations: Iterable[dict]) -> list[Problem]:
    """Each translation names an existing original and keeps its answer key (AS-G25)."""
    by_id = {r.get("id"): r for r in originals}
    problems = []
    for t in translations:
        original = by_id.get(t.get("translation_of"))
        if original is None:
            problems.append(
                _problem(t, "translation_of", "translation_missing", "names no original record")
            )
            continue
        fields = list(_SAME_IN_TRANSLATION)
        if t.get("format") != "open":  # an open answer is a translated model answer
            fields.append("answer")
        for field in fields:
            if t.get(field) != original.get(field) or type(t.get(field)) is not type(
                original.get(field)
            ):
                problems.append(
                    _problem(t, field, "translation_mismatch", f"differs from {original['id']}")
                )
        if len(t.get("options") or []) != len(original.get("options") or []):
            problems.append(
                _problem(t, "options", "translation_mismatch", "a different number of options")
            )
    return problems


def _texts(r: dict) -> Iterator[tuple[str, str]]:
    for field in ("prompt", "explanation", "answer", "unit"):
        if isinstance(r.get(field), str):
            yield field, r[field]
    for field in ("options", "accept"):
        for i, text in enumerate(r.get(field) or []):
            if isinstance(text, str):
                yield f"{field}[{i}]", text


def _check_decimal_comma(r: dict) -> Iterator[Problem]:
    for field, text in _texts(r):
        if _DECIMAL_POINT.search(text):
            yield _problem(r, field, "decimal_comma", "fi and sv texts write decimals with a comma")


def validate_starter(
    lang: str, records: list[dict], originals: list[dict] | None = None
) -> list[Problem]:
    """The starter bank's rules for one language file (AS-G08), beside validate_bank's.

    The English file is the original; every other file translates each English record once.
    """
    problems = validate_bank(records, mix=STARTER_MIX, formats=STARTER_FORMATS)
    records = [r for r in records if isinstance(r, dict)]
    for r in records:
        if r.get("lang") != lang:
            problems.append(_problem(r, "lang", "starter_lang", f"the {lang} file holds {lang}"))
        if lang == STARTER_ORIGINAL and r.get("translation_of") is not None:
            problems.append(_problem(r, "translation_of", "starter_original", "must be null"))
        if lang in DECIMAL_COMMA_LANGS:
            problems += _check_decimal_comma(r)
    if lang != STARTER_ORIGINAL:
        problems += validate_translations(originals or [], records)
        translated = {r.get("translation_of") for r in records}
        for original in originals or []:
            if original.get("id") not in translated:
                problems.append(
                    Problem(original.get("id", "?"), "id", "untranslated", f"no {lang} record")
                )
    return problems


def read_starter(lang: str) -> list:
    """The starter file's records as written, unvalidated."""
    with open(STARTER_DIR / f"{lang}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f) or []


def load_starter(lang: str) -> list[dict]:
    """The validated starter records of one language; raises BankInvalid naming each problem."""
    records = read_starter(lang)
    if not isinstance(records, list):
        raise BankInvalid([Problem(lang, "file", "record_type", "a bank file is a list")])
    originals = read_starter(STARTER_ORIGINAL) if lang != STARTER_ORIGINAL else None
    problems = validate_starter(lang, records, originals)
    if problems:
        raise BankInvalid(problems)
    return records
