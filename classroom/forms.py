import json

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from classroom.models import JOIN_CODE_LENGTH, PSEUDONYM_MAX_LENGTH, RESEAT_CODE_LENGTH, Lesson
from games.packages import package, packages


def game_choices():
    """Every lesson variant of every registered game, titled in the page's language with the
    play minutes a class needs (the most seats the variant takes, up to 4)."""
    choices = []
    for game in packages():
        for name, variant in game.lesson_variants.items():
            minutes = round(variant.minutes_for(_typical_seats(game, name)))
            label = _("%(game)s: %(variant)s (about %(minutes)s min of play)") % {
                "game": game.title(), "variant": game.variant_title(name), "minutes": minutes}
            choices.append((f"{game.key}:{name}", label))
    return choices


def _typical_seats(game, variant):
    return min(4, game.info.variants[variant]["max_seats"])


def expected_minutes(choice):
    """The play minutes of a game choice ("key:variant"), or None for an unknown one."""
    key, _sep, name = str(choice).partition(":")
    try:
        game = package(key)
        return game.lesson_variants[name].minutes_for(_typical_seats(game, name))
    except KeyError:
        return None


def suggested_plan(choice):
    """The (briefing, play, debrief) minutes a game choice suggests for a longer lesson, or None."""
    key, _sep, name = str(choice).partition(":")
    try:
        return package(key).lesson_variants[name].plan
    except KeyError:
        return None


class LessonForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=120)
    language = forms.ChoiceField(
        label=_("Language of the students' pages"), choices=Lesson.Language.choices,
        widget=forms.RadioSelect,
    )
    game = forms.ChoiceField(label=_("Game"), choices=game_choices,
                             widget=forms.RadioSelect(attrs={"data-lesson-game": ""}))
    seat_mode = forms.ChoiceField(
        label=_("Seats"), choices=Lesson.SeatMode.choices, widget=forms.RadioSelect,
        initial=Lesson.SeatMode.SINGLE,
    )
    briefing_minutes = forms.IntegerField(
        label=_("Joining and briefing"), min_value=0, max_value=30, initial=5, required=False)
    play_minutes = forms.IntegerField(
        label=_("Play"), min_value=10, max_value=120, initial=30, required=False)
    debrief_minutes = forms.IntegerField(
        label=_("Debrief"), min_value=5, max_value=30, initial=10, required=False)
    despite_length = forms.BooleanField(
        label=_("Create it anyway: the class may not finish the game"), required=False)
    approval_expiry_minutes = forms.IntegerField(
        label=_("A request nobody decides expires after (minutes)"), min_value=1, max_value=15,
        initial=3, required=False,
        help_text=_("A story or another request a student makes while playing."),
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
    COCKPIT_FIELDS = ("approval_expiry_minutes", "idle_seconds", "at_play_end")

    def __init__(self, data=None, *args, **kwargs):
        plan = suggested_plan(data.get("game")) if data is not None and data.get("use_plan") \
            else None
        if plan:  # the teacher took the game's own plan: fill it in and show it before creating
            data = data.copy()
            for name, minutes in zip(self.PLAN_FIELDS, plan, strict=True):
                data[name] = str(minutes)
        super().__init__(data, *args, **kwargs)
        self.plan_filled = bool(plan)
        self.fields["language"].initial = (get_language() or "fi")[:2]
        choices = self.fields["game"].choices
        if choices:
            self.fields["game"].initial = choices[0][0]
        self.game_forms = {game.key: game.settings_form(data, prefix=game.key)
                           for game in packages() if game.settings_form is not None}
        self.too_long = None

    def clean(self):
        """A field left out takes its default (a lesson of 5 + 30 + 10 minutes); a game that will
        not fit the play time asks once to be confirmed."""
        data = super().clean()
        for name in (*self.PLAN_FIELDS, *self.COCKPIT_FIELDS):
            if name not in self.errors and data.get(name) in (None, ""):
                data[name] = self.fields[name].initial
        settings_form = self._settings_form(data.get("game"))
        if settings_form is not None and not settings_form.is_valid():
            raise forms.ValidationError(_("Check the game's settings below."))
        if self.plan_filled:
            raise forms.ValidationError(
                _("The game's own plan is filled in. Check it and create the lesson."),
                code="plan_filled")
        self._check_length(data)
        return data

    def _check_length(self, data):
        minutes = expected_minutes(data.get("game"))
        play = data.get("play_minutes")
        if minutes is None or not isinstance(play, int) or round(minutes) <= play:
            return
        self.too_long = {"minutes": round(minutes), "play": play,
                         "plan": self.plan_offer(data.get("game"))}
        if not data.get("despite_length"):
            raise forms.ValidationError(
                _("This game takes about %(minutes)s minutes of play, and the plan gives it "
                  "%(play)s. Give it more play time, choose a shorter game, or tick “Create it "
                  "anyway”.") % self.too_long, code="too_long")

    def service_arguments(self):
        data = dict(self.cleaned_data)
        data.pop("despite_length", None)
        data["engine_key"], data["variant"] = data.pop("game").split(":", 1)
        data["plan"] = tuple(data.pop(name) for name in self.PLAN_FIELDS)
        settings_form = self._settings_form(f"{data['engine_key']}:{data['variant']}")
        data["game_settings"] = dict(settings_form.cleaned_data) if settings_form else {}
        return data

    def _settings_form(self, choice):
        """The chosen game's settings form, when its settings apply to the chosen variant."""
        key, _colon, variant = str(choice or "").partition(":")
        variants = package(key).settings_variants if key in self.game_forms else ()
        return None if variants and variant not in variants else self.game_forms.get(key)

    def plan_fields(self):
        return [self[name] for name in self.PLAN_FIELDS]

    def cockpit_fields(self):
        return [self[name] for name in self.COCKPIT_FIELDS]

    def cockpit_errors(self):
        return any(name in self.errors for name in self.COCKPIT_FIELDS)

    def main_fields(self):
        return [self[name] for name in ("title", "language", "game", "seat_mode")]

    def game_settings(self):
        """Each game's own settings, to show under its title."""
        return [{"key": key, "title": package(key).title(), "form": form,
                 "variants": " ".join(package(key).settings_variants),
                 "errors": bool(form.is_bound and form.errors)}
                for key, form in self.game_forms.items()]

    @staticmethod
    def plan_offer(choice):
        """The plan a game choice suggests, in words for its button, or None."""
        plan = suggested_plan(choice)
        if not plan:
            return None
        return {"minutes": list(plan), "text": _(
            "Use a %(total)s-minute lesson: %(briefing)s + %(play)s + %(debrief)s minutes") % {
            "total": sum(plan), "briefing": plan[0], "play": plan[1], "debrief": plan[2]}}

    def plans_json(self):
        """{game choice: {minutes, text}} of the choices with a plan of their own, for the page's
        offer (static/js/lesson_form.js)."""
        offers = {value: self.plan_offer(value) for value, _label in game_choices()}
        return json.dumps({value: offer for value, offer in offers.items() if offer})

    def minutes_by_choice(self):
        """{game choice: play minutes}, for the page's live warning (static/js/lesson_form.js)."""
        return {value: round(expected_minutes(value)) for value, _label in game_choices()}


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
