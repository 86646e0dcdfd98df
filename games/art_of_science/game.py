"""The Art of Science as the classroom sees it: the hooks of its package (games/packages.py)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.art_of_science import (
    choices,
    cockpit,
    debrief,
    exports,
    judging,
    labels,
    lesson,
    narration,
    parts,
    questionbank,
)
from games.packages import GamePackage


class ArtOfScience(GamePackage):
    key = "art_of_science"
    layout_template = "art_of_science/layout.html"
    projector_template = "art_of_science/projector_table.html"
    card_template = "art_of_science/cockpit_card.html"
    cockpit_lesson_template = "art_of_science/cockpit_lesson.html"
    stepper_order = choices.ORDER
    stepper_hidden = choices.HIDDEN
    lesson_variants = lesson.VARIANTS
    settings_form = lesson.SettingsForm
    approvals = {judging.OPEN_ANSWER.key: judging.OPEN_ANSWER}
    debrief_questions = debrief.QUESTIONS
    fact_generators = debrief.GENERATORS
    export_columns = exports.COLUMNS
    seat_figures = {"filled": pgettext_lazy("categories, short", "Filled")}  # a column heading
    table_figures = {"questions": _("Questions"), "pending_judgements": _("To judge"),
                     "flags": _("Reports")}
    score_label = pgettext_lazy("points, short", "pts")
    card_legend = _("Filled = categories filled of 6")
    stages = labels.STAGES
    errors = labels.ERRORS
    ended_by = labels.ENDED_BY
    teacher_pages = [("art_of_science:bank", _("Questions for The Art of Science"))]

    def shared_parts(self, snapshot):
        return parts.shared_parts(snapshot)

    def own_parts(self, snapshot, seat, teacher):
        return parts.own_parts(snapshot, seat, teacher)

    def labeller(self, view, seat, names):
        return choices.Labeller(view, seat, names)

    def narrate(self, events, names):
        return narration.tell(events, names)

    def stage_label(self, summary):
        """While the teacher alone judges an open answer nobody at the table acts, yet the game
        runs (`over` says when it ended)."""
        if summary["stage"] == "judge" and not summary["to_act"] and not summary["over"]:
            return labels.TEACHER_JUDGES
        return super().stage_label(summary)

    def card_context(self, snapshot, summary):
        return cockpit.card_context(snapshot, summary)

    def cockpit_lesson(self, game_ids, settings):
        return cockpit.cockpit_lesson(game_ids, settings)

    def projector_context(self, snapshot, summary):
        return parts.projector(snapshot)

    def game_options(self, variant, settings):
        return lesson.game_options(variant, settings)

    def lesson_options(self, lesson_):
        return lesson.lesson_options(lesson_)

    def actions_applied(self, game, events):
        questionbank.flags_record(game, events)

    def export_figures(self, game, state, outcome, seat):
        return exports.figures(game, state, outcome, seat)


PACKAGE = ArtOfScience()
