"""Scientia as the classroom sees it: the hooks of its package (games/packages.py)."""

from django.utils.translation import gettext_lazy as _

from games.packages import GamePackage
from games.scientia import (
    choices,
    cockpit,
    debrief,
    exports,
    labels,
    lesson,
    narration,
    parts,
)


class Scientia(GamePackage):
    key = "scientia"
    layout_template = "scientia/layout.html"
    projector_template = "scientia/projector_table.html"
    stepper_order = choices.ORDER
    one_tap_kinds = choices.ONE_TAP
    lesson_variants = lesson.VARIANTS
    settings_form = lesson.SettingsForm
    debrief_questions = debrief.QUESTIONS
    fact_generators = debrief.GENERATORS
    export_columns = exports.COLUMNS
    # Two letters each: the cockpit's columns are narrow; the legend spells them out.
    seat_figures = {"completions": _("Dn"), "longest_chain": _("Cn"), "flasks": _("Fl")}
    table_figures = {"cubes_left": _("Cubes left"), "flasks_left": _("Flasks left"),
                     "longest_chain": _("Longest chain")}
    score_label = _("P")
    card_legend = _("P = points if the game ended now; Dn = research cards done; Cn = the "
                    "longest chain of completions in one turn; Fl = flasks in storage")
    stages = labels.STAGES
    errors = labels.ERRORS
    ended_by = labels.ENDED_BY

    def shared_parts(self, snapshot):
        return parts.shared_parts(snapshot)

    def own_parts(self, snapshot, seat, teacher):
        return parts.own_parts(snapshot, seat, teacher)

    def labeller(self, view, seat, names):
        return choices.Labeller(view, seat, names)

    def narrate(self, events, names):
        return narration.tell(events, names)

    def stage_label(self, summary):
        return parts.stage_label(summary)

    def projector_context(self, snapshot, summary):
        return cockpit.projector_table(snapshot, summary)

    def game_options(self, variant, settings):
        return lesson.game_options(variant, settings)

    def export_figures(self, game, state, outcome, seat):
        return exports.figures(game, state, outcome, seat)


PACKAGE = Scientia()
