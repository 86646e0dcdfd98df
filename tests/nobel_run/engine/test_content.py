"""The catalogue file: complete, in three languages, with provenance; the loader refuses a
bad record."""

import copy
import json

import pytest

from games.nobel_run.engine.content import (
    CONTENT_DIR,
    LANGUAGES,
    SOURCES,
    ContentError,
    load,
    validate,
)

RAW = json.loads((CONTENT_DIR / "cards.json").read_text(encoding="utf-8"))


def write(tmp_path, cards):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


def test_the_shipped_catalogue_is_valid_and_complete():
    """39 kinds, 106 cards; every name and blurb in fi, en and sv; every provenance source
    known."""
    assert validate(RAW) == []
    assert len(RAW) == 39 and sum(c["copies"] for c in RAW) == 106
    for card in RAW:
        assert all(card["name"][lang] and card["blurb"][lang] for lang in LANGUAGES)
        assert set(card["provenance"].values()) <= set(SOURCES)
        assert card["provenance"]["blurb.sv"] == "house"


def test_nr_g20_scientists_names_are_not_translated():
    """The scientist's name is the card name in every language, Spanish included (NR-G20);
    the English blurb is the card list's note (provenance 'ruling')."""
    for card in RAW:
        if card["type"] == "scientist":
            assert {card["name"][lang] for lang in ("fi", "en", "sv", "es")} == {
                card["scientist"]}
            assert card["provenance"]["blurb.en"] == "ruling"


@pytest.mark.parametrize("breakage, message", [
    (lambda c: c[2]["uses"].append({"op": "teleport"}), "unknown use effect"),
    (lambda c: c[2].pop("provenance"), "missing fields"),
    (lambda c: c[2]["provenance"].pop("*"), "provenance needs a default"),
    (lambda c: c[2]["provenance"].update({"cost": "wikipedia"}), "unknown source"),
    (lambda c: c[2]["name"].pop("sv"), "name needs a text"),
    (lambda c: c[2]["cost"].update({"M": -1}), "cost needs"),
    (lambda c: c[2].update({"copies": 11}), "basic cards, NR-02"),
    (lambda c: c[2]["publish"].update({"res": "X"}), "publish effect"),
    (lambda c: c.append(copy.deepcopy(c[0])), "ids repeat"),
    (lambda c: c[2].update({"immediate": {"op": "prestige", "n": 1}}), "immediate effect"),
    (lambda c: c[2].update({"changed": [{"field": "cost", "ruling": "NR-G9"}]}), "NR-G21"),
])
def test_the_loader_refuses_a_bad_record(tmp_path, breakage, message):
    """A broken record raises ContentError naming the problem."""
    cards = copy.deepcopy(RAW)
    assert cards[2]["id"] == "predoc"
    breakage(cards)
    with pytest.raises(ContentError) as error:
        load(write(tmp_path, cards))
    assert message in str(error.value)


def test_the_loader_refuses_a_missing_or_broken_file(tmp_path):
    """No file, or not JSON: ContentError."""
    with pytest.raises(ContentError):
        load(tmp_path / "nowhere.json")
    path = tmp_path / "cards.json"
    path.write_text("[{", encoding="utf-8")
    with pytest.raises(ContentError):
        load(path)
