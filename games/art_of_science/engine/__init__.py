"""The Art of Science: the pure, seeded engine of the science trivia race.

The face is in `api` (`ENGINE`); the rules are in `rules/`, one module per part of a turn; the
question format (AS-G06) is in `questions`; the fixed content is JSON under `content/`.
"""

from .api import ENGINE

__all__ = ["ENGINE"]
