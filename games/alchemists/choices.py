"""The words of Alchemists' choices on a tablet: its action kinds, the stepper's questions and
every parameter's values; the order in which a seat decides them; and a plan's problems, shown
on the tablet before the plan is sent."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import choices
from games.alchemists import labels, names
from games.alchemists.engine.content import SEALS

# The order in which a seat decides each kind's parameters: what it does first, favours last.
ORDER = {
    "forage": ("source", "ingredient"),
    "transmute": ("ingredient", "sages"),
    "publish": ("ingredient", "token", "seal"),
    "endorse": ("ingredient", "seal"),
    "debunk": ("ingredient", "colour"),
    "demonstrate": ("ingredients", "potion", "confirm"),
    "sell": ("potion", "guarantee", "ingredients", "merchants", "barmaids"),
    "exhibit": ("potion", "ingredients"),
    "buy": ("artifact", "shopkeepers"),
}
HIDDEN = ()


class Labeller(choices.Labeller):
    kinds = labels.ACTION_KINDS
    helps = labels.ACTION_HELP
    reasons = labels.REASONS
    questions = labels.PARAMETERS

    def __init__(self, view, seat, names_):
        super().__init__(view, seat, names_)
        self.theories = {t["ingredient"]: t for t in view.get("theories", ())}

    def title(self, step_kind):
        if step_kind == "together":
            return _("Decide (everyone decides at once, in secret)")
        if step_kind == "decide":
            return _("Your action is up")
        return _("Choose")

    def cost(self, cost):
        cubes = (cost or {}).get("cubes")
        return ngettext("%(n)s cube to place", "%(n)s cubes to place", cubes) % {
            "n": cubes} if cubes else ""

    def input_label(self, spec):
        if spec["param"] in labels.PARAMETERS:
            return labels.PARAMETERS[spec["param"]]
        return names.space(spec["param"])

    def option_label(self, param, value):
        return names.space(value) if param == "associates" else super().option_label(
            param, value)

    def label_ingredient(self, value, kind):
        return _("A card from the deck (unseen)") if value is None else names.ingredient(value)

    def detail_ingredient(self, value, kind):
        theory = self.theories.get(value)
        if kind in ("debunk", "endorse") and theory:
            return _("Published: %(alchemical)s") % {
                "alchemical": names.alchemical(theory["token"])}
        return ""

    def label_ingredients(self, value, kind):
        return names.ingredients(value)

    def label_source(self, value, kind):
        return {"row": _("The face-up row"), "deck": _("The deck")}.get(value, value)

    def label_token(self, value, kind):
        return names.alchemical(value)

    def detail_token(self, value, kind):
        return names.alchemical_words(value)

    def label_seal(self, value, kind):
        return names.seal(value)

    def detail_seal(self, value, kind):
        record = SEALS.get(value) or {}
        if record.get("hedge"):
            return _("Right: %(right)+d. Wrong only in %(colour)s: 0. Otherwise %(wrong)+d.") % {
                "right": record["correct_vp"], "colour": names.colour(record["hedge"]),
                "wrong": record["wrong_vp"]}
        return _("Right: %(right)+d. Wrong: %(wrong)+d.") % {
            "right": record.get("correct_vp", 0), "wrong": record.get("wrong_vp", 0)}

    def label_colour(self, value, kind):
        return _("The %(colour)s aspect") % {"colour": names.colour(value)}

    def label_favour(self, value, kind):
        return names.favour(value)

    def label_space(self, value, kind):
        return _("Place %(n)s") % {"n": str(value).lstrip("T")}

    def label_potion(self, value, kind):
        return names.potion(value)

    def label_guarantee(self, value, kind):
        return labels.GUARANTEES.get(value, value)

    def label_artifact(self, value, kind):
        return names.artifact(value)

    def label_bid(self, value, kind):
        if not value:
            return _("No discount")
        return ngettext("%(n)s gold off", "%(n)s gold off", -value) % {"n": -value}

    def label_confirm(self, value, kind):
        return _("Yes, show it anyway") if value else _("Show it")

    def label_both(self, value, kind):
        return _("Both cards") if value else _("The picked card only")

    def label_card(self, value, kind):
        return _("Card %(n)s") % {"n": value}

    def _count(self, value, kind):
        return str(value)

    label_sages = label_merchants = label_barmaids = label_shopkeepers = label_gold = _count


def plan_problems(snapshot, seat, action):
    """The problems of a half-made plan, in words ([] for a plan that can be sent)."""
    if action.get("type") != "declare":
        return []
    codes = snapshot.engine.plan_problems(snapshot.state, seat, action)
    return [str(labels.PROBLEMS.get(code, labels.ERRORS.get(code, code)))
            for code in dict.fromkeys(codes)]
