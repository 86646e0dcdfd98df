"""What the benchmark reads and writes directly in the app's database, in a child process that
shares the servers' environment (one Django set-up per mode):

    python -m bench.loadkit.db prepare      # migrate and collect static files
    python -m bench.loadkit.db lessons N    # N teachers, each with a lesson and a signed-in session
    python -m bench.loadkit.db seating      # stdin: student cookies; stdout: their games and seats
    python -m bench.loadkit.db versions     # stdin: game ids; stdout: each game's version
    python -m bench.loadkit.db lesson_versions  # stdin: lesson ids; stdout: each one's version

Everything a student does (joining, playing) and the teacher's seating and starting go through
the servers; only the teachers' accounts and lessons are made here, as the admin would.
"""

import json
import os
import sys


def setup():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def prepare():
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    return {}


def lessons(count, first):
    from django.contrib.auth import get_user_model
    from django.test import Client

    from classroom import services
    from classroom.models import Lesson
    from games.packages import package
    from games.registry import GAMES

    made = []
    for n in range(first, first + count):
        teacher = get_user_model().objects.create_user(f"bench-teacher-{n}", password=None)
        lesson = services.lesson_create(
            owner=teacher, title=f"Bench {n}", language="fi", engine_key=GAMES[0],
            variant=package(GAMES[0]).default_variant, seat_mode=Lesson.SeatMode.SINGLE,
            planned_minutes=45)
        client = Client()
        client.force_login(teacher)
        made.append({"lesson": lesson.pk, "code": lesson.join_code,
                     "session": client.cookies["sessionid"].value})
    return made


def seating(cookies):
    from classroom import auth
    from games.models import Game

    games = {g.table_id: g.pk for g in Game.objects.all().only("pk", "table_id")}
    found = []
    for value in cookies:
        student = auth.student_for_token(auth.token_from_cookie(value))
        seat = student.seat
        found.append({"cookie": value, "lesson": student.lesson_id, "table": seat.table_id,
                      "table_number": seat.table.number, "seat": seat.number,
                      "game": games.get(seat.table_id)})
    return found


def versions(model, ids):
    """{id: version} of the rows of `model` (Game, Lesson) with these ids."""
    return {str(pk): version for pk, version in
            model.objects.filter(pk__in=ids).values_list("pk", "version")}


def main(argv):
    setup()
    command = argv[1]
    if command == "prepare":
        result = prepare()
    elif command == "lessons":
        result = lessons(int(argv[2]), int(argv[3]) if len(argv) > 3 else 1)
    elif command == "seating":
        result = seating(json.load(sys.stdin))
    elif command == "versions":
        from games.models import Game

        result = versions(Game, json.load(sys.stdin))
    elif command == "lesson_versions":
        from classroom.models import Lesson

        result = versions(Lesson, json.load(sys.stdin))
    else:
        raise SystemExit(f"unknown command {command}")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main(sys.argv)
