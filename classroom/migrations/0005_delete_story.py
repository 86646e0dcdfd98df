"""Stories are kept as teacher approvals now (games.Approval, copied by its migration)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("classroom", "0004_game_settings"),
        ("games", "0004_approvals"),
    ]

    operations = [
        migrations.DeleteModel(name="Story"),
    ]
