"""Nobel Run in a lesson: its variants with their measured minutes, and its settings.

The whole race to 20 PP needs more than a 30-minute play slot with 3 or 4 seats, so the
lesson's default is the short race to 12 (NR-G18); the lesson form warns when a variant will
not fit the play time the teacher gives it.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.packages import LessonVariant

# Play minutes by seats: `python manage.py lesson_minutes nobel_run` (the median of 200 seeded
# greedy games under the classroom pace, games/engines/playout.py).
VARIANTS = {
    "short": LessonVariant(minutes={2: 12.6, 3: 18.2, 4: 23.4}, default=True, plan=(5, 30, 10)),
    "lesson": LessonVariant(minutes={2: 18.4, 3: 27.2, 4: 36.9}, plan=(5, 40, 10)),
}


class SettingsForm(forms.Form):
    """Keeping take-that kind in a classroom (NR-G19)."""

    situations_systemic = forms.BooleanField(
        label=_("Situations are systemic"), required=False, initial=False,
        help_text=_("Care, impostor syndrome and data loss always hit a player with the most "
                    "prestige, as obstacles tend to hit whoever is most exposed. Scientists’ "
                    "negative cards still name a target. The cockpit always shows who targeted "
                    "whom."))


def game_options(variant, settings):
    """The engine's options: the variant and whether Situations are systemic."""
    settings = settings or {}
    return {"variant": str(variant),
            "situations_systemic": bool(settings.get("situations_systemic", False))}
