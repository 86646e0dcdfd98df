"""A question row as an AS-G06 record and back, and the records a lesson's engine gets.

The bank's record (games/art_of_science/bank/schema.py, FIELDS) adds `source` and `provenance`
to AS-G06; the engine takes AS-G06's fields only (docs/games/art_of_science.md), so both are
left out of what a game is given.
"""

import copy
from functools import cache

from games.art_of_science.bank.schema import FIELDS, STARTER_LANGS, load_starter

ENGINE_FIELDS = tuple(f for f in FIELDS if f not in ("source", "provenance"))
NULL_WHEN_EMPTY = ("translation_of", "unit")  # text fields a record writes as null


def record_of(question) -> dict:
    """The question as a record in the bank's field order (its status included)."""
    record = {field: getattr(question, field) for field in FIELDS
              if field not in ("id", "status")}
    record["id"] = question.public_id
    record["status"] = question.status
    for field in NULL_WHEN_EMPTY:
        record[field] = record[field] or None
    return {field: record[field] for field in FIELDS}


def fields_of(record: dict) -> dict:
    """The model's fields of a valid record (without its owner and status)."""
    values = {field: record[field] for field in FIELDS if field not in ("id", "status")}
    values["public_id"] = record["id"]
    for field in NULL_WHEN_EMPTY:
        values[field] = values[field] or ""
    return values


def engine_record(question) -> dict:
    """The AS-G06 record a game draws from: approved by the time it is given."""
    record = record_of(question)
    return {field: record[field] for field in ENGINE_FIELDS} | {"status": "approved"}


@cache
def _starter(lang):
    return tuple(load_starter(lang))


def starter(lang) -> list[dict]:
    """The starter bank's validated records of one language (read and checked once)."""
    return copy.deepcopy(list(_starter(lang)))


def starter_rows(model, taken=frozenset()) -> list:
    """Unsaved rows of the starter bank (every language) not yet in the bank (`taken` ids):
    the school's shared, approved questions, each with its record's provenance and source."""
    return [model(**fields_of(record), status="approved", owner=None, shared=True)
            for lang in STARTER_LANGS for record in starter(lang)
            if record["id"] not in taken]
