"""The game log of Scientia: each event told in a sentence. Scientia hides nothing (SC-58), so
every viewer reads the same lines. A completion is told with its card's science note and its
place in the chain, because chains are where the game's ideas show (Part 4)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.packages import Line
from games.scientia import labels, names

# A chosen rotation waits for its confirm step (the board shows its preview); what is carried
# out is told by CardsRotated. A completion's steps are told by the events they cause.
SILENT = {"RotationChosen", "CompletionStarted"}


def tell(events, seat_names):
    who = _Who(seat_names)
    lines = []
    for e in events:
        if e["type"] in SILENT:
            continue
        teller = TELLERS.get(e["type"])
        text, tone = teller(e, who) if teller else (e["type"], "")
        if text:
            lines.append(Line(e.get("round"), e.get("seat"), text, tone))
    return lines


class _Who:
    def __init__(self, seat_names):
        self.seat_names = seat_names

    def __call__(self, seat):
        return self.seat_names.get(seat) or _("Seat %(n)s") % {"n": seat}


def _by_effect(e, text):
    if e.get("source") is None:
        return text
    return _("%(text)s (effect of %(card)s)") % {"text": text, "card": names.card(e["source"])}


def _field_drawn(e, who):
    return _("Drawn for %(field)s: %(cards)s.") % {"field": names.field(e["field"]),
                                                   "cards": names.cards(e["faces"])}, ""


def _laid_out(e, who):
    return _("The projects are laid out: %(combination)s.") % {
        "combination": names.combination(e.get("combination"))}, "phase"


def _first_player(e, who):
    return _("%(who)s starts. Everyone takes a first card, the last seat first.") % {
        "who": who(e["seat"])}, "phase"


def _round(e, who):
    return _("Round %(n)s begins.") % {"n": e["round"]}, "phase"


def _taken(e, who):
    values = {"who": who(e["seat"]), "card": names.card(e["face"]), "n": e["flasks"]}
    if e["by"] == "draft":
        text = _("%(who)s took %(card)s as a first card.") % values
    elif e["flasks"]:
        text = ngettext("%(who)s took %(card)s with %(n)s flask on it.",
                        "%(who)s took %(card)s with %(n)s flasks on it.", e["flasks"]) % values
    else:
        text = _("%(who)s took %(card)s.") % values
    return _by_effect(e, text), ""


def _rotated(e, who):
    turns = ", ".join(_("%(card)s %(from)s → %(to)s") % {
        "card": names.card(r["face"]), "from": r["from"], "to": r["to"]}
        for r in e["rotations"])
    text = _("%(who)s turned %(turns)s (of 4).") % {"who": who(e["seat"]), "turns": turns}
    return _by_effect(e, text), ""


def _withdrawn(e, who):
    return _("%(who)s went back and chose again.") % {"who": who(e["seat"])}, ""


def _completed(e, who):
    values = {"who": who(e["seat"]), "card": names.card(e["face"]),
              "note": names.science_note(e["face"]), "depth": e["depth"]}
    if e["depth"] > 1 and e.get("cause") is not None:
        values["cause"] = names.card(e["cause"])
        text = _("%(who)s completed %(card)s, set off by %(cause)s: a chain of %(depth)s. "
                 "%(note)s") % values
    else:
        text = _("%(who)s completed %(card)s. %(note)s") % values
    return text, "good"


def _flasks(e, who):
    values = {"who": who(e["seat"]), "n": e["amount"], "total": e.get("storage"),
              "card": names.card(e["face"]) if e.get("face") else ""}
    if e["to"] == "storage" and e.get("moved"):
        text = ngettext("%(who)s moved %(n)s flask into storage.",
                        "%(who)s moved %(n)s flasks into storage.", e["amount"]) % values
    elif e["to"] == "storage":
        text = ngettext("%(who)s gained %(n)s flask (storage: %(total)s).",
                        "%(who)s gained %(n)s flasks (storage: %(total)s).", e["amount"]) % values
    elif e["to"] == "card":
        text = ngettext("%(n)s flask onto %(who)s's %(card)s.",
                        "%(n)s flasks onto %(who)s's %(card)s.", e["amount"]) % values
    else:
        text = ngettext("%(n)s flask onto the project %(card)s.",
                        "%(n)s flasks onto the project %(card)s.", e["amount"]) % values
    return _by_effect(e, text), ""


def _advanced(e, who):
    values = {"who": who(e["seat"]), "field": names.field(e["field"]), "level": e["level"],
              "cubes": e["cubes"]}
    text = _("%(who)s: %(field)s level %(level)s.") % values
    if e["new_cube"]:
        text += " " + _("A new cube starts the track (%(cubes)s cubes).") % values
    return text, "good" if e["new_cube"] else ""


def _full(e, who):
    return _("%(who)s's %(field)s track is full: it does not advance.") % {
        "who": who(e["seat"]), "field": names.field(e["field"])}, ""


def _slot(e, who):
    return _("%(who)s gained a slot %(reason)s: now %(n)s slots.") % {
        "who": who(e["seat"]), "reason": labels.SLOT_REASONS.get(e["reason"], ""),
        "n": e["slots"]}, "good"


def _condition(e, who):
    values = {"condition": names.condition(e), "value": e["value"]}
    text = (_("Condition met: %(condition)s (now %(value)s).") if e["met"] else
            _("Condition not met: %(condition)s (now %(value)s).")) % values
    return _by_effect(e, text), ""


def _skipped(e, who):
    return _by_effect(e, _("No target for %(effect)s: skipped.") % {
        "effect": names.op_name(e["op"])}), ""


def _returned(e, who):
    return _("%(cards)s went back to the projects.") % {"cards": names.cards(e["faces"])}, ""


def _turn_ended(e, who):
    if not e["completed"]:
        return "", ""
    values = {"who": who(e["seat"]), "cards": " → ".join(names.card(f) for f in e["completed"]),
              "n": e["chain"]}
    if e["chain"] > 1:
        return _("%(who)s's turn: %(cards)s, a chain of %(n)s.") % values, "good"
    return _("%(who)s's turn: %(cards)s completed.") % values, ""


def _end_triggered(e, who):
    text = (_("The technology cubes ran out: round %(n)s is the last.") if e["by"] == "cubes"
            else _("The flasks ran out: round %(n)s is the last.")) % {"n": e["last_round"]}
    return text, "bad"


def _time_called(e, who):
    return _("The teacher called time: round %(n)s is the last.") % {
        "n": e["last_round"]}, "bad"


def _game_ended(e, who):
    best = max((p["score"] for p in e["players"]), default=0)
    winners = ", ".join(who(s) for s in e["winners"])
    return ngettext("The game is over. %(who)s wins with %(n)s points.",
                    "The game is over. %(who)s share the win with %(n)s points.",
                    len(e["winners"])) % {"who": winners, "n": best}, "phase"


TELLERS = {
    "FieldDrawn": _field_drawn, "CombinationLaidOut": _laid_out,
    "FirstPlayerChosen": _first_player, "RoundStarted": _round, "CardTaken": _taken,
    "CardsRotated": _rotated, "RotationWithdrawn": _withdrawn, "CardCompleted": _completed,
    "FlasksGained": _flasks, "TechnologyAdvanced": _advanced, "TechnologyFull": _full,
    "SlotGained": _slot, "ConditionChecked": _condition, "EffectSkipped": _skipped,
    "CardsReturned": _returned, "TurnEnded": _turn_ended, "EndTriggered": _end_triggered,
    "TimeCalled": _time_called, "GameEnded": _game_ended,
}
