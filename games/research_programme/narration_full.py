"""The full game's events told in plain language: hidden hexes, the opening hand, interference and
its defence, Noise overflow, synthesis and repairs. `narration.Teller` mixes these in."""

from django.utils.translation import gettext as _

from games.research_programme import labels
from games.research_programme.interference import kind_name, marker_name
from games.research_programme.words import amounts, card_name, hex_label


class FullGameEvents:
    """Methods of `narration.Teller` for the events only the full and beginner games emit."""

    def HiddenHexesPlaced(self, e):
        return _("In %(region)s the hexes %(hexes)s are hidden; two of them hide a marker.") % {
            "region": labels.REGIONS[e["region"]], "hexes": ", ".join(map(hex_label, e["hexes"]))}

    def OpeningHandKept(self, e):
        if "theory" in e:
            return _("%(name)s keeps %(theory)s and %(method)s.") % {
                "name": self.name(e["seat"]), "theory": card_name(e["theory"]),
                "method": card_name(e["method"])}
        return _("%(name)s keeps a theory and a method.") % {"name": self.name(e["seat"])}

    def DisruptionPlayed(self, e):
        values = {"name": self.name(e["seat"]), "target": self.name(e["target"]),
                  "card": card_name(e["card"]), "kind": kind_name(e["kind"])}
        if e.get("theory"):
            values["theory"] = card_name(e["theory"])
            return _("%(name)s plays %(card)s (%(kind)s) on %(target)s’s theory "
                     "%(theory)s.") % values, "bad"
        if e.get("hexes"):
            values["hexes"] = ", ".join(map(hex_label, e["hexes"]))
            return _("%(name)s plays %(card)s (%(kind)s) on %(target)s’s tiles "
                     "%(hexes)s.") % values, "bad"
        return _("%(name)s plays %(card)s (%(kind)s) on %(target)s.") % values, "bad"

    def DisruptionBlocked(self, e):
        how = labels.BLOCKED_BY.get(e["how"], e["how"])
        if e.get("block_card"):
            how = f"{how} ({card_name(e['block_card'])})"
        text = _("%(name)s blocks %(card)s with %(how)s.") % {
            "name": self.name(e["seat"]), "card": card_name(e["card"]), "how": how}
        if e.get("disruption_type") == "influence":
            text += " " + _("A blocked Influence costs %(attacker)s 1 Reputation.") % {
                "attacker": self.name(e["attacker"])}
        return text, "good"

    def DisruptionHit(self, e):
        told = [self.effect(r) for r in e["results"]]
        return _("%(card)s hits %(name)s: %(results)s.") % {
            "card": card_name(e["card"]), "name": self.name(e["seat"]),
            "results": "; ".join(t for t in told if t) or _("nothing")}, "bad"

    def effect(self, result):
        op = result["op"]
        if op == "kv":
            return _("%(theory)s KV %(amount)+d") % {"theory": card_name(result["theory"]),
                                                     "amount": result["amount"]}
        if op == "hype":
            return amounts({"hype": result["amount"]})
        if op == "gain":
            return amounts({result["gain"]: result["amount"]})
        if op == "silence_next_null":
            return _("their next null result gives no Scepticism and no record")
        if op == "noise_on_tiles":
            return ", ".join(_("Noise on %(hex)s") % {"hex": hex_label(h)}
                             for h, n in result["added"].items() if n) or _("no Noise added")
        return ""

    def BlockRolled(self, e):
        values = {"name": self.name(e["seat"]), "card": card_name(e["card"]), "die": e["die"],
                  "need": e["need"]}
        if e["blocked"]:
            return _("%(name)s rolls %(die)s for %(card)s (needs %(need)s+): blocked!") % values, \
                "good"
        return _("%(name)s rolls %(die)s for %(card)s (needs %(need)s+): not blocked.") % values

    def HexRevealed(self, e):
        return _("%(name)s reveals %(hex)s: %(marker)s.") % {
            "name": self.name(e["seat"]), "hex": hex_label(e["hex"]),
            "marker": marker_name(e["marker"])}, "good"

    def ExplorationRewarded(self, e):
        return _("%(name)s takes %(gains)s from %(hex)s.") % {
            "name": self.name(e["seat"]), "gains": amounts(e["gains"]), "hex": hex_label(e["hex"])}

    def NoiseLeaked(self, e):
        if e["lost"] or not e.get("target"):
            return _("Noise spills over from %(source)s and goes back to the supply.") % {
                "source": hex_label(e["source"])}
        return _("%(source)s is full: its Noise spills over to %(target)s.") % {
            "source": hex_label(e["source"]), "target": hex_label(e["target"])}, "bad"

    def SynthesisAttempted(self, e):
        values = {"name": self.name(e["seat"]), "die": e["die"], "bonus": e["bonus"],
                  "result": e["result"], "target": e["target"]}
        if e["success"]:
            return _("%(name)s attempts a synthesis: die %(die)s + bonus %(bonus)s = %(result)s, "
                     "needed %(target)s. It succeeds and wins the game!") % values, "good"
        return _("%(name)s attempts a synthesis: die %(die)s + bonus %(bonus)s = %(result)s, "
                 "needed %(target)s. Not this time.") % values

    def SynthesisDeclined(self, e):
        return _("%(name)s does not attempt a synthesis now.") % {"name": self.name(e["seat"])}

    def DamageRepaired(self, e):
        repaired = []
        if e.get("kv"):
            repaired.append(_("%(theory)s KV +%(n)s") % {"theory": card_name(e["theory"]),
                                                          "n": e["kv"]})
        if e.get("hype"):
            repaired.append(amounts({"hype": -e["hype"]}))
        how = _("by a peer review") if e["how"] == "peer_review" else _("by a replication")
        return _("%(name)s repairs the damage from cards %(how)s: %(what)s.") % {
            "name": self.name(e["seat"]), "how": how,
            "what": ", ".join(repaired) or _("nothing")}, "good"
