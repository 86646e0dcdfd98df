"""Projects on the map: the Build action, legal hexes, placement bonuses and research programmes
(SV-32, SV-73 to SV-77)."""

from __future__ import annotations

from .. import board
from ..content import CARDS
from ..events import event
from ..state import gain, pay
from .turns import DEBT_MONEY, debt_variants, end_turn, start_action


def is_empty(cell: dict) -> bool:
    """No tile, no unresolved anomaly, no neutral marker, and known: a hidden hex takes no tile
    (SV-73, SV-04, SV-07, FG-05)."""
    return (cell["owner"] is None and cell["anomaly"] is None and not cell["neutral"]
            and not cell.get("hidden"))


def legal_hexes(state: dict, seat: int, card_id: str) -> tuple[list[str], bool]:
    """The hexes a tile for this card may go on, and whether it is displaced (SV-73).

    Empty hexes of the card's region; if any of them is next to an own tile, only those. With
    no empty hex in the region, the same rule in Metascience, and the tile is displaced.
    """
    region = CARDS[card_id]["region"]
    hexes = state["hexes"]
    empty = [h for h in board.REGION_HEXES[region] if is_empty(hexes[h])]
    displaced = False
    if not empty and region != board.METASCIENCE:
        empty = [h for h in board.REGION_HEXES[board.METASCIENCE] if is_empty(hexes[h])]
        displaced = True
    beside_own = [h for h in empty if next_to_own_tile(hexes, h, seat)]
    return (beside_own or empty), displaced


def has_legal_hex(state: dict, region: str) -> bool:
    """Whether a tile of this card region has anywhere to go (SV-73): adjacency only narrows
    the choice, so an empty hex in the region, or else in Metascience, is enough."""
    hexes = state["hexes"]
    if any(is_empty(hexes[h]) for h in board.REGION_HEXES[region]):
        return True
    return any(is_empty(hexes[h]) for h in board.REGION_HEXES[board.METASCIENCE])


def next_to_own_tile(hexes: dict, hex_id: str, seat: int) -> bool:
    return any(hexes[other]["owner"] == seat for other in board.neighbours(hexes, hex_id))


def place_tile(state: dict, p: dict, card_id: str, hex_id: str, displaced: bool,
               out: list) -> None:
    cell = state["hexes"][hex_id]
    cell["owner"], cell["card"] = p["seat"], card_id
    p["projects"].append({"card": card_id, "hex": hex_id, "displaced": displaced,
                          "adjacency_bonus": False})
    p["tiles_left"] -= 1
    out.append(event(state, "ProjectBuilt", p["seat"], card=card_id, hex=hex_id,
                     region=CARDS[card_id]["region"], hex_region=board.REGION[hex_id],
                     displaced=displaced, tiles_left=p["tiles_left"]))
    placement_bonus(state, p, hex_id, out)
    research_programme(state, p, hex_id, out)


def placement_bonus(state: dict, p: dict, hex_id: str, out: list) -> None:
    """A printed bonus is gained at once by the player who places there (SV-74, G-12).

    A hex takes one tile for the whole game, so each bonus is collected at most once.
    """
    bonus = board.BONUS[hex_id]
    if bonus is not None:
        amount = gain(p, bonus["gain"], bonus["amount"])
        out.append(event(state, "PlacementBonusGained", p["seat"], hex=hex_id,
                         gains={bonus["gain"]: amount}))


def connected_own_tiles(hexes: dict, start: str, seat: int, region: str) -> set[str]:
    """Own tiles in `region` connected to `start` through adjacency inside that region."""
    group, frontier = {start}, [start]
    while frontier:
        current = frontier.pop()
        for other in board.neighbours(hexes, current):
            if (other not in group and hexes[other]["owner"] == seat
                    and board.REGION[other] == region):
                group.add(other)
                frontier.append(other)
    return group


def research_programme(state: dict, p: dict, hex_id: str, out: list) -> None:
    """3 connected own tiles in one map region score +1 VP, once per region (SV-75, SV-76)."""
    region = board.REGION[hex_id]
    if region in p["programmes"]:
        return
    group = connected_own_tiles(state["hexes"], hex_id, p["seat"], region)
    if len(group) >= 3:
        p["programmes"].append(region)
        gain(p, "vp", 1, source="research_programme")
        out.append(event(state, "ResearchProgrammeFormed", p["seat"], region=region,
                         hexes=sorted(group, key=board.HEX_INDEX.__getitem__), vp=1))


# --- the Build action (SV-32) ---------------------------------------------------------------

def build_available(state: dict, p: dict) -> str | None:
    if p["tiles_left"] <= 0:
        return "no_tiles_left"
    if not state["market"]:
        return "market_empty"
    money = p["resources"]["R"] + DEBT_MONEY
    affordable = [c for c in state["market"] if CARDS[c]["cost"] <= money]
    if not affordable:
        return "cannot_pay"
    if not any(has_legal_hex(state, CARDS[c]["region"]) for c in affordable):
        return "no_legal_hex"
    return None


def build_legal(state: dict, p: dict) -> list[dict]:
    if p["tiles_left"] <= 0:
        return []
    actions = []
    for card in state["market"]:
        hexes, _ = legal_hexes(state, p["seat"], card)
        for hex_id in hexes:
            base = {"type": "build", "seat": p["seat"], "card": card, "hex": hex_id}
            actions += debt_variants(p, base, {"R": CARDS[card]["cost"]})
    return actions


def build_apply(state: dict, action: dict, out: list) -> None:
    """Buy a market card and place a tile on a legal hex (SV-32, SV-73 to SV-75)."""
    p = start_action(state, action, out)
    card = action["card"]
    _, displaced = legal_hexes(state, p["seat"], card)
    pay(p, {"R": CARDS[card]["cost"]})
    state["market"].remove(card)
    place_tile(state, p, card, action["hex"], displaced, out)
    end_turn(state, p, "build")
