"""The engines stay framework-free: nothing under games/engines imports Django, Channels or
Celery, in the source or at import time."""

import ast
import subprocess
import sys
from pathlib import Path

import games.engines

FRAMEWORKS = ("django", "channels", "celery")
ENGINES_DIR = Path(games.engines.__file__).resolve().parent


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


def test_no_engine_module_imports_a_framework():
    """Every module under games/engines is parsed; none names django, channels or celery."""
    modules = sorted(ENGINES_DIR.rglob("*.py"))
    assert len(modules) > 10
    offenders = {
        str(path.relative_to(ENGINES_DIR)): sorted(name for name in imported_modules(path)
                                                   if name.split(".")[0] in FRAMEWORKS)
        for path in modules
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_importing_and_playing_leaves_frameworks_out_of_sys_modules():
    """A fresh interpreter imports every engine module and plays a game without loading them."""
    code = (
        "import sys, pkgutil, importlib, games.engines as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'games.engines.'):\n"
        "    importlib.import_module(m.name)\n"
        "from games.engines.research_programme.simulate import play\n"
        "play(1, 4, 'greedy')\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] in "
        f"{FRAMEWORKS!r}))\n"
    )
    root = ENGINES_DIR.parent.parent
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"
