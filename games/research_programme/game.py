"""Research Programme as the classroom sees it: the hooks of its package (games/packages.py)."""

from django.utils.translation import gettext_lazy as _

from games.packages import GamePackage
from games.research_programme import (
    choices,
    cockpit,
    debrief,
    exports,
    labels,
    lesson,
    narration,
    parts,
    stories,
)


class ResearchProgramme(GamePackage):
    key = "research_programme"
    layout_template = "research_programme/layout.html"
    projector_template = "research_programme/projector_table.html"
    projector_lesson_template = "research_programme/projector_lesson.html"
    stepper_order = choices.ORDER
    stepper_hidden = choices.HIDDEN
    lesson_variants = lesson.VARIANTS
    settings_form = lesson.SettingsForm
    settings_variants = ("school",)  # FG-15: the full and beginner games have no stories
    approvals = {stories.STORY.key: stories.STORY}
    debrief_questions = debrief.QUESTIONS
    fact_generators = debrief.GENERATORS
    export_columns = exports.COLUMNS
    seat_figures = {"ep": _("EP")}  # the school game's; a full game's summary has none
    table_figures = labels.TALLY  # the full game's; the school game's summary has none
    score_label = _("VP")
    card_legend = _("EP = story points")
    stages = labels.PHASES
    errors = labels.ERRORS
    cockpit_switches = {"projector_story_titles": _("Story titles on the projector")}

    def shared_parts(self, snapshot):
        return parts.shared_parts(snapshot)

    def own_parts(self, snapshot, seat, teacher):
        return parts.own_parts(snapshot, seat, teacher)

    def choice_parts(self, snapshot, seat, choice):
        return parts.choice_parts(snapshot, seat, choice)

    def choose_kind(self, view, menu):
        return (view["step"] or {}).get("kind") == "actions"

    def labeller(self, view, seat, names):
        return choices.Labeller(view, seat, names)

    def narrate(self, events, names):
        return narration.tell(events, names)

    def page_context(self, snapshot):
        return parts.page_context(snapshot)

    def projector_context(self, snapshot, summary):
        return cockpit.projector_table(snapshot, summary)

    def ended_text(self, snapshot):
        outcome = snapshot.engine.outcome(snapshot.state)
        return labels.ended_text(outcome["ended_by"], snapshot.state["rounds"]) if outcome else ""

    def projector_lesson(self, game_ids, settings):
        return cockpit.projector_lesson(game_ids, settings)

    def game_options(self, variant, settings):
        return lesson.game_options(variant, settings)

    def export_figures(self, game, state, outcome, seat):
        return exports.figures(game, state, outcome, seat)


PACKAGE = ResearchProgramme()
