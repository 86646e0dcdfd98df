"""What the teacher's cockpit shows of The Art of Science beyond every game's card: on a table's
card, each seat's six rows as bars, the question on the table and an open answer waiting for its
judgement (with its key: the teacher judges); for the whole class, a heat map of right answers by
category and difficulty, the hardest questions and the students' reports (rules file, part 4)."""

from collections import Counter, defaultdict

from games.art_of_science import labels
from games.art_of_science.engine.state import CATEGORIES
from games.art_of_science.models import QuestionFlag
from games.art_of_science.presentation import answer_text, category, seat_chip
from games.engines.base import TEACHER
from games.rendering import view_of
from games.selectors import game_snapshot

BAR = 60  # the width of one row's bar on a card
HARDEST = 3


def card_context(snapshot, summary):
    view = view_of(snapshot, TEACHER)
    return {"seats": [_bars(p, snapshot.names) for p in view["players"]],
            "question": _question(view, snapshot.names),
            "flags": [{"question": f["question"], "reason": str(labels.FLAG_REASONS[f["reason"]])}
                      for f in view["flags"]]}


def _bars(player, names):
    rows = []
    for code in player["order"] or CATEGORIES:
        need = player["req"][code] if player["req"] else 0
        rows.append({**category(code), "points": player["points"][code], "need": need,
                     "filled": code in player["filled"],
                     "width": round(BAR * player["points"][code] / need) if need else 0})
    return {**seat_chip(player["seat"], names), "rows": rows if player["req"] else []}


def _question(view, names):
    q = view["question"]
    if q is None or q["judged"]:
        return None
    shown = {"category": category(q["category"]), "prompt": q["prompt"],
             "lang": view["options"]["language"],
             "who": [seat_chip(s, names) for s in q["seats"]], "judging": None}
    if view["stage"] == "judge":
        step = view["step"]
        shown["judging"] = {
            "given": answer_text(q, q["answers"][-1]["value"]) if q["answers"] else "",
            "key": answer_text(q, q["key"]["answer"]), "accept": q["key"]["accept"],
            "judges": [seat_chip(s, names) for s in step["judges"]],
            "voted": len(step["voted"])}
    return shown


def cockpit_lesson(game_ids, settings):
    """Right answers of every table by category and difficulty, the hardest questions asked
    twice or more, and the questions students reported in this lesson."""
    tally = defaultdict(lambda: [0, 0])
    by_question = defaultdict(lambda: [0, 0])
    prompts = {}
    for game_id in game_ids:
        state = game_snapshot(game_id).state
        for judgement in state["judgements"]:
            record = state["bank"][judgement["question"]]
            for key in ((judgement["category"], record["difficulty"]),
                        (judgement["category"], "all")):
                tally[key][0 if judgement["correct"] else 1] += 1
            by_question[judgement["question"]][0 if judgement["correct"] else 1] += 1
            prompts[judgement["question"]] = (record["prompt"], record.get("lang"))
    if not by_question:
        return None
    return {"rows": [{**category(code), "cells": [_cell(tally.get((code, d)))
                                                   for d in (1, 2, 3, "all")]}
                     for code in CATEGORIES],
            "answered": sum(sum(v) for v in by_question.values()),
            "hardest": _hardest(by_question, prompts), "reports": _reports(game_ids)}


def _cell(counts):
    if not counts:
        return {"answered": 0}
    right, wrong = counts
    rate = right / (right + wrong)
    return {"answered": right + wrong, "right": right, "percent": round(100 * rate),
            "heat": min(4, int(rate * 5))}


def _hardest(by_question, prompts):
    asked = [(right / (right + wrong), qid) for qid, (right, wrong) in by_question.items()
             if right + wrong >= 2]
    return [{"id": qid, "prompt": prompts[qid][0], "lang": prompts[qid][1],
             "percent": round(100 * rate),
             "answered": sum(by_question[qid])} for rate, qid in sorted(asked)[:HARDEST]
            if rate < 1]


def _reports(game_ids):
    flags = Counter(QuestionFlag.objects.filter(game_id__in=game_ids).values_list(
        "question__public_id", "question__prompt", "question__lang"))
    return [{"id": qid, "prompt": prompt, "lang": lang, "count": n}
            for (qid, prompt, lang), n in flags.items()]
