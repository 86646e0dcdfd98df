"""Research Programme's events told in plain language, in the active language (gettext).

`tell(events, names)` turns a step's events, as one viewer may see them (`events_for`), into
`Line`s; the game log shows them and the debrief can reuse them. Card names come from the
engine's content in the active language. Events that add nothing for a reader tell nothing.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.packages import Line
from games.research_programme import labels
from games.research_programme.narration_full import FullGameEvents
from games.research_programme.words import (  # noqa: F401 (pages import them from here)
    amounts,
    card_name,
    hex_label,
    language,
)


def project_name(project):
    return _("no tile (a desk)") if project == "desk" else card_name(project)


def region_pair(pair):
    a, b = pair.split("-")
    return _("%(a)s and %(b)s") % {"a": labels.REGIONS[a], "b": labels.REGIONS[b]}


# Events the log leaves out: the table sees their effect in the next lines.
SILENT = frozenset({"GameStarted", "RoundEnded", "StoryVoteCast"})


class Teller(FullGameEvents):
    """Tells one viewer's events; `names` maps seats to the names shown."""

    def __init__(self, names):
        self.names = names

    def name(self, seat):
        return self.names.get(seat) or _("Seat %(n)s") % {"n": seat}

    def tell(self, event):
        method = getattr(self, event["type"], None)
        if method is None:
            return None
        told = method(event)
        if told is None:
            return None
        text, tone = told if isinstance(told, tuple) else (told, "")
        return Line(event.get("round", 0), event.get("seat"), text, tone)

    # Setup and the round -------------------------------------------------------------------

    def PacketTaken(self, e):
        text = _("%(name)s takes beginner packet %(n)s: the theory %(theory)s and %(project)s "
                 "on %(hex)s.") % {"name": self.name(e["seat"]), "n": e["packet"],
                                   "theory": card_name(e["theory"]),
                                   "project": card_name(e["project"]), "hex": hex_label(e["hex"])}
        if "method" in e:
            text += " " + _("Method in hand: %(method)s.") % {"method": card_name(e["method"])}
        return text

    def StartPlayerChosen(self, e):
        return _("%(name)s starts the game.") % {"name": self.name(e["seat"])}

    def CompensationGiven(self, e):
        return _("%(name)s gets %(gains)s for playing third.") % {
            "name": self.name(e["seat"]), "gains": amounts(e["gains"])}

    def AnomalyPlaced(self, e):
        return _("The anomaly %(card)s is on %(hex)s.") % {"card": card_name(e["card"]),
                                                           "hex": hex_label(e["hex"])}

    def NeutralMarkerPlaced(self, e):
        return _("A neutral marker closes %(hex)s.") % {"hex": hex_label(e["hex"])}

    def ProjectDealt(self, e):
        return _("%(card)s comes to the project market.") % {"card": card_name(e["card"])}

    def RoundStarted(self, e):
        return _("Round %(n)s begins. %(name)s starts.") % {
            "n": e["round"], "name": self.name(e["start_player"])}, "phase"

    def PhaseStarted(self, e):
        return _("%(phase)s phase.") % {"phase": labels.PHASES[e["phase"]]}, "phase"

    def GameEnded(self, e):
        return _("The game is over. %(why)s") % {
            "why": labels.ended_text(e["ended_by"], e["round"])}, "phase"

    def TimeCalled(self, e):
        return _("The teacher calls time: this round is the last."), "phase"

    def StorageLimitApplied(self, e):
        returned = ", ".join(f"{code} {n}" for code, n in e["returned"].items() if n)
        return _("%(name)s returns %(returned)s (at most 8 resources).") % {
            "name": self.name(e["seat"]), "returned": returned}

    def NoiseSupplyRanOut(self, e):
        return _("The Noise supply ran out: everyone loses 1 Reputation."), "bad"

    def NoiseAdded(self, e):
        if not e["amount"]:
            return _("%(hex)s is protected or full: no Noise is added.") % {
                "hex": hex_label(e["hex"])}
        return _("Noise on %(hex)s rises to %(noise)s.") % {"hex": hex_label(e["hex"]),
                                                            "noise": e["noise"]}, "bad"

    # Events ----------------------------------------------------------------------------------

    def EventRevealed(self, e):
        return _("Next Event: %(card)s.") % {"card": card_name(e["card"])}

    def EventResolved(self, e):
        if not e["hit"]:
            return _("The Event %(card)s hits nobody.") % {"card": card_name(e["card"])}
        return _("The Event %(card)s hits %(names)s.") % {
            "card": card_name(e["card"]), "names": ", ".join(self.name(s) for s in e["hit"])}

    def EventHit(self, e):
        results = [amounts({r["gain"]: r["amount"]}) for r in e["results"] if r["op"] == "gain"]
        if results:
            return _("%(name)s: %(results)s.") % {"name": self.name(e["seat"]),
                                                  "results": ", ".join(results)}
        return None

    def EventBlocked(self, e):
        how = (card_name(e["method"]) if e["method"] else labels.RESOURCES["S"])
        if e.get("block_card"):  # the full game: a Protection card or a Preregistration service
            how = card_name(e["block_card"])
        return _("%(name)s blocks %(card)s with %(how)s.") % {
            "name": self.name(e["seat"]), "card": card_name(e["card"]), "how": how}, "good"

    # Funding ---------------------------------------------------------------------------------

    def FundingChosen(self, e):
        return _("%(name)s has chosen their funding.") % {"name": self.name(e["seat"])}

    def FundingReceived(self, e):
        gains = {"R": e["money"] + e["hype_money"], e["income"]: 1}
        for made in e["production"]:
            code = made["resource"]
            gains[code] = gains.get(code, 0) + made["amount"] + made["adjacency"]
        text = _("%(name)s gets %(gains)s.") % {"name": self.name(e["seat"]),
                                                "gains": amounts(gains)}
        if e["repaid"]:
            text += " " + ngettext("Pays back %(n)s Debt.", "Pays back %(n)s Debt.",
                                   e["repaid"]) % {"n": e["repaid"]}
        return text

    def CardDrawn(self, e):
        if "card" in e:
            return _("%(name)s draws %(card)s.") % {"name": self.name(e["seat"]),
                                                    "card": card_name(e["card"])}
        if e["deck"] == "theory":
            return _("%(name)s draws a theory card.") % {"name": self.name(e["seat"])}
        if e["deck"] == "disruption":
            return _("%(name)s draws a Disruption card.") % {"name": self.name(e["seat"])}
        return _("%(name)s draws a method card.") % {"name": self.name(e["seat"])}

    def NothingDrawn(self, e):
        return _("%(name)s finds the deck empty and draws nothing.") % {
            "name": self.name(e["seat"])}

    def DeckReshuffled(self, e):
        return _("The discards are shuffled into a new deck.")

    def CardsDiscarded(self, e):
        if "cards" in e:
            return _("%(name)s discards %(cards)s.") % {
                "name": self.name(e["seat"]), "cards": ", ".join(map(card_name, e["cards"]))}
        return ngettext("%(name)s discards %(n)s card.", "%(name)s discards %(n)s cards.",
                        e["count"]) % {"name": self.name(e["seat"]), "n": e["count"]}

    # Actions ---------------------------------------------------------------------------------

    def DebtTaken(self, e):
        return _("%(name)s borrows R2 (Debt %(debt)s).") % {"name": self.name(e["seat"]),
                                                            "debt": e["debt"]}

    def TheoryPlayed(self, e):
        return _("%(name)s plays the theory %(theory)s.") % {"name": self.name(e["seat"]),
                                                             "theory": card_name(e["theory"])}

    def TheoryWithdrawn(self, e):
        return _("%(name)s withdraws the theory %(theory)s.") % {
            "name": self.name(e["seat"]), "theory": card_name(e["theory"])}

    def ProjectBuilt(self, e):
        values = {"name": self.name(e["seat"]), "card": card_name(e["card"]),
                  "hex": hex_label(e["hex"])}
        if e["displaced"]:
            return _("%(name)s builds %(card)s on %(hex)s (displaced to Metascience).") % values
        return _("%(name)s builds %(card)s on %(hex)s.") % values

    def PlacementBonusGained(self, e):
        return _("%(name)s gets %(gains)s from the bonus on %(hex)s.") % {
            "name": self.name(e["seat"]), "gains": amounts(e["gains"]), "hex": hex_label(e["hex"])}

    def ResearchProgrammeFormed(self, e):
        return _("%(name)s forms a research programme in %(region)s: +1 VP.") % {
            "name": self.name(e["seat"]), "region": labels.REGIONS[e["region"]]}, "good"

    def TestScheduled(self, e):
        values = {"name": self.name(e["seat"]), "theory": card_name(e["theory"]),
                  "project": project_name(e["project"]), "method": card_name(e["method"])}
        if e["method"]:
            return _("%(name)s schedules a test of %(theory)s with %(project)s and "
                     "%(method)s.") % values
        return _("%(name)s schedules a test of %(theory)s with %(project)s.") % values

    def Preprinted(self, e):
        values = {"name": self.name(e["seat"]), "theory": card_name(e["theory"]),
                  "outcome": outcome_word(e["outcome"])}
        return _("%(name)s preprints a %(outcome)s about %(theory)s: Reputation +1, "
                 "Hype +1.") % values

    def JournalPublished(self, e):
        values = {"name": self.name(e["seat"]), "theory": card_name(e["theory"]),
                  "outcome": outcome_word(e["outcome"])}
        return _("%(name)s publishes a %(outcome)s about %(theory)s in a journal: "
                 "Rigour +1.") % values

    def Simulated(self, e):
        if not e["hexes"]:
            return _("%(name)s simulates but removes no Noise.") % {"name": self.name(e["seat"])}
        return _("%(name)s simulates and removes Noise from %(hexes)s.") % {
            "name": self.name(e["seat"]), "hexes": ", ".join(map(hex_label, e["hexes"]))}

    def PeerReviewed(self, e):
        return _("%(name)s has a peer review: Rigour +1.") % {"name": self.name(e["seat"])}

    def Passed(self, e):
        if e["auto"]:
            return _("%(name)s has nothing left to do this round.") % {
                "name": self.name(e["seat"])}
        return _("%(name)s passes.") % {"name": self.name(e["seat"])}

    # Tests -----------------------------------------------------------------------------------

    def TestCancelled(self, e):
        return _("The test of %(theory)s by %(name)s is cancelled: %(reason)s.") % {
            "name": self.name(e["seat"]), "theory": card_name(e["theory"]),
            "reason": labels.CANCEL_REASONS.get(e["reason"], e["reason"])}

    def TestLapsed(self, e):
        return _("The test of %(theory)s by %(name)s lapses.") % {
            "name": self.name(e["seat"]), "theory": card_name(e["theory"])}

    def TestRolled(self, e):
        return _("%(name)s tests %(theory)s: die %(die)s + bonus %(bonus)s − Noise %(noise)s = "
                 "%(result)s, needed %(threshold)s.") % {
            "name": self.name(e["seat"]), "theory": card_name(e["theory"]), "die": e["die"],
            "bonus": e["bonus"], "noise": e["noise"], "result": e["result"],
            "threshold": e["threshold"]}

    def TestSucceeded(self, e):
        text = _("Success, %(what)s: %(theory)s KV %(kv)s.") % {
            "what": labels.CLASSIFICATIONS.get(e["classification"], ""),
            "theory": card_name(e["theory"]), "kv": e["consensus"]}
        vp = self.vp_gained(e)
        return (f"{text} {vp}" if vp else text), "good"

    def NullResult(self, e):
        text = _("Null result: %(theory)s KV %(kv)s, %(name)s gets Scepticism +%(s)s.") % {
            "theory": card_name(e["theory"]), "kv": e["consensus"],
            "name": self.name(e["seat"]), "s": e["scepticism"]}
        if e.get("silenced"):
            text += " " + _("Selective reporting: it gives no Scepticism and no record.")
        return text, "bad"

    def ArtefactCancelledSuccess(self, e):
        return _("Artefact! Hype is too far above Rigour: the success of %(name)s is annulled "
                 "and Hype drops by 1.") % {"name": self.name(e["seat"])}, "bad"

    def BridgeCreated(self, e):
        values = {"name": self.name(e["seat"]), "pair": region_pair(e["pair"])}
        if e["wormhole"]:
            values["hexes"] = " – ".join(map(hex_label, e["hexes"]))
            return _("%(name)s gets a bridge between %(pair)s: a wormhole joins "
                     "%(hexes)s.") % values, "good"
        return _("%(name)s gets a bridge between %(pair)s.") % values, "good"

    def AnomalyResolved(self, e):
        return _("%(name)s resolves the anomaly %(card)s: %(gains)s.") % {
            "name": self.name(e["seat"]), "card": card_name(e["card"]),
            "gains": amounts(e["gains"])}, "good"

    def TheoryFalsified(self, e):
        return _("%(name)s falsifies the theory %(theory)s: +1 VP.") % {
            "name": self.name(e["seat"]), "theory": card_name(e["theory"])}

    def TheoryRejected(self, e):
        return _("The theory %(theory)s of %(name)s is rejected.") % {
            "name": self.name(e["seat"]), "theory": card_name(e["theory"])}, "bad"

    def vp_gained(self, e):
        gained = [f"{self.name(int(seat))} +{vp}" for seat, vp in e.get("vp_gained", {}).items()
                  if vp]
        return _("VP: %(gains)s.") % {"gains": ", ".join(gained)} if gained else ""

    # Stories ---------------------------------------------------------------------------------

    def StoryRequested(self, e):
        return _("%(name)s asks to tell a story.") % {"name": self.name(e["seat"])}

    def StoryAccepted(self, e):
        return _("The story of %(name)s is accepted: Insight +1, EP +1.") % {
            "name": self.name(e["seat"])}, "good"

    def StoryRejected(self, e):
        return _("The story of %(name)s is not accepted.") % {"name": self.name(e["seat"])}


def outcome_word(outcome):
    return _("success") if outcome == "success" else _("null result")


def tell(events, names):
    """The events (as one viewer may see them) as log lines, in order; silent events left out."""
    teller = Teller(names)
    return [line for line in map(teller.tell, events) if line is not None]
