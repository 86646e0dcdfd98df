"""Each registered game as the platform sees it: the hooks of its package, `games/<key>/game.py`.

The platform (live play, the cockpit, approvals, the debrief, the exports, the lesson form) calls
only these hooks and the engine's face, so it knows no game's words. docs/adding-a-game.md lists
what a game provides, in order; `GamePackage` gives the defaults.
"""

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy as _

from games import content
from games.engines.base import ENGINES
from games.registry import GAMES


@dataclass(frozen=True)
class LessonVariant:
    """A variant a lesson can play, with the play minutes a class needs by seat count (the median
    of simulated bot games under the classroom pace: `python manage.py lesson_minutes`)."""

    minutes: Mapping[int, float]
    default: bool = False
    plan: tuple[int, int, int] | None = None  # briefing, play, debrief minutes it suggests

    def minutes_for(self, seats: int) -> float:
        known = sorted(self.minutes)
        return self.minutes[min(known, key=lambda n: (abs(n - seats), -n))]


@dataclass(frozen=True)
class ExportColumn:
    key: str
    label: Any  # lazy text: the column's header
    meaning: Any  # lazy text: the codebook's entry


@dataclass(frozen=True)
class ApprovalKind:
    """A request a seat makes that the teacher accepts or rejects (a story, an open answer).

    The request, the decision and an expiry all go into the game through the one writer as the
    engine's own actions, built here; `decided_in` reads the engine's verdict from a step's events
    (a table vote can decide too). A request the engine opens by itself (`opened_in`) needs no
    request action: its row is made when the engine opens it.
    """

    key: str
    label: Any  # "Story"
    waiting_heading: Any  # "Stories waiting"
    none_waiting: Any  # "No stories waiting."
    # (seat, request id, payload) -> action; None where only the engine opens requests
    request_action: Callable[[int, str, dict], dict] | None
    decide_action: Callable[[str, bool, str | None], dict]  # (request id, accept, reason)
    decided_in: Callable[[list, str], tuple[bool, str | None] | None]
    vote_action: Callable[[int, str, bool], dict] | None = None
    action_types: tuple = ()  # the engine's action types of this kind: never sent as a plain tap
    waiting_badge: Callable[[int], str] | None = None  # "2 stories waiting" on a table's card
    text_limit: int = 140  # the most characters of the request's text
    reason_limit: int = 140
    # Requests the engine opens by itself in a step's events (an open answer waiting for its
    # judges, whoever gave it): [{"seat", "request_id", "text", "round"}]. Rows of such a kind
    # also follow `decided_in` whatever applied the deciding action (a vote, a bot, a timer).
    opened_in: Callable[[list], list] | None = None


@dataclass(frozen=True)
class Line:
    """One line of a game's log: what happened, told in the active language."""

    round: int | None
    seat: int | None
    text: str
    tone: str = ""  # "good", "bad", "phase" or "" (how the log colours it)


class GamePackage:
    """The defaults; a game's `game.py` subclasses this and sets `PACKAGE`."""

    key: str = ""
    layout_template: str = ""  # the game's part of the play page and the teacher's table view
    projector_template: str = ""  # one table on the projector
    stepper_order: Mapping[str, tuple] = {}  # the order in which a seat decides each parameter
    stepper_hidden: tuple = ()  # menu kinds the tablet asks for elsewhere (not in the stepper)
    choice_templates: Mapping[str, str] = {}  # kind -> the game's own template of its step
    # Kinds whose one action a tap on the kind sends at once: a step that is itself the
    # confirmation ("carry out the rotation"), so no second "Confirm" follows.
    one_tap_kinds: tuple = ()
    lesson_variants: Mapping[str, LessonVariant] = {}
    settings_form = None  # a Form of the game's lesson settings, or None
    settings_variants: tuple = ()  # the variants the settings apply to (empty: every variant)
    approvals: Mapping[str, ApprovalKind] = {}
    debrief_questions: list = []  # [(fact key, lazy text)], the game's five default questions
    fact_generators: Mapping[str, Callable] = {}  # fact key -> generator(seat_game) -> facts
    export_columns: list = []  # [ExportColumn]
    seat_figures: Mapping[str, Any] = {}  # summary seat figure key -> lazy label (cockpit)
    table_figures: Mapping[str, Any] = {}  # summary table figure key -> lazy label (cockpit)
    score_label = _("Score")
    card_legend = ""  # what the cockpit's table cards abbreviate, e.g. "EP = story points"
    stages: Mapping[str, Any] = {}  # summary stage -> lazy label
    errors: Mapping[str, Any] = {}  # the engine's refusal codes -> lazy message
    ended_by: Mapping[str, Any] = {}  # the outcome's `ended_by` -> lazy sentence
    cockpit_switches: Mapping[str, Any] = {}  # game setting -> lazy label of its cockpit switch
    # The game's own pages for teachers (its urls.py, served under /games/<key>/), linked from
    # the teacher's lessons: [(url name, lazy label)].
    teacher_pages: list = []

    @property
    def engine(self):
        return ENGINES[self.key]

    @property
    def info(self):
        return self.engine.info

    def title(self, language=None):
        titles = self.info.title
        return content.text_in(titles, language or content.language())

    def variant_title(self, variant, language=None):
        titles = self.info.variants[variant]["title"]
        return content.text_in(titles, language or content.language())

    @property
    def default_variant(self):
        return next((name for name, v in self.lesson_variants.items() if v.default),
                    self.info.default_variant)

    # Live play ---------------------------------------------------------------------------------

    def shared_parts(self, snapshot) -> dict:
        """Parts every viewer of the table sees alike: {element id: HTML}."""
        return {}

    def own_parts(self, snapshot, seat, teacher) -> dict:
        """Parts of one seat (None with `teacher`: the teacher's view of every seat)."""
        return {}

    def choice_parts(self, snapshot, seat, choice) -> dict:
        """Parts that follow a seat's half-made choice beside the stepper (a map's marks)."""
        return {}

    def input_parts(self, snapshot, seat, step, values) -> dict:
        """Parts that follow a seat's form of inputs while it fills it in, before it is sent
        (what the choices so far would do, and why they would be refused): `step` is the
        stepper's step of the form, `values` {param: what is chosen so far}, unchecked."""
        return {}

    def choose_kind(self, view, menu):
        """Whether a seat picks the kind of action itself even when one kind is open (a turn of
        several kinds); otherwise a step with one open kind goes straight to its parameters."""
        return False

    def labeller(self, view, seat, names):
        """The words for the stepper's kinds, parameters and values (games.choices.Labeller)."""
        from games.choices import Labeller

        return Labeller(view, seat, names)

    def narrate(self, events, names) -> list:
        """A step's events, as one viewer may read them, told as log lines."""
        return []

    def input_problems(self, snapshot, seat, action) -> list:
        """What is wrong with a half-made action whose inputs the seat is filling in (a plan),
        in words, shown before it is sent; [] when it may be sent."""
        return []

    def note_update(self, data, message):
        """The seat's notes with the tablet's `note` message written into them, or None when the
        message is not a note of this game (the default: a game without notes)."""
        return None

    def notes_parts(self, snapshot, seat, data) -> dict:
        """The parts that show a seat's notes (only on its own tablets): {element id: HTML}."""
        return {}

    def page_context(self, snapshot) -> dict:
        """What the game's layout needs beside its parts (a map's view box, a legend)."""
        return {}

    def error_message(self, code):
        return self.errors.get(code)

    # The cockpit and the projector ---------------------------------------------------------------

    def stage_label(self, summary):
        return self.stages.get(summary["stage"], "")

    def ended_text(self, snapshot):
        """How the table's game ended, in a sentence ("" while it runs)."""
        outcome = snapshot.engine.outcome(snapshot.state)
        return self.ended_by.get(outcome.get("ended_by"), "") if outcome else ""

    projector_lesson_template = ""  # what the game shows the whole class beside the tables
    card_template = ""  # what the game adds to a table's card on the teacher's cockpit
    cockpit_lesson_template = ""  # what the game shows the teacher about the whole class

    def card_context(self, snapshot, summary) -> dict:
        """What the game adds to one table's card on the cockpit (the teacher's view: the
        key of an open answer waiting for its judgement, each seat's progress, who targeted
        whom). Plain data, cheap or cached per revision: a card that did not change is not
        drawn again."""
        return {}

    def cockpit_lesson(self, game_ids, settings) -> dict | None:
        """What the game shows the teacher about the whole class beside the cards (None:
        nothing), e.g. how each category's questions went; drawn with the cockpit's refresh."""
        return None

    def projector_context(self, snapshot, summary) -> dict:
        """What the game shows of one table on the projector (public information only)."""
        return {}

    def projector_lesson(self, game_ids, settings) -> dict | None:
        """What the game shows the whole class on the projector beside the tables (None:
        nothing), e.g. the titles of accepted stories; public information only."""
        return None

    # Lessons -------------------------------------------------------------------------------------

    def game_options(self, variant, settings) -> dict:
        """The engine's options for a new game of a lesson: the variant and the lesson's settings
        of this game (as its settings form cleaned them)."""
        return {"variant": str(variant), **dict(settings or {})}

    def lesson_options(self, lesson) -> dict:
        """The engine's options for a new game at one of `lesson`'s tables: by default
        `game_options(variant, settings)`; a game whose options depend on the lesson itself (its
        teacher's own content, its language) reads them here."""
        return self.game_options(lesson.variant, lesson.game_settings)

    def actions_applied(self, game, events) -> None:
        """After the one writer applied an action and its chance steps (`events`, in its
        transaction): a game keeping records of its own beside the log (a question bank's
        flags) keeps them in step here."""

    # Exports -------------------------------------------------------------------------------------

    def export_figures(self, game, state, outcome, seat) -> dict:
        """{column key: value} of one seat's game (`game` is its row) for the export's game
        columns; "score" and "rank" here replace the platform's (a game's own tie-breaks)."""
        return {}


@cache
def package(key) -> GamePackage:
    """The package of a registered game; KeyError for any other key."""
    if key not in GAMES:
        raise KeyError(f"unknown game {key!r}")
    return importlib.import_module(f"games.{key}.game").PACKAGE


def packages() -> list[GamePackage]:
    return [package(key) for key in GAMES]
