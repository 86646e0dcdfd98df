"""Every registered game's engine stays framework-free: nothing under games/<key>/engine imports
Django, Channels or Celery, in the source or at import time, and a whole game plays without them."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from games.registry import GAMES

FRAMEWORKS = ("django", "channels", "celery")
ROOT = Path(__file__).resolve().parents[2]
PURE_PLATFORM = ("games/registry.py", "games/engines")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            names.update(arg.value for arg in node.args if isinstance(arg, ast.Constant))
    return names


def _framework_imports(paths):
    offenders = {str(path.relative_to(ROOT)): sorted(
        name for name in imported_modules(path) if name.split(".")[0] in FRAMEWORKS)
        for path in paths}
    return {k: v for k, v in offenders.items() if v}


@pytest.mark.parametrize("key", GAMES)
def test_no_engine_module_imports_a_framework(key):
    """Every module of the game's engine is parsed; none names django, channels or celery."""
    modules = sorted((ROOT / "games" / key / "engine").rglob("*.py"))
    assert modules
    assert _framework_imports(modules) == {}


def test_the_engine_face_and_the_registry_import_no_framework():
    paths = [ROOT / "games" / "registry.py", *sorted((ROOT / "games" / "engines").rglob("*.py"))]
    assert _framework_imports(paths) == {}
    assert (ROOT / "games" / "__init__.py").read_text().count("import") == 0


@pytest.mark.parametrize("key", GAMES)
def test_importing_and_playing_leaves_frameworks_out_of_sys_modules(key):
    """A fresh interpreter imports every module of the engine and plays a game by bots without
    loading a framework."""
    code = (
        "import sys, pkgutil, importlib\n"
        f"engine = importlib.import_module('games.{key}.engine')\n"
        "for m in pkgutil.walk_packages(engine.__path__, engine.__name__ + '.'):\n"
        "    importlib.import_module(m.name)\n"
        "from games.engines.playout import play\n"
        "play(engine.ENGINE, engine.ENGINE.info.min_seats, 1, 'greedy')\n"
        f"print(sorted(n for n in sys.modules if n.split('.')[0] in {FRAMEWORKS!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"
