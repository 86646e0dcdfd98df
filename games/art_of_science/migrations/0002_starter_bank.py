"""The starter bank (games/art_of_science/bank/starter, 180 questions in each of en, fi and sv)
becomes the school's shared, approved questions, with each record's provenance and source."""

from django.db import migrations


def load(apps, schema_editor):
    from games.art_of_science.records import starter_rows

    question = apps.get_model("art_of_science", "Question")
    taken = set(question.objects.values_list("public_id", flat=True))
    question.objects.bulk_create(starter_rows(question, taken))


def unload(apps, schema_editor):
    question = apps.get_model("art_of_science", "Question")
    question.objects.filter(owner=None, provenance__in=("house", "ruling")).delete()


class Migration(migrations.Migration):
    dependencies = [("art_of_science", "0001_initial")]
    operations = [migrations.RunPython(load, unload)]
