"""Figures and the markdown table of bench/live.py."""


def percentile(values, share):
    """The nearest-rank percentile, in the values' unit, to 0.1."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, int(round(share * len(ordered) + 0.5)) - 1))
    return round(ordered[rank], 1)


COLUMNS = (
    ("mode", "mode"), ("lessons", "lessons"), ("sockets", "sockets"),
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
