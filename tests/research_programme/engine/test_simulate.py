"""The simulator's command line, its dump files, the benchmark, and the bots."""

import json
import random
from pathlib import Path

from games.research_programme.engine import api, bots
from games.research_programme.engine.simulate import main, play

from . import factory as f

ROOT = Path(__file__).resolve().parents[3]
FIGURES = {"games_per_second", "vp_mean", "vp_stdev", "win_share_by_seat", "ended_by",
           "per_game", "test_success_share"}


def test_simulate_prints_figures_and_json_last(capsys, tmp_path):
    """--json puts one JSON object with the balance figures on the last line."""
    assert main(["--games", "4", "--players", "3", "--seed", "5", "--bot", "greedy", "--json",
                 "--dump", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert "games/s" in lines[0]
    figures = json.loads(lines[-1])
    assert FIGURES <= set(figures) and figures["games"] == 4 and figures["players"] == 3
    assert {"replications", "bridges", "research_programmes", "ep"} <= set(figures["per_game"])
    assert abs(sum(figures["win_share_by_seat"].values()) - 1) < 1e-3
    assert 0 <= figures["test_success_share"] <= 1


def test_the_dump_has_one_line_per_step_with_action_events_and_view(tmp_path):
    """--dump writes a JSON-lines file per game: action, events, teacher's view."""
    main(["--games", "2", "--players", "2", "--seed", "9", "--dump", str(tmp_path)])
    files = sorted(tmp_path.glob("game_*.jsonl"))
    assert [p.name for p in files] == ["game_10.jsonl", "game_9.jsonl"]
    lines = [json.loads(line) for line in files[1].read_text().splitlines()]
    assert lines[0]["action"] is None and lines[0]["events"][0]["type"] == "GameStarted"
    assert all({"step", "action", "events", "view"} <= set(line) for line in lines)
    assert lines[-1]["view"]["phase"] == "over"
    assert len(lines) == len(play(9, 2, "random").actions) + 1


def test_bots_return_legal_actions_everywhere():
    """Both bots answer every decision of a game with a legal action."""
    for name, bot in bots.BOTS.items():
        rng = random.Random(3)

        def check(state, action, events, bot=bot, rng=rng, name=name):
            for seat in api.current_seats(state):
                if seat != "chance":
                    assert bot(state, seat, rng) in api.legal_actions(state, seat), name

        play(21, 4, name, on_step=check)


def test_greedy_prefers_a_likely_test():
    """With a 4+ named test at hand the greedy bot schedules it first."""
    state = f.actions_position(n=2, seat=1)
    action = bots.greedy_bot(state, 1, random.Random(1))
    assert action["type"] == "prediction" and action["theory"] == "T-GRA-PK"
    assert action["project"] == "P-GRA-PK"


def test_greedy_beats_random():
    """Over a few games the greedy bot scores well above the random bot."""
    def mean_vp(bot):
        total = 0
        for seed in range(20):
            result = api.outcome(play(seed, 2, bot).state)
            total += sum(row["vp"] for row in result["players"])
        return total / 40

    assert mean_vp("greedy") > mean_vp("random") + 3
