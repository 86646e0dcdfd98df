"""Asking and judging questions (AS-12, AS-25, AS-28 to AS-33, AS-36).

A question is drawn as a chance step among the category's questions not yet asked in this game
(AS-32); its multiple-choice options are shown in an order derived from the game's seed and the
question's number (AS-29). Machine-judged formats are judged at once; an open answer goes to
the table's vote or to the teacher (AS-31). The key stays on the server until the judgement
(AS-33): `views` and `events` read `question["judged"]`.
"""

from __future__ import annotations

import hashlib
from itertools import permutations

from .. import questions
from ..events import event, private
from ..state import opponents, player
from . import squares

PERMUTATIONS = {k: sorted(permutations(range(k))) for k in (3, 4)}


def candidates(state: dict, code: str, context: str) -> list[str]:
    """Question ids a draw may give: not yet asked in this game; duels only machine-judged
    (AS-32, AS-G09)."""
    left = state["left"][code]
    if context == "duel":
        machine = state["machine"][code]
        return [qid for qid in left if qid in machine]
    return list(left)


def reused(state: dict, code: str, context: str) -> str:
    """With none left: the least recently asked one of this game, flagged ones only if every
    one is flagged (AS-32, AS-35)."""
    flagged = {f["question"] for f in state["flags"]}
    machine = state["machine"][code]
    last = {}
    for i, qid in enumerate(state["asked"]):
        if state["bank"][qid]["category"] == code and (context != "duel" or qid in machine):
            last[qid] = i
    fresh = {qid: i for qid, i in last.items() if qid not in flagged} or last
    return min(fresh, key=fresh.get)


def ask(state: dict, seats: list[int], code: str, context: str, out: list, **extra) -> None:
    """Ask `seats` a question of category `code` (AS-12): a draw, or a reuse if none is left."""
    state["pending_question"] = {"category": code, "context": context, "seats": list(seats),
                                 **extra}
    if candidates(state, code, context):
        state["step"] = {"kind": "chance", "draw": "question"}
        return
    qid = reused(state, code, context)
    out.append(event(state, "QuestionReused", None, category=code, question=qid))
    pose(state, qid, out)


def display_order(state: dict, q: dict, n: int) -> list[int] | None:
    """Multiple-choice options in an order derived from the seed and the question's number
    (AS-29): the same on every replay, unknown to every client (the seed stays on the server)."""
    if q["format"] != "multiple_choice":
        return None
    orders = PERMUTATIONS[len(q["options"])]
    digest = hashlib.blake2b(f"{state['seed']}:options:{n}".encode(), digest_size=8).digest()
    return list(orders[int.from_bytes(digest, "big") % len(orders)])


def pose(state: dict, qid: str, out: list) -> None:
    """Show the drawn question to the seats that answer it (to the duellists only, AS-G09)."""
    pending = state["pending_question"]
    state["pending_question"] = None
    q = state["bank"][qid]
    n = len(state["asked"]) + 1
    code = pending["category"]
    if qid in state["left"][code]:
        state["left"][code].remove(qid)
    state["asked"].append(qid)
    order = display_order(state, q, n)
    current = {"n": n, "id": qid, "order": order, "answers": [], "advice": None, "judged": False,
               "value": None, "protected": False, "square": None, "duel": None, **pending}
    state["question"] = current
    if pending["context"] == "duel":
        pose_duel(state, current, q, out)
        return
    seat = pending["seats"][0]
    out.append(event(state, "QuestionAsked", seat, n=n, category=code,
                     context=pending["context"], seats=[seat],
                     time_limit_s=questions.answer_seconds(state, q),
                     question=questions.public_view(q, order)))
    state["step"] = {"kind": "answer", "seat": seat, "advised": False}


def pose_duel(state: dict, current: dict, q: dict, out: list) -> None:
    """Both duellists see the question at the same moment; the others see only that a duel
    question is out (AS-G09)."""
    n, seats = current["n"], current["seats"]
    out.append(event(state, "QuestionAsked", None, n=n, category=current["category"],
                     context="duel", seats=list(seats),
                     time_limit_s=questions.answer_seconds(state, q)))
    shown = questions.public_view(q, current["order"])
    for seat in seats:
        out.append(private(state, "QuestionShown", seat, seat, ("question",), n=n,
                           question=shown))
    # Listed alternately challenger-first and opponent-first, so that simulations, which
    # apply simultaneous answers in the listed order, favour neither side.
    state["step"] = {"kind": "duel", "seats": list(seats if n % 2 else seats[::-1])}


def question_drawn(state: dict, qid: str, out: list) -> None:
    pose(state, qid, out)


def answer(state: dict, action: dict, out: list) -> None:
    """The seat's one answer (AS-36: the first submission counts); machine formats are judged
    at once, an open answer goes to its judges (AS-31). No answer is wrong (AS-30)."""
    q = state["question"]
    seat, value = action["seat"], action["value"]
    q["answers"].append({"seat": seat, "value": value})
    out.append(event(state, "AnswerGiven", seat, n=q["n"], value=value))
    record = state["bank"][q["id"]]
    if record["format"] == "open" and value is not None:
        open_judging(state, seat, out)
    else:
        judged(state, seat, questions.judge(record, q["order"], value), "engine", out)


def ask_advice(state: dict, action: dict, out: list) -> None:
    """Advice: on a category square, before answering, one opponent is asked (AS-25)."""
    q = state["question"]
    q["advice"] = {"adviser": action["adviser"], "suggestion": None, "given": False}
    out.append(event(state, "AdviceAsked", action["seat"], n=q["n"], adviser=action["adviser"]))
    state["step"] = {"kind": "advise", "seat": action["adviser"], "for": action["seat"]}


def advise(state: dict, action: dict, out: list) -> None:
    """The adviser's one suggestion, seen by the asking seat only (AS-25, AS-G16)."""
    q = state["question"]
    asker = state["step"]["for"]
    q["advice"]["suggestion"] = action["suggestion"]
    q["advice"]["given"] = action["suggestion"] is not None
    out.append(private(state, "AdviceGiven", action["seat"], asker, ("suggestion",), n=q["n"],
                       to=asker, given=q["advice"]["given"], suggestion=action["suggestion"]))
    state["step"] = {"kind": "answer", "seat": asker, "advised": True}


def open_judging(state: dict, seat: int, out: list) -> None:
    """An open answer is judged by the seat's opponents, or by the teacher alone (AS-31)."""
    q = state["question"]
    judges = [] if state["options"]["judge"] == "teacher" else opponents(state, seat)
    state["step"] = {"kind": "judge", "seat": seat, "seats": judges, "judges": list(judges),
                     "votes": {}}
    out.append(event(state, "JudgingOpened", seat, n=q["n"], judges=list(judges),
                     by=state["options"]["judge"]))


def vote(state: dict, action: dict, out: list) -> None:
    """A judge's vote: correct, incorrect, or None (no vote in time, my ruling). The majority
    of the votes cast decides; a tie, and no vote at all, count as correct (AS-31)."""
    step = state["step"]
    step["votes"][str(action["seat"])] = action["correct"]
    step["seats"].remove(action["seat"])
    out.append(private(state, "VoteCast", action["seat"], action["seat"], ("correct",),
                       n=state["question"]["n"], correct=action["correct"]))
    if not step["seats"]:
        votes = list(step["votes"].values())
        correct = votes.count(True) >= votes.count(False)
        judged(state, step["seat"], correct, "table", out, votes=dict(step["votes"]))


def teacher_judges(state: dict, action: dict, out: list) -> None:
    """The teacher judges an open answer: as sole judge (AS-31), or over the table's vote, which
    then ends with the votes cast so far (my ruling, AS-34)."""
    votes = state["step"]["votes"]
    extra = {"votes": dict(votes)} if votes else {}
    judged(state, state["step"]["seat"], action["correct"], "teacher", out, **extra)


def record_judgement(state: dict, seat: int, correct: bool, by: str) -> dict:
    """A judgement on the log: who, which question, the verdict and (later) the points it
    moved; reversible by the teacher until the table's next action (AS-34)."""
    q = state["question"]
    advice = q["advice"]
    record = {"id": len(state["judgements"]), "seat": seat, "question": q["id"], "n": q["n"],
              "category": q["category"], "context": q["context"], "correct": correct, "by": by,
              "value": q["value"], "protected": q["protected"], "duel": q["duel"],
              "adviser": advice["adviser"] if advice and seat != advice["adviser"] else None,
              "changes": [], "overrides": 0}
    state["judgements"].append(record)
    state["window"].append(record["id"])
    player(state, seat)["tally"][q["category"]][0 if correct else 1] += 1
    return record


def judged(state: dict, seat: int, correct: bool, by: str, out: list, **extra) -> None:
    """Record the verdict, reveal the key to everyone (AS-33) and apply what it gives."""
    q = state["question"]
    q["judged"] = True
    record = record_judgement(state, seat, correct, by)
    out.append(judged_event(state, record, q, **extra))
    squares.ANSWERED[record["context"]](state, record, out)


def judged_event(state: dict, record: dict, q: dict, **extra) -> dict:
    bank = state["bank"][q["id"]]
    p = player(state, record["seat"])
    return event(state, "AnswerJudged", record["seat"], n=q["n"], judgement=record["id"],
                 question=q["id"], category=q["category"], difficulty=bank["difficulty"],
                 format=bank["format"], context=q["context"], correct=record["correct"],
                 by=record["by"], given=q["answers"][-1]["value"] if q["answers"] else None,
                 key=questions.key_view(bank, q["order"]),
                 tally=list(p["tally"][q["category"]]), **extra)
