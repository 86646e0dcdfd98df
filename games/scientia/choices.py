"""The words of Scientia's choices on a tablet: its action kinds, the stepper's questions and
every parameter's values, told from the seat's own cards and the projects, so a seat reads
what a choice does (a card's effect, what a rotation completes) before it taps."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import choices
from games.scientia import labels, names

ORDER = {}
# The confirm step is the confirmation (SC-E04): carrying out or choosing again is one tap.
ONE_TAP = ("confirm", "back")
STEP_TITLES = {
    "draft": labels.ACTION_KINDS["draft"],
    "turn": gettext_lazy("Your turn: take a card or rotate"),
    "confirm": gettext_lazy("Turn these cards?"),
}


def turns_text(turns):
    return _("%(n)s of 4 turns") % {"n": turns}


def change_text(name, before, after):
    text = _("%(card)s: %(from)s → %(to)s of 4 turns") % {"card": name, "from": before,
                                                           "to": after}
    return text + (" " + _("(completes)") if after == 4 else "")


class Labeller(choices.Labeller):
    kinds = labels.ACTION_KINDS
    helps = labels.ACTION_HELP
    reasons = labels.REASONS
    questions = labels.PARAMETERS

    def __init__(self, view, seat, names_):
        super().__init__(view, seat, names_)
        me = next((p for p in view.get("players", ()) if p["seat"] == seat), None)
        self.slots = me["slots"] if me else []
        self.stacks = {s["face"]: s for s in view.get("stacks", ())}
        self.step = view.get("step") or {}

    def card_name(self, slot):
        """A card of the seat by name; by name and slot where it holds two copies."""
        card = self.slots[slot]
        twins = sum(1 for c in self.slots if c and c["face"] == card["face"])
        name = names.card(card["face"])
        return _("%(card)s (slot %(n)s)") % {"card": name, "n": slot + 1} if twins > 1 else name

    def title(self, step_kind):
        return STEP_TITLES.get(step_kind, _("Choose"))

    def kind_help(self, kind):
        if kind == "confirm" and self.step.get("seat") == self.seat:
            return "; ".join(change_text(self.card_name(c["slot"]), c["from"], c["to"])
                             for c in self.step.get("preview", ()))
        if kind.startswith("choose_") or kind == "complete":
            return self._effect_help()
        return super().kind_help(kind)

    def _effect_help(self):
        op, source = self.step.get("op"), self.step.get("source")
        if not op or source is None:
            return _("Each completed card moves to your completion area, advances its field "
                     "and applies its effects.")
        return _("%(card)s: %(effect)s.") % {"card": names.card(source),
                                             "effect": names.effect(op)}

    def question(self, step):
        if step.kind == "complete":
            return _("Several cards completed: which one goes first?")
        if step.kind == "choose_card" and self.step.get("op", {}).get("op") == "rotate":
            return _("Which of your cards turns?")
        if step.kind == "choose_card":
            return _("Which of your cards gets the flasks?")
        if step.kind == "choose_stack" and self.step.get("op", {}).get("op") != "take":
            return _("Which project gets the flasks?")
        return super().question(step)

    def label_stack(self, value, kind):
        return names.card(value)

    def detail_stack(self, value, kind):
        stack = self.stacks.get(value) or {"cards": 0, "flasks": 0}
        bits = [names.field(names.field_of(value)),
                ngettext("%(n)s card left", "%(n)s cards left", stack["cards"]) % {
                    "n": stack["cards"]}]
        if stack["flasks"]:
            bits.append(ngettext("%(n)s flask on it", "%(n)s flasks on it", stack["flasks"]) % {
                "n": stack["flasks"]})
        bits.append(" ".join(e + "." for e in names.effects(value)))
        return " · ".join(bits)

    def label_slots(self, value, kind):
        if len(value) == 2 and value[0] == value[1]:
            return _("Turn %(card)s twice") % {"card": self.card_name(value[0])}
        if len(value) == 2:
            return _("Turn %(a)s and %(b)s once each") % {"a": self.card_name(value[0]),
                                                           "b": self.card_name(value[1])}
        return _("Turn %(card)s once") % {"card": self.card_name(value[0])}

    def detail_slots(self, value, kind):
        plan = [(value[0], 2)] if len(value) == 2 and value[0] == value[1] else \
            [(s, 1) for s in value]
        shown = []
        for slot, n in plan:
            card = self.slots[slot]
            after = min(4, card["turns"] + n)
            shown.append(change_text(self.card_name(slot), card["turns"], after))
            if after == 4:
                shown.append(_("then: %(effects)s") % {
                    "effects": "; ".join(names.effects(card["face"]))})
        return " · ".join(shown)

    def label_slot(self, value, kind):
        return self.card_name(value) if 0 <= value < len(self.slots) and self.slots[value] \
            else _("Slot %(n)s") % {"n": value + 1}

    def detail_slot(self, value, kind):
        card = self.slots[value] if 0 <= value < len(self.slots) else None
        if not card:
            return ""
        if kind == "complete":
            return "; ".join(names.effects(card["face"]))
        bits = [turns_text(card["turns"])]
        if card["flasks"]:
            bits.append(ngettext("%(n)s flask", "%(n)s flasks", card["flasks"]) % {
                "n": card["flasks"]})
        return ", ".join(bits)

    def label_field(self, value, kind):
        return names.field(value)

    def detail_field(self, value, kind):
        me = next((p for p in self.view.get("players", ()) if p["seat"] == self.seat), None)
        if not me:
            return ""
        return _("level %(n)s") % {"n": me["tracks"][value]["level"]}
