"""What a move changes on a table's card in the cockpit, sent as a few figures, not a card.

A card (classroom/dashboard.py's `table_card`) splits in three: its frame (who sits where, their
tablets, badges, pace, labels: what a move seldom changes), the game's own part (a package's
`card_template`, drawn on its own) and its figures (the version, the round line, the scores,
the seat and table figures, whose turn and since when). When only the figures changed, the
cockpit's socket sends a `patch` message (games/live.py), which static/js/live.js applies to the
elements named here; the card's template (classroom/parts/table_card.html) gives them these ids.
"""

from dataclasses import dataclass

from django.conf import settings
from django.utils import dateformat, formats, timezone
from django.utils.translation import gettext as _

CARD_FIGURES = {"version", "revision", "round", "stage", "to_act", "turn_started_at", "game"}
SEAT_FIGURES = {"score", "figures", "current"}
CURRENT = "is-current"


@dataclass(frozen=True)
class Shown:
    """What the page shows of a card: the card, its frame and its figures by element."""

    card: dict
    frame: dict
    figures: dict


def shown(card):
    return Shown(card, _frame(card), figures(card))


def _frame(card):
    frame = {k: v for k, v in card.items() if k not in CARD_FIGURES}
    frame["seats"] = [{k: v for k, v in s.items() if k not in SEAT_FIGURES}
                      for s in card["seats"]]
    frame["figures"] = [f["label"] for f in card["figures"]]
    frame["idle"] = [s["seat"] for s in card["idle"]]
    frame["acting"] = bool(card["to_act"])
    frame["timed"] = card["turn_started_at"] is not None
    return frame


def figures(card):
    """{"text": {id: text}, "classes": {id: {class: on}}, "attrs": {id: {name: value}}}."""
    at = f"card-{card['table_id']}"
    text = {f"{at}-f{i}": _value(f["value"]) for i, f in enumerate(card["figures"])}
    classes = {}
    if not card["over"]:
        text[f"{at}-round"] = round_line(card)
    for s in card["seats"]:
        seat = f"{at}-s{s['seat']}"
        text[seat] = _value(s["score"])
        text.update({f"{seat}-{i}": _value(v) for i, v in enumerate(s["figures"])})
        classes[f"{seat}-row"] = classes[f"{seat}-turn"] = {CURRENT: s["current"]}
    attrs = {f"{at}-head": {"data-game-version": str(card["version"])}}
    if card["turn_started_at"] is not None:
        since = dateformat.format(timezone.localtime(card["turn_started_at"]), "c")
        attrs[f"{at}-since"] = {"data-elapsed-since": since}
    return {"text": text, "classes": classes, "attrs": attrs}


def round_line(card):
    """The card's round and stage, as its template draws them while the game runs."""
    stage = str(card["stage"])
    if not card["rounds"]:
        return stage
    counted = _("Round %(r)s/%(n)s") % {"r": _value(card["round"]), "n": _value(card["rounds"])}
    return f"{counted} · {stage}"


def changes(before, after):
    """What a `patch` message must set to turn `before`'s figures into `after`'s (empty maps
    left out), or {} when nothing changed."""
    found = {}
    for kind, now in after.items():
        changed = {key: value for key, value in now.items() if before[kind].get(key) != value}
        if changed:
            found[kind] = changed
    return found


def _value(value):
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)  # what localize gives, at a tenth of its cost: a refresh has many
    return str(formats.localize(value))
