"""Scientia in a lesson: its one variant with its measured minutes, and the teacher's choice of
the research cards (SC-04, SC-G16): "First Step" by default, or a random legal combination."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.packages import LessonVariant

# Play minutes by seats: `python manage.py lesson_minutes scientia` (the median of 200 seeded
# greedy games of "First Step" under the classroom pace; docs/games/scientia.md). At 3-4 seats
# a natural game outlasts a 30-minute play time: the lesson's "call time" ends it (SC-40).
VARIANTS = {
    "lesson": LessonVariant(minutes={2: 26.7, 3: 38.1, 4: 46.1}, default=True),
}
COMBINATIONS = [
    ("first_step", _("“The First Step of Scientific Progress” (recommended for a first game)")),
    ("random", _("A random legal combination (for a class that has played before; games vary "
                 "more in length)")),
]


class SettingsForm(forms.Form):
    """Which 12 research cards the tables play with (SC-04, SC-G16); the first player is
    always drawn."""

    combination = forms.ChoiceField(
        label=_("Research cards"), required=False, widget=forms.RadioSelect,
        initial="first_step", choices=COMBINATIONS)

    def clean(self):
        data = super().clean()
        if data.get("combination") in (None, ""):
            data["combination"] = "first_step"
        return data


def game_options(variant, settings):
    combination = (settings or {}).get("combination") or "first_step"
    if combination not in dict(COMBINATIONS):
        combination = "first_step"
    return {"variant": str(variant), "combination": combination}
