"""The games the classroom hosts, one line each.

A game is one package, `games/<key>/` (docs/adding-a-game.md): its pure engine in `engine/`, and
everything the classroom shows of it beside. Adding a game means adding its folder and its line
here, nothing else. This module imports nothing, so settings and pure engines may read it.
"""

GAMES = (
    "research_programme",
    "alchemists",
    "nobel_run",
    "scientia",
    "art_of_science",
)
