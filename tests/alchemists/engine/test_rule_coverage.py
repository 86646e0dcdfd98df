"""Every numbered rule is named by at least one test (AL-01 to AL-116, AL-L01 to AL-L10)."""

import re
from pathlib import Path

HERE = Path(__file__).parent


def named() -> set[str]:
    found = set()
    for path in HERE.glob("test_*.py"):
        found.update(re.findall(r"def test_al_(l?\d+)_", path.read_text(encoding="utf-8")))
    return found


def test_every_rule_of_the_rules_file_is_named_by_a_test():
    """test_al_01_... to test_al_116_... all exist."""
    missing = [n for n in range(1, 117) if f"{n:02d}" not in named()]
    assert missing == []


def test_every_lesson_rule_is_named_by_a_test():
    """test_al_l01_... to test_al_l10_... all exist."""
    missing = [n for n in range(1, 11) if f"l{n:02d}" not in named()]
    assert missing == []
