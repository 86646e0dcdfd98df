"""The words of Nobel Run's choices on a tablet: a target's answer to a normal negative effect
goes through the platform's stepper; a turn's plan is the game's own form (plan_form)."""

from django.utils.translation import gettext as _

from games import choices
from games.nobel_run import labels, plan_form, presentation, words
from games.nobel_run.engine.cards import resource_value

TEMPLATES = {"plan": "nobel_run/parts/plan.html"}


class Labeller(choices.Labeller):
    kinds = labels.KINDS
    helps = labels.KIND_HELP
    questions = labels.QUESTIONS

    def title(self, step_kind):
        if step_kind == "respond":
            return presentation.respond_prompt(self.view, self.names)
        return _("Your turn")

    def label_cards(self, value, kind):
        return " + ".join(words.card_name(k) for k in value or ()) or _("No card")

    def detail_cards(self, value, kind):
        step = self.view["step"]
        if step["kind"] != "respond":
            return ""
        worth = sum(resource_value(k, step["res"]) for k in value or ())
        return _("worth %(what)s") % {"what": words.amount(step["res"], worth)}

    def label_end_turn(self, value, kind):
        return _("Confirm and end my turn") if value else _("Confirm and keep my turn")

    def layout(self, step, inputs):
        if step.kind != "plan":
            return None
        return plan_form.layout(self.view, self.seat, self.names, step, inputs)
