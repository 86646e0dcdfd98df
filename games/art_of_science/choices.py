"""The words of The Art of Science's choices on a tablet: its action kinds, the questions the
stepper asks and every parameter's values; and the order in which a seat decides them."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import choices
from games.art_of_science import labels
from games.art_of_science.presentation import answer_text, category, square_words

ORDER = {"challenge": ("opponent", "stake"), "shove": ("target", "square")}
# Asked for beside the question (advice buttons, the report button), not in the stepper.
HIDDEN = ("ask_advice", "flag")


class Labeller(choices.Labeller):
    kinds = labels.KINDS
    helps = labels.HELPS
    reasons = labels.REASONS
    questions = labels.PARAMETERS

    def __init__(self, view, seat, names):
        super().__init__(view, seat, names)
        self.me = next((p for p in view["players"] if p["seat"] == seat), None)

    def _name(self, seat):
        return self.names.get(seat) or _("Seat %(n)s") % {"n": seat}

    def kind_label(self, kind):
        """Points or a new round say what they give (AS-G13: a full category gives 0)."""
        question = self.view.get("question") or {}
        if kind == "take_points" and question and self.me and self.me["req"]:
            code = question["category"]
            if code in self.me["filled"]:
                return _("0 points (category full)")
            return ngettext("Take %(n)s point in %(category)s",
                            "Take %(n)s points in %(category)s", question["value"]) % {
                "n": question["value"], "category": labels.category_name(code)}
        return super().kind_label(kind)

    def kind_help(self, kind):
        """A split of points says how many it must add up to."""
        mine = next((a for a in self.view.get("allocations", ()) if a["seat"] == self.seat),
                    None)
        if kind == "distribute" and mine:
            return ngettext("Place %(n)s point in one of your unfilled categories.",
                            "Place %(n)s points over your unfilled categories: the numbers "
                            "must add up to %(n)s.", mine["total"]) % {"n": mine["total"]}
        if kind == "strike" and mine:
            return ngettext("Strike out %(n)s point from one of your unfilled categories.",
                            "Strike out %(n)s points from your unfilled categories: the "
                            "numbers must add up to %(n)s.", mine["total"]) % {
                "n": mine["total"]}
        return super().kind_help(kind)

    def title(self, step_kind):
        return _("Choose")

    def summary(self, step):
        return self.kind_label(step.kind)

    # Parameters --------------------------------------------------------------------------------

    def label_square(self, value, kind):
        if value is None:
            return _("Leave it where it is")
        return square_words(value)

    def detail_square(self, value, kind):
        return "" if value is None else _("square %(n)s") % {"n": value}

    def label_direction(self, value, kind):
        return str(labels.DIRECTIONS.get(value, value))

    def detail_direction(self, value, kind):
        roll = (self.view.get("step") or {}).get("roll")
        if not (self.me and roll and self.me["square"] is not None):
            return ""
        sign = 1 if value == "clockwise" else -1
        landing = (self.me["square"] + sign * roll) % 42
        return _("to square %(n)s: %(what)s") % {"n": landing, "what": square_words(landing)}

    def label_target(self, value, kind):
        return self._name(value)

    def _question(self):
        return self.view.get("question") or {}

    def label_value(self, value, kind):
        if value is None:
            return _("No answer (counts as wrong)")
        return answer_text(self._question(), value)

    def lang_of(self, param, value):
        """A multiple-choice option's words are the question's, in the lesson's language."""
        if param in ("value", "suggestion") and value is not None and \
                self._question().get("format") == "multiple_choice":
            return self.view["options"]["language"]
        return None

    def label_suggestion(self, value, kind):
        if value is None:
            return _("No suggestion")
        return answer_text(self._question(), value)

    def label_correct(self, value, kind):
        return {True: _("✓ Correct"), False: _("✗ Not correct")}.get(value, _("No vote"))

    def label_category(self, value, kind):
        shown = category(value)
        return f"{shown['sign']} {shown['name']}"

    def detail_category(self, value, kind):
        if not (self.me and self.me["req"]):
            return ""
        need = self.me["req"][value] - self.me["points"][value]
        if need <= 0:
            return _("full")
        return ngettext("%(n)s more point to fill", "%(n)s more points to fill", need) % {
            "n": need}

    def label_opponent(self, value, kind):
        return self._name(value)

    def detail_opponent(self, value, kind):
        other = next((p for p in self.view["players"] if p["seat"] == value), None)
        if other is None:
            return ""
        return ngettext("%(n)s unlocked point", "%(n)s unlocked points",
                        other["unlocked"]) % {"n": other["unlocked"]}

    def label_stake(self, value, kind):
        return ngettext("%(n)s point", "%(n)s points", value) % {"n": value}

    label_points = label_stake

    # Inputs ------------------------------------------------------------------------------------

    def input_label(self, spec):
        param = spec["param"]
        if param.startswith("points."):
            code = param.split(".", 1)[1]
            return _("%(category)s (up to %(n)s)") % {
                "category": labels.category_name(code), "n": spec["max"]}
        if param == "value" and self._question().get("unit"):
            return _("Your answer in %(unit)s") % {"unit": self._question()["unit"]}
        return super().input_label(spec)

    def option_label(self, param, value):
        if param == "order":
            return self.label_category(value, None)
        return super().option_label(param, value)
