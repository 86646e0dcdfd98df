"""The words every page of Research Programme shares: a content text, a card's name and a hex's
label in the active language, and gains as "R +2, Rigour +1"."""

from django.utils.translation import gettext as _

from games.content import language, text  # noqa: F401 (the game's pages import them from here)
from games.research_programme import labels
from games.research_programme.engine.content import CARDS, school

school()  # the cards must be loaded before any name is looked up


def card_name(card_id):
    card = CARDS.get(card_id)
    return text(card["name"]) if card else str(card_id)


def hex_label(hex_id):
    """A hex as the map labels it: the region's short code in this language and its number."""
    return f"{labels.REGION_CODES[hex_id[:3]]}{hex_id[3:]}" if hex_id else ""


def amounts(gains):
    """{"R": 2, "rigour": 1} as "R +2, Rigour +1"."""
    shown = []
    for code, amount in (gains or {}).items():
        if amount:
            word = code if code in labels.RESOURCES else labels.TRACKS.get(code, code)
            shown.append(f"{word} {amount:+d}")
    return ", ".join(shown) or _("nothing")
