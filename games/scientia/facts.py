"""Scientia's debrief facts: what each student's own game shows above the five questions.

Each generator reads one seat's events (Scientia hides nothing, so the seat reads them all)
and the outcome; it returns the most telling moments as (score, round, sentence) in the active
language: the seat's longest chain, the field it specialised in, the turn its first card
completed, the slots it gained, what chance there was.
"""

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.scientia import labels, names
from games.scientia.engine.content import FIELDS


def _row(game):
    return next((r for r in (game.outcome or {}).get("players", ()) if r["seat"] == game.seat),
                None)


def slow_research_facts(game):
    """When the seat's first card completed, and how its turns went between rotating and
    taking."""
    facts = []
    done = game.mine("CardCompleted")
    if done:
        first = done[0]
        facts.append((4, first["round"], _(
            "Your first card, %(card)s, completed on your turn %(n)s (round %(round)s).") % {
            "card": names.card(first["face"]), "n": first["seat_turn"], "round": first["round"]}))
    else:
        facts.append((4, 0, _("None of your cards completed: every project was still turning "
                              "when the game ended.")))
    turns = Counter(e["action"] for e in game.mine("TurnEnded"))
    if turns:
        facts.append((3, 0, _("You rotated cards on %(r)s turns and took a card on %(t)s.") % {
            "r": turns["rotate"], "t": turns["take"]}))
    row = _row(game)
    if row and row["breakdown"].get("unfinished"):
        n = row["breakdown"]["unfinished"]
        facts.append((2, 99, ngettext("At the end, %(n)s of your cards was still unfinished.",
                                      "At the end, %(n)s of your cards were still unfinished.",
                                      n) % {"n": n}))
    return facts


def _longest(turns):
    return max(turns, key=lambda e: (e["chain"], -e["turn"]), default=None)


def cascade_facts(game):
    """The seat's longest chain of completions in one turn, and the table's."""
    facts = []
    mine = _longest([e for e in game.mine("TurnEnded") if e["completed"]])
    if mine and mine["chain"] > 1:
        facts.append((4, mine["round"], _(
            "Your longest chain, in round %(round)s: %(cards)s, %(n)s completions set off one "
            "after another.") % {"round": mine["round"], "n": mine["chain"],
                                 "cards": " → ".join(names.card(f) for f in mine["completed"])}))
    elif mine:
        facts.append((3, mine["round"], _(
            "Your completions never set each other off: each came from your own turning.")))
    else:
        facts.append((2, 0, _("You completed no card, so no chain could start.")))
    cascaded = [e for e in game.mine("CardCompleted") if e["depth"] > 1]
    if cascaded:
        facts.append((3, cascaded[0]["round"], ngettext(
            "%(n)s of your cards was completed by another card's effect.",
            "%(n)s of your cards were completed by another card's effect.",
            len(cascaded)) % {"n": len(cascaded)}))
    best = _longest([e for e in game.of_type("TurnEnded") if e["completed"]
                     and e["seat"] != game.seat])
    if best and best["chain"] > 1 and (not mine or best["chain"] > mine["chain"]):
        facts.append((2, best["round"], _("Another seat's chain went further: %(cards)s.") % {
            "cards": " → ".join(names.card(f) for f in best["completed"])}))
    return facts


def specialist_facts(game):
    """The field the seat completed most in, or how it spread, and its special points."""
    by_field = Counter(e["field"] for e in game.mine("CardCompleted"))
    total = sum(by_field.values())
    if not total:
        return [(2, 0, _("You completed no card in any field."))]
    top, n = by_field.most_common(1)[0]
    facts = []
    if n > total / 2 or len(by_field) == 1:
        facts.append((4, 99, _("You specialised in %(field)s: %(n)s of your %(total)s "
                               "completed cards.") % {"field": names.field(top), "n": n,
                                                      "total": total}))
    else:
        facts.append((4, 99, _("You spread your research: %(fields)s.") % {"fields": ", ".join(
            f"{names.field(f)} {by_field[f]}" for f in FIELDS if by_field[f])}))
    row = _row(game)
    bonus = [(f, row["breakdown"][f"bonus_{f}"]) for f in FIELDS
             if row and row["breakdown"].get(f"bonus_{f}")]
    if bonus:
        facts.append((3, 99, _("Special points for reaching the end of a track: %(list)s.") % {
            "list": ", ".join(f"{names.field(f)} {p}" for f, p in bonus)}))
    elif row:
        facts.append((2, 99, _("No track reached its special points' spaces.")))
    return facts


def capacity_facts(game):
    """The slots the seat gained and when, and how many projects it ran."""
    facts = []
    for e in game.mine("SlotGained"):
        facts.append((4, e["round"], _(
            "In round %(round)s you gained a slot %(reason)s: %(n)s projects at once.") % {
            "round": e["round"], "reason": labels.SLOT_REASONS.get(e["reason"], ""),
            "n": e["slots"]}))
    if not facts:
        facts.append((4, 99, _("You stayed at 2 slots: 5 technology cubes or 5 flasks in "
                               "storage would each have opened one more.")))
    started = len(game.mine("CardTaken"))
    done = len(game.mine("CardCompleted"))
    facts.append((3, 99, _("You started %(s)s projects and completed %(d)s.") % {
        "s": started, "d": done}))
    return facts


def luck_facts(game):
    """What chance there was (who started, which cards), and the seat's result from choices
    made in the open."""
    facts = []
    for e in game.of_type("FirstPlayerChosen"):
        place = e["order"].index(game.seat) + 1 if game.seat in e["order"] else 0
        facts.append((3, 0, _("The only draw during setup: who started. You were number "
                              "%(n)s of %(m)s in the turn order.") % {
            "n": place, "m": len(e["order"])}))
    if game.of_type("FieldDrawn"):
        facts.append((2, 0, _("The twelve research cards were drawn at random before the "
                              "game; after that nothing was hidden or left to chance.")))
    row = _row(game)
    if row:
        facts.append((4, 99, _("Your score: %(n)s points, place %(rank)s of %(m)s, from "
                               "choices everyone could see.") % {
            "n": row["score"], "rank": row["rank"], "m": len(game.outcome["players"])}))
    if (game.outcome or {}).get("called"):
        facts.append((2, 99, _("Time was called: the game ended before a supply ran out.")))
    return facts
