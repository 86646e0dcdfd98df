"""The full game's debrief facts for questions 2 and 5: the Bias and Influence cards a seat met,
played on it (hit or blocked, and how) or played by it on another seat (FG-09 to FG-11).

Each fact is (score, round, sentence), as in `facts.py`; events as the seat may see them."""

from django.utils.translation import gettext as _

from games.research_programme.interference import kind_name as _kind
from games.research_programme.labels import BLOCKED_BY
from games.research_programme.narration import Teller
from games.research_programme.words import card_name


def _card(card_id):
    return _("“%(name)s”") % {"name": card_name(card_id)}


def _effect(e):
    told = [Teller({}).effect(r) for r in e.get("results", ())]
    return "; ".join(t for t in told if t)


def disruption_card_facts(game, disruption_type):
    """Cards of this type (bias, influence) that hit the seat, that it blocked, and that it
    played itself."""
    facts = []
    for e in game.of_type("DisruptionHit", "DisruptionBlocked", "DisruptionPlayed"):
        if e.get("disruption_type") != disruption_type:
            continue
        values = {"round": e["round"], "card": _card(e["card"]), "kind": _kind(e["kind"])}
        if e["type"] == "DisruptionHit" and e["seat"] == game.seat:
            values.update(attacker=e["attacker"], effect=_effect(e) or _("no change"))
            facts.append((3, e["round"], _(
                "In round %(round)s seat %(attacker)s played %(card)s (%(kind)s) on you and it "
                "hit: %(effect)s.") % values))
        elif e["type"] == "DisruptionBlocked" and e["seat"] == game.seat:
            how = BLOCKED_BY.get(e["how"], e["how"])
            if e.get("block_card"):
                how = f"{how} ({_card(e['block_card'])})"
            values.update(attacker=e["attacker"], how=how)
            facts.append((3, e["round"], _(
                "In round %(round)s seat %(attacker)s played %(card)s (%(kind)s) on you, and "
                "you blocked it with %(how)s.") % values))
        elif e["type"] == "DisruptionPlayed" and e["seat"] == game.seat:
            values["target"] = e["target"]
            facts.append((1, e["round"], _(
                "In round %(round)s you played %(card)s (%(kind)s) on seat %(target)s.")
                % values))
    return facts
