"""Print how many minutes of play each lesson variant takes, by seats, from simulated bot games
under the classroom pace (games/engines/playout.py), beside the minutes its package records.

    python manage.py lesson_minutes [GAME ...] [--games 200] [--seed 1]
"""

from django.core.management.base import BaseCommand, CommandError

from games.engines.playout import lesson_minutes
from games.packages import package
from games.registry import GAMES


class Command(BaseCommand):
    help = "Simulated play minutes of every lesson variant, by seats, against the recorded ones."

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", default=[], help=f"of {', '.join(GAMES)}")
        parser.add_argument("--games", dest="count", type=int, default=200)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, games, count, seed, **options):
        unknown = set(games) - set(GAMES)
        if unknown:
            raise CommandError(f"no such game: {', '.join(sorted(unknown))}")
        self.stdout.write("game / variant / seats: median (p10–p90) minutes, decisions per game;"
                          " recorded")
        for key in games or GAMES:
            game = package(key)
            for name, variant in game.lesson_variants.items():
                limits = game.info.variants[name]
                for seats in range(limits["min_seats"], min(limits["max_seats"], 6) + 1):
                    measured = lesson_minutes(game.engine, seats, count, seed,
                                              options=game.game_options(name, {}))
                    recorded = variant.minutes.get(seats)
                    self.stdout.write(
                        f"{key} / {name} / {seats}: {measured.median} ({measured.p10}–"
                        f"{measured.p90}) min, {measured.decisions} decisions; recorded "
                        f"{recorded if recorded is not None else '-'}")
