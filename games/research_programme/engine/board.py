"""The 37-hex research map (G-11, G-12, G-13) and its geometry.

Everything here is static. What changes during a game (tiles, Noise, anomalies, wormholes) is in
the state's `hexes`; `neighbours` adds a hex's wormhole partners to its six axial neighbours,
because "next to" always includes them.
"""

from __future__ import annotations

import json

from .content import CONTENT_DIR

with (CONTENT_DIR / "map.json").open(encoding="utf-8") as _handle:
    MAP = json.load(_handle)

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEX_IDS: tuple[str, ...] = tuple(h["id"] for h in MAP["hexes"])
HEXES: dict[str, dict] = {h["id"]: h for h in MAP["hexes"]}
HEX_INDEX: dict[str, int] = {hex_id: i for i, hex_id in enumerate(HEX_IDS)}
REGION: dict[str, str] = {h["id"]: h["region"] for h in MAP["hexes"]}
BONUS: dict[str, dict | None] = {h["id"]: h["bonus"] for h in MAP["hexes"]}
METASCIENCE = "MET"
OUTER_REGIONS = ("GRA", "COS", "PAR", "CON", "QUA", "MAT")

_AT = {(h["q"], h["r"]): h["id"] for h in MAP["hexes"]}
AXIAL_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    h["id"]: tuple(
        _AT[(h["q"] + dq, h["r"] + dr)]
        for dq, dr in DIRECTIONS
        if (h["q"] + dq, h["r"] + dr) in _AT
    )
    for h in MAP["hexes"]
}
REGION_HEXES: dict[str, tuple[str, ...]] = {
    region: tuple(h for h in HEX_IDS if REGION[h] == region)
    for region in OUTER_REGIONS + (METASCIENCE,)
}
OUTER_HEXES: tuple[str, ...] = tuple(h for h in HEX_IDS if REGION[h] != METASCIENCE)

BORDER_EDGES: dict[str, list[list[str]]] = MAP["border_edges"]
PAIR_KEY: dict[frozenset, str] = {}
for _key in BORDER_EDGES:
    PAIR_KEY[frozenset(_key.split("-"))] = _key
WORMHOLE_PAIRS = frozenset(frozenset(pair) for pair in MAP["non_neighbour_pairs"])
for _a, _b in MAP["non_neighbour_pairs"]:
    PAIR_KEY[frozenset((_a, _b))] = f"{_a}-{_b}"

SCHOOL_SETUP = MAP["school_setup"]


def pair_key(region_a: str, region_b: str) -> str:
    """The name of the pair of two different regions, in G-11's order ("GRA-COS")."""
    return PAIR_KEY[frozenset((region_a, region_b))]


def is_wormhole_pair(region_a: str, region_b: str) -> bool:
    """True for the 9 pairs that only a wormhole can join (G-11)."""
    return frozenset((region_a, region_b)) in WORMHOLE_PAIRS


def edge_key(edge: list[str]) -> str:
    return f"{edge[0]}|{edge[1]}"


def neighbours(hexes: dict, hex_id: str) -> tuple[str, ...]:
    """The six axial neighbours plus the other hex of every wormhole pair on this hex."""
    wormholes = hexes[hex_id]["wormholes"]
    if wormholes:
        return AXIAL_NEIGHBOURS[hex_id] + tuple(wormholes)
    return AXIAL_NEIGHBOURS[hex_id]
