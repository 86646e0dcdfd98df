"""The lesson's game settings become the game's own (Lesson.game_settings); the expiry of
undecided requests is the teacher approvals' (games.Approval), not the stories'."""

import django.core.validators
from django.db import migrations, models


def to_game_settings(apps, schema_editor):
    Lesson = apps.get_model("classroom", "Lesson")
    for lesson in Lesson.objects.all():
        lesson.game_settings = {"stories_per_round": lesson.stories_per_round,
                                "story_judge": lesson.story_judge,
                                "projector_story_titles": lesson.projector_story_titles}
        lesson.approval_expiry_minutes = lesson.story_expiry_minutes
        lesson.save(update_fields=["game_settings", "approval_expiry_minutes"])


def from_game_settings(apps, schema_editor):
    Lesson = apps.get_model("classroom", "Lesson")
    for lesson in Lesson.objects.all():
        settings = lesson.game_settings or {}
        lesson.stories_per_round = settings.get("stories_per_round", 2)
        lesson.story_judge = settings.get("story_judge", "teacher")
        lesson.projector_story_titles = settings.get("projector_story_titles", False)
        lesson.story_expiry_minutes = lesson.approval_expiry_minutes
        lesson.save()


class Migration(migrations.Migration):

    dependencies = [
        ("classroom", "0003_cockpit"),
    ]

    operations = [
        migrations.AddField(
            model_name="lesson",
            name="game_settings",
            field=models.JSONField(blank=True, default=dict, verbose_name="game settings"),
        ),
        migrations.AddField(
            model_name="lesson",
            name="approval_expiry_minutes",
            field=models.PositiveSmallIntegerField(
                default=3, validators=[django.core.validators.MinValueValidator(1),
                                       django.core.validators.MaxValueValidator(15)],
                verbose_name="an undecided request expires after (minutes)"),
        ),
        migrations.RunPython(to_game_settings, from_game_settings),
        migrations.RemoveField(model_name="lesson", name="projector_story_titles"),
        migrations.RemoveField(model_name="lesson", name="stories_per_round"),
        migrations.RemoveField(model_name="lesson", name="story_expiry_minutes"),
        migrations.RemoveField(model_name="lesson", name="story_judge"),
    ]
