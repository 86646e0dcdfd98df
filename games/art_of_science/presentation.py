"""What the parts show, prepared from one viewer's view (engine.view_for): the status line, the
question as this viewer may see it, every seat's score card and the board. Templates only place
what these functions give; names of categories and squares come from the engine's content in the
active language. Nothing here reads more than the view it is given (and public verdicts)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import content
from games.art_of_science import labels
from games.art_of_science.engine.content import BOARD
from games.art_of_science.engine.state import CATEGORIES
from games.seats import look

LETTER_WORDS = {True: gettext_lazy("True"), False: gettext_lazy("False")}


def _name(names, seat):
    return names.get(seat) or _("Seat %(n)s") % {"n": seat}


def seat_chip(seat, names, bots=()):
    return {"seat": seat, "name": _name(names, seat), "look": look(seat), "bot": seat in bots}


def category(code):
    return {"code": code, "name": labels.category_name(code), "sign": labels.SIGNS.get(code, "")}


# The status line ----------------------------------------------------------------------------------

MY_TURN = {
    "order": gettext_lazy("Your turn: write your score card."),
    "place": gettext_lazy("Your turn: place your pawn."),
    "move": gettext_lazy("Your turn: move."),
    "shove": gettext_lazy("Your turn: shove a pawn, or leave it."),
    "answer": gettext_lazy("Your turn: answer the question!"),
    "advise": gettext_lazy("You are asked for advice."),
    "judge": gettext_lazy("Judge the answer."),
    "reward": gettext_lazy("Correct! Take the points or roll again."),
    "spree": gettext_lazy("Winning spree: roll again or end your turn."),
    "genius": gettext_lazy("Universal Genius: choose a category."),
    "challenge": gettext_lazy("Duel: choose an opponent and a stake."),
    "duel_category": gettext_lazy("You are challenged: choose the category."),
    "duel": gettext_lazy("Duel: answer first!"),
    "wager": gettext_lazy("Replication Chance: wager your points."),
    "allocate": gettext_lazy("Place your points."),
}


def status(view, seat, names, bots, teacher=False):
    waiting = [s for s in view["current_seats"] if isinstance(s, int)]
    me = seat_chip(seat, names, bots) if seat is not None and not teacher else None
    stage = view["stage"]
    return {
        "me": me, "round": view["round"], "over": view["over"],
        "stage": labels.STAGES.get(stage, ""), "my_turn": bool(me) and seat in waiting,
        "turn_text": MY_TURN.get(stage, _("Your turn.")),
        "waiting": [seat_chip(s, names, bots) for s in waiting if s != seat],
        "teacher_judges": stage == "judge" and not waiting and not view["over"],
        "time_called": view["time_called"], "card": _my_card(view, seat) if me else None,
    }


def _my_card(view, seat):
    player = next(p for p in view["players"] if p["seat"] == seat)
    return {"filled": len(player["filled"]), "points": sum(player["points"].values()),
            "total": sum(view["requirements"])}


# The question -----------------------------------------------------------------------------------


def question(view, seat, names, verdicts, deadline=None):
    """The current (or last) question as `seat` sees it; None before the first one."""
    q = view["question"]
    if q is None:
        return None
    shown = {
        "n": q["n"], "category": category(q["category"]),
        "context": labels.CONTEXTS.get(q["context"], ""), "value": q["value"],
        "protected": q["protected"], "hidden": q.get("hidden", False), "judged": q["judged"],
        "answering": [seat_chip(s, names) for s in q["seats"]], "deadline": deadline,
        "answering_names": " & ".join(_name(names, s) for s in q["seats"]),
        "mine": seat in q["seats"], "acting": seat in view["current_seats"],
        # The bank's questions are in the lesson's language, which a tablet's may differ from.
        "lang": view["options"]["language"],
    }
    if shown["hidden"]:
        return shown
    key = q.get("key")
    shown.update(prompt=q["prompt"], format=labels.FORMATS.get(q["format"], ""),
                 kind=q["format"], unit=q["unit"], image=q["image"],
                 options=_options(q, key), key=_key(q, key),
                 answers=[_answer(a, q, names) for a in q["answers"]],
                 advice=_advice(q, names),
                 verdict=_verdict(verdicts.get(q["n"]), names))
    return shown


def _options(q, key):
    if q["format"] != "multiple_choice":
        return []
    given = {a.get("value") for a in q["answers"]}
    return [{"letter": o["letter"], "text": o["text"],
             "right": bool(key) and o["letter"] == key["answer"],
             "given": o["letter"] in given} for o in q["options"]]


def answer_text(q, value):
    """An answer or a key value in words: the option's text, true/false, a number, a text."""
    if value is None:
        return _("no answer")
    if q["format"] == "multiple_choice":
        text = next((o["text"] for o in q["options"] or () if o["letter"] == value), "")
        return f"{value}: {text}" if text else str(value)
    if q["format"] == "true_false":
        return str(LETTER_WORDS.get(value, value))
    if q["format"] == "numeric":
        number = str(value).replace(".", ",") if content.language() in ("fi", "sv") else str(value)
        return f"{number} {q['unit']}" if q.get("unit") else number
    return str(value)


def _key(q, key):
    if not key:
        return None
    tolerance = key.get("tolerance") or 0
    return {"answer": answer_text(q, key["answer"]), "accept": list(key.get("accept") or ()),
            "explanation": key["explanation"],
            "tolerance": answer_text(q, tolerance) if tolerance else ""}


def _answer(answer, q, names):
    shown = {"who": seat_chip(answer["seat"], names), "hidden": "value" not in answer}
    if not shown["hidden"]:
        shown["text"] = answer_text(q, answer["value"])
    return shown


def _advice(q, names):
    """Who advises, and the suggestion where this viewer may read it (the asking seat)."""
    advice = q.get("advice")
    if not advice:
        return None
    shown = {"adviser": seat_chip(advice["adviser"], names), "given": advice["given"]}
    if advice.get("suggestion") is not None:
        shown["suggestion"] = answer_text(q, advice["suggestion"])
    return shown


def _verdict(found, names):
    """The judgement of the question (public once given): who was right, and by whom."""
    if not found:
        return None
    return [{"who": seat_chip(v["seat"], names), "correct": v["correct"], "by": v["by"]}
            for v in found]


# Score cards ------------------------------------------------------------------------------------


def cards(view, names, bots, seat=None):
    """Every seat's score card: its six rows (row 1 first once its order is known), each with
    the points and the requirement, filled rows locked; its answers and duels."""
    requirements = view["requirements"]
    active = view["active"]
    return [_card(p, requirements, names, bots, p["seat"] == seat, p["seat"] == active)
            for p in view["players"]]


def _card(player, requirements, names, bots, mine, active):
    order = player["order"]
    rows = []
    for code in order or CATEGORIES:
        need = player["req"][code] if player["req"] else (
            requirements[order.index(code)] if order else None)
        points = player["points"][code]
        right, wrong = player["tally"][code]
        rows.append({**category(code), "row": (order.index(code) + 1) if order else None,
                     "need": need, "points": points, "filled": code in player["filled"],
                     "bar": round(240 * points / need) if need else 0,
                     "right": right, "wrong": wrong})
    return {**seat_chip(player["seat"], names, bots), "rows": rows, "mine": mine,
            "active": active, "known": order is not None,
            "chosen": player["order_chosen"], "filled": len(player["filled"]),
            "points": sum(player["points"].values()), "total": sum(requirements),
            "unlocked": player["unlocked"], "duels": player["duels"]}


# The board --------------------------------------------------------------------------------------

CELL = 40
SIDE = 12  # squares on the top and bottom rows; 9 more down each side


def square_position(index):
    """Where square `index` sits on the loop drawn clockwise from the top left corner."""
    if index < SIDE:
        return index * CELL, 0
    if index < SIDE + 9:
        return (SIDE - 1) * CELL, (index - SIDE + 1) * CELL
    if index < 2 * SIDE + 9:
        return (2 * SIDE + 8 - index) * CELL, 10 * CELL
    return 0, (42 - index) * CELL


def board(view, names, title_id="aos-board-title"):
    """The 42 squares with their category or special sign and value, and the pawns on them."""
    pawns = {}
    for p in view["players"]:
        if p["square"] is not None:
            pawns.setdefault(p["square"], []).append(p["seat"])
    squares = []
    for square in BOARD:
        x, y = square_position(square["square"])
        squares.append({
            "index": square["square"], "x": x, "y": y, "kind": square["kind"],
            "code": square.get("category") or "", "value": square.get("value"),
            "sign": labels.SIGNS.get(square.get("category"))
            or labels.SPECIAL_SIGNS.get(square["kind"], ""),
            "label": _square_label(square),
            "pawns": [{"seat": s, "look": look(s), "dx": 1 + 13 * (i % 3), "dy": 13 + 13 * (i // 3)}
                      for i, s in enumerate(pawns.get(square["square"], []))],
        })
    return {"squares": squares, "width": SIDE * CELL, "height": 11 * CELL, "title_id": title_id,
            "legend": [category(c) for c in CATEGORIES],
            "specials": [{"sign": labels.SPECIAL_SIGNS[k], "name": labels.special_name(k)}
                         for k in labels.SPECIAL_SIGNS]}


def _square_label(square):
    if square["kind"] == "category":
        return ngettext("Square %(n)s: %(category)s, %(value)s point",
                        "Square %(n)s: %(category)s, %(value)s points", square["value"]) % {
            "n": square["square"], "category": labels.category_name(square["category"]),
            "value": square["value"]}
    return _("Square %(n)s: %(name)s") % {"n": square["square"],
                                          "name": labels.special_name(square["kind"])}


def square_words(index):
    """A square in words, for choices: "Square 15 · Chemistry 2"."""
    square = BOARD[index]
    if square["kind"] == "category":
        return f"{labels.SIGNS[square['category']]} {labels.category_name(square['category'])} " \
               f"{square['value']}"
    return f"{labels.SPECIAL_SIGNS[square['kind']]} {labels.special_name(square['kind'])}"


# The end ------------------------------------------------------------------------------------------


def final(view, names):
    outcome = view["outcome"]
    if not outcome:
        return None
    return {"winners": [seat_chip(s, names) for s in outcome["winners"]],
            "ended_by": labels.ENDED_BY.get(outcome["ended_by"], ""),
            "ranking": [{**seat_chip(r["seat"], names), "rank": r["rank"],
                         "filled": r["filled"], "points": r["points"]}
                        for r in outcome["players"]]}


# What is happening now ----------------------------------------------------------------------------

SPECIAL_STAGES = {"genius": "universal_genius", "challenge": "duel", "duel_category": "duel",
                  "wager": "replication_chance"}


def situation(view, names):
    """Beside the question: the die, the special square being played, a running duel, points
    waiting to be placed, and in the first step the score card's requirements."""
    stage, step = view["stage"], view["step"]
    rolled = next((e for e in reversed(view["events"]) if e["type"] == "DieRolled"), None)
    duel = next((d for d in reversed(view["duels"]) if not d["over"]), None)
    special = SPECIAL_STAGES.get(stage)
    return {
        "stage": stage,
        "die": step.get("roll") or (rolled["face"] if rolled else None),
        "special": {"sign": labels.SPECIAL_SIGNS[special], "name": labels.special_name(special),
                    "text": labels.special_text(special)} if special else None,
        "duel": {"challenger": seat_chip(duel["challenger"], names),
                 "opponent": seat_chip(duel["opponent"], names), "stake": duel["stake"],
                 "category": category(duel["category"]) if duel["category"] else None}
        if duel else None,
        "allocations": [{"who": seat_chip(a["seat"], names), "points": a["points"],
                         "strike": a["mode"] == "strike"} for a in view["allocations"]],
        "requirements": list(view["requirements"]) if stage == "order" else [],
        "wager": step.get("category") and category(step["category"]),
    }
