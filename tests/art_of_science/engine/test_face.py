"""The engine face, version 2: info, bots, validation, menus, deadlines, summary, JSON, pace and
purity."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.art_of_science.engine import ENGINE, api
from games.art_of_science.engine.state import player
from games.engines.base import GameError, IllegalAction

from .factory import act, answer, ask, game, land, new, points, right

ENGINE_DIR = Path(api.__file__).resolve().parent


def test_info_describes_the_game():
    """Titles in three languages, every length for 2-6 seats, Lesson by default."""
    info = ENGINE.info
    assert set(info.title) == {"fi", "en", "sv"}
    assert set(info.variants) == {"lesson", "short", "medium", "long"}
    assert (info.min_seats, info.max_seats, info.default_variant) == (2, 6, "lesson")
    assert info.information == "hidden" and info.simultaneous and info.teacher_sees_private
    assert set(ENGINE.bots) >= {"random", "greedy"}


def test_apply_action_never_changes_its_input():
    """A legal action returns a new state; an illegal one raises and changes nothing."""
    state = game(2)
    before = json.dumps(state, sort_keys=True)
    new_state, events = api.apply_action(state, {"type": "chance",
                                                 "outcome": api.chance_outcomes(state)[0]})
    assert json.dumps(state, sort_keys=True) == before and new_state != state and events
    with pytest.raises(IllegalAction):
        api.apply_action(new_state, {"type": "answer", "seat": 2, "value": "A"})


def test_canonical_action_fills_and_normalises():
    """Missing parameters become None, unknown ones go, a letter is upper case."""
    state = game(2)
    ask(state)
    action = api.canonical_action(state, {"type": "answer", "seat": 1, "value": "b", "x": 1})
    assert action == {"type": "answer", "seat": 1, "value": "B"}
    assert api.canonical_action(state, {"type": "answer", "seat": 1}) == {
        "type": "answer", "seat": 1, "value": None}
    with pytest.raises(IllegalAction) as error:
        api.canonical_action(state, {"type": "teleport", "seat": 1})
    assert error.value.code == "unknown_action"


def menu(state, seat):
    return {entry["kind"]: entry for entry in api.action_menu(state, seat)}


def test_the_menu_enumerates_choices_and_asks_inputs():
    """Letters are enumerated; an order, a typed answer and a split of points are inputs."""
    state = new(2)
    entry = menu(state, 1)["choose_order"]
    assert entry["enabled"] and entry["inputs"][0]["type"] == "order"
    state = game(2, squares=(1, 2))
    ask(state)
    entry = menu(state, 1)["answer"]
    assert [a["action"]["value"] for a in entry["actions"]] == ["A", "B", "C", "D", None]
    assert menu(state, 1)["ask_advice"]["actions"][0]["action"]["adviser"] == 2
    assert not menu(state, 2)["answer"]["enabled"]
    assert menu(state, 2)["flag"]["actions"][0]["action"]["question"] == state["question"]["id"]
    state = game(2, squares=(1, 2))
    ask(state, "MAT", "numeric")
    entry = menu(state, 1)["answer"]
    assert entry["inputs"] == [{"param": "value", "type": "text", "max_length": 24}]


def test_a_split_of_points_is_asked_as_numbers_with_a_total():
    """Distributing asks a number per open category, adding up to the total."""
    state = game(2)
    land(state, 1, 2, 2, "counterclockwise")
    act(state, {"type": "choose_category", "seat": 1, "category": "MAT"})
    ask(state)
    answer(state, 1, right(state))
    entry = menu(state, 1)["distribute"]
    assert {i["param"] for i in entry["inputs"]} == {f"points.{c}" for c in
                                                    ("MAT", "BIO", "CHE", "PHY", "ENG", "OTH")}
    assert all(i["total"] == 3 and i["type"] == "number" for i in entry["inputs"])


def test_deadlines_cover_answers_duels_and_splits():
    """Both duellists have an answer deadline; a split of points has 20 s and a legal
    fallback."""
    state = game(2)
    points(state, 1, MAT=2, BIO=1)
    points(state, 2, MAT=1, BIO=2)
    land(state, 1, 5, 2)
    assert api.deadlines(state) == []  # the challenge itself is untimed
    act(state, {"type": "challenge", "seat": 1, "opponent": 2, "stake": 2})
    act(state, {"type": "choose_category", "seat": 2, "category": "PHY"})
    ask(state)
    assert {d["seat"] for d in api.deadlines(state)} == {1, 2}
    answer(state, 1, right(state))
    found = api.deadlines(state)
    assert {d["seconds"] for d in found} == {20}
    for deadline in found:
        assert api.canonical_action(state, deadline["fallback"]) == deadline["fallback"]
    act(state, found[1]["fallback"])
    assert player(state, 2)["points"] == {"MAT": 1, "BIO": 0, "CHE": 0, "PHY": 0, "ENG": 0,
                                          "OTH": 0}


def test_summary_is_numbers_under_keys():
    """The summary has progress, stage, the table's figures and each seat's score."""
    state = game(3)
    ask(state)
    answer(state, 1, right(state))
    found = api.summary(state)
    assert found["stage"] == "reward" and found["to_act"] == [1] and not found["over"]
    assert found["figures"]["questions"] == 1 and found["figures"]["correct"] == 1
    assert [s["seat"] for s in found["seats"]] == [1, 2, 3]
    assert all(isinstance(v, int | float) for s in found["seats"] for v in s["figures"].values())
    assert 0 <= found["progress"] <= 1


def test_state_round_trips_through_json():
    """A state is plain JSON; a foreign state is refused."""
    state = game(2)
    ask(state)
    data = json.loads(json.dumps(api.state_to_json(state)))
    assert api.state_from_json(data) == state
    with pytest.raises(GameError):
        api.state_from_json({**data, "game": "scientia"})


def test_moderator_actions_and_pace():
    """The teacher may call time; answering a question is paced as reading."""
    state = game(2)
    assert api.legal_actions(state, None) == [{"type": "call_time", "seat": None}]
    ask(state)
    assert api.pace_kind(state, {"type": "answer", "seat": 1, "value": "A"}) == "read"
    assert api.pace_kind(state, {"type": "move", "seat": 1, "direction": "clockwise"}) == "quick"


def test_the_engine_imports_no_framework():
    """No engine module names django, channels or celery, and importing the engine loads none
    of them."""
    for path in ENGINE_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] in ("django", "channels", "celery") for n in names)
    code = ("import sys, games.art_of_science.engine as e; "
            "print(any(m.split('.')[0] in ('django','channels','celery') for m in sys.modules))")
    root = ENGINE_DIR.parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
