"""Valid question records of every format, to break one rule at a time (AS-G06)."""

import copy

from games.art_of_science.bank.schema import STARTER_MIX

_BASE = {
    "id": "phy-0007",
    "lang": "en",
    "translation_of": None,
    "category": "physics",
    "difficulty": 1,
    "format": "multiple_choice",
    "prompt": "Which unit is used to measure electric current?",
    "options": ["volt", "ampere", "ohm", "watt"],
    "answer": "B",
    "tolerance": None,
    "unit": None,
    "accept": [],
    "explanation": "Current is measured in amperes (A); volts measure potential difference.",
    "image": None,
    "time_limit_s": None,
    "tags": ["electricity"],
    "author": "t-4821",
    "status": "approved",
    "licence": "CC-BY-4.0",
    "source": "Wikipedia (en): Ampere",
    "provenance": "ruling",
}

_FORMATS = {
    "multiple_choice": {},
    "true_false": {"options": [], "answer": True, "prompt": "Sound can travel through a vacuum."},
    "numeric": {"options": [], "answer": 5, "tolerance": 0, "unit": "m/s"},
    "open": {"options": [], "answer": "So errors are ruled out.", "accept": ["to check it"]},
}


def record(fmt: str = "multiple_choice", **changes) -> dict:
    """A valid record of the format, with the given fields changed."""
    r = copy.deepcopy(_BASE)
    r.update(copy.deepcopy(_FORMATS[fmt]), format=fmt)
    r.update(changes)
    return r


def translation(original: dict, lang: str = "fi", **changes) -> dict:
    """A valid translation of `original` into `lang` (id scheme <original id>-<lang>)."""
    r = copy.deepcopy(original)
    r.update(id=f"{original['id']}-{lang}", lang=lang, translation_of=original["id"])
    r.update(changes)
    return r


_PREFIX = {
    "mathematics": "mat",
    "biology": "bio",
    "chemistry": "che",
    "physics": "phy",
    "engineering": "eng",
    "other_science": "oth",
}


def starter_bank() -> list[dict]:
    """A minimal bank that meets the starter mix: 12/12/6 per category, every format present."""
    formats = ["true_false", "numeric", "open", "open"]
    bank = []
    for category, prefix in _PREFIX.items():
        n = 0
        for difficulty, count in STARTER_MIX.items():
            for _ in range(count):
                fmt = formats[n] if n < len(formats) else "multiple_choice"
                n += 1
                bank.append(
                    record(fmt, id=f"{prefix}-{n:04d}", category=category, difficulty=difficulty)
                )
    return bank
