"""Research Programme in a lesson: its variants with their measured minutes, and its settings."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.packages import LessonVariant

# Play minutes by seats: `python manage.py lesson_minutes research_programme` (the median of 200
# seeded greedy games under the classroom pace, games/engines/playout.py).
VARIANTS = {
    "school": LessonVariant(minutes={2: 19.4, 3: 26.8, 4: 30.1}, default=True),
    "full": LessonVariant(minutes={2: 33.0, 3: 37.6, 4: 42.8}, plan=(10, 65, 15)),
    "beginner": LessonVariant(minutes={2: 30.7, 3: 33.2, 4: 36.0}, plan=(10, 65, 15)),
}


class SettingsForm(forms.Form):
    """The interlude stories (SV-78 to SV-81): how many, and who decides them."""

    stories_per_round = forms.TypedChoiceField(
        label=_("Stories each seat may have accepted per round"), coerce=int,
        choices=[(1, "1"), (2, "2"), (3, "3")], initial=2, required=False,
        widget=forms.RadioSelect,
        help_text=_("The rules say 2, so that the 2 VP from stories can be reached in 5 rounds."),
    )
    story_judge = forms.ChoiceField(
        label=_("Who decides the stories"),
        choices=[("teacher", _("The teacher accepts or rejects each story")),
                 ("table", _("The other seats at the table vote"))],
        initial="teacher", required=False, widget=forms.RadioSelect,
    )
    projector_story_titles = forms.BooleanField(
        label=_("Show accepted story titles on the projector"), required=False, initial=False)

    def clean(self):
        """A field left out takes its default."""
        data = super().clean()
        for name, field in self.fields.items():
            if name not in self.errors and data.get(name) in (None, ""):
                data[name] = field.initial
        return data


def game_options(variant, settings):
    """The engine's options: the variant, how many stories a seat may have accepted per round,
    and who decides them (docs/engine.md)."""
    settings = settings or {}
    return {"variant": str(variant),
            "stories_per_round": int(settings.get("stories_per_round", 2)),
            "story_judge": str(settings.get("story_judge", "teacher"))}
