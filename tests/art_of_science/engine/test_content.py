"""The content files load, carry provenance and three languages, and a bad file is refused."""

import json
import shutil

import pytest

from games.art_of_science.engine import content
from games.art_of_science.engine.content import ContentError, load


@pytest.fixture
def copy(tmp_path):
    """A writable copy of the content directory."""
    for path in content.CONTENT_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def edit(directory, name, change):
    path = directory / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_the_content_is_complete():
    """Six categories, four lengths, four special squares, 42 squares, each with provenance."""
    loaded = load()
    assert list(loaded.categories) == ["MAT", "BIO", "CHE", "PHY", "ENG", "OTH"]
    assert list(loaded.lengths) == ["lesson", "short", "medium", "long"]
    assert set(loaded.specials) == {"universal_genius", "duel", "replication_chance",
                                    "turnabout"}
    records = [*loaded.categories.values(), *loaded.lengths.values(),
               *loaded.specials.values(), *loaded.board]
    assert all(r["provenance"] for r in records)
    for special in loaded.specials.values():
        assert set(special["name"]) == set(special["text"]) == {"fi", "en", "sv"}


@pytest.mark.parametrize("name, change, words", [
    ("board", lambda d: d[1].update(value=3), "board formula"),
    ("board", lambda d: d[8].update(category="MAT"), "board formula"),
    ("board", lambda d: d[3].pop("provenance"), "no provenance"),
    ("categories", lambda d: d[0]["name"].pop("sv"), "exactly"),
    ("categories", lambda d: d[0].update(replication_face=6), "replication faces"),
    ("lengths", lambda d: d[0].update(requirements=[4, 3, 2, 1, 1, 2]), "fall row by row"),
    ("specials", lambda d: d[0]["effect"].update(op="teleport"), "op 'teleport' unknown"),
    ("specials", lambda d: d[2]["effect"].pop("empty_wager"), "needs exactly"),
    ("specials", lambda d: d[0]["provenance"].update({"*": "rumour"}), "unknown"),
    ("settings", lambda d: d.update(die=[1, 2, 3, 4, 5]), "six distinct faces"),
])
def test_a_bad_record_is_refused(copy, name, change, words):
    """The loader names the problem and refuses the directory."""
    edit(copy, name, change)
    with pytest.raises(ContentError) as error:
        load(copy)
    assert words in str(error.value)


def test_a_missing_or_broken_file_is_refused(copy):
    """A file that is missing or not JSON is a ContentError, not a crash."""
    (copy / "board.json").write_text("[", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid JSON"):
        load(copy)
    (copy / "board.json").unlink()
    with pytest.raises(ContentError, match="missing"):
        load(copy)
