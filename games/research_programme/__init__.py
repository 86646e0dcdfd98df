"""Research Programme (Tutkimusohjelma): the school variant, as a game package.

`engine/` is the pure engine; the modules beside it are what the classroom shows of the game.
"""
