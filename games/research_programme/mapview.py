"""The research map as SVG geometry: 37 pointy-top hexes from their axial coordinates, the border
edges where bridge markers sit, and the looks that never change (region colours, patterns, codes;
player colours and shapes). Computed once per process; templates only place the pieces.
"""

import math
from dataclasses import dataclass

from games.research_programme.engine import board

SIZE = 30  # a hex's corner radius in SVG units
ROOT3 = math.sqrt(3)

# Region looks: a pale fill, a pattern and the code on every hex, so no region is told by colour
# alone. Player looks: a strong colour and a shape of their own (colour-blind safe together).
REGION_LOOK = {
    "GRA": {"fill": "#dbe8fb", "pattern": "lines-diag"},
    "COS": {"fill": "#e9e0f7", "pattern": "dots"},
    "PAR": {"fill": "#fbe3d3", "pattern": "lines-h"},
    "CON": {"fill": "#dcf0da", "pattern": "cross"},
    "QUA": {"fill": "#fbf1c4", "pattern": "lines-v"},
    "MAT": {"fill": "#f8dde8", "pattern": "lines-anti"},
    "MET": {"fill": "#eceef2", "pattern": None},
}


def centre(q, r):
    return SIZE * ROOT3 * (q + r / 2), SIZE * 1.5 * r


def corners(x, y, radius=SIZE):
    return [(round(x + radius * math.cos(math.radians(60 * i - 30)), 2),
             round(y + radius * math.sin(math.radians(60 * i - 30)), 2)) for i in range(6)]


def points(pairs):
    return " ".join(f"{x},{y}" for x, y in pairs)


@dataclass(frozen=True)
class HexShape:
    id: str
    region: str
    number: str
    x: float
    y: float
    points: str
    inner_points: str  # a slightly smaller hex for outlines that must stay inside
    fill: str
    pattern: str | None
    bonus: dict | None
    label_y: float
    bonus_y: float
    piece_x: float  # the top-left corner of the 20 × 20 box of a tile, anomaly or marker
    piece_y: float
    noise_xy: tuple  # where the first, second and third Noise dots go


def _shape(cell):
    x, y = centre(cell["q"], cell["r"])
    x, y = round(x, 2), round(y, 2)
    look = REGION_LOOK[cell["region"]]
    return HexShape(
        id=cell["id"], region=cell["region"], number=cell["id"][3:], x=x, y=y,
        points=points(corners(x, y)), inner_points=points(corners(x, y, SIZE - 3.5)),
        fill=look["fill"], pattern=look["pattern"], bonus=cell["bonus"],
        label_y=round(y - 15, 2), bonus_y=round(y + 5, 2), piece_x=round(x - 10, 2),
        piece_y=round(y - 9, 2),
        noise_xy=tuple((round(x - 8 + 8 * i, 2), round(y + 17, 2)) for i in range(3)),
    )


HEXES = {cell["id"]: _shape(cell) for cell in board.MAP["hexes"]}


def _view_box():
    xs = [x for h in HEXES.values() for x, _ in corners(h.x, h.y)]
    ys = [y for h in HEXES.values() for _, y in corners(h.x, h.y)]
    margin = 4
    return (f"{min(xs) - margin:.0f} {min(ys) - margin:.0f} "
            f"{max(xs) - min(xs) + 2 * margin:.0f} {max(ys) - min(ys) + 2 * margin:.0f}")


VIEW_BOX = _view_box()


def shared_edge(hex_a, hex_b):
    """The two corners two neighbouring hexes share: where a bridge marker sits."""
    a, b = HEXES[hex_a], HEXES[hex_b]
    near = {(round(x), round(y)): (x, y) for x, y in corners(a.x, a.y)}
    common = [point for point in corners(b.x, b.y) if (round(point[0]), round(point[1])) in near]
    return common[:2]
