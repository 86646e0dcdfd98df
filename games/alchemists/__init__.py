"""Alchemists: deduce which alchemical each ingredient holds, publish theories with sealed
confidence and debunk others' (docs/games/alchemists.md). Its pure engine is `engine/`."""
