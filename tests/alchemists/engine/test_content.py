"""The content files: complete, with provenance and three languages, and a bad file refused."""

import json
import shutil

import pytest

from games.alchemists.engine import content
from games.alchemists.engine.content import ContentError, check_record, load


def test_the_content_is_complete():
    """8 alchemicals, 7 potions, 8 ingredients of 5 cards, 8 favour kinds (22 cards), 18
    artifacts, 6 adventurers, 5 grants, 9 track spaces, 10 spaces, 4 conference tiles, 5 seal
    kinds (11 seals), 3 variants."""
    sizes = {name: len(table) for name, table in content.DATA.items()}
    assert sizes == {"alchemicals": 8, "potions": 7, "ingredients": 8, "favours": 8,
                     "artifacts": 18, "adventurers": 6, "grants": 5, "turn_order": 9,
                     "action_spaces": 10, "conferences": 4, "seals": 5, "variants": 3}
    assert sum(f["count"] for f in content.FAVOURS.values()) == 22
    assert sum(s["count"] for s in content.SEALS.values()) == 11
    assert sum(i["cards"] for i in content.INGREDIENTS.values()) == 40


def test_every_record_has_provenance_and_every_text_three_languages():
    """Each record names its sources; each text a student reads is in fi, en and sv."""
    for name, table in content.DATA.items():
        for record in table.values():
            assert set(record["provenance"].values()) <= content.SOURCES, (name, record["id"])
            for key in ("name", "text", "title"):
                if key in record:
                    assert set(record[key]) == {"fi", "en", "sv"}


@pytest.mark.parametrize("name, change, problem", [
    ("favours.json", lambda r: r.update(effects=[{"op": "teleport"}]), "unknown effect"),
    ("artifacts.json", lambda r: r.update(effects=[{"op": "reputation"}]), "needs amount"),
    ("ingredients.json", lambda r: r["name"].pop("sv"), "fi, en and sv"),
    ("seals.json", lambda r: r.pop("provenance"), "provenance"),
    ("potions.json", lambda r: r["provenance"].update({"*": "rumour"}), "unknown source"),
    ("adventurers.json", lambda r: r.update(wants=["R+", "X"]), "three known potions"),
    ("alchemicals.json", lambda r: r.update(opposite="a3"), "bad opposite"),
    ("grants.json", lambda r: r.update(vp="two"), "wrong type"),
])
def test_the_loader_refuses_a_bad_record(tmp_path, name, change, problem):
    """A changed file fails to load with a message naming the problem."""
    for path in content.CONTENT_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    records = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    change(records[0])
    (tmp_path / name).write_text(json.dumps(records), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load(tmp_path)
    assert problem in str(error.value)


def test_a_missing_or_broken_file_is_refused(tmp_path):
    """No file, or not JSON: ContentError."""
    with pytest.raises(ContentError):
        load(tmp_path)
    for path in content.CONTENT_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "seals.json").write_text("[{", encoding="utf-8")
    with pytest.raises(ContentError):
        load(tmp_path)


def test_check_record_accepts_the_shipped_records():
    """Every shipped record passes its own check."""
    for name in content.SCHEMAS:
        for record in json.loads((content.CONTENT_DIR / name).read_text(encoding="utf-8")):
            assert check_record(name, record) == []
