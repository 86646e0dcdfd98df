"""The Art of Science's debrief facts: what each student's own game shows above the five
questions (rules file, part 5): their categories, the advice they asked and gave, the
Replication Chances they took, the questions they missed, and their duels.

Each generator reads one seat's events as that seat may see them (the debrief's `SeatGame`:
`seat`, `events`, `outcome`, `mine(*types)`, `of_type(*types)`) and returns the most telling
moments as (score, round, sentence). Category names come from the engine's content in the active
language; other seats are named by their seat number (the debrief has no names of others).
"""

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.art_of_science import labels
from games.art_of_science.presentation import answer_text

JUDGED = ("AnswerJudged", "DuelAnswerReceived", "JudgementOverridden")


def _cat(code):
    return labels.category_name(code)


def _seat(seat):
    return _("seat %(n)s") % {"n": seat}


# 1. Specialisation ------------------------------------------------------------------------------


def specialisation_facts(game):
    """The seat's order (row 1 needs the most), how its answers went by category, and the
    categories it filled."""
    facts = []
    revealed = next(iter(game.of_type("OrdersRevealed")), None)
    order = (revealed or {}).get("orders", {}).get(str(game.seat))
    if order:
        facts.append((50, 0, _("You put %(first)s in row 1, where you needed the most points, "
                              "and %(last)s last.") % {"first": _cat(order[0]),
                                                       "last": _cat(order[-1])}))
    for code, (right, wrong) in sorted(_tallies(game).items(), key=lambda kv: -sum(kv[1])):
        facts.append((2 + right + wrong, 0, _(
            "%(category)s: you answered %(right)s of %(all)s questions right.") % {
            "category": _cat(code), "right": right, "all": right + wrong}))
    for e in game.mine("PointsGained"):
        if e.get("filled"):
            facts.append((3, e["round"], _("You filled %(category)s in round %(round)s.") % {
                "category": _cat(e["category"]), "round": e["round"]}))
    return facts


def _tallies(game):
    """[right, wrong] by category, after the teacher's overrides."""
    verdicts = {}
    for e in game.mine(*JUDGED):
        verdicts[e.get("judgement", e.get("n"))] = (e["category"], e["correct"])
    tallies = defaultdict(lambda: [0, 0])
    for code, correct in verdicts.values():
        tallies[code][0 if correct else 1] += 1
    return tallies


# 2. Sharing credit --------------------------------------------------------------------------------


def credit_facts(game):
    """Advice the seat asked for and the points it shared; advice it gave others."""
    facts = []
    for e in game.mine("AdviceAsked"):
        facts.append((3, e["round"], _("In round %(round)s you asked %(adviser)s for "
                                       "advice.") % {"round": e["round"],
                                                     "adviser": _seat(e["adviser"])}))
    for e in game.of_type("AdviceShared"):
        if e["seat"] == game.seat:
            facts.append((5, e["round"], _(
                "You answered right with %(adviser)s's advice and kept %(mine)s points; "
                "%(adviser)s got %(theirs)s.") % {"adviser": _seat(e["adviser"]),
                                                  "mine": e["seat_points"],
                                                  "theirs": e["adviser_points"]}))
        elif e["adviser"] == game.seat:
            facts.append((5, e["round"], _(
                "Your advice helped %(seat)s answer right: you got %(theirs)s points, they "
                "kept %(mine)s.") % {"seat": _seat(e["seat"]), "theirs": e["adviser_points"],
                                     "mine": e["seat_points"]}))
    for e in game.of_type("AdviceAsked"):
        if e["adviser"] == game.seat:
            facts.append((2, e["round"], _("In round %(round)s %(seat)s asked you for "
                                           "advice.") % {"round": e["round"],
                                                         "seat": _seat(e["seat"])}))
    return facts


# 3. Replication is not gambling ----------------------------------------------------------------


def replication_facts(game):
    """Every Replication Chance the seat took: the die, the wager, and what it won or lost."""
    facts = []
    for e in game.mine("ReplicationSettled"):
        words = {"round": e["round"], "n": e["wager"], "category": _cat(e["category"]),
                 "moved": abs(e["moved"])}  # `moved` is − when struck
        if e["correct"]:
            text = ngettext("In round %(round)s you wagered %(n)s point on a %(category)s "
                            "question and won %(moved)s.", "In round %(round)s you wagered "
                            "%(n)s points on a %(category)s question and won %(moved)s.",
                            e["wager"]) % words
        elif e.get("protected"):
            text = ngettext("In round %(round)s you wagered %(n)s point on a %(category)s "
                            "question with nothing to lose, and missed.", "In round %(round)s "
                            "you wagered %(n)s points on a %(category)s question with nothing "
                            "to lose, and missed.", e["wager"]) % words
        else:
            text = ngettext("In round %(round)s you wagered %(n)s point on a %(category)s "
                            "question and lost %(moved)s.", "In round %(round)s you wagered "
                            "%(n)s points on a %(category)s question and lost %(moved)s.",
                            e["wager"]) % words
        facts.append((4 + e["wager"], e["round"], text))
    return facts


# 4. How we know -----------------------------------------------------------------------------------


def knowing_facts(game):
    """Questions the seat missed, with the right answer and its explanation."""
    asked = _questions(game)
    facts = []
    for e in game.mine("AnswerJudged"):
        if e["correct"] or e["n"] not in asked:
            continue
        q = asked[e["n"]]
        facts.append((3, e["round"], _("You missed “%(prompt)s” The answer: %(answer)s. "
                                       "%(why)s") % {
            "prompt": q["prompt"], "answer": answer_text(q, e["key"]["answer"]),
            "why": e["key"]["explanation"]}))
    return facts


def _questions(game):
    """The questions the seat was shown, by number (a duel's only to its duellists)."""
    shown = {}
    for e in game.of_type("QuestionAsked", "QuestionShown"):
        if e.get("question") and "prompt" in e["question"]:
            shown[e["n"]] = e["question"]
    return shown


# 5. First versus right --------------------------------------------------------------------------


def duel_facts(game):
    """The seat's duels: who answered first, who was right, who won."""
    facts = []
    for e in game.of_type("DuelEnded"):
        if game.seat not in (e["seat"], e["opponent"]):
            continue
        other = e["opponent"] if e["seat"] == game.seat else e["seat"]
        first = e["answers"][0]["seat"] if e["answers"] else None
        words = {"round": e["round"], "other": _seat(other), "stake": e["stake"],
                 "category": _cat(e["category"])}
        text = ngettext("In round %(round)s you duelled %(other)s for %(stake)s point in "
                        "%(category)s.", "In round %(round)s you duelled %(other)s for "
                        "%(stake)s points in %(category)s.", e["stake"]) % words
        if first is not None:
            text += " " + (_("You answered first.") if first == game.seat
                           else _("%(other)s answered first.") % words)
        if e["winner"] == game.seat:
            text += " " + _("You were right and won.")
        elif e["winner"] is None:
            text += " " + _("Nobody was right.")
        else:
            text += " " + _("%(other)s was right and won.") % words
        facts.append((5, e["round"], text))
    return facts
