"""Golden playthroughs: whole seeded games told as text, so a rule change shows as a diff.

After a deliberate rule or content change, review the diff and rewrite the files with

    python -m games.art_of_science.engine.playthrough --write
"""

import difflib

import pytest

from games.art_of_science.engine.playthrough import GAMES, golden_path, playthrough


@pytest.mark.parametrize("seed, players", list(GAMES))
def test_the_golden_playthrough_is_unchanged(seed, players):
    """The seeded game is told exactly as in its golden file."""
    path = golden_path(seed, players)
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(seed, players)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        path.name, "now", n=2))
    assert actual == expected, (
        "The game changed; review the diff and rewrite with `python -m "
        f"games.art_of_science.engine.playthrough --write`:\n{diff[:4000]}")


def test_the_golden_games_cover_the_main_rules():
    """Between them the golden games show every special square, advice, open judging, a
    shove, new rounds, splits of points and the end."""
    text = "".join(golden_path(s, n).read_text(encoding="utf-8") for s, n in GAMES)
    for phrase in ("Universal Genius", "Turnabout", "challenges", "The duel is over",
                   "wagers", "suggests", "votes", "shoves", "takes a new round",
                   "distributes", "strikes out", "Game over (win)", "Rank 1"):
        assert phrase in text, phrase
