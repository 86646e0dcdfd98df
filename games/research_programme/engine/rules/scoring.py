"""Final scoring, the ranking and the end of the game (SV-81 to SV-85, FG-01, FG-13)."""

from __future__ import annotations

from ..events import event
from ..state import IN_PLAY_VP_SOURCES, player

FINAL_SOURCES = ("bridges", "consensus", "hype_penalty", "debt", "ep")
BREAKDOWN_KEYS = IN_PLAY_VP_SOURCES + FINAL_SOURCES


def ep_vp(ep: int) -> int:
    """Every third EP is +1 VP, at most 2 (SV-81)."""
    return min(2, ep // 3)


def breakdown(state: dict, seat: int) -> dict[str, int]:
    """Every source of a seat's final VP (SV-83, SV-84); the values sum to its VP."""
    p = player(state, seat)
    parts = dict(p["vp_sources"])
    parts["bridges"] = len(p["bridges"])
    parts["consensus"] = sum(
        1 for theory in p["theories"] if state["theories"][theory]["consensus"] >= 3
    )
    parts["hype_penalty"] = -1 if p["hype"] > p["rigour"] else 0
    parts["debt"] = -p["debt"]
    parts["ep"] = ep_vp(p["ep"])
    return parts


def final_vp(state: dict, seat: int) -> int:
    return sum(breakdown(state, seat).values())


def tiebreak_key(state: dict, seat: int, vp: int) -> tuple[int, int, int, int, int]:
    """A synthesis first (it wins at once, FG-13), then VP, replications of own theories,
    higher Rigour, lower Hype (SV-85)."""
    p = player(state, seat)
    synthesis = 1 if state.get("synthesis_winner") == seat else 0
    return (synthesis, vp, p["replications"], p["rigour"], -p["hype"])


def ranking(state: dict) -> list[dict]:
    """Every seat with its VP, breakdown and rank; seats equal on every tie-break share a rank."""
    rows = []
    for seat in state["seats"]:
        parts = breakdown(state, seat)
        vp = sum(parts.values())
        p = player(state, seat)
        rows.append({
            "seat": seat,
            "vp": vp,
            "breakdown": parts,
            "tiebreak": {"replications": p["replications"], "rigour": p["rigour"],
                         "hype": p["hype"]},
            "_key": tiebreak_key(state, seat, vp),
        })
    rows.sort(key=lambda row: row["_key"], reverse=True)
    for index, row in enumerate(rows):
        if index and row["_key"] == rows[index - 1]["_key"]:
            row["rank"] = rows[index - 1]["rank"]
        else:
            row["rank"] = index + 1
    for row in rows:
        del row["_key"]
    return rows


def outcome(state: dict) -> dict | None:
    """None until the game is over; then VP, breakdowns, ranks, winners and how it ended."""
    if state["phase"] != "over":
        return None
    rows = ranking(state)
    return {
        "ended_by": state["ended_by"],
        "rounds_played": state["round"],
        "players": sorted(rows, key=lambda row: row["seat"]),
        "ranking": [row["seat"] for row in rows],
        "winners": [row["seat"] for row in rows if row["rank"] == 1],
    }


def end_game(state: dict, ended_by: str, out: list) -> None:
    """The game is over: by the round limit, the counter, the teacher's call or a synthesis."""
    state["phase"] = "over"
    state["ended_by"] = ended_by
    state["step"] = {"kind": "over", "seats": []}
    result = outcome(state)
    out.append(event(state, "GameEnded", None, ended_by=ended_by,
                     vp={str(row["seat"]): row["vp"] for row in result["players"]},
                     winners=result["winners"]))
