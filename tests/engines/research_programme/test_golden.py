"""Golden playthroughs: whole seeded games told as text, so a rule change shows as a diff.

After a deliberate rule or content change, regenerate the files and review the diff:

    python -m games.engines.research_programme.playthrough --seed 3 --players 2 \\
        --out tests/engines/research_programme/golden/seed_3_players_2.txt

(and the same for seed 7 with 3 players and seed 11 with 4 players).
"""

import difflib
from pathlib import Path

import pytest

from games.engines.research_programme.playthrough import playthrough

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(3, 2), (7, 3), (11, 4)]


@pytest.mark.parametrize("seed, players", GAMES)
def test_the_golden_playthrough_is_unchanged(seed, players):
    """The seeded greedy game is told exactly as in its golden file."""
    path = GOLDEN / f"seed_{seed}_players_{players}.txt"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(seed, players)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        str(path.name), "now", n=2))
    assert actual == expected, (
        f"The game changed; review the diff and regenerate with `python -m "
        f"games.engines.research_programme.playthrough --seed {seed} --players {players} "
        f"--out {path}`:\n{diff[:4000]}")


def test_the_golden_games_cover_the_main_rules():
    """Between them the golden games show tests, replications, bridges, stories and Events."""
    text = "".join((GOLDEN / f"seed_{s}_players_{n}.txt").read_text() for s, n in GAMES)
    for phrase in ("Success, first hit", "Success, replication", "Null result", "gets a bridge",
                   "is accepted", "Event ", "Game over", "Rank 1"):
        assert phrase in text, phrase
