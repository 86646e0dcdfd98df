"""The game log of Alchemists: each event, as one viewer may read it, told in a sentence.

Events come filtered for the viewer (the engine's `events_for`): another seat's mix has no
ingredients, so its line cannot name them; the mapping's draws are not told at all. Runs of
the same small event (the row dealt, a seat's cards drawn) are told as one line.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.alchemists import labels, names
from games.packages import Line

SILENT = {"MappingDrawn"}
GROUPED = {"RowDealt", "IngredientDrawn", "FavourDrawn"}


def tell(events, seat_names):
    lines = []
    for group in _runs(events):
        first = group[0]
        if first["type"] in SILENT:
            continue
        teller = TELLERS.get(first["type"])
        text, tone = (_grouped(group, seat_names) if first["type"] in GROUPED
                      else teller(first, _Who(seat_names)) if teller else (first["type"], ""))
        if text:
            lines.append(Line(first.get("round"), first.get("seat"), text, tone))
    return lines


def _runs(events):
    group = []
    for e in events:
        same = group and e["type"] in GROUPED and e["type"] == group[0]["type"] and \
            e.get("seat") == group[0].get("seat") and ("ingredient" in e) == (
                "ingredient" in group[0]) and ("favour" in e) == ("favour" in group[0])
        if group and not same:
            yield group
            group = []
        group.append(e)
    if group:
        yield group


class _Who:
    def __init__(self, seat_names):
        self.seat_names = seat_names

    def __call__(self, seat):
        return self.seat_names.get(seat) or _("Seat %(n)s") % {"n": seat}


def _grouped(group, seat_names):
    first, who = group[0], _Who(seat_names)
    n = len(group)
    if first["type"] == "RowDealt":
        return _("The row: %(cards)s.") % {
            "cards": ", ".join(names.ingredient(e["ingredient"]) for e in group)}, ""
    if first["type"] == "IngredientDrawn":
        if "ingredient" in first:
            return _("%(who)s drew %(cards)s.") % {
                "who": who(first["seat"]),
                "cards": ", ".join(names.ingredient(e["ingredient"]) for e in group)}, ""
        return ngettext("%(who)s drew %(n)s ingredient card.",
                        "%(who)s drew %(n)s ingredient cards.", n) % {
            "who": who(first["seat"]), "n": n}, ""
    if "favour" in first:
        return _("%(who)s drew the favour cards %(cards)s.") % {
            "who": who(first["seat"]),
            "cards": ", ".join(names.favour(e["favour"]) for e in group)}, ""
    return ngettext("%(who)s drew %(n)s favour card.", "%(who)s drew %(n)s favour cards.", n) % {
        "who": who(first["seat"]), "n": n}, ""


def _mixed(e, who):
    how = labels.HOW_MIXED.get(e.get("how"), e.get("how"))
    effect = labels.EFFECTS.get(e.get("effect"))
    if "ingredients" in e:
        text = _("%(who)s mixed %(cards)s (%(how)s): %(potion)s.") % {
            "who": who(e["seat"]), "how": how, "cards": names.ingredients(e["ingredients"]),
            "potion": names.potion(e["potion"])}
    else:
        text = _("%(who)s mixed two ingredients (%(how)s): %(potion)s.") % {
            "who": who(e["seat"]), "how": how, "potion": names.potion(e["potion"])}
    if effect:
        text += " " + str(effect).capitalize() + "."
    return text, "bad" if effect else ""


def _plan(e, who):
    plan = e.get("plan") or {}
    parts = [f"{names.space(space)} ×{count}" for space, count in plan.items()
             if isinstance(count, int) and count and space not in (
                 "assistants", "custodians")]
    return _("%(who)s plans: %(plan)s.") % {
        "who": who(e["seat"]), "plan": ", ".join(parts) or _("nothing")}, ""


def _published(e, who):
    text = _("%(who)s published: %(ingredient)s is %(alchemical)s.") % {
        "who": who(e["seat"]), "ingredient": names.ingredient(e["ingredient"]),
        "alchemical": names.alchemical(e["token"])}
    if "seal" in e:
        text += " " + _("Your seal: %(seal)s.") % {"seal": names.seal(e["seal"])}
    return text, "phase"


def _endorsed(e, who):
    text = _("%(who)s endorsed the theory on %(ingredient)s.") % {
        "who": who(e["seat"]), "ingredient": names.ingredient(e["ingredient"])}
    if "seal" in e:
        text += " " + _("Your seal: %(seal)s.") % {"seal": names.seal(e["seal"])}
    return text, ""


def _reputation(e, who):
    return _("%(who)s: reputation %(before)s → %(after)s (%(why)s).") % {
        "who": who(e["seat"]), "before": e["before"], "after": e["after"],
        "why": labels.REPUTATION_REASONS.get(e.get("reason"), e.get("reason"))}, \
        "good" if e.get("delta", 0) > 0 else "bad"


def _aspect(e, who):
    text = _("%(who)s checked the %(colour)s aspect of %(ingredient)s: it is %(sign)s.") % {
        "who": who(e["seat"]), "colour": names.colour(e["colour"]),
        "ingredient": names.ingredient(e["ingredient"]),
        "sign": names.SIGNS.get(e["sign"], e["sign"])}
    if e.get("debunked"):
        return text + " " + _("The theory was wrong: debunked!"), "good"
    return text + " " + _("The theory holds there: the debunk failed."), "bad"


def _debunked(e, who):
    seals = ", ".join(f"{who(s['seat'])}: {names.seal(s['kind'])}" for s in e.get("seals", ()))
    text = _("Debunked: the theory on %(ingredients)s leaves the board.") % {
        "ingredients": names.ingredients(e.get("ingredients", ()))}
    if seals:
        text += " " + _("Seals revealed: %(seals)s.") % {"seals": seals}
    return text, "phase"


def _truth(e, who):
    mapping = "; ".join(f"{names.ingredient(i)} = {names.alchemical(a)}"
                        for i, a in e.get("mapping", {}).items())
    right = [names.ingredient(t["ingredient"]) for t in e.get("theories", ()) if t["correct"]]
    wrong = [names.ingredient(t["ingredient"]) for t in e.get("theories", ())
             if not t["correct"]]
    text = _("The Great Truth: %(mapping)s.") % {"mapping": mapping}
    text += " " + _("Right theories: %(right)s. Wrong theories: %(wrong)s.") % {
        "right": ", ".join(right) or "–", "wrong": ", ".join(wrong) or "–"}
    return text, "phase"


def _over(e, who):
    winners = ", ".join(who(s) for s in e.get("winners", ()))
    scores = ", ".join(f"{who(int(s))} {vp}" for s, vp in e.get("scores", {}).items())
    return ngettext("Game over. %(winners)s wins. Points: %(scores)s.",
                    "Game over. Shared win: %(winners)s. Points: %(scores)s.",
                    len(e.get("winners", ()))) % {"winners": winners, "scores": scores}, "phase"


def _conference(e, who):
    changes = ", ".join(f"{who(int(s))} {d:+d}" for s, d in e.get("changes", {}).items())
    return _("Conference (at least %(n)s seals on the board): %(changes)s.") % {
        "n": e.get("threshold"), "changes": changes}, "phase"


def _sold(e, who):
    text = _("%(who)s sold a potion (%(guarantee)s) for %(price)s gold: %(quality)s.") % {
        "who": who(e["seat"]), "guarantee": labels.GUARANTEES.get(e.get("guarantee"), ""),
        "price": e.get("price"), "quality": labels.QUALITIES.get(e.get("quality"), "")}
    if "made" in e:
        text += " " + _("You made %(potion)s with %(cards)s.") % {
            "potion": names.potion(e["made"]), "cards": names.ingredients(e.get("ingredients"))}
    return text, ""


def _exhibited(e, who):
    ok = e.get("success")
    text = (_("%(who)s exhibited %(potion)s: success.") if ok else
            _("%(who)s tried to exhibit %(potion)s: failed.")) % {
        "who": who(e["seat"]), "potion": names.potion(e["potion"])}
    if "ingredients" in e:
        text += " " + _("You used %(cards)s.") % {"cards": names.ingredients(e["ingredients"])}
    return text, "good" if ok else "bad"


def _demonstration(e, who):
    return (_("%(who)s claimed %(cards)s make %(potion)s: %(answer)s.") % {
        "who": who(e["seat"]), "cards": names.ingredients(e.get("ingredients")),
        "potion": names.potion(e.get("potion")),
        "answer": _("true") if e.get("answer") else _("false")}), ""


def _sighted(e, who):
    if "ingredient" in e:
        return _("Periscope: %(mixer)s used %(card)s.") % {
            "mixer": who(e.get("mixer")), "card": names.ingredient(e["ingredient"])}, ""
    return _("%(who)s looked through the Periscope.") % {"who": who(e["seat"])}, ""


def _simple(template, tone="", **fields):
    def told(e, who):
        values = {"who": who(e.get("seat")), "round": e.get("round")}
        values.update({k: f(e) for k, f in fields.items()})
        return _(template) % values, tone
    return told


TELLERS = {
    "StartPlayerChosen": _simple(gettext_noop("%(who)s starts.")),
    "FavourKept": lambda e, who: (_("You keep %(card)s.") % {"card": names.favour(e["favour"])}
                                  if "favour" in e else
                                  _("%(who)s kept a favour card.") % {"who": who(e["seat"])}, ""),
    "FavourChosen": lambda e, who: (_("%(who)s chose a favour card.") % {"who": who(e["seat"])},
                                    ""),
    "RoundStarted": _simple(gettext_noop("Round %(round)s begins."), "phase"),
    "RanksSet": lambda e, who: (_("Order this round: %(seats)s.") % {
        "seats": ", ".join(who(s) for s in e.get("ranks", ()))}, ""),
    "PlanSubmitted": _simple(gettext_noop("%(who)s has made a plan.")),
    "ActionsDeclared": _plan,
    "IngredientForaged": lambda e, who: (
        _("%(who)s took %(card)s from the row.") % {"who": who(e["seat"]),
                                                    "card": names.ingredient(e["ingredient"])}
        if e.get("source") == "row" and e.get("ingredient") else
        _("%(who)s drew an ingredient from the deck.") % {"who": who(e["seat"])}, ""),
    "IngredientTransmuted": lambda e, who: (
        _("%(who)s transmuted %(card)s into %(gold)s gold.") % {
            "who": who(e["seat"]), "card": names.ingredient(e["ingredient"]),
            "gold": e.get("gold")} if "ingredient" in e else
        _("%(who)s transmuted an ingredient into %(gold)s gold.") % {
            "who": who(e["seat"]), "gold": e.get("gold")}, ""),
    "PotionMixed": _mixed,
    "ActionForgone": lambda e, who: (_("%(who)s skipped %(space)s.") % {
        "who": who(e["seat"]), "space": names.space(e.get("space"))}, ""),
    "UnusedCubesReturned": lambda e, who: (ngettext(
        "%(who)s had %(n)s cube left over.", "%(who)s had %(n)s cubes left over.",
        e.get("cubes", 0)) % {"who": who(e["seat"]), "n": e.get("cubes", 0)}, ""),
    "TheoryPublished": _published,
    "TheoryEndorsed": _endorsed,
    "ReputationChanged": _reputation,
    "ConferenceAnnounced": lambda e, who: (_(
        "A conference comes at the end of round %(round)s: have at least %(n)s seals on the "
        "board.") % {"round": e.get("at_end_of"), "n": _threshold(e)}, ""),
    "ConferenceHeld": _conference,
    "BestAlchemistAwarded": lambda e, who: (_("Best alchemist (%(n)s seals): %(seats)s.") % {
        "n": e.get("seals"), "seats": ", ".join(who(s) for s in e.get("seats", ()))}, "good"),
    "DeckReshuffled": _simple(gettext_noop("The discard pile became the new deck.")),
    "DeckEmpty": _simple(gettext_noop("The deck is empty.")),
    "RoundEnded": _simple(gettext_noop("Round %(round)s ends."), "phase"),
    "AspectRevealed": _aspect,
    "TheoryDebunked": _debunked,
    "ImmediatePublication": _simple(gettext_noop("%(who)s may publish at once after the debunk.")),
    "GreatTruthRevealed": _truth,
    "GameOver": _over,
    "TimeCalled": _simple(gettext_noop("The teacher called time: this is the last round."),
                          "phase"),
    "HospitalLeft": _simple(gettext_noop("%(who)s is back from hospital.")),
    "TurnOrderChosen": lambda e, who: (_("%(who)s took place %(n)s in the turn order.") % {
        "who": who(e["seat"]), "n": str(e.get("space", "")).lstrip("T")}, ""),
    "BidChosen": _simple(gettext_noop("%(who)s has chosen a discount.")),
    "BidsRevealed": lambda e, who: (_("Discounts: %(bids)s.") % {"bids": ", ".join(
        f"{who(int(s))} {-b}" for s, b in e.get("bids", {}).items())}, ""),
    "PotionSold": _sold,
    "ArtifactBought": lambda e, who: (_("%(who)s bought %(artifact)s for %(price)s gold.") % {
        "who": who(e["seat"]), "artifact": names.artifact(e["artifact"]),
        "price": e.get("price")}, ""),
    "ArtifactRevealed": lambda e, who: (_("For sale: %(artifact)s.") % {
        "artifact": names.artifact(e["artifact"])}, ""),
    "ArtifactsReplaced": lambda e, who: (_("New artifacts for sale: %(row)s.") % {
        "row": ", ".join(names.artifact(a) for a in e.get("row", ()))}, ""),
    "AdventurerRevealed": lambda e, who: (_("%(name)s arrives in round %(round)s.") % {
        "name": names.adventurer(e.get("adventurer")), "round": e.get("arrives")}, ""),
    "GrantTaken": lambda e, who: (_("%(who)s received a grant: %(gold)s gold.") % {
        "who": who(e["seat"]), "gold": e.get("gold")}, "good"),
    "DemonstrationAnswered": _demonstration,
    "ConflictShown": lambda e, who: (_("%(who)s showed a conflict between %(cards)s.") % {
        "who": who(e["seat"]), "cards": names.ingredients(e.get("ingredients"))}, ""),
    "PeriscopeSighted": _sighted,
    "MortarKept": lambda e, who: (_("The Magic Mortar kept %(card)s for you.") % {
        "card": names.ingredient(e["ingredient"])} if "ingredient" in e else
        _("The Magic Mortar kept a card for %(who)s.") % {"who": who(e["seat"])}, ""),
    "PotionExhibited": _exhibited,
    "CardPicked": lambda e, who: (_("%(who)s picked card %(n)s.") % {
        "who": who(e["seat"]), "n": e.get("card")}, ""),
    "CardsSetAside": lambda e, who: (_("%(who)s set cards aside.") % {"who": who(e["seat"])},
                                     ""),
    "IngredientsDiscarded": lambda e, who: (
        _("You discarded %(cards)s.") % {"cards": names.ingredients(e["ingredients"])}
        if "ingredients" in e else
        _("%(who)s discarded ingredient cards.") % {"who": who(e["seat"])}, ""),
}


def _threshold(e):
    from games.alchemists.engine.content import CONFERENCES

    return (CONFERENCES.get(e.get("tile")) or {}).get("threshold", "")
