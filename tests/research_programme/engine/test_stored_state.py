"""A stored state is enough: a fresh process can read, show and score it without new_game."""

import json
import subprocess
import sys
from pathlib import Path

from games.engines.base import ENGINES, resolve_chance

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ENGINES["research_programme"]

READ_IN_FRESH_PROCESS = """
import json, sys
from games.engines.base import ENGINES
engine = ENGINES["research_programme"]
state = engine.state_from_json(json.load(open(sys.argv[1])))
view = engine.view_for(state, None)
print(json.dumps({"round": view["round"], "hands": [len(p["hand"]) for p in view["players"]],
                  "outcome": engine.outcome(state)}))
"""


def test_a_fresh_process_reads_a_stored_state_without_new_game(tmp_path):
    """Loading the cards is the engine's job, so a worker or restarted server can use a snapshot."""
    state = ENGINE.new_game([{"seat": 1, "name": "A"}, {"seat": 2, "name": "B"}], {}, seed=5)
    while ENGINE.current_seats(state) == ["chance"]:
        state, _ = ENGINE.apply_action(state, resolve_chance(ENGINE, state))
    path = tmp_path / "state.json"
    path.write_text(json.dumps(ENGINE.state_to_json(state)))
    result = subprocess.run([sys.executable, "-c", READ_IN_FRESH_PROCESS, str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)
    assert shown["round"] == 1
    assert shown["hands"] == [len(p["hand"]) for p in state["players"]]
    assert shown["outcome"] is None
