from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from classroom.models import JOIN_CODE_LENGTH, PSEUDONYM_MAX_LENGTH, RESEAT_CODE_LENGTH, Lesson
from games.engines.base import ENGINES


def game_choices():
    """Every engine variant of the games registry, titled in the page's language."""
    language = (get_language() or "fi")[:2]
    return [
        (f"{key}:{name}", variant["title"].get(language) or variant["title"]["en"])
        for key in ENGINES
        for name, variant in ENGINES[key].variants.items()
    ]


class LessonForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=120)
    language = forms.ChoiceField(
        label=_("Language of the students' pages"), choices=Lesson.Language.choices,
        widget=forms.RadioSelect,
    )
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    seat_mode = forms.ChoiceField(
        label=_("Seats"), choices=Lesson.SeatMode.choices, widget=forms.RadioSelect,
        initial=Lesson.SeatMode.SINGLE,
    )
    briefing_minutes = forms.IntegerField(
        label=_("Joining and briefing"), min_value=0, max_value=30, initial=5, required=False)
    play_minutes = forms.IntegerField(
        label=_("Play"), min_value=10, max_value=90, initial=30, required=False)
    debrief_minutes = forms.IntegerField(
        label=_("Debrief"), min_value=5, max_value=30, initial=10, required=False)
    stories_per_round = forms.TypedChoiceField(
        label=_("Stories each seat may have accepted per round"), coerce=int,
        choices=[(1, "1"), (2, "2"), (3, "3")], initial=2, required=False,
        widget=forms.RadioSelect,
        help_text=_("The rules say 2, so that the 2 VP from stories can be reached in 5 rounds."),
    )
    story_judge = forms.ChoiceField(
        label=_("Who decides the stories"), choices=Lesson.StoryJudge.choices,
        initial=Lesson.StoryJudge.TEACHER, required=False, widget=forms.RadioSelect,
    )
    story_expiry_minutes = forms.IntegerField(
        label=_("A story nobody decides expires after (minutes)"), min_value=1, max_value=15,
        initial=3, required=False,
    )
    idle_seconds = forms.IntegerField(
        label=_("Show a seat as idle after (seconds)"), min_value=20, max_value=900,
        initial=90, required=False,
        help_text=_("The seat's tablet also gets a gentle reminder then."),
    )
    at_play_end = forms.ChoiceField(
        label=_("When play time is up"), choices=Lesson.AtPlayEnd.choices,
        initial=Lesson.AtPlayEnd.CALL_TIME, required=False, widget=forms.RadioSelect,
    )
    PLAN_FIELDS = ("briefing_minutes", "play_minutes", "debrief_minutes")
    COCKPIT_FIELDS = ("stories_per_round", "story_judge", "story_expiry_minutes",
                      "idle_seconds", "at_play_end")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].initial = (get_language() or "fi")[:2]
        choices = self.fields["game"].choices
        if choices:
            self.fields["game"].initial = choices[0][0]

    def clean(self):
        """A field left out takes its default (a lesson of 5 + 30 + 10 minutes)."""
        data = super().clean()
        for name in (*self.PLAN_FIELDS, *self.COCKPIT_FIELDS):
            if name not in self.errors and data.get(name) in (None, ""):
                data[name] = self.fields[name].initial
        return data

    def service_arguments(self):
        data = dict(self.cleaned_data)
        data["engine_key"], data["variant"] = data.pop("game").split(":", 1)
        data["plan"] = tuple(data.pop(name) for name in self.PLAN_FIELDS)
        return data

    def plan_fields(self):
        return [self[name] for name in self.PLAN_FIELDS]

    def cockpit_fields(self):
        return [self[name] for name in self.COCKPIT_FIELDS]

    def cockpit_errors(self):
        return any(name in self.errors for name in self.COCKPIT_FIELDS)

    def main_fields(self):
        return [self[name] for name in ("title", "language", "game", "seat_mode")]


class JoinCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Code"), max_length=20, strip=True,
        widget=forms.TextInput(attrs={
            "autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
            "inputmode": "text", "class": "code-input", "aria-describedby": "code-help",
            "minlength": JOIN_CODE_LENGTH, "maxlength": RESEAT_CODE_LENGTH + 2,
        }),
    )


class PseudonymForm(forms.Form):
    code = forms.CharField(widget=forms.HiddenInput, max_length=20)
    # The length is checked by the service, so a long name gets the lesson's own clear message.
    pseudonym = forms.CharField(
        label=_("Your name in the game"), max_length=200, strip=True,
        widget=forms.TextInput(attrs={
            "autocomplete": "off", "spellcheck": "false", "maxlength": PSEUDONYM_MAX_LENGTH,
        }),
        help_text=_("A made-up name, not your real one."),
    )


class TeacherSignUpForm(UserCreationForm):
    email = forms.EmailField(
        label=_("E-mail"), help_text=_("Only for resetting a forgotten password.")
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
