"""Scientia: the lesson game as a pure, seeded engine.

The face is in `api` (`ENGINE`); the catalogue is data in `content/`; the rules are small
modules named after what they do (setup, turns, cards, completion, effects, tracks, supplies,
scoring).
"""

from .api import ENGINE

__all__ = ["ENGINE"]
