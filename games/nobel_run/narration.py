"""Nobel Run's events told in plain language, as one viewer may read them (`events_for`).

`tell(events, names)` turns a step's events into `Line`s for the game log. The uses of one plan
are told as one line; a card drawn is told only to the seat that drew it (others get an event
without the card). Events whose effect the next lines show are deliberately silent.
"""

from django.utils.translation import gettext as _

from games.nobel_run import labels, words
from games.packages import Line

SILENT = frozenset({"PlanConfirmed", "TurnEnded"})
SETUP_SILENT = frozenset({"TopRevealed", "PoolRefilled", "CardDrawn"})  # dealing, turn 0
TARGETED_USES = ("negative", "blind_discard")  # told by their Targeted event


def tell(events, names):
    teller = Teller(names)
    lines, uses = [], []
    for event in events:
        if event["type"] == "CardUsed" and event["effect"]["op"] not in TARGETED_USES:
            uses.append(event)
            continue
        if uses:
            lines.append(teller.uses(uses))
            uses = []
        line = teller.tell(event)
        if line is not None:
            lines.append(line)
    if uses:
        lines.append(teller.uses(uses))
    return lines


class Teller:
    def __init__(self, names):
        self.names = names

    def name(self, seat):
        return words.seat_name(self.names, seat)

    def tell(self, event):
        if event["type"] in SILENT or (event.get("turn") == 0 and
                                       event["type"] in SETUP_SILENT):
            return None
        method = getattr(self, event["type"], None)
        told = method(event) if method else None
        if told is None:
            return None
        text, tone = told if isinstance(told, tuple) else (told, "")
        return Line(event.get("round"), event.get("seat"), text, tone)

    def uses(self, events):
        first = events[0]
        used = ", ".join(f"{words.card_name(e['card'])} ({words.use_text(e['effect'])})"
                         for e in events)
        return Line(first.get("round"), first["seat"],
                    _("%(who)s uses %(cards)s.") % {"who": self.name(first["seat"]),
                                                   "cards": used})

    def GameStarted(self, e):
        return _("A new game: the race to %(goal)s prestige points.") % {"goal": e["goal"]}, \
            "phase"

    def TopRevealed(self, e):
        return _("The top of the %(supply)s deck is now %(card)s.") % {
            "supply": str(labels.SUPPLIES[e["supply"]]).lower(),
            "card": words.card_name(e["card"])}

    def PoolRefilled(self, e):
        return _("%(card)s comes into the %(supply)s pool.") % {
            "card": words.card_name(e["card"]),
            "supply": str(labels.SUPPLIES[e["supply"]]).lower()}

    def CardDrawn(self, e):
        if e["why"] == "hand":
            return _("You draw %(card)s.") % {"card": words.card_name(e["card"])} \
                if "card" in e else None
        source = words.card_name(e["why"])
        if "card" in e:
            return _("%(source)s: you draw %(card)s.") % {
                "source": source, "card": words.card_name(e["card"])}
        return _("%(source)s: %(who)s draws a card.") % {"source": source,
                                                        "who": self.name(e["seat"])}

    def DiscardShuffled(self, e):
        return _("%(who)s shuffles the discard pile (%(n)s cards) into a new deck.") % {
            "who": self.name(e["seat"]), "n": e["cards"]}

    def FirstSeatChosen(self, e):
        return _("%(who)s starts; the turn order is %(order)s.") % {
            "who": self.name(e["seat"]),
            "order": " → ".join(self.name(s) for s in e["order"])}, "phase"

    def TurnStarted(self, e):
        return _("%(who)s’s turn.") % {"who": self.name(e["seat"])}, "phase"

    def CardDiscarded(self, e):
        text = (_("%(who)s discards %(card)s to unlock the top of a deck.")
                if e["why"] == "unlock" else _("%(who)s discards %(card)s."))
        return text % {"who": self.name(e["seat"]), "card": words.card_name(e["card"])}

    def CardPublished(self, e):
        effect = words.publish_text(e["effect"], e["target"], self.names)
        tone = "bad" if e["target"] else ("good" if e["pp"] > 0 else "")
        return _("%(who)s publishes %(card)s: %(effect)s.") % {
            "who": self.name(e["seat"]), "card": words.card_name(e["card"]),
            "effect": effect}, tone

    def CardUsed(self, e):
        return None  # a negative use or a blind pick: told by its Targeted event

    def Targeted(self, e):
        if e["effect"] not in ("normal", "blind_discard"):
            return None  # a block or negative prestige: told by its CardPublished event
        what = (_("discard cards worth %(what)s") % {"what": words.amount(e["res"], e["n"])}
                if e["effect"] == "normal" else _("discard a card picked blind"))
        text = _("%(who)s plays %(card)s on %(target)s: %(what)s.") % {
            "who": self.name(e["by"]), "card": words.card_name(e["card"]),
            "target": self.name(e["target"]), "what": what}
        if e["systemic"]:
            text += " " + _("(Situations are systemic: it goes to the leader.)")
        return text, "bad"

    def BlockDisabled(self, e):
        return _("%(who)s pays %(what)s and removes %(card)s.") % {
            "who": self.name(e["seat"]), "what": words.amount(e["res"], e["paid"]),
            "card": words.card_name(e["card"])}

    def CardBought(self, e):
        values = {"who": self.name(e["seat"]), "card": words.card_name(e["card"]),
                  "cost": words.amounts(e["cost"]), "pp": words.pp(e["pp"])}
        top, paper = e["source"] == "top", e["to"] == "cv"
        if top and paper:
            text = _("%(who)s buys %(card)s from the top of a deck for %(cost)s: straight to "
                     "the CV, %(pp)s.")
        elif top:
            text = _("%(who)s buys %(card)s from the top of a deck for %(cost)s.")
        elif paper:
            text = _("%(who)s buys %(card)s for %(cost)s: straight to the CV, %(pp)s.")
        else:
            text = _("%(who)s buys %(card)s for %(cost)s.")
        return text % values, "good" if paper else ""

    def PrestigeChanged(self, e):
        return _("%(who)s now has %(pp)s PP (%(delta)+d).") % {
            "who": self.name(e["seat"]), "pp": e["pp"], "delta": e["delta"]}, \
            "good" if e["delta"] > 0 else "bad"

    def EndTriggered(self, e):
        return _("%(who)s reaches %(pp)s PP: the goal is %(goal)s, so this round is the "
                 "last.") % {"who": self.name(e["seat"]), "pp": e["pp"], "goal": e["goal"]}, \
            "phase"

    def ResponseAwaited(self, e):
        return _("%(who)s must discard cards worth %(what)s (%(card)s from %(by)s).") % {
            "who": self.name(e["seat"]), "what": words.amount(e["res"], e["n"]),
            "card": words.card_name(e["card"]), "by": self.name(e["by"])}

    def CardsDiscardedForEffect(self, e):
        cards = ", ".join(words.card_name(k) for k in e["cards"]) or _("nothing")
        text = _("%(who)s discards %(cards)s (worth %(what)s).") % {
            "who": self.name(e["seat"]), "cards": cards,
            "what": words.amount(e["res"], e["worth"])}
        if e["by_default"]:
            text += " " + _("The app chose them.")
        return text, "bad"

    def BlindDiscarded(self, e):
        if e["card"] is None:
            return _("%(who)s had no card left to discard.") % {"who": self.name(e["seat"])}
        return _("%(source)s: %(who)s discards %(card)s, picked blind.") % {
            "source": words.card_name(e["source"]), "who": self.name(e["seat"]),
            "card": words.card_name(e["card"])}, "bad"

    def RoundEnded(self, e):
        return _("Round %(n)s is over.") % {"n": e["round"]}, "phase"

    def TimeCalled(self, e):
        return _("The teacher called time: this round is the last."), "phase"

    def GameEnded(self, e):
        best = max(s["pp"] for s in e["pp"])
        winners = " & ".join(self.name(s) for s in e["winners"])
        return _("The game is over: %(winners)s, %(pp)s PP.") % {"winners": winners,
                                                                "pp": best}, "phase"
