"""Completeness is tested, so a game cannot land half-translated (issue 24): every language of
settings.LANGUAGES but English has its catalogue for the platform and for every registered game,
every content text of every game carries every language, and The Art of Science's starter
question bank has a file per language with the same questions. Each checker is shown to catch
what it should on a small copy."""

import json
from pathlib import Path

import polib
import yaml
from django.conf import settings

from config import translations
from games import content
from games.registry import GAMES

BASE = translations.BASE_DIR
STARTER = BASE / "games" / "art_of_science" / "bank" / "starter"


def catalogue_languages():
    return [code for code in content.languages() if code != "en"]


def missing_catalogues(base, games, languages):
    """The catalogues that should exist and do not: the platform's in locale/ and each game's
    in games/<key>/locale/, one per language."""
    homes = [Path(base)] + [Path(base) / "games" / key for key in games]
    return sorted(str(home / "locale" / code / "LC_MESSAGES" / "django.po")
                  for home in homes for code in languages
                  if not (home / "locale" / code / "LC_MESSAGES" / "django.po").exists())


def messages(path):
    return {(e.msgctxt, e.msgid) for e in polib.pofile(str(path)) if not e.obsolete}


def unmatched_messages(base, games, languages):
    """Messages one language's catalogue has and another's (of the same home) lacks: a message
    added to one language only."""
    gaps = []
    for home in [Path(base)] + [Path(base) / "games" / key for key in games]:
        found = {code: messages(home / "locale" / code / "LC_MESSAGES" / "django.po")
                 for code in languages}
        every = set().union(*found.values())
        gaps += [f"{home.name}/{code}: {msgid!r}" for code in languages
                 for _ctxt, msgid in sorted(every - found[code], key=str)]
    return gaps


def untranslated_texts(data, languages, where=""):
    """Where in `data` an object with an "en" key lacks a language or has it empty."""
    gaps = []
    if isinstance(data, dict):
        if "en" in data:
            gaps += [f"{where}: {code}" for code in languages
                     if not isinstance(data.get(code), str) or not data[code].strip()]
        for key, value in data.items():
            gaps += untranslated_texts(value, languages, f"{where}/{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            gaps += untranslated_texts(value, languages, f"{where}[{i}]")
    return gaps


def content_files(base, games):
    for key in games:
        yield from sorted((Path(base) / "games" / key / "engine" / "content").glob("**/*.json"))


def bank_gaps(folder, languages):
    """Languages without a starter file, and questions missing from (or extra in) a translation:
    each translation's `translation_of` ids are the English file's ids."""
    folder = Path(folder)
    gaps = [f"{code}.yaml missing" for code in languages if not (folder / f"{code}.yaml").exists()]
    if gaps or "en" not in languages:
        return gaps
    english = {q["id"] for q in yaml.safe_load((folder / "en.yaml").read_text())}
    for code in languages:
        if code == "en":
            continue
        questions = yaml.safe_load((folder / f"{code}.yaml").read_text())
        ids = {q.get("translation_of") for q in questions}
        gaps += [f"{code}: no {i}" for i in sorted(english - ids)]
        gaps += [f"{code}: extra {i}" for i in sorted(ids - english, key=str)]
    return gaps


# The project as it is ------------------------------------------------------------------------


def test_every_language_has_its_catalogue_for_the_platform_and_every_game():
    """locale/<lang>/ and games/<key>/locale/<lang>/ exist for fi and sv (English is the
    msgids), so a game added without its catalogue in a language fails here."""
    assert catalogue_languages() and missing_catalogues(BASE, GAMES, catalogue_languages()) == []


def test_every_catalogue_of_a_home_has_the_same_messages():
    """A message added to the Finnish catalogue is in the Swedish one too, and the other way."""
    assert unmatched_messages(BASE, GAMES, catalogue_languages()) == []


def test_every_content_text_carries_every_language():
    """Any object with an "en" key in a game's content files has fi, sv and en, none empty."""
    gaps = {}
    for path in content_files(BASE, GAMES):
        found = untranslated_texts(json.loads(path.read_text()), content.languages())
        if found:
            gaps[str(path.relative_to(BASE))] = found[:5]
    assert gaps == {}


def test_every_game_and_variant_title_carries_every_language():
    """A game's and its variants' titles (its engine's info) are in every language."""
    from games.engines.base import ENGINES

    gaps = []
    for key in GAMES:
        info = ENGINES[key].info
        gaps += untranslated_texts(info.title, content.languages(), f"{key}/title")
        for variant, spec in info.variants.items():
            gaps += untranslated_texts(spec["title"], content.languages(), f"{key}/{variant}")
    assert gaps == []


def test_the_starter_bank_has_a_file_per_language_with_the_same_questions():
    """fi.yaml and sv.yaml translate exactly the questions of en.yaml (AS-G08)."""
    assert bank_gaps(STARTER, content.languages()) == []


# The checkers catch what they should ----------------------------------------------------------


def test_a_game_without_its_swedish_catalogue_is_caught(tmp_path):
    for home in (tmp_path, tmp_path / "games" / "new_game"):
        (home / "locale" / "fi" / "LC_MESSAGES").mkdir(parents=True)
        (home / "locale" / "fi" / "LC_MESSAGES" / "django.po").write_text("")
    missing = missing_catalogues(tmp_path, ["new_game"], ["fi", "sv"])
    assert len(missing) == 2 and all("/sv/" in path for path in missing)
    assert missing_catalogues(tmp_path, ["new_game"], ["fi"]) == []


def test_a_message_in_one_language_only_is_caught(tmp_path):
    for code, ids in (("fi", ["Join", "Leave"]), ("sv", ["Join"])):
        po = polib.POFile()
        for msgid in ids:
            po.append(polib.POEntry(msgid=msgid, msgstr=msgid))
        (tmp_path / "locale" / code / "LC_MESSAGES").mkdir(parents=True)
        po.save(str(tmp_path / "locale" / code / "LC_MESSAGES" / "django.po"))
    assert unmatched_messages(tmp_path, [], ["fi", "sv"]) == [f"{tmp_path.name}/sv: 'Leave'"]


def test_a_content_text_missing_a_language_or_empty_is_caught():
    data = {"cards": [{"name": {"en": "Grant", "fi": "Apuraha", "sv": "Bidrag"},
                       "text": {"en": "Gain 2", "fi": "Saat 2", "sv": " "}},
                      {"name": {"en": "Lab", "fi": "Laboratorio"}, "cost": 3}]}
    assert untranslated_texts(data, ["fi", "sv", "en"]) == [
        "/cards[0]/text: sv", "/cards[1]/name: sv"]
    assert untranslated_texts({"id": "x", "n": [1, 2]}, ["fi", "sv", "en"]) == []


def test_a_starter_file_missing_or_short_of_a_question_is_caught(tmp_path):
    (tmp_path / "en.yaml").write_text("- {id: mat-0001}\n- {id: mat-0002}\n")
    (tmp_path / "fi.yaml").write_text("- {id: mat-0001-fi, translation_of: mat-0001}\n")
    assert bank_gaps(tmp_path, ["fi", "sv", "en"]) == ["sv.yaml missing"]
    (tmp_path / "sv.yaml").write_text("- {id: mat-0001-sv, translation_of: mat-0001}\n"
                                      "- {id: mat-0002-sv, translation_of: mat-0002}\n")
    assert bank_gaps(tmp_path, ["fi", "sv", "en"]) == ["fi: no mat-0002"]


def test_settings_languages_are_the_content_languages():
    """Content is checked against settings.LANGUAGES, so a language added there is checked."""
    assert content.languages() == [code for code, _name in settings.LANGUAGES]
