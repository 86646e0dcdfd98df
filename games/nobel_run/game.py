"""Nobel Run as the classroom sees it: the hooks of its package (games/packages.py)."""

from games.nobel_run import (
    choices,
    cockpit,
    debrief,
    exports,
    labels,
    lesson,
    narration,
    parts,
)
from games.packages import GamePackage


class NobelRun(GamePackage):
    key = "nobel_run"
    layout_template = "nobel_run/layout.html"
    projector_template = "nobel_run/projector_table.html"
    card_template = "nobel_run/card_line.html"
    choice_templates = choices.TEMPLATES
    lesson_variants = lesson.VARIANTS
    settings_form = lesson.SettingsForm
    debrief_questions = debrief.QUESTIONS
    fact_generators = debrief.GENERATORS
    export_columns = exports.COLUMNS
    seat_figures = labels.FIGURES
    table_figures = {"goal": labels.GOAL}
    score_label = labels.PP
    card_legend = labels.LEGEND
    stages = labels.STAGES
    errors = labels.ERRORS
    ended_by = labels.ENDED_BY

    def shared_parts(self, snapshot):
        return parts.shared_parts(snapshot)

    def own_parts(self, snapshot, seat, teacher):
        return parts.own_parts(snapshot, seat, teacher)

    def input_parts(self, snapshot, seat, step, values):
        return parts.input_parts(snapshot, seat, step, values)

    def labeller(self, view, seat, names):
        return choices.Labeller(view, seat, names)

    def narrate(self, events, names):
        return narration.tell(events, names)

    def projector_context(self, snapshot, summary):
        return cockpit.projector_table(snapshot, summary)

    def card_context(self, snapshot, summary):
        return cockpit.card_context(snapshot, summary)

    def game_options(self, variant, settings):
        return lesson.game_options(variant, settings)

    def export_figures(self, game, state, outcome, seat):
        return exports.figures(game, state, outcome, seat)


PACKAGE = NobelRun()
