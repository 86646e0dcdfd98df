"""bench/engine.py measures every registered game."""

import json
import subprocess
import sys
from pathlib import Path

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_benchmark_runs_for_every_game():
    """It prints games per second and step costs of each game, and JSON last."""
    result = subprocess.run([sys.executable, "bench/engine.py", "--games", "10", "--json"],
                            cwd=ROOT, capture_output=True, text=True, check=True)
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert sorted(figures) == sorted(GAMES)
    for game in figures.values():
        assert game["random"]["games_per_second"] > 0
        assert game["public_apply_action"]["step_us"] > 0
