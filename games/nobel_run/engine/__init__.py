"""Nobel Run: the lesson game as a pure, seeded engine.

The face is in `api` (`ENGINE`); the catalogue is data in `content/cards.json`.
"""

from .api import ENGINE

__all__ = ["ENGINE"]
