"""Figures and the markdown table of bench/live.py."""

import time


def percentile(values, share):
    """The nearest-rank percentile, in the values' unit, to 0.1."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, int(round(share * len(ordered) + 0.5)) - 1))
    return round(ordered[rank], 1)


COLUMNS = (
    ("mode", "mode"), ("pace", "pace"), ("lessons", "lessons"), ("sockets", "sockets"),
    ("actions/s", "actions_per_s"), ("p50 ms", "p50_ms"), ("p95 ms", "p95_ms"),
    ("p99 ms", "p99_ms"), ("max ms", "max_ms"), ("table p95", "table_p95_ms"),
    ("dashboard p95", "dashboard_p95_ms"), ("bare p95", "baseline_p95_ms"),
    ("×bare", "ratio_p95"), ("relay p95", "relay_p95_ms"), ("×relay", "ratio_relay_p95"),
    ("lost", "lost_messages"), ("errors", "errors"), ("server CPU %", "server_cpu_pct"),
    ("CPU ms/action", "cpu_ms_per_action"), ("relay CPU ms/action", "relay_cpu_ms_per_action"),
    ("client CPU %", "client_cpu_pct"), ("KiB/conn", "kib_per_connection"),
    ("update B", "mean_update_bytes"),
)


def _cell(value):
    if isinstance(value, dict):
        return " ".join(f"{k}:{v}" for k, v in value.items()) or "0"
    if isinstance(value, list):
        return "+".join(str(v) for v in value)
    return "–" if value is None else str(value)


def markdown(rows, header=True):
    lines = []
    if header:
        lines.append("| " + " | ".join(title for title, _ in COLUMNS) + " |")
        lines.append("|" + "---|" * len(COLUMNS))
    for row in rows:
        lines.append("| " + " | ".join(_cell(row.get(key)) for _, key in COLUMNS) + " |")
    return "\n".join(lines)


def cpu_ms_per_action(result):
    """Server CPU (all processes) per acknowledged action, in ms: the steadiest figure on a
    shared machine."""
    if not result.get("actions_per_s"):
        return None
    return round(10 * sum(result["server_cpu_pct"]) / result["actions_per_s"], 1)


def ratio(value, floor):
    return round(value / floor, 1) if value and floor else None


def rates_text(row):
    """Actions achieved against the pace's, and the traffic around them, for the log."""
    text = (f"{row['actions']} actions for {row['expected_actions']:g} expected "
            f"({row['expected_actions_per_s']}/s)")
    if "peak_actions_per_s" in row:
        text += (f"; peak window {row['peak_actions_per_s']}/s for "
                 f"{row['expected_peak_actions_per_s']}, the rest {row['off_peak_actions_per_s']}"
                 f"/s for {row['expected_off_peak_actions_per_s']}")
    if row.get("projectors"):
        text += (f"; {row['heartbeats']} heartbeats, {row['projectors']} projectors drew "
                 f"{row['projector_parts']} times")
    return text


class Stopwatch:
    def __init__(self):
        self.started = self.last = time.perf_counter()
        self.laps = []

    def lap(self, name):
        now = time.perf_counter()
        seconds, self.last = now - self.last, now
        self.laps.append(f"{name} {seconds:.0f} s")
        return seconds

    def summary(self):
        return ", ".join(self.laps)
