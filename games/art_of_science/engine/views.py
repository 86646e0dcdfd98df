"""What a viewer may see of a state (`view_for`) and what a seat may do (`action_menu`).

Public: the board, pawns, score cards once every order is revealed (AS-04), the question on a
category or special square, given answers, judgements. Private to a seat: its own order before
the reveal, an adviser's suggestion (to the asking seat), a duel's question and answers (to the
duellists, AS-G09) until the duel ends. The answer key is on no seat's screen before the
judgement, except an open answer's judges' (AS-33); the teacher sees it, to judge and override.
"""

from __future__ import annotations

from games.engines.base import TEACHER

from . import actions as dispatch
from . import questions
from .events import events_for
from .rules import flags, override, points
from .state import CATEGORIES, is_filled, player, unlocked_points

PUBLIC_OPTIONS = ("language", "difficulty", "time_limit_s", "open_answers", "judge", "advice",
                  "shove", "spree")


def view_for(state: dict, viewer) -> dict:
    teacher = viewer is TEACHER
    return {
        "game": state["game"], "variant": state["variant"], "you": viewer,
        "options": {k: state["options"][k] for k in PUBLIC_OPTIONS},
        "requirements": list(state["requirements"]), "round": state["round"],
        "stage": state["step"]["kind"], "step": step_view(state, viewer),
        "current_seats": dispatch.current_seats(state), "start_seat": state["start_seat"],
        "order": list(state["order"]), "active": state["turn"]["seat"] if state["turn"] else None,
        "players": [player_view(state, p, viewer) for p in state["players"]],
        "question": question_view(state, viewer),
        "allocations": [dict(a) for a in state["allocations"]],
        "duels": [duel_view(state, d, viewer) for d in state["duels"]],
        "asked": len(state["asked"]),
        "questions_left": {code: len(left) for code, left in state["left"].items()},
        "flags": [dict(f) for f in state["flags"] if teacher or f["seat"] == viewer],
        "reversible": override.reversible(state) if teacher else [],
        "time_called": state["time_called"], "over": state["over"], "outcome": state["result"],
        "events": events_for(state["events"], viewer),
    }


def player_view(state: dict, p: dict, viewer) -> dict:
    revealed = p["req"] is not None
    shown = revealed or viewer is TEACHER or viewer == p["seat"]
    return {
        "seat": p["seat"], "name": p["name"], "members": list(p["members"]),
        "square": p["square"], "shoved": p["shoved"],
        "order_chosen": p["order"] is not None,
        "order": list(p["order"]) if shown and p["order"] else None,
        "req": dict(p["req"]) if revealed else None,
        "points": dict(p["points"]),
        "filled": [c for c in CATEGORIES if revealed and is_filled(p, c)],
        "unlocked": unlocked_points(p) if revealed else 0,
        "tally": {c: list(t) for c, t in p["tally"].items()},
        "duels": {"won": p["duels"][0], "lost": p["duels"][1]},
    }


def step_view(state: dict, viewer) -> dict:
    step = {k: v for k, v in state["step"].items() if k != "votes"}
    if state["step"]["kind"] == "judge":
        votes = state["step"]["votes"]
        step["voted"] = sorted(int(s) for s in votes)
        if viewer is TEACHER:
            step["votes"] = dict(votes)
    return {k: (list(v) if isinstance(v, list) else v) for k, v in step.items()}


def sees_key(state: dict, viewer) -> bool:
    """The key before judgement: the teacher, and an open answer's judges (AS-33)."""
    step = state["step"]
    return viewer is TEACHER or (step["kind"] == "judge" and viewer in step["judges"])


def question_view(state: dict, viewer) -> dict | None:
    q = state["question"]
    if q is None:
        return None
    duel_running = q["context"] == "duel" and not q["judged"]
    base = {"n": q["n"], "category": q["category"], "context": q["context"],
            "seats": list(q["seats"]), "value": q["value"], "protected": q["protected"],
            "judged": q["judged"], "duel": q["duel"]}
    if duel_running and viewer not in q["seats"] and viewer is not TEACHER:
        base["hidden"] = True
        base["answers"] = [{"seat": a["seat"]} for a in q["answers"]]
        return base
    record = state["bank"][q["id"]]
    base.update(questions.public_view(record, q["order"]))
    base["time_limit_s"] = questions.answer_seconds(state, record)
    base["answers"] = [answer_view(a, viewer, duel_running) for a in q["answers"]]
    if q["advice"] is not None:
        advice = {"adviser": q["advice"]["adviser"], "given": q["advice"]["given"]}
        if viewer in (TEACHER, q["seats"][0], q["advice"]["adviser"]):
            advice["suggestion"] = q["advice"]["suggestion"]
        base["advice"] = advice
    if q["judged"] or sees_key(state, viewer):
        base["key"] = questions.key_view(record, q["order"])
    return base


def answer_view(answer: dict, viewer, duel_running: bool) -> dict:
    if duel_running and viewer not in (TEACHER, answer["seat"]):
        return {"seat": answer["seat"]}
    return dict(answer)


def duel_view(state: dict, duel: dict, viewer) -> dict:
    shown = dict(duel)
    running = not duel["over"]
    if running and viewer not in (TEACHER, duel["challenger"], duel["opponent"]):
        shown["question"] = None
    if running and viewer is not TEACHER:
        shown["answers"] = [a if a["seat"] == viewer else {"seat": a["seat"]}
                            for a in duel["answers"]]
    shown.pop("order", None)
    return shown


# The menu --------------------------------------------------------------------------------------

def _inputs(state: dict, seat: int, kind: str) -> list[dict]:
    if kind == "choose_order":
        return [{"param": "order", "type": "order", "options": list(CATEGORIES)}]
    if kind in ("answer", "advise"):
        record = state["bank"][state["question"]["id"]]
        if record["format"] in ("numeric", "open"):
            param = "value" if kind == "answer" else "suggestion"
            limit = questions.text_limit(record, advice=kind == "advise")
            return [{"param": param, "type": "text", "max_length": limit}]
    if kind in ("distribute", "strike"):
        allocation = points.pending_for(state, seat)
        room = points.room(player(state, seat), allocation["mode"])
        return [{"param": f"points.{code}", "type": "number", "min": 0,
                 "max": min(n, allocation["total"]), "total": allocation["total"]}
                for code, n in room.items()]
    return []


def action_menu(state: dict, seat: int) -> list[dict]:
    """Each action type of the current step for `seat`, and the flag of a seen question.

    A kind with inputs lists one action without them: a split of points has number inputs
    `points.<category>` that must add up to `total`, a numeric or open answer (or suggestion) a
    text input (an empty text is no answer), a category order an order input.
    """
    menu = []
    kinds = dispatch.STEP_TYPES.get(state["step"]["kind"], ())
    for kind in kinds:
        reason = dispatch.blocker(state, seat, kind)
        inputs = _inputs(state, seat, kind) if reason is None else []
        if inputs:
            legal = [{"type": kind, "seat": seat}]  # the rest comes from the inputs
        else:
            legal = [] if reason is not None else dispatch.legal_of(state, seat, kind)
        if reason is None and not legal:
            reason = "no_legal_choice"
        menu.append({"kind": kind, "enabled": reason is None, "reason": reason,
                     "actions": [{"action": a, "cost": None} for a in legal], "inputs": inputs})
    menu.append(flag_entry(state, seat))
    return menu


def flag_entry(state: dict, seat: int) -> dict:
    seen = [q for q in flags.seen_by(state, seat) if q not in flags.flagged_by(state, seat)]
    latest = seen[-1:]
    actions = [{"action": {"type": "flag", "seat": seat, "question": q, "reason": r},
                "cost": None} for q in latest for r in flags.REASONS]
    return {"kind": "flag", "enabled": bool(actions), "reason": None if actions else "nothing_seen",
            "actions": actions, "inputs": []}
