"""The Art of Science in a lesson: its variants with their measured minutes, its settings (the
rules file's classroom options, AS-G21, AS-G22, and which questions are drawn), and the engine's
options built from the question bank."""

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games.art_of_science.bank.schema import PREFIXES
from games.art_of_science.models import Question
from games.art_of_science.questionbank import lesson_records, records_within, starter_records
from games.packages import LessonVariant

# Play minutes by seats: `python manage.py lesson_minutes art_of_science` (the median of 200
# seeded greedy games under the classroom pace, English starter bank, games/engines/playout.py).
VARIANTS = {
    "lesson": LessonVariant(minutes={2: 18.4, 3: 26.0, 4: 31.4, 5: 39.0, 6: 42.7},
                            default=True),
    "short": LessonVariant(minutes={2: 28.1, 3: 37.9, 4: 48.1, 5: 54.6, 6: 66.3}),
}
DIFFICULTIES = [(1, _("1: ages 12–13")), (2, _("2: ages 14–15")), (3, _("3: 16+ or stretch"))]
QUESTION_LANGUAGES = [("", _("The language of the students’ pages")), ("fi", _("Finnish")),
                      ("en", _("English")), ("sv", _("Swedish"))]
DEFAULTS = {"question_language": "", "only_mine": False, "lowest_difficulty": 1, "time_limit_s": 30,
            "open_answers": False, "judge": "table", "advice": True, "shove": False,
            "spree": False, **{f"highest_{c}": 3 for c in PREFIXES}}


def _highest_field(category):
    return forms.TypedChoiceField(
        label=format_lazy(_("Hardest questions in {category}"),
                          category=Question.Category(category).label),
        coerce=int, choices=DIFFICULTIES, initial=3, required=False)


class SettingsForm(forms.Form):
    """Which questions a lesson draws, the answer time, who judges open answers, and the
    optional rules (classroom defaults of AS-G22)."""

    question_language = forms.ChoiceField(
        label=_("Language of the questions"), choices=QUESTION_LANGUAGES, required=False,
        initial="")
    only_mine = forms.BooleanField(
        label=_("Only my own approved questions"), required=False,
        help_text=_("A category you have no questions in draws from the school's starter "
                    "bank."))
    lowest_difficulty = forms.TypedChoiceField(
        label=_("Easiest questions"), coerce=int, choices=DIFFICULTIES, initial=1,
        required=False)
    time_limit_s = forms.IntegerField(
        label=_("Seconds to answer"), min_value=15, max_value=90, initial=30, required=False,
        help_text=_("15–90 seconds; no answer in time counts as wrong."))
    open_answers = forms.BooleanField(
        label=_("Also open questions (typed answers judged by people)"), required=False)
    judge = forms.ChoiceField(
        label=_("Who judges open answers"), initial="table", required=False,
        widget=forms.RadioSelect,
        choices=[("table", _("The other seats vote; the teacher may decide instead")),
                 ("teacher", _("The teacher alone"))])
    advice = forms.BooleanField(label=_("Advice: ask another seat for help, share the points"),
                                required=False, initial=True)
    shove = forms.BooleanField(label=_("Relativistic shove"), required=False)
    spree = forms.BooleanField(label=_("Winning spree"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for category in PREFIXES:
            self.fields[f"highest_{category}"] = _highest_field(category)

    def clean(self):
        """A field left out takes its default; the hardest may not be easier than the easiest."""
        data = super().clean()
        for name, default in DEFAULTS.items():
            if name not in self.errors and data.get(name) in (None, ""):
                data[name] = default
        for category in PREFIXES:
            data[f"highest_{category}"] = max(data[f"highest_{category}"],
                                              data["lowest_difficulty"])
        return data


def _options(variant, settings, language, records):
    """The rules' options and the lesson's questions, filtered here (the engine then draws from
    every difficulty it is given)."""
    highest = {c: int(settings.get(f"highest_{c}", 3)) for c in PREFIXES}
    return {
        "variant": str(variant), "language": language, "difficulty": [1, 3],
        "questions": records_within(records, int(settings.get("lowest_difficulty", 1)), highest),
        "time_limit_s": int(settings.get("time_limit_s", 30)),
        "open_answers": bool(settings.get("open_answers", False)),
        "judge": str(settings.get("judge", "table")),
        **{key: bool(settings.get(key, DEFAULTS[key])) for key in ("advice", "shove", "spree")},
    }


def game_options(variant, settings):
    """The engine's options without a lesson (simulations, `manage.py lesson_minutes`): the
    starter bank in the settings' question language, English if none is set."""
    settings = settings or {}
    language = settings.get("question_language") or "en"
    return _options(variant, settings, language, starter_records(language))


def lesson_options(lesson):
    """The engine's options for a game of `lesson`: the approved questions of the school and of
    the lesson's teacher in its question language, filtered by the lesson's difficulties."""
    settings = lesson.game_settings or {}
    language = settings.get("question_language") or lesson.language
    records = lesson_records(lesson.owner, language, bool(settings.get("only_mine")))
    return _options(lesson.variant, settings, language, records)
