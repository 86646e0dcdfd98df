"""What the play page shows of the full game's interference: the card being resolved (who played
what on whom, what it does, what can block it, who decides and for how long), the last one
resolved, the seats' Disruption cards and the table's tally. Public facts only, except a seat's
own cards, which its own board shows."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import seats as seat_looks
from games.research_programme import labels
from games.research_programme.engine.content import CARDS, school
from games.research_programme.words import card_name, hex_label, text

DEFENCE_SECONDS = 30  # the engine's deadline for the target's decision (docs: "Deadlines")
RESOLVED = ("DisruptionBlocked", "DisruptionHit")


def is_full(view):
    return "tally" in view


def kind_name(kind_key):
    kind = school().kinds.get(kind_key)
    return text(kind["name"]) if kind else ""


def _method_names(keys):
    names = []
    for key in keys:
        found = next((c for c in CARDS.values() if c["deck"] == "method" and c.get("key") == key),
                     None)
        names.append(text(found["name"]) if found else key)
    return names


def blocks_of(card_id):
    """The ways a Bias or Influence card can be blocked (FG-10), in words."""
    card = CARDS[card_id]
    ways = []
    methods = _method_names(card.get("block", ()))
    if methods:
        ways.append(_("the method %(methods)s (on the table it blocks for free; from the hand it "
                      "costs its price)") % {"methods": " / ".join(methods)})
    if card["type"] == "bias" and "preregistration" in card.get("block", ()):
        ways.append(_("their Preregistration service, on a roll of 4+ (free)"))
    if any(effect["op"] == "noise_on_tiles" for effect in card["effects"]):
        ways.append(_("a Metascience project next to the tiles it hits (free)"))
    ways.append(_("a Protection card against %(kind)s") % {"kind": kind_name(card["kind"])})
    if card["type"] == "bias":
        ways.append(_("Scepticism: S2"))
    else:
        ways.append(_("Scepticism: S1, only if their Rigour is above their Hype"))
    return ways


def _who(names, seat):
    return {"name": names.get(seat) or _("Seat %(n)s") % {"n": seat},
            "look": seat_looks.look(seat), "seat": seat}


def _card(card_id):
    card = CARDS[card_id]
    return {"id": card_id, "name": card_name(card_id), "text": text(card["text"]),
            "type": card["type"], "kind": kind_name(card.get("kind")),
            "type_label": _("Bias") if card["type"] == "bias" else
            _("Influence") if card["type"] == "influence" else _("Protection")}


def _aimed_at(resolving):
    if resolving.get("theory"):
        return _("on the theory %(theory)s") % {"theory": card_name(resolving["theory"])}
    if resolving.get("hexes"):
        return _("on the tiles %(hexes)s") % {
            "hexes": ", ".join(map(hex_label, resolving["hexes"]))}
    return ""


def now_resolving(view, names, deadline=None):
    """The disruption being resolved: attacker, target, card, what blocks it, who decides."""
    resolving = view.get("interference")
    if not resolving:
        return None
    deciding = (view.get("step") or {}).get("kind") == "defend"
    return {"attacker": _who(names, resolving["attacker"]),
            "target": _who(names, resolving["target"]), "card": _card(resolving["card"]),
            "aimed_at": _aimed_at(resolving), "blocks": blocks_of(resolving["card"]),
            "deciding": deciding, "seconds": DEFENCE_SECONDS, "deadline": deadline}


def last_resolved(rows, names):
    """The latest disruption played and how it ended (blocked how, or what hit), from the log."""
    for row in reversed(rows):
        for index, event in enumerate(row.events):
            if event["type"] != "DisruptionPlayed":
                continue
            end = next((e for e in row.events[index + 1:] if e["type"] in RESOLVED), None)
            if end is None:
                continue
            shown = {"round": event["round"], "attacker": _who(names, event["seat"]),
                     "target": _who(names, event["target"]), "card": _card(event["card"]),
                     "aimed_at": _aimed_at(event), "blocked": end["type"] == "DisruptionBlocked"}
            if shown["blocked"]:
                shown["how"] = labels.BLOCKED_BY.get(end["how"], "")
                shown["block_card"] = card_name(end["block_card"]) if end.get("block_card") \
                    else ""
                shown["roll"] = end.get("roll")
            return shown
    return None


def tally(view):
    return [{"key": key, "label": label, "value": view["tally"][key]}
            for key, label in labels.TALLY.items()] if is_full(view) else []


def seat_summary(player):
    """One seat as an attacker sees it when choosing a target: VP, theories, tiles, cards."""
    return _("%(vp)s VP · %(theories)s · %(tiles)s · Disruption cards %(cards)s") % {
        "vp": player["vp"],
        "theories": ngettext("%(n)s theory", "%(n)s theories", len(player["theories"])) % {
            "n": len(player["theories"])},
        "tiles": ngettext("%(n)s tile", "%(n)s tiles", len(player["projects"])) % {
            "n": len(player["projects"])},
        "cards": player.get("disruption_count", 0)}


def disruption_cards(player):
    """A seat's own Disruption cards (its view or the teacher's), or None for another seat."""
    if "disruptions" not in player:
        return None
    return [_card(card_id) for card_id in player["disruptions"]]


def marker_name(marker):
    found = school().markers.get(marker)
    return text(found["name"]) if found else _("Nothing")

