"""How each seat looks on every page of every game: a strong colour and a shape of its own, so no
seat is told by colour alone (colour-blind safe together). Templates draw the shapes from
templates/games/includes/symbols.html."""

SEAT_LOOK = {
    1: {"colour": "#1f5fbf", "shape": "circle"},
    2: {"colour": "#c2410c", "shape": "square"},
    3: {"colour": "#0f766e", "shape": "triangle"},
    4: {"colour": "#7e22ce", "shape": "diamond"},
    5: {"colour": "#a1154a", "shape": "pentagon"},
    6: {"colour": "#4d6b0f", "shape": "hexagon"},
}


def look(seat):
    return SEAT_LOOK.get(seat, SEAT_LOOK[1])
