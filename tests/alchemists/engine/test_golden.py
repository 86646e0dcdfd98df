"""Golden playthroughs: whole seeded games told as text, so a rule change shows as a diff.

After a deliberate rule or content change, regenerate and review the diff:

    python -m games.alchemists.engine.playthrough --write
"""

import difflib

import pytest

from games.alchemists.engine.playthrough import GAMES, GOLDEN, golden_name, playthrough


@pytest.mark.parametrize("variant, seed, players, bots", GAMES)
def test_the_golden_playthrough_is_unchanged(variant, seed, players, bots):
    """The seeded game is told exactly as in its golden file."""
    path = GOLDEN / golden_name(variant, seed, players, bots)
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(variant, seed, players, bots)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        path.name, "now", n=2))
    assert actual == expected, (
        "The game changed; review the diff and regenerate with `python -m "
        f"games.alchemists.engine.playthrough --write`:\n{diff[:4000]}")


def test_the_golden_games_cover_the_main_rules():
    """Between them the golden games show experiments, sales, publications, endorsements,
    debunks, exhibitions, conferences and the Great Truth."""
    text = "".join((GOLDEN / golden_name(*game)).read_text(encoding="utf-8") for game in GAMES)
    for phrase in (" test: ", " drink: ", " sells ", " publishes ", " endorses ", "debunked:",
                   " exhibits ", "ConferenceHeld", "The Great Truth", "BidsRevealed",
                   "ArtifactBought", "asks whether"):
        assert phrase in text, phrase
