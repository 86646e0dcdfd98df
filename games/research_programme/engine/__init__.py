"""Research Programme (Tutkimusohjelma): the school, full and beginner games as a pure, seeded
engine.

The face is in `api` (`ENGINE`); the rules are in `rules/`, one module per part of the round.
"""

from .api import ENGINE

__all__ = ["ENGINE"]
