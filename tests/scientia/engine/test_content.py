"""The catalogue as validated data: complete, in three languages, with provenance, in the
effect vocabulary; a bad file is refused (SC-02, SC-G02, SC-G03, SC-G24)."""

import json
import shutil

import pytest

from games.scientia.engine.content import (
    CONTENT_DIR,
    FACES,
    FIELDS,
    LANGUAGES,
    SOURCES,
    ContentError,
    load,
)

RULING_FACES = {1, 2, 3, 5, 7, 13, 14, 17, 19, 21, 25, 26, 29, 31, 33, 37, 38, 41, 43, 45}


def test_sc_g02_numbering_and_basic_marks_follow_the_ruling():
    """SC-G02: Physics 1-12 ... Astronomy 37-48; kind k of a field is sides A/B; kinds 1 and 2
    of each field are basic (4 basic faces per field)."""
    for number, face in FACES.items():
        field_index, offset = divmod(number - 1, 12)
        assert face["field"] == FIELDS[field_index]
        assert face["kind"] == 6 * field_index + offset // 2 + 1
        assert face["side"] == "AB"[offset % 2]
    assert all(sum(f["basic"] for f in FACES.values() if f["field"] == field) == 4
               for field in FIELDS)


def test_sc_g03_the_twenty_worked_faces_are_ruling_and_the_rest_house():
    """SC-G03: the 20 faces of the rules file come from the ruling (Rotation and DNA's effects
    from the rulebook); the other 28 are house faces."""
    for number, face in FACES.items():
        source = face["provenance"]["*"]
        assert source == ("ruling" if number in RULING_FACES else "house"), number
    assert FACES[37]["provenance"]["effects"] == "rulebook"
    assert FACES[25]["provenance"]["effects"] == "rulebook"
    assert FACES[37]["effects"] == [{"op": "rotate", "n": 2}, {"op": "flasks_on_card", "n": 2}]
    assert FACES[25]["effects"] == [{"op": "take", "n": 2}]


def test_sc_g24_every_face_has_a_name_and_a_science_note_in_fi_en_and_sv():
    """SC-G24: names (with Korean) and one-line science notes in fi, en and sv; Swedish and
    Finnish texts of ruling faces are marked house."""
    for face in FACES.values():
        for lang in LANGUAGES:
            assert face["name"][lang].strip() and face["science_note"][lang].strip()
            assert len(face["science_note"][lang]) <= 120
        assert face["name"]["ko"]
        if face["provenance"]["*"] != "house":
            assert face["provenance"]["name.sv"] == face["provenance"]["science_note.fi"] == \
                "house"


def test_every_provenance_names_a_known_source():
    """Provenance maps use only rulebook, ruling and house."""
    assert all(set(face["provenance"].values()) <= SOURCES for face in FACES.values())


def test_house_faces_keep_their_fields_flavour():
    """SC-G03 balance guide: each field's house faces use its own kind of effect (Physics
    rotates, Chemistry and Astronomy give flasks, Biology takes or catches up)."""
    flavour = {"PHY": {"rotate", "rotate_each"},
               "CHE": {"flasks_to_storage", "flasks_on_card", "flasks_on_field"},
               "BIO": {"take", "advance"},
               "AST": {"flasks_on_card", "flasks_on_stack", "flasks_to_storage",
                       "flasks_on_field"}}
    for face in FACES.values():
        ops = {op["op"] for op in face["effects"]} | {
            inner["op"] for op in face["effects"] if op["op"] == "if" for inner in op["then"]}
        if face["provenance"]["*"] == "house" and face["field"] != "BIO":
            assert ops & flavour[face["field"]], face["number"]


def copy_content(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return target


def rewrite(directory, name, change):
    path = directory / name
    records = json.loads(path.read_text(encoding="utf-8"))
    change(records)
    path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")


def test_the_loader_accepts_the_shipped_files(tmp_path):
    """A copy of the content directory loads to the same catalogue."""
    faces, named = load(copy_content(tmp_path))
    assert faces == FACES and set(named) == {"first_step"}


@pytest.mark.parametrize("change, message", [
    (lambda r: r[0]["effects"].append({"op": "teleport", "n": 1}), "unknown operation"),
    (lambda r: r[0]["effects"].__setitem__(0, {"op": "rotate", "n": 4}), "amount n of 1-3"),
    (lambda r: r[1]["effects"].__setitem__(0, {"op": "if", "test": "level", "min": 2,
                                               "then": [{"op": "rotate", "n": 1}]}),
     "takes exactly"),
    (lambda r: r[2]["name"].pop("sv"), "name.sv"),
    (lambda r: r[3]["science_note"].__setitem__("fi", " "), "science_note.fi"),
    (lambda r: r[4].pop("provenance"), "fields must be exactly"),
    (lambda r: r[4]["provenance"].__setitem__("*", "rumour"), "unknown source"),
    (lambda r: r[5].__setitem__("basic", True), "SC-G02"),
    (lambda r: r.pop(), "exactly once"),
    (lambda r: r[6]["effects"].clear(), "non-empty list"),
    (lambda r: r[7]["effects"].__setitem__(0, {"op": "advance", "target": "MATH", "n": 1}),
     "unknown advance target"),
])
def test_the_loader_refuses_a_bad_face(tmp_path, change, message):
    """A face with an unknown operation, a bad amount, a missing text or provenance, a wrong
    basic mark, or a missing face makes the whole file fail to load."""
    directory = copy_content(tmp_path)
    rewrite(directory, "faces.json", change)
    with pytest.raises(ContentError, match=message):
        load(directory)


def test_the_loader_refuses_an_illegal_named_combination(tmp_path):
    """A named combination breaking SC-03 is refused."""
    directory = copy_content(tmp_path)
    rewrite(directory, "combinations.json",
            lambda r: r[0].__setitem__("faces", [1, 3, 7, 13, 17, 19, 25, 29, 31, 37, 41, 43]))
    with pytest.raises(ContentError, match="basic"):
        load(directory)


def test_the_loader_refuses_a_file_that_is_not_json(tmp_path):
    directory = copy_content(tmp_path)
    (directory / "faces.json").write_text("[{", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid JSON"):
        load(directory)
