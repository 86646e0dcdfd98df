"""A lesson variant's minutes come from simulated bot games under the classroom pace: what each
game's package records is what the simulation gives (`manage.py lesson_minutes`)."""

import pytest
from django.core.management import call_command

from games.engines.playout import lesson_minutes
from games.packages import package
from games.registry import GAMES

SAMPLE = 40  # games per seat count: enough to land near the recorded median of 200
TOLERANCE = 0.15


def recorded():
    for key in GAMES:
        game = package(key)
        for name, variant in game.lesson_variants.items():
            for seats, minutes in variant.minutes.items():
                yield key, name, seats, minutes


@pytest.mark.slow
@pytest.mark.parametrize("key, variant, seats, minutes", list(recorded()))
def test_recorded_minutes_are_what_the_simulation_gives(key, variant, seats, minutes):
    game = package(key)
    measured = lesson_minutes(game.engine, seats, SAMPLE, options=game.game_options(variant, {}))
    assert measured.median == pytest.approx(minutes, rel=TOLERANCE)


def test_every_variant_records_minutes_for_its_seats_and_one_is_the_default():
    for key in GAMES:
        game = package(key)
        assert sum(v.default for v in game.lesson_variants.values()) == 1, key
        for name, variant in game.lesson_variants.items():
            limits = game.info.variants[name]
            expected = set(range(limits["min_seats"], min(limits["max_seats"], 4) + 1))
            assert expected <= set(variant.minutes), (key, name)


def test_the_command_prints_each_variant_beside_what_is_recorded(capsys):
    call_command("lesson_minutes", GAMES[0], "--games", "3")
    printed = capsys.readouterr().out
    assert f"{GAMES[0]} / " in printed and "recorded" in printed
