"""Golden playthroughs: the rulebook's worked example and three seeded greedy games, told as
text, so a rule or content change shows as a diff.

After a deliberate change, regenerate and review the diff:

    python -m games.scientia.engine.playthrough --write
"""

import difflib
from pathlib import Path

import pytest

from games.scientia.engine import playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("filename", sorted(playthrough.files()))
def test_the_golden_playthrough_is_unchanged(filename):
    """Each golden file is told exactly as the engine tells it now."""
    path = GOLDEN / filename
    expected = path.read_text(encoding="utf-8")
    actual = playthrough.files()[filename]
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        filename, "now", n=2))
    assert actual == expected, (
        "The game changed; review the diff and regenerate with `python -m "
        f"games.scientia.engine.playthrough --write`:\n{diff[:4000]}")


def test_the_worked_example_follows_the_rulebook_step_by_step():
    """Part 1, "Example of research completion": Rotation completes and moves to the area,
    Astronomy advances, DNA turns twice and completes, 2 flasks go on DNA, DNA's 2 flasks go
    to storage, Biology advances, DNA takes two cards, both cards return."""
    text = playthrough.worked_example()
    steps = ["Seat 1 turns Rotation (37) 2->4.",
             "  Seat 1 completes Rotation (37).",
             "  Seat 1: AST cube to space 1, level 1.",
             "  Seat 1 turns DNA (25) 2->4 (effect of Rotation (37)).",
             "  DNA (25) is completed (depth 2).",
             "  Seat 1: 2 flasks onto DNA (25) (effect of Rotation (37)).",
             "  Seat 1 completes DNA (25).",
             "  Seat 1: 2 flasks to storage (now 2) from the completed card.",
             "  Seat 1: BIO cube to space 1, level 1.",
             "  Seat 1 takes Catalyst (17) into slot 0 (effect of DNA (25)).",
             "  Seat 1 takes Telescope (41) into slot 1 (effect of DNA (25)).",
             "  Back to the project boards: Rotation (37), DNA (25)."]
    lines = text.splitlines()
    positions = [lines.index(step) for step in steps]
    assert positions == sorted(positions)


def test_the_golden_games_show_chains_slots_the_trigger_and_the_end():
    """Between them the golden games show a chain of two or more, slots gained, the end
    triggered by a supply, and the final ranking."""
    text = "".join((GOLDEN / name).read_text(encoding="utf-8") for name in (
        "seed_3_players_2.txt", "seed_9_players_3.txt", "seed_12_players_4.txt"))
    for phrase in ("chain 2", "gains a slot for flasks", "gains a slot for cubes",
                   "supply is empty", "Game over", "Rank 1", "Drawn for PHY"):
        assert phrase in text, phrase
