"""Alchemists' debrief facts: what each student's own game shows above the five questions.

Each generator reads one seat's events as that seat may see them (the debrief's `SeatGame`),
the outcome after the Great Truth, and the seat's own notebook; it returns the most telling
moments as (score, round, sentence) in the active language.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.alchemists import names, notes


def _mixes(game):
    return [e for e in game.mine("PotionMixed") if "ingredients" in e]


def experiment_facts(game):
    """The seat's experiments: how many, the first, and any that repeated a pair it knew."""
    mixes = _mixes(game)
    table = len(game.of_type("PotionMixed"))
    if not mixes:
        return [(3, 0, _("You made no experiments: every potion on the board was someone "
                         "else's. (The table made %(n)s.)") % {"n": table})]
    facts = [(2, 0, ngettext("You made %(n)s experiment; the whole table made %(all)s.",
                             "You made %(n)s experiments; the whole table made %(all)s.",
                             len(mixes)) % {"n": len(mixes), "all": table})]
    seen = {}
    for e in mixes:
        pair = tuple(sorted(e["ingredients"]))
        if pair in seen:
            facts.append((4, e["round"], _(
                "In round %(round)s you mixed %(cards)s again and got %(potion)s again: a "
                "repeat teaches nothing new.") % {"round": e["round"],
                                                  "cards": names.ingredients(pair),
                                                  "potion": names.potion(e["potion"])}))
        seen[pair] = e["potion"]
    first = mixes[0]
    facts.append((3, first["round"], _(
        "Your first experiment (round %(round)s): %(cards)s gave %(potion)s.") % {
        "round": first["round"], "cards": names.ingredients(first["ingredients"]),
        "potion": names.potion(first["potion"])}))
    return facts


def _verdicts(game):
    return {t["ingredient"]: t for t in (game.outcome or {}).get("theories", ())}


def confidence_facts(game):
    """Each theory the seat published or endorsed, its seal, and what the Great Truth said."""
    verdicts = _verdicts(game)
    facts = []
    for e in game.mine("TheoryPublished", "TheoryEndorsed"):
        verdict = verdicts.get(e["ingredient"])
        claim = {"ingredient": names.ingredient(e["ingredient"]),
                 "alchemical": names.alchemical(e["token"]) if "token" in e else "",
                 "seal": names.seal(e.get("seal")), "round": e["round"]}
        if verdict is None:
            text = _("In round %(round)s you put a %(seal)s on %(ingredient)s; the theory was "
                     "debunked before the end.") % claim
        else:
            seal = next((s for s in verdict["seals"] if s["seat"] == game.seat), None)
            claim["vp"] = f"{seal['vp']:+d}" if seal else "0"
            text = (_("In round %(round)s you put a %(seal)s on %(ingredient)s: the Great Truth "
                      "showed it right (%(vp)s points).") if verdict["correct"] else
                    _("In round %(round)s you put a %(seal)s on %(ingredient)s: the Great Truth "
                      "showed it wrong (%(vp)s points).")) % claim
        facts.append((4 if verdict and not verdict["correct"] else 3, e["round"], text))
    if not facts:
        facts.append((1, 0, _("You published no theory and put no seal on one.")))
    return facts


def criticism_facts(game):
    """Debunks the seat made or suffered, and wrong theories nobody debunked."""
    facts = []
    for e in game.of_type("AspectRevealed"):
        who = _("You") if e["seat"] == game.seat else _("Another seat")
        facts.append((3 if e["seat"] == game.seat else 2, e["round"], (
            _("Round %(round)s: %(who)s checked %(colour)s of %(ingredient)s and debunked the "
              "theory.") if e.get("debunked") else
            _("Round %(round)s: %(who)s checked %(colour)s of %(ingredient)s, but the theory "
              "held there.")) % {"round": e["round"], "who": who,
                                 "colour": names.colour(e["colour"]),
                                 "ingredient": names.ingredient(e["ingredient"])}))
    for e in game.of_type("TheoryDebunked"):
        for seal in e.get("seals", ()):
            if seal["seat"] == game.seat:
                facts.append((4, e["round"], _(
                    "Your %(seal)s on %(ingredient)s was revealed by a debunk: −%(loss)s "
                    "reputation.") % {"seal": names.seal(seal["kind"]),
                                      "ingredient": names.ingredient(seal["ingredient"]),
                                      "loss": seal["loss"]}))
    survivors = [t for t in _verdicts(game).values() if not t["correct"]]
    if survivors:
        facts.append((3, 99, ngettext(
            "%(n)s wrong theory survived to the end: %(ingredients)s.",
            "%(n)s wrong theories survived to the end: %(ingredients)s.", len(survivors)) % {
            "n": len(survivors),
            "ingredients": ", ".join(names.ingredient(t["ingredient"]) for t in survivors)}))
    return facts


def incentive_facts(game):
    """The conference and the award: the seat's seals counted, right or wrong."""
    facts = []
    for e in game.of_type("ConferenceHeld"):
        mine = e.get("seals", {}).get(str(game.seat), 0)
        change = e.get("changes", {}).get(str(game.seat), 0)
        facts.append((4, e["round"], _(
            "At the conference you had %(n)s seals on the board: reputation %(change)+d, "
            "whether the theories were right or not.") % {"n": mine, "change": change}))
    for e in game.of_type("BestAlchemistAwarded"):
        won = game.seat in e.get("seats", ())
        facts.append((3, e["round"], (
            _("Round %(round)s: you were best alchemist with %(n)s seals.") if won else
            _("Round %(round)s: the best alchemist had %(n)s seals.")) % {
            "round": e["round"], "n": e.get("seals")}))
    verdicts = _verdicts(game)
    mine = [t for t in verdicts.values() for s in t["seals"] if s["seat"] == game.seat]
    if mine:
        right = sum(1 for t in mine if t["correct"])
        facts.append((2, 99, _("Of your %(n)s seals at the end, %(right)s were on right "
                               "theories.") % {"n": len(mine), "right": right}))
    return facts


def answer_key_facts(game):
    """The seat's notebook against the Great Truth, and theories nobody checked."""
    facts = []
    grid = notes.grid_of(game.game_id, game.seat) if game.game_id else {}
    sure = {i: a for i, row in grid.items() for a, mark in row.items() if mark == "yes"}
    mapping = (game.outcome or {}).get("mapping") or {}
    if sure and mapping:
        right = sum(1 for i, a in sure.items() if mapping.get(i) == a)
        facts.append((4, 99, _(
            "Your notebook marked ✓ for %(n)s ingredients; the Great Truth agreed with "
            "%(right)s.") % {"n": len(sure), "right": right}))
    elif notes.marks(grid):
        facts.append((2, 99, _("Your notebook has %(n)s marks.") % {"n": notes.marks(grid)}))
    else:
        facts.append((2, 99, _("Your notebook stayed empty: where did you keep what you "
                               "had ruled out?")))
    checked = {e["ingredient"] for e in game.of_type("AspectRevealed")}
    unchecked = [t for t in _verdicts(game).values() if t["ingredient"] not in checked]
    if unchecked:
        facts.append((3, 99, ngettext(
            "%(n)s theory on the board was never checked by a debunk.",
            "%(n)s theories on the board were never checked by a debunk.", len(unchecked)) % {
            "n": len(unchecked)}))
    return facts
