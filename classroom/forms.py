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
    planned_minutes = forms.IntegerField(
        label=_("Length of the lesson in minutes"), min_value=20, max_value=120, initial=45,
        help_text=_(
            "A 45-minute lesson has 5 minutes of briefing, 30 of play and 10 of debrief; other "
            "lengths change the play and the debrief."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].initial = (get_language() or "fi")[:2]
        choices = self.fields["game"].choices
        if choices:
            self.fields["game"].initial = choices[0][0]

    def service_arguments(self):
        data = dict(self.cleaned_data)
        data["engine_key"], data["variant"] = data.pop("game").split(":", 1)
        return data


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
