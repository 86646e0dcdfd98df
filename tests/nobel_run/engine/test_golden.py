"""Golden playthroughs: whole seeded greedy games told as text, so a rule change shows as a
diff. After a deliberate rule or content change, review and rewrite them with

    python -m games.nobel_run.engine.playthrough --write
"""

import difflib

import pytest

from games.nobel_run.engine.playthrough import GAMES, golden_path, playthrough


@pytest.mark.parametrize("seed, players", GAMES)
def test_the_golden_playthrough_is_unchanged(seed, players):
    """The seeded greedy game is told exactly as in its golden file."""
    path = golden_path(seed, players)
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(seed, players)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        path.name, "now", n=2))
    assert actual == expected, (
        "The game changed; review the diff and rewrite with `python -m "
        f"games.nobel_run.engine.playthrough --write`:\n{diff[:4000]}")


def test_the_golden_games_show_the_main_rules():
    """Between them the golden games show purchases, papers, publishing, targeting, the
    trigger and the result, and never a drawn card's name."""
    text = "".join(golden_path(s, n).read_text(encoding="utf-8") for s, n in GAMES)
    for phrase in ("buys Q4 Paper", "publishes", "targets seat", "reaches", "Game over",
                   "Rank 1", "draws a card", "shuffles"):
        assert phrase in text, phrase
    assert "draws Work" not in text
