"""Create the demo teacher and lesson. Running it again is harmless."""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from classroom import services
from classroom.models import Lesson
from games.packages import package
from games.registry import GAMES

DEMO_USERNAME = "demo"
DEMO_LESSON_TITLE = "Tutkimusohjelma – esittelytunti"


def demo_password():
    """The demo password lives in var/, readable only here; it is created once."""
    path = settings.VAR_DIR / "demo_password"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(9))
        path.chmod(0o600)
    return path.read_text().strip()


class Command(BaseCommand):
    help = "Create the demo teacher and lesson, and print how to sign in."

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://localhost:8000/")

    def handle(self, *args, url, **options):
        password = demo_password()
        teacher, created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
        if created or not teacher.check_password(password):
            teacher.set_password(password)
            teacher.save()
        lesson = demo_lesson(teacher)
        self.stdout.write(
            f"\n  Open {url} and sign in as a teacher:\n"
            f"    username: {DEMO_USERNAME}\n    password: {password}\n"
            f"\n  Demo lesson \"{lesson.title}\": students join at {url}join/ "
            f"with the code {lesson.join_code}\n"
        )


def demo_lesson(teacher):
    """The demo teacher's open demo lesson, made once; a new one only if the last was ended."""
    lesson = Lesson.objects.filter(owner=teacher, title=DEMO_LESSON_TITLE).exclude(
        status=Lesson.Status.ENDED).first()
    return lesson or services.lesson_create(
        owner=teacher, title=DEMO_LESSON_TITLE, language="fi", engine_key=GAMES[0],
        variant=package(GAMES[0]).default_variant, seat_mode=Lesson.SeatMode.SINGLE,
        planned_minutes=45,
    )
