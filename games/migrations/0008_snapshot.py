from django.db import migrations, models


def snapshots_at_their_versions(apps, schema_editor):
    apps.get_model("games", "Game").objects.update(snapshot_version=models.F("version"))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0007_seat_notes"),
    ]

    operations = [
        migrations.RenameField(model_name="game", old_name="state", new_name="snapshot"),
        migrations.AddField(
            model_name="game", name="snapshot_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(snapshots_at_their_versions, migrations.RunPython.noop),
    ]
