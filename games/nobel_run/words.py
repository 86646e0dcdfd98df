"""Cards and effects told in the active language: names and notes from the engine's content,
amounts of money, effort and data, and what a use or a publish does, in words a 14-year-old
reads at once (for buttons, the log and the debrief)."""

from django.utils.translation import gettext as _

from games.content import text
from games.nobel_run import labels
from games.nobel_run.engine.content import CARDS, RESOURCES


def card_name(kind):
    card = CARDS.get(kind)
    return text(card["name"]) if card else str(kind)


def blurb(kind):
    return text(CARDS[kind]["blurb"])


def amount(res, n):
    """3 money, 2 effort, 1 data."""
    return str(labels.AMOUNTS[res]) % {"n": n}


def amounts(pool):
    """{"M": 2, "E": 0, "D": 1} as "2 money, 1 data" ("nothing" for none)."""
    shown = [amount(r, pool[r]) for r in RESOURCES if pool.get(r)]
    return ", ".join(shown) or _("nothing")


def short(pool):
    """{"M": 4, "E": 0, "D": 1} as "4 M · 1 D": a cost on a card."""
    return " · ".join(f"{pool[r]} {labels.RESOURCE_CODES[r]}" for r in RESOURCES
                      if pool.get(r)) or _("free")


def pp(n):
    return f"{n:+d} {labels.PP}" if n else f"0 {labels.PP}"


def seat_name(names, seat):
    return names.get(seat) or _("Seat %(n)s") % {"n": seat}


def use_text(option, target=None, names=None):
    """What using a card one way does: "+2 effort", "Bo discards 2 effort", ..."""
    op = option["op"]
    if op == "resource":
        return "+" + amount(option["res"], option["n"])
    if op == "draw":
        return _("draw %(n)s cards") % {"n": option["n"]}
    who = seat_name(names or {}, target) if target else _("an opponent")
    if op == "negative":
        return _("%(who)s discards cards worth %(what)s") % {
            "who": who, "what": amount(option["res"], option["n"])}
    return _("%(who)s discards a card you pick blind") % {"who": who}


def publish_text(effect, target=None, names=None):
    """What publishing a card does: "+1 PP", "+4 effort now", "blocks Bo's effort", ..."""
    op = effect["op"]
    who = seat_name(names or {}, target) if target else _("an opponent")
    if op == "none":
        return _("no points")
    if op == "prestige":
        return pp(effect["n"])
    if op == "resource":
        return _("+%(what)s this turn") % {"what": amount(effect["res"], effect["n"])}
    if op == "block":
        return _("a block on %(who)s: no buying with %(res)s until %(n)s is paid") % {
            "who": who, "res": labels.RESOURCES[effect["res"]], "n": effect["n"]}
    return _("%(pp)s to %(who)s") % {"pp": pp(-effect["n"]), "who": who}


def use_chip(option, target, names):
    """A use as a button in the plan: short, naming the target."""
    if option["op"] == "negative":
        return _("on %(who)s: discards %(what)s") % {
            "who": seat_name(names, target), "what": amount(option["res"], option["n"])}
    if option["op"] == "blind_discard":
        return _("on %(who)s: a card picked blind") % {"who": seat_name(names, target)}
    return use_text(option)


def publish_chip(effect, target, names):
    """A publish as a button in the plan: short, naming the target."""
    if effect["op"] == "block":
        return _("Publish: a block on %(who)s (%(what)s)") % {
            "who": seat_name(names, target), "what": amount(effect["res"], effect["n"])}
    return _("Publish: %(what)s") % {"what": publish_text(effect, target, names)}


def card_facts(kind):
    """A card's cost, uses and publish effect as short phrases, for a card's face."""
    card = CARDS[kind]
    facts = {"cost": short(card["cost"]),
             "uses": [use_text(u) for u in card["uses"]],
             "publish": publish_text(card["publish"]) if not card["immediate"] else "",
             "paper_pp": card["immediate"]["n"] if card["immediate"] else None}
    return facts
