"""The question-record validator: one test per rule, each naming the record, field and rule.

Every test breaks one rule of a valid record (AS-G06, AS-G08, AS-G24, AS-G25) and checks that
the validator reports exactly that rule at that field, so removing a rule fails its test.
"""

import subprocess
import sys

import pytest

from games.art_of_science.bank import schema
from games.art_of_science.bank.schema import (
    Problem,
    validate_bank,
    validate_record,
    validate_starter,
    validate_translations,
)

from . import factory as f


def found(problems: list[Problem]) -> set[tuple[str, str, str]]:
    return {(p.record_id, p.field, p.rule) for p in problems}


@pytest.mark.parametrize("fmt", schema.FORMATS)
def test_valid_record_of_each_format_has_no_problems(fmt):
    """A well-formed record of every format passes."""
    assert validate_record(f.record(fmt)) == []


def test_record_type_rejects_a_non_mapping():
    """A row that is not a mapping of fields is named as such."""
    assert found(validate_record(["phy-0007"])) == {("?", "record", "record_type")}


def test_missing_field_is_named():
    """Every AS-G06 field is required, even when its value is null."""
    r = f.record()
    del r["tolerance"]
    assert found(validate_record(r)) == {("phy-0007", "tolerance", "missing_field")}


def test_unknown_field_is_named():
    """A misspelt field is reported rather than silently dropped."""
    assert ("phy-0007", "explaination", "unknown_field") in found(
        validate_record(f.record(explaination="x"))
    )


def test_id_format_needs_the_category_prefix():
    """An id carries its category's prefix (phy- for physics)."""
    assert found(validate_record(f.record(id="bio-0007"))) == {("bio-0007", "id", "id_format")}


def test_id_format_original_has_no_language_suffix():
    """An original's id is prefix-number; only translations carry a language."""
    assert found(validate_record(f.record(id="phy-0007-en"))) == {
        ("phy-0007-en", "id", "id_format")
    }


def test_translation_id_is_the_original_id_and_language():
    """A translation's id is <translation_of>-<lang>."""
    t = f.translation(f.record(), id="phy-0008-fi")
    assert found(validate_record(t)) == {("phy-0008-fi", "id", "translation_id")}


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("category", "astronomy", "category_enum"),
        ("difficulty", 4, "difficulty_enum"),
        ("difficulty", True, "difficulty_enum"),
        ("format", "essay", "format_enum"),
        ("status", "published", "status_enum"),
        ("provenance", "internet", "provenance_enum"),
        ("lang", "English", "lang_format"),
    ],
)
def test_enums_reject_other_values(field, value, rule):
    """Category, difficulty, format, status, provenance and lang take only their listed values."""
    assert ("phy-0007", field, rule) in found(validate_record(f.record(**{field: value})))


@pytest.mark.parametrize("field", ["prompt", "explanation", "source", "licence"])
def test_text_required_rejects_empty_text(field):
    """Prompt, explanation, source and licence must be non-empty text."""
    assert found(validate_record(f.record(**{field: "  "}))) == {
        ("phy-0007", field, "text_required")
    }


def test_prompt_length_at_most_200():
    """A prompt of 201 characters is too long; 200 is allowed."""
    assert validate_record(f.record(prompt="x" * 200)) == []
    assert found(validate_record(f.record(prompt="x" * 201))) == {
        ("phy-0007", "prompt", "prompt_length")
    }


def test_explanation_length_at_most_200():
    """An explanation of 201 characters is too long."""
    assert found(validate_record(f.record(explanation="x" * 201))) == {
        ("phy-0007", "explanation", "explanation_length")
    }


def test_option_length_at_most_60():
    """Each option is at most 60 characters; the field names the option's letter."""
    options = ["volt", "ampere", "o" * 61, "watt"]
    assert found(validate_record(f.record(options=options))) == {
        ("phy-0007", "options[C]", "option_length")
    }


@pytest.mark.parametrize("options", [["volt", "ampere"], ["a", "b", "c", "d", "e"], None])
def test_option_count_three_or_four(options):
    """Multiple choice has 3–4 options (AS-28)."""
    assert ("phy-0007", "options", "option_count") in found(
        validate_record(f.record(options=options))
    )


@pytest.mark.parametrize(
    "catch_all",
    ["All of the above", "none of these", "ei mikään edellä mainituista", "inget av ovanstående"],
)
def test_catch_all_option_is_rejected(catch_all):
    """No 'all/none of the above' in en, fi or sv: options are shuffled (AS-29)."""
    options = ["volt", "ampere", "ohm", catch_all]
    assert ("phy-0007", "options[D]", "catch_all_option") in found(
        validate_record(f.record(options=options))
    )


def test_duplicate_options_are_rejected():
    """Two options that differ only in case or spacing are duplicates."""
    options = ["volt", "ampere", "Ampere ", "watt"]
    assert found(validate_record(f.record(options=options))) == {
        ("phy-0007", "options", "duplicate_options")
    }


@pytest.mark.parametrize("answer", ["E", "D", "b", "AB", 2, None])
def test_answer_key_multiple_choice_is_one_letter_of_an_option(answer):
    """One correct option: a single capital letter within the options (D needs 4 options)."""
    r = f.record(options=["volt", "ampere", "ohm"], answer=answer)
    assert found(validate_record(r)) == {("phy-0007", "answer", "answer_key")}


@pytest.mark.parametrize(
    ("fmt", "answer"),
    [("true_false", "true"), ("numeric", "5"), ("numeric", True), ("open", "")],
)
def test_answer_key_fits_the_format(fmt, answer):
    """True/false answers are booleans, numeric answers numbers, open answers text."""
    assert found(validate_record(f.record(fmt, answer=answer))) == {
        ("phy-0007", "answer", "answer_key")
    }


@pytest.mark.parametrize("tolerance", [-0.5, None, "0"])
def test_tolerance_is_a_number_at_least_zero(tolerance):
    """A numeric question needs a tolerance ≥ 0 (AS-31)."""
    assert found(validate_record(f.record("numeric", tolerance=tolerance))) == {
        ("phy-0007", "tolerance", "tolerance")
    }


@pytest.mark.parametrize("accept", [None, "herd immunity", ["ok", ""]])
def test_accept_list_holds_non_empty_answers(accept):
    """An open question's accept is a list of non-empty answers for the judges (AS-G07)."""
    assert found(validate_record(f.record("open", accept=accept))) == {
        ("phy-0007", "accept", "accept_list")
    }


@pytest.mark.parametrize(
    ("fmt", "field", "value"),
    [
        ("true_false", "options", ["yes", "no", "maybe"]),
        ("multiple_choice", "tolerance", 0.5),
        ("open", "unit", "m/s"),
        ("numeric", "accept", ["five"]),
    ],
)
def test_field_not_allowed_outside_its_format(fmt, field, value):
    """Options, tolerance, unit and accept belong to one format each."""
    assert ("phy-0007", field, "field_not_allowed") in found(
        validate_record(f.record(fmt, **{field: value}))
    )


def test_image_alt_is_required():
    """Every image has alt text (AS-G24)."""
    r = f.record(image={"file": "circuit.png", "alt": ""})
    assert found(validate_record(r)) == {("phy-0007", "image.alt", "image_alt")}


def test_image_file_is_required():
    """An image names its file."""
    r = f.record(image={"alt": "A lamp in a circuit"})
    assert found(validate_record(r)) == {("phy-0007", "image.file", "image_file")}


@pytest.mark.parametrize("limit", [10, 91, 30.5, "30"])
def test_time_limit_is_whole_seconds_15_to_90(limit):
    """A question's own limit stays in the teacher's range (AS-30, AS-G21)."""
    assert found(validate_record(f.record(time_limit_s=limit))) == {
        ("phy-0007", "time_limit_s", "time_limit")
    }


def test_tags_are_a_list_of_words():
    """Tags are a list of non-empty text."""
    assert found(validate_record(f.record(tags="electricity"))) == {("phy-0007", "tags", "tags")}


@pytest.mark.parametrize("author", ["Maija Meikäläinen", "", None])
def test_author_is_a_pseudonymous_teacher_id(author):
    """Authors are pseudonymous teacher ids, never names (AS-G24)."""
    assert found(validate_record(f.record(author=author))) == {("phy-0007", "author", "author")}


def test_every_problem_is_reported_not_just_the_first():
    """A record with several faults lists them all, for an import's error report."""
    r = f.record(prompt="", answer="Z", author="Anna")
    assert {p.rule for p in validate_record(r)} == {"text_required", "answer_key", "author"}


# --- bank rules ---------------------------------------------------------------------------


def test_bank_names_a_record_without_id_by_its_position():
    """A row with no id is named #<row>, as an import row would be."""
    bad = f.record()
    del bad["id"]
    assert ("#2", "id", "missing_field") in found(validate_bank([f.record(), bad]))


def test_duplicate_id_in_a_bank():
    """Ids are unique within a bank."""
    assert ("phy-0007", "id", "duplicate_id") in found(validate_bank([f.record(), f.record()]))


def test_bank_without_mix_accepts_a_few_questions():
    """A teacher's import of a few questions is not held to the starter size."""
    assert validate_bank([f.record()]) == []


def test_difficulty_mix_per_category():
    """With AS-G08's mix, each category needs 12/12/6 approved questions."""
    bank = f.starter_bank()
    assert validate_bank(bank, mix=schema.STARTER_MIX, formats=schema.STARTER_FORMATS) == []
    bank[-1]["status"] = "draft"  # other_science loses an approved difficulty-3 question
    assert found(validate_bank(bank, mix=schema.STARTER_MIX)) == {
        ("other_science", "difficulty", "difficulty_mix")
    }


def test_format_mix_per_category():
    """The starter bank has true/false, numeric and at least two open questions per category."""
    bank = [
        r for r in f.starter_bank() if not (r["category"] == "biology" and r["format"] == "open")
    ]
    assert ("biology", "format", "format_mix") in found(
        validate_bank(bank, formats=schema.STARTER_FORMATS)
    )


def test_translation_missing_original():
    """A translation names an existing original."""
    t = f.translation(f.record(id="phy-0001"))
    assert found(validate_translations([f.record()], [t])) == {
        ("phy-0001-fi", "translation_of", "translation_missing")
    }


@pytest.mark.parametrize(
    ("field", "value"),
    [("answer", "C"), ("difficulty", 2), ("category", "chemistry"), ("options", ["a", "b", "c"])],
)
def test_translation_mismatch_keeps_the_answer_key(field, value):
    """A translation keeps its original's category, difficulty, answer and number of options."""
    original = f.record()
    t = f.translation(original, **{field: value})
    assert ("phy-0007-fi", field, "translation_mismatch") in found(
        validate_translations([original], [t])
    )


def test_translation_mismatch_numeric_tolerance():
    """A numeric translation keeps the answer and the tolerance."""
    original = f.record("numeric")
    t = f.translation(original, tolerance=1)
    assert found(validate_translations([original], [t])) == {
        ("phy-0007-fi", "tolerance", "translation_mismatch")
    }


def test_open_translation_may_translate_its_model_answer():
    """An open question's model answer is text in the translation's language."""
    original = f.record("open")
    t = f.translation(original, answer="Jotta virheet suljetaan pois.", accept=["tarkistus"])
    assert validate_translations([original], [t]) == []


def _starter_pair():
    originals = f.starter_bank()
    return originals, [f.translation(r) for r in originals]


def test_untranslated_original_in_a_starter_file():
    """Each starter language translates every English record."""
    originals, translations = _starter_pair()
    assert validate_starter("fi", translations, originals) == []
    assert found(validate_starter("fi", translations[1:], originals)) >= {
        ("mat-0001", "id", "untranslated")
    }


def test_starter_lang_matches_the_file():
    """The fi file holds only fi records."""
    originals, translations = _starter_pair()
    translations[0] = f.translation(originals[0], lang="sv")
    assert ("mat-0001-sv", "lang", "starter_lang") in found(
        validate_starter("fi", translations, originals)
    )


def test_starter_original_is_not_a_translation():
    """The English file is the original: translation_of is null."""
    bank = f.starter_bank()
    bank[0] = f.translation(bank[0], lang="en", id="mat-0001-en")
    assert ("mat-0001-en", "translation_of", "starter_original") in found(
        validate_starter("en", bank)
    )


@pytest.mark.parametrize("field", ["prompt", "explanation"])
def test_decimal_comma_in_fi_and_sv(field):
    """Finnish and Swedish texts write 2,5, not 2.5; a date such as 6.12.1917 is no decimal."""
    originals, translations = _starter_pair()
    translations[0][field] = "Montako metriä on 2.5 km?"
    translations[1][field] = "Itsenäisyyspäivä 6.12.1917 ja 2,5 km."
    assert found(validate_starter("fi", translations, originals)) == {
        ("mat-0001-fi", field, "decimal_comma")
    }


def test_bank_invalid_names_every_problem():
    """load_starter's error lists each problem with record and field."""
    error = schema.BankInvalid([Problem("phy-0007", "answer", "answer_key", "no letter")])
    assert "phy-0007 · answer: no letter [answer_key]" in str(error)


def test_schema_imports_no_django():
    """The validator is pure Python, reusable by the model and by imports outside Django."""
    code = (
        "import sys; import games.art_of_science.bank.schema; "
        "sys.exit(any(m.split('.')[0] in ('django', 'channels', 'celery') for m in sys.modules))"
    )
    assert (
        subprocess.run([sys.executable, "-c", code], cwd=schema.STARTER_DIR.parents[3]).returncode
        == 0
    )
