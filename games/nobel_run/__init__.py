"""Nobel Run: a deck-building race to the prestige goal through staff, grants, equipment and
papers.

`engine/` is the pure engine; the modules beside it are what the classroom shows of the game.
"""
