"""Research Programme (Tutkimusohjelma): the school variant as a pure, seeded engine.

The face is in `api` (`ENGINE`); the rules are in `rules/`, one module per part of the round.
"""
