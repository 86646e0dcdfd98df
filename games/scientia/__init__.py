"""Scientia (사이언시아): research cards that complete after four quarter-turns, four technology
tracks and two shared supplies (docs/games/scientia.md). Its pure engine is `engine/`."""
