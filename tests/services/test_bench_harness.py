"""The live benchmark's harness at its smallest: both modes, both paces, both baselines, nothing
lost.

Figures are never asserted (they depend on the machine); the harness's own working is."""

import json
import subprocess
import sys

from bench.loadkit.tablets import offered_choices
from tests.servers import BASE_DIR


def test_a_bench_tablet_taps_only_the_enabled_buttons_it_was_offered():
    """Disabled kinds and the Back button are not choices; the JSON of the others is unescaped."""
    html = ('<button type="button" class="kind-button" data-send="{&quot;type&quot;: &quot;pick'
            '&quot;, &quot;kind&quot;: &quot;build&quot;, &quot;picks&quot;: []}">Build</button>'
            '<button type="button" class="kind-button" disabled aria-describedby="why-test">'
            'Test</button><button type="button" class="button-quiet back-button" data-nav '
            'data-send="{&quot;type&quot;: &quot;pick&quot;}">Back</button>')
    assert offered_choices(html) == [{"type": "pick", "kind": "build", "picks": []}]


def test_the_quick_live_benchmark_runs_both_modes_and_paces_with_both_baselines(tmp_path):
    """One small lesson per mode and pace plays through the real sockets; every tablet ends up
    with its game's final version, the teacher's cockpit too (and, at the classroom pace, the
    projector shows the tables as a fresh one would, while the tablets send heartbeats), and
    each row carries the app's and the baselines' latencies."""
    out = tmp_path / "live.json"
    done = subprocess.run([sys.executable, "bench/live.py", "--quick", "--out", str(out)],
                          cwd=BASE_DIR, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(out.read_text())
    rows = report["results"]
    assert [(row["mode"], row["pace"]) for row in rows] == [
        ("embedded", "classroom"), ("embedded", "stress"),
        ("scaled", "classroom"), ("scaled", "stress")]
    for row in rows:
        classroom = row["pace"] == "classroom"
        assert row["lessons"] == 1 and row["tablets"] == 8
        assert row["sockets"] == (10 if classroom else 9)  # the classroom has a projector
        # Nothing lost: the projector's board too shows the tables as a projector opened at the
        # end draws them (it is sent only moves that change it, which a 3 s game may not make).
        assert row["actions"] > 0 and row["lost_messages"] == 0
        assert row["p95_ms"] > 0 and row["baseline_p95_ms"] > 0 and row["relay_p95_ms"] > 0
        assert row["dashboard_measured"] and row["dashboard_p95_ms"] > 0
        assert row["cpu_ms_per_action"] > 0
        assert row["baselines"]["bare_websockets"]["lost_messages"] == 0
        assert row["baselines"]["channels_relay"]["lost_messages"] == 0
        assert (row["heartbeats"] > 0) == classroom
        assert row["projectors"] == (1 if classroom else 0)
    assert rows[0]["cycles"] and rows[2]["cycles"] and "cycles" not in rows[1]
    assert rows[2]["processes"] == 2 and len(rows[2]["server_cpu_pct"]) == 2
    assert set(report["largest_passing"]["scaled"]) == {"classroom", "stress"}
    assert (out.with_suffix(".md")).read_text().count("\n| scaled | classroom |") == 1
