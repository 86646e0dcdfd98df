"""The stepper's words for the full game's choices: Interfere, the defence, the synthesis and the
peer review's repair (games/research_programme/choices.py asks these for the values it names)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.research_programme import interference
from games.research_programme.engine.content import CARDS
from games.research_programme.engine.rules.synthesis import BONUS_CAP, TARGET
from games.research_programme.words import card_name, text

CARD_KINDS = ("interfere", "defend", "event_block")

HOW = {
    None: gettext_lazy("Take the hit (no block)"),
    "protection": gettext_lazy("With a Protection card"),
}


def card_detail(card_id, view):
    """A Disruption card's effect or a method's text, as printed on the card."""
    info = CARDS.get(card_id)
    if info is None:
        return ""
    shown = text(info["text"])
    if info["deck"] == "disruption" and info.get("cost"):
        shown += " " + _("Costs R%(n)s.") % {"n": info["cost"]}
    return shown


def how_detail(how, view, seat):
    """What a way of defending does: the hit you take, or what blocks it."""
    resolving = view.get("interference")
    if how is None and resolving:
        return _("What happens: %(effect)s") % {
            "effect": text(CARDS[resolving["card"]]["text"])}
    if how == "scepticism":
        return _("Spend Scepticism: the card does nothing.")
    if how == "method":
        return _("A named method from your hand blocks it.")
    if how == "protection":
        return _("A Protection of its kind blocks it (some only on a roll).")
    return ""


def target_detail(view, seat):
    player = next((p for p in view["players"] if p["seat"] == seat), None)
    if player is None:
        return ""
    return interference.seat_summary(player)


def synthesis_detail(me):
    """What the seat needs on the die (FG-13: 1d6 + min(3, best Technique + Rigour // 4) >= 8)."""
    if not me:
        return ""
    technique = max((CARDS[pr["card"]]["technique"] for pr in me["projects"]), default=0)
    need = TARGET - min(BONUS_CAP, technique + me["rigour"] // 4)
    return _("You need %(n)s or more on the die: then you win the game at once. A miss costs "
             "nothing.") % {"n": need}


def repair_label(value):
    if value is None:
        return _("Rigour +1")
    if value == "hype":
        return _("Remove 1 Hype that cards gave you")
    return _("Give back 1 KV that a card took from %(theory)s") % {"theory": card_name(value)}
