"""Golden playthroughs: whole seeded games told as text, so a rule change shows as a diff.

After a deliberate rule or content change, regenerate the files and review the diff:

    python -m games.research_programme.engine.playthrough --write

(school games for seeds 3, 7 and 11 with 2, 3 and 4 seats; a full game, seed 199 with 4 seats;
a beginner game, seed 28 with 3 seats).
"""

import difflib
from pathlib import Path

import pytest

from games.research_programme.engine.playthrough import GOLDEN as FILES
from games.research_programme.engine.playthrough import playthrough

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(3, 2), (7, 3), (11, 4)]


@pytest.mark.parametrize("file_name", sorted(FILES))
def test_the_golden_playthrough_is_unchanged(file_name):
    """The seeded greedy game is told exactly as in its golden file."""
    seed, players, variant = FILES[file_name]
    path = GOLDEN / file_name
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(seed, players, variant=variant)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        str(path.name), "now", n=2))
    assert actual == expected, (
        f"The game changed; review the diff and regenerate with `python -m "
        f"games.research_programme.engine.playthrough --write`:\n{diff[:4000]}")


def test_the_golden_games_cover_the_main_rules():
    """Between them the golden games show tests, replications, bridges, stories and Events."""
    text = "".join((GOLDEN / f"seed_{s}_players_{n}.txt").read_text() for s, n in GAMES)
    for phrase in ("Success, first hit", "Success, replication", "Null result", "gets a bridge",
                   "is accepted", "Event ", "Game over", "Rank 1"):
        assert phrase in text, phrase


def test_the_golden_full_games_cover_the_full_games_rules():
    """The full and beginner golden games show the opening hand, Interfere with a hit and
    blocks (a method, Scepticism, a Protection roll), reveals and their rewards, a repair and
    a synthesis that wins (FG-04, FG-06, FG-09, FG-10, FG-13, FG-14)."""
    text = "".join((GOLDEN / name).read_text() for name, (_, _, variant) in FILES.items()
                   if variant != "school")
    for phrase in ("keeps", "interferes with seat", "hits seat", "by method", "by scepticism",
                   "(needs 3+)", "reveals", "takes", "repairs by", "attempts a synthesis",
                   "Game over (synthesis)", "Disruption cards"):
        assert phrase in text, phrase
