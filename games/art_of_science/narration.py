"""The Art of Science's events told in plain language, in the active language (gettext).

`tell(events, names)` turns a step's events, as one viewer may see them (`events_for`), into
`Line`s for the game log. A private event a viewer may not read in full (another seat's vote, a
duel answer's value) is told without what it hides. Events that add nothing for a reader (a turn
starting, a question shown privately) tell nothing.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.art_of_science import labels
from games.art_of_science.presentation import square_words
from games.packages import Line

SILENT = frozenset({"GameStarted", "TurnStarted", "TurnEnded", "QuestionShown", "AnswerGiven"})


def tell(events, names):
    lines = []
    for event in events:
        if event["type"] in SILENT:
            continue
        teller = TELLERS.get(event["type"])
        if teller is None:
            continue
        told = teller(event, Names(names))
        if told:
            text, tone = told if isinstance(told, tuple) else (told, "")
            lines.append(Line(event.get("round"), event.get("seat"), text, tone))
    return lines


class Names:
    def __init__(self, names):
        self.names = names

    def __call__(self, seat):
        return self.names.get(seat) or _("Seat %(n)s") % {"n": seat}

    def many(self, seats):
        return ", ".join(self(s) for s in seats)


def _cat(code):
    return f"{labels.SIGNS.get(code, '')} {labels.category_name(code)}".strip()


def _split(points):
    return ", ".join(f"{_cat(code)} {n:+d}" for code, n in (points or {}).items())


def _orders(e, name):
    return _("Every score card is shown."), "phase"


def _order_chosen(e, name):
    return _("%(name)s wrote a score card.") % {"name": name(e["seat"])}


def _start(e, name):
    return _("%(name)s starts.") % {"name": name(e["seat"])}


def _placed(e, name):
    return _("%(name)s put the pawn on square %(n)s: %(what)s.") % {
        "name": name(e["seat"]), "n": e["square"], "what": square_words(e["square"])}


def _round(e, name):
    return _("Round %(n)s") % {"n": e["round"]}, "phase"


def _rolled(e, name):
    return _("%(name)s rolled %(face)s.") % {"name": name(e["seat"]), "face": e["face"]}


def _moved(e, name):
    words = {"name": name(e["seat"]), "steps": e["steps"], "n": e["square"],
             "what": square_words(e["square"])}
    if e.get("direction") == "counterclockwise":
        return ngettext("%(name)s moved %(steps)s square counterclockwise to square %(n)s: "
                        "%(what)s.", "%(name)s moved %(steps)s squares counterclockwise to "
                        "square %(n)s: %(what)s.", e["steps"]) % words
    return ngettext("%(name)s moved %(steps)s square clockwise to square %(n)s: %(what)s.",
                    "%(name)s moved %(steps)s squares clockwise to square %(n)s: %(what)s.",
                    e["steps"]) % words


def _shoved(e, name):
    return _("%(name)s shoved %(target)s to square %(n)s.") % {
        "name": name(e["seat"]), "target": name(e["target"]), "n": e["square"]}


def _special(e, name):
    return _("%(name)s reached %(special)s.") % {
        "name": name(e["seat"]), "special": labels.special_name(e["kind"])}


def _asked(e, name):
    if e["context"] == "duel":
        return _("A duel question in %(category)s goes to %(seats)s.") % {
            "category": _cat(e["category"]), "seats": name.many(e["seats"])}
    return _("%(name)s gets a question in %(category)s.") % {
        "name": name(e["seat"]), "category": _cat(e["category"])}


def _reused(e, name):
    return _("Every %(category)s question has been asked: one comes again.") % {
        "category": _cat(e["category"])}


def _judged(e, name):
    words = {"name": name(e["seat"]), "category": _cat(e["category"])}
    by = {"table": _(" (the table judged)"), "teacher": _(" (the teacher judged)")}.get(
        e.get("by"), "")
    if e["correct"]:
        return _("✓ %(name)s answered right in %(category)s.") % words + by, "good"
    return _("✗ %(name)s answered wrong in %(category)s.") % words + by, "bad"


def _advice_asked(e, name):
    return _("%(name)s asks %(adviser)s for advice.") % {
        "name": name(e["seat"]), "adviser": name(e["adviser"])}


def _advice_given(e, name):
    if not e.get("given"):
        return _("%(adviser)s gave no suggestion.") % {"adviser": name(e["seat"])}
    return _("%(adviser)s gave a suggestion.") % {"adviser": name(e["seat"])}


def _advice_shared(e, name):
    return _("%(name)s and %(adviser)s share the points: %(a)s and %(b)s.") % {
        "name": name(e["seat"]), "adviser": name(e["adviser"]), "a": e["seat_points"],
        "b": e["adviser_points"]}, "good"


def _judging(e, name):
    if not e["judges"]:
        return _("The teacher judges %(name)s's answer.") % {"name": name(e["seat"])}
    return _("%(judges)s judge %(name)s's answer.") % {
        "judges": name.many(e["judges"]), "name": name(e["seat"])}


def _voted(e, name):
    return _("%(name)s voted.") % {"name": name(e["seat"])}


def _new_round(e, name):
    return _("%(name)s rolls again.") % {"name": name(e["seat"])}


def _category(e, name):
    if e.get("why") == "duel":
        return _("%(name)s chose %(category)s for the duel.") % {
            "name": name(e["seat"]), "category": _cat(e["category"])}
    return _("%(name)s chose %(category)s.") % {
        "name": name(e["seat"]), "category": _cat(e["category"])}


def _duel(e, name):
    return ngettext("%(name)s challenges %(opponent)s to a duel for %(stake)s point.",
                    "%(name)s challenges %(opponent)s to a duel for %(stake)s points.",
                    e["stake"]) % {"name": name(e["seat"]), "opponent": name(e["opponent"]),
                                   "stake": e["stake"]}


def _duel_answer(e, name):
    if e["correct"]:
        return _("%(name)s answered the duel question right.") % {"name": name(e["seat"])}, \
            "good"
    return _("%(name)s answered the duel question wrong.") % {"name": name(e["seat"])}, "bad"


def _duel_ended(e, name):
    if e["winner"] is None:
        return _("Nobody won the duel: no points move.")
    return ngettext("%(winner)s wins the duel: %(winner)s gains %(stake)s point, %(loser)s "
                    "loses it.", "%(winner)s wins the duel: %(winner)s gains %(stake)s points, "
                    "%(loser)s loses them.", e["stake"]) % {
        "winner": name(e["winner"]), "loser": name(e["loser"]), "stake": e["stake"]}, "good"


def _no_duel(e, name):
    return _("%(name)s has no unlocked points, so there is no duel.") % {"name": name(e["seat"])}


def _resumed(e, name):
    return _("The duel goes on for %(seats)s.") % {"seats": name.many(e["seats"])}


def _replication_rolled(e, name):
    return _("%(name)s rolled %(face)s for the Replication Chance: %(category)s.") % {
        "name": name(e["seat"]), "face": e["face"], "category": _cat(e["category"])}


def _wager(e, name):
    words = {"name": name(e["seat"]), "n": e["wager"]}
    if e.get("protected"):
        return ngettext("%(name)s wagers %(n)s point and cannot lose any.",
                        "%(name)s wagers %(n)s points and cannot lose any.", e["wager"]) % words
    return ngettext("%(name)s wagers %(n)s point.", "%(name)s wagers %(n)s points.",
                    e["wager"]) % words


def _settled(e, name):
    words = {"name": name(e["seat"]), "n": abs(e["moved"])}  # `moved` is − when struck
    if not e["correct"] and e.get("protected"):
        return _("%(name)s answers wrong but loses nothing.") % words
    if e["correct"]:
        return ngettext("%(name)s wins the wager: +%(n)s point.",
                        "%(name)s wins the wager: +%(n)s points.", words["n"]) % words, "good"
    return ngettext("%(name)s loses the wager: −%(n)s point.",
                    "%(name)s loses the wager: −%(n)s points.", words["n"]) % words, "bad"


def _gained(e, name):
    text = ngettext("%(name)s: +%(n)s point in %(category)s.",
                    "%(name)s: +%(n)s points in %(category)s.", e["gained"]) % {
        "name": name(e["seat"]), "n": e["gained"], "category": _cat(e["category"])}
    if e.get("filled"):
        text += " " + _("%(category)s is full.") % {"category": _cat(e["category"])}
    return text, "good"


def _distributed(e, name):
    return _("%(name)s placed points: %(split)s.") % {
        "name": name(e["seat"]), "split": _split(e["points"]) or "0"}, "good"


def _struck(e, name):
    return _("%(name)s struck out points: %(split)s.") % {
        "name": name(e["seat"]), "split": _split({k: -v for k, v in e["points"].items()})
        or "0"}, "bad"


def _awaited(e, name):
    words = {"name": name(e["seat"]), "n": e["total"]}
    if e["mode"] == "strike":
        return ngettext("%(name)s must strike out %(n)s point.",
                        "%(name)s must strike out %(n)s points.", e["total"]) % words
    return ngettext("%(name)s places %(n)s point.", "%(name)s places %(n)s points.",
                    e["total"]) % words


def _corrected(e, name):
    return _("The teacher's correction takes back the points of the first judgement.")


def _overridden(e, name):
    if e["correct"]:
        return _("The teacher changed the judgement: %(name)s's answer is right.") % {
            "name": name(e["seat"])}, "good"
    return _("The teacher changed the judgement: %(name)s's answer is wrong.") % {
        "name": name(e["seat"])}, "bad"


def _flagged(e, name):
    return _("%(name)s reported a question to the teacher.") % {"name": name(e["seat"])}


def _time(e, name):
    return _("The teacher called time: this turn is the last."), "phase"


def _ended(e, name):
    winners = e.get("winners") or []
    return ngettext("Game over: %(names)s wins.", "Game over: %(names)s win.", len(winners)) % {
        "names": name.many(winners)}, "phase"


TELLERS = {
    "OrderChosen": _order_chosen, "OrdersRevealed": _orders, "StartSeatChosen": _start,
    "PawnPlaced": _placed, "RoundStarted": _round, "DieRolled": _rolled, "PawnMoved": _moved,
    "PawnShoved": _shoved, "SpecialReached": _special, "QuestionAsked": _asked,
    "QuestionReused": _reused, "AnswerJudged": _judged, "AdviceAsked": _advice_asked,
    "AdviceGiven": _advice_given, "AdviceShared": _advice_shared, "JudgingOpened": _judging,
    "VoteCast": _voted, "NewRoundTaken": _new_round, "CategoryChosen": _category,
    "DuelDeclared": _duel, "DuelAnswerReceived": _duel_answer, "DuelEnded": _duel_ended,
    "DuelImpossible": _no_duel, "DuelResumed": _resumed,
    "ReplicationRolled": _replication_rolled, "WagerPlaced": _wager,
    "ReplicationSettled": _settled, "PointsGained": _gained, "PointsDistributed": _distributed,
    "PointsStruck": _struck, "AllocationAwaited": _awaited, "PointsCorrected": _corrected,
    "JudgementOverridden": _overridden, "QuestionFlagged": _flagged, "TimeCalled": _time,
    "GameEnded": _ended,
}
EVENT_TYPES = frozenset(TELLERS) | SILENT
