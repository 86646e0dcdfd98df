"""Provenance and Swedish texts in the content files, and the loader refusing bad content
(docs/content-schema.md, "Provenance")."""

import json
import shutil
from pathlib import Path

import pytest

from games.research_programme.engine.content import CONTENT_DIR, ContentError, load
from games.research_programme.engine.content.provenance import SOURCES, source_of, texts

FILES = ("theories", "methods", "projects", "events", "anomalies", "packets")


def records():
    for name in FILES:
        for record in json.loads((CONTENT_DIR / f"{name}.json").read_text(encoding="utf-8")):
            yield record.get("id") or f"packet {record['packet']}", record
            if name == "packets":
                for kind in ("theory", "project", "method"):
                    yield record[kind]["id"], record[kind]


RECORDS = dict(records())


@pytest.mark.parametrize("record_id", sorted(RECORDS))
def test_every_record_says_where_its_values_came_from(record_id):
    """A provenance map with a default, known sources only, and Swedish always `house`."""
    record = RECORDS[record_id]
    provenance = record["provenance"]
    assert "*" in provenance and set(provenance.values()) <= set(SOURCES)
    for path, _ in texts(record):
        assert source_of(record, f"{path}.sv") == "house", path


def test_the_map_has_its_provenance():
    """map.json follows G-11 to G-13: its values are rulings."""
    assert json.loads((CONTENT_DIR / "map.json").read_text())["provenance"] == {"*": "ruling"}


@pytest.mark.parametrize("record_id, path, source", [
    ("P-MET-1", "name", "rulebook"),          # "Esirekisteröintipalvelu" is in the rulebook
    ("P-MET-1", "ability", "ruling"),         # G-27, AM-23
    ("M-BAYES", "effects.0", "rulebook"),     # the rulebook's own example
    ("M-BAYES", "effects.1", "ruling"),       # G-16's authoring choice
    ("M-CROSSVAL", "effects", "rulebook"),
    ("E-NULL-RESULTS", "effects", "rulebook"),
    ("E-FILE-DRAWER", "kind", "rulebook"),    # "Raportointiharha" is named in the rulebook
    ("T-GRA-2", "condition", "ruling"),       # a G-16 worked example
    ("T-MAT-1", "condition", "house"),        # the worked example corrected (docs/content.md)
    ("T-GRA-1", "difficulty", "house"),
    ("A-ROTATION", "reward", "ruling"),
    ("A-ROTATION", "science", "house"),
])
def test_provenance_of_named_values(record_id, path, source):
    """Values the rulebook names are `rulebook`, G-rulings `ruling`, the project's own `house`."""
    assert source_of(RECORDS[record_id], path) == source


@pytest.fixture
def content_copy(tmp_path):
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return copy


def rewrite(directory: Path, name: str, change) -> None:
    path = directory / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("name, change, message", [
    ("theories.json", lambda cards: cards[0].pop("provenance"), "T-GRA-1: no provenance"),
    ("methods.json", lambda cards: cards[0]["provenance"].update({"*": "guess"}),
     "unknown source 'guess'"),
    ("projects.json", lambda cards: cards[0]["provenance"].update({"flavor": "house"}),
     "names 'flavor'"),
    ("events.json", lambda cards: cards[0]["name"].pop("sv"), "E-SCOOP: name has no sv text"),
    ("anomalies.json", lambda cards: cards[0]["provenance"].update({"*.sv": "ruling"}),
     "Swedish of name must be a house translation"),
    ("packets.json", lambda packets: packets[0]["method"].pop("provenance"),
     "M-PREREG-PK: no provenance"),
    ("methods.json", lambda cards: cards[0]["effects"].append({"when": "null", "op": "magic"}),
     "unknown method effect"),
])
def test_the_loader_refuses_a_bad_record(content_copy, name, change, message):
    """A record without provenance, with an unknown source or field, a missing Swedish text or an
    unknown op makes the whole load fail, naming the record."""
    rewrite(content_copy, name, change)
    with pytest.raises(ContentError, match=message):
        load(content_copy)


def test_the_shipped_content_loads():
    """The files as they are pass every check."""
    assert load().problems == []
