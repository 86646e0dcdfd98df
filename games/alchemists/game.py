"""Alchemists as the classroom sees it: the hooks of its package (games/packages.py)."""

from django.utils.translation import gettext_lazy as _

from games.alchemists import (
    choices,
    cockpit,
    debrief,
    exports,
    labels,
    lesson,
    narration,
    notes,
    parts,
)
from games.packages import GamePackage


class Alchemists(GamePackage):
    key = "alchemists"
    layout_template = "alchemists/layout.html"
    projector_template = "alchemists/projector_table.html"
    stepper_order = choices.ORDER
    stepper_hidden = choices.HIDDEN
    lesson_variants = lesson.VARIANTS
    settings_form = lesson.SettingsForm
    debrief_questions = debrief.QUESTIONS
    fact_generators = debrief.GENERATORS
    export_columns = exports.COLUMNS
    seat_figures = {"seals": _("Seals"), "experiments": _("Exp."), "debunks": _("Deb.")}
    table_figures = {"theories": _("Theories"), "seals": _("Seals"),
                     "debunked": _("Debunked")}
    score_label = _("Rep.")
    card_legend = _("Rep. = reputation (points after the Great Truth); Exp. = experiments; "
                    "Deb. = debunks")
    stages = labels.STAGES
    errors = labels.ERRORS
    ended_by = labels.ENDED_BY

    def shared_parts(self, snapshot):
        return parts.shared_parts(snapshot)

    def own_parts(self, snapshot, seat, teacher):
        return parts.own_parts(snapshot, seat, teacher)

    def labeller(self, view, seat, names):
        return choices.Labeller(view, seat, names)

    def input_problems(self, snapshot, seat, action):
        return choices.plan_problems(snapshot, seat, action)

    def narrate(self, events, names):
        return narration.tell(events, names)

    def note_update(self, data, message):
        return notes.note_update(data, message)

    def notes_parts(self, snapshot, seat, data):
        return parts.notes_parts(snapshot, seat, data)

    def projector_context(self, snapshot, summary):
        return cockpit.projector_table(snapshot, summary)

    def game_options(self, variant, settings):
        return lesson.game_options(variant, settings)

    def export_figures(self, game, state, outcome, seat):
        return exports.figures(game, state, outcome, seat)


PACKAGE = Alchemists()
