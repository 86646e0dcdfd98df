"""Alchemists in a lesson: its variants with their measured minutes, and its one setting."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.packages import LessonVariant

# Play minutes by seats: `python manage.py lesson_minutes alchemists` (the median of seeded
# greedy games under the classroom pace, games/engines/playout.py; docs/games/alchemists.md).
# The full games do not fit one lesson: play them over two (the cockpit's "Continue next
# lesson").
VARIANTS = {
    "lesson": LessonVariant(minutes={2: 15.8, 3: 21.2, 4: 26.4}, default=True),
    "apprentice": LessonVariant(minutes={2: 45.9, 3: 62.7, 4: 75.7}),
    "master": LessonVariant(minutes={2: 46.0, 3: 62.4, 4: 74.7}),
}


class SettingsForm(forms.Form):
    """Who starts (G-06): drawn by chance, or seat 1 (a teacher who explains the first round
    with seat 1's tablet on the projector)."""

    start_player = forms.ChoiceField(
        label=_("Who starts"), required=False, widget=forms.RadioSelect, initial="chance",
        choices=[("chance", _("Drawn by chance")), ("1", _("Seat 1"))],
    )

    def clean(self):
        data = super().clean()
        if data.get("start_player") in (None, ""):
            data["start_player"] = "chance"
        return data


def game_options(variant, settings):
    options = {"variant": str(variant)}
    if (settings or {}).get("start_player") == "1":
        options["start_player"] = 1
    return options
