"""The apps depend one way (docs/architecture.md): `classroom` uses `games` and `debrief`;
`debrief` reads `games`; `games` imports neither; and no module outside a game's package imports
anything of it, for every registered game."""

import ast
from pathlib import Path

import pytest

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
APPS = ("classroom", "games", "debrief", "config")
MAY_IMPORT = {
    "classroom": {"classroom", "games", "debrief"},
    "debrief": {"debrief", "games"},
    "games": {"games"},
}


def imports_of(path):
    """Every module name `path` imports, absolute or relative, at any depth of the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base]) if base else ".".join(parent)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            names.update(arg.value for arg in node.args if isinstance(arg, ast.Constant)
                         and isinstance(arg.value, str))
    return names


def modules(folder):
    return [path for path in sorted((ROOT / folder).rglob("*.py")) if ".venv" not in path.parts]


@pytest.mark.parametrize("app", sorted(MAY_IMPORT))
def test_an_app_imports_only_the_apps_below_it(app):
    """classroom → games, debrief; debrief → games; games → nothing of the others."""
    broken = {}
    for path in modules(app):
        wrong = {name for name in imports_of(path)
                 if name.split(".")[0] in APPS and name.split(".")[0] not in MAY_IMPORT[app]}
        if wrong:
            broken[str(path.relative_to(ROOT))] = sorted(wrong)
    assert broken == {}


@pytest.mark.parametrize("key", GAMES)
def test_no_module_outside_a_game_imports_its_package(key):
    """Only the game's own folder and its tests import `games.<key>`: the platform reaches it
    through the registry and its package's hooks."""
    own = ROOT / "games" / key
    outside = [path for folder in ("classroom", "debrief", "games", "config", "bench")
               for path in modules(folder) if own not in path.parents]
    offenders = {str(path.relative_to(ROOT)) for path in outside
                 if any(name == f"games.{key}" or name.startswith(f"games.{key}.")
                        for name in imports_of(path))}
    assert offenders == set()


def test_the_check_sees_a_relative_import():
    """A relative import that reaches another app counts (the check would miss nothing)."""
    probe = ROOT / "games" / "research_programme" / "engine" / "api.py"
    assert "games.research_programme.engine.actions" in imports_of(probe)  # `from . import`
