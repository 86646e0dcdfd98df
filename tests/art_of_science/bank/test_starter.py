"""The shipped starter bank: en, fi and sv files, their size (AS-G08) and their translations.

The files are games/art_of_science/bank/starter/<lang>.yaml; the rules are the validator's
(schema.py) plus the composition checks here. Format and policies:
docs/games/art_of_science-bank.md.
"""

import re
from collections import Counter

import pytest

from games.art_of_science.bank import schema
from games.art_of_science.bank.schema import STARTER_LANGS, load_starter

TRANSLATIONS = [lang for lang in STARTER_LANGS if lang != "en"]

# AS-G06's worked examples and its format example: id -> (category, difficulty, format, answer).
RULING_EXAMPLES = {
    "mat-0001": ("mathematics", 1, "multiple_choice", "B"),
    "bio-0001": ("biology", 1, "true_false", True),
    "che-0001": ("chemistry", 2, "multiple_choice", "C"),
    "phy-0002": ("physics", 2, "numeric", 5),
    "eng-0001": ("engineering", 1, "multiple_choice", "B"),
    "mat-0002": ("mathematics", 1, "numeric", 28),
    "eng-0002": ("engineering", 2, "true_false", True),
    "bio-0002": ("biology", 2, "open", None),
    "oth-0001": ("other_science", 3, "open", None),
    "phy-0007": ("physics", 1, "multiple_choice", "B"),
}


@pytest.fixture(scope="module")
def banks() -> dict[str, list[dict]]:
    return {lang: load_starter(lang) for lang in STARTER_LANGS}


@pytest.mark.parametrize("lang", STARTER_LANGS)
def test_starter_file_passes_validation(lang):
    """Each starter file loads with no problem: record rules, mix, translations, decimal comma."""
    records = schema.read_starter(lang)
    originals = schema.read_starter("en") if lang != "en" else None
    assert schema.validate_starter(lang, records, originals) == []
    assert len(load_starter(lang)) == 180


@pytest.mark.parametrize("lang", STARTER_LANGS)
def test_as_g08_thirty_per_category_twelve_twelve_six(banks, lang):
    """Every language has 30 approved questions per category: 12 at level 1, 12 at 2, 6 at 3."""
    counts = Counter((r["category"], r["difficulty"]) for r in banks[lang])
    for category in schema.PREFIXES:
        assert [counts[category, d] for d in (1, 2, 3)] == [12, 12, 6], category
    assert all(r["status"] == "approved" for r in banks[lang])


@pytest.mark.parametrize("lang", STARTER_LANGS)
def test_formats_per_category_mostly_multiple_choice(banks, lang):
    """Multiple choice is the majority (AS-G07); each category has true/false, numeric, 2+ open."""
    for category in schema.PREFIXES:
        formats = Counter(r["format"] for r in banks[lang] if r["category"] == category)
        assert formats["multiple_choice"] > 15, category
        assert formats["true_false"] >= 1 and formats["numeric"] >= 1, category
        assert formats["open"] >= 2, category


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translations_keep_the_answer_key(banks, lang):
    """Each fi/sv record translates one en record and keeps category, level, format and key."""
    originals = {r["id"]: r for r in banks["en"]}
    translated = Counter(r["translation_of"] for r in banks[lang])
    assert set(translated) == set(originals) and set(translated.values()) == {1}
    for r in banks[lang]:
        o = originals[r["translation_of"]]
        assert r["id"] == f"{o['id']}-{lang}"
        for field in ("category", "difficulty", "format", "tolerance", "unit", "tags", "source"):
            assert r[field] == o[field], (r["id"], field)
        assert len(r["options"]) == len(o["options"]), r["id"]
        if r["format"] != "open":
            assert r["answer"] == o["answer"] and type(r["answer"]) is type(o["answer"]), r["id"]


def test_ruling_examples_are_included(banks):
    """AS-G06's worked examples are in the bank, marked provenance: ruling; the rest are house."""
    en = {r["id"]: r for r in banks["en"]}
    for rid, (category, difficulty, fmt, answer) in RULING_EXAMPLES.items():
        r = en[rid]
        assert (r["category"], r["difficulty"], r["format"]) == (category, difficulty, fmt), rid
        if answer is not None:
            assert r["answer"] == answer, rid
        assert r["provenance"] == "ruling", rid
    others = {r["provenance"] for r in banks["en"] if r["id"] not in RULING_EXAMPLES}
    assert others == {"house"}


@pytest.mark.parametrize("lang", STARTER_LANGS)
def test_every_source_names_an_article_not_a_url(banks, lang):
    """Sources name a stable encyclopedia article a teacher can look up; no invented URLs."""
    for r in banks[lang]:
        assert re.fullmatch(r"Wikipedia \(en\): \S.*", r["source"]), r["id"]
        assert "http" not in r["source"] and "www." not in r["source"]


@pytest.mark.parametrize("lang", STARTER_LANGS)
def test_open_questions_give_judges_other_answers(banks, lang):
    """Open answers carry an accept list for the judging opponents (AS-G07)."""
    for r in banks[lang]:
        if r["format"] == "open":
            assert len(r["accept"]) >= 2, r["id"]


def test_other_science_asks_how_science_works(banks):
    """Other science includes evidence, replication, peer review and measurement uncertainty."""
    tags = Counter(t for r in banks["en"] if r["category"] == "other_science" for t in r["tags"])
    for topic in ("nature of science", "replication", "peer review", "uncertainty", "evidence"):
        assert tags[topic] >= 1, topic
