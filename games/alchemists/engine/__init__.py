"""Alchemists' pure engine (docs/games/alchemists.md)."""

from .api import ENGINE

__all__ = ["ENGINE"]
