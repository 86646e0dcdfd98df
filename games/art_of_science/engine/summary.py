"""The table at a glance (summary), the choices with a time limit (deadlines), and what must
always hold (invariants)."""

from __future__ import annotations

from operator import gt

from . import questions
from .actions import current_seats
from .rules import points
from .state import card_total, filled_count, player

STEP_CHECKS = ("answer", "advise", "reward", "spree", "genius", "challenge", "duel_category",
               "wager", "move", "shove", "place")


def _progress(state: dict) -> float:
    """How far the leading seat is towards a full card, 0…1."""
    if state["over"]:
        return 1.0
    total = sum(state["requirements"])
    return max((card_total(p) / total for p in state["players"] if p["req"]), default=0.0)


def summary(state: dict) -> dict:
    """Keys: figures `questions` (asked), `correct`, `wrong`, `duels`, `pending_judgements`
    (open answers awaiting votes or the teacher), `flags`; per seat `filled`, `points`,
    `correct`, `wrong`, `duels_won`, `duels_lost`."""
    seats = []
    for p in state["players"]:
        right = sum(t[0] for t in p["tally"].values())
        wrong = sum(t[1] for t in p["tally"].values())
        seats.append({"seat": p["seat"], "score": card_total(p), "figures": {
            "filled": filled_count(p) if p["req"] else 0, "points": card_total(p),
            "correct": right, "wrong": wrong, "duels_won": p["duels"][0],
            "duels_lost": p["duels"][1]}})
    waiting = [s for s in current_seats(state) if isinstance(s, int)]
    return {
        "progress": round(_progress(state), 3), "stage": state["step"]["kind"],
        "round": state["round"], "rounds": None, "to_act": waiting, "over": state["over"],
        "figures": {
            "questions": len(state["asked"]),
            "correct": sum(s["figures"]["correct"] for s in seats),
            "wrong": sum(s["figures"]["wrong"] for s in seats),
            "duels": len(state["duels"]),
            "pending_judgements": int(state["step"]["kind"] == "judge"),
            "flags": len(state["flags"]),
        },
        "seats": seats,
    }


def _answer_deadline(state: dict, kind: str, seat: int, seconds: int) -> dict:
    q = state["question"]
    param = "suggestion" if kind == "advise" else "correct" if kind == "judge" else "value"
    action_type = kind if kind in ("advise", "judge") else "answer"
    return {"key": f"q{q['n']}:{kind}:{seat}", "seat": seat, "seconds": seconds,
            "fallback": {"type": action_type, "seat": seat, param: None}}


def deadlines(state: dict) -> list[dict]:
    """An answer has the question's time limit and no answer is wrong (AS-30); a duellist's
    limit runs from the moment both are shown the question (AS-G09). An adviser and each judge
    of an open answer have the lesson's limit (no suggestion; no vote) and a split of points
    20 s (top rows filled, lowest rows struck first): my rulings, so no table waits forever."""
    step = state["step"]
    kind = step["kind"]
    if kind in ("answer", "duel"):
        seconds = questions.answer_seconds(state, state["bank"][state["question"]["id"]])
        label = "duel" if kind == "duel" else "advised" if step["advised"] else "answer"
        if state["question"].get("resumed"):  # a new key, so the platform times it anew
            label += str(state["question"]["resumed"])
        seats = step["seats"] if kind == "duel" else [step["seat"]]
        return [_answer_deadline(state, label, s, seconds) for s in seats]
    lesson = state["options"]["time_limit_s"]
    if kind == "advise":
        return [_answer_deadline(state, "advise", step["seat"], lesson)]
    if kind == "judge":
        return [_answer_deadline(state, "judge", s, lesson) for s in step["seats"]]
    if kind == "allocate":
        return [allocation_deadline(state, a) for a in state["allocations"]]
    return []


def allocation_deadline(state: dict, allocation: dict) -> dict:
    p = player(state, allocation["seat"])
    action_type = "distribute" if allocation["mode"] == "gain" else "strike"
    split = points.auto_split(p, allocation["mode"], allocation["points"])
    return {"key": f"a{allocation['id']}:{allocation['seat']}", "seat": allocation["seat"],
            "seconds": points.seconds(),
            "fallback": {"type": action_type, "seat": allocation["seat"], "points": split}}


def invariants(state: dict) -> list[str]:
    """What is wrong with a reachable state; [] for a sound one (AS-15, AS-16, AS-39)."""
    broken = []
    for p in state["players"]:  # the common case stays one cheap test per card
        req, points = p["req"], p["points"].values()
        if req is None:
            if any(points):
                broken.append(f"seat {p['seat']}: points before its order is revealed")
        elif min(points) < 0 or any(map(gt, points, req.values())):
            broken += [f"seat {p['seat']}: {code} has {n} points"
                       for code, n in p["points"].items() if not 0 <= n <= req[code]]
    step = state["step"]
    kind = step["kind"]
    if kind == "allocate" and not state["allocations"]:
        broken.append("waiting for an allocation that nobody owes")
    if kind in STEP_CHECKS and step["seat"] not in state["seats"]:
        broken.append(f"step {kind} waits for an unknown seat")
    if state["over"] != (state["result"] is not None) or state["over"] != (kind == "over"):
        broken.append("over, result and step disagree")
    if kind in ("answer", "duel", "advise", "judge") and state["question"]["judged"]:
        broken.append("a judged question still waits for an answer")
    left = sum(len(ids) for ids in state["left"].values())
    if left + len(set(state["asked"])) != len(state["bank"]):
        broken.append("every question must be either asked or left to draw, not both")
    return broken
