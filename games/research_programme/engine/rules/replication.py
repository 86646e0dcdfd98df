"""Hits, replication, repetition, bridges, wormholes and anomalies (SV-48 to SV-61)."""

from __future__ import annotations

from .. import board
from ..content import CARDS
from ..events import event
from ..state import gain, player
from .noise import noisiest, remove_noise

OWN_REPLICATION_VP = {2: 3, 3: 2}
OTHER_REPLICATION_VP = 2


def project_key(seat: int, project: str) -> str:
    """A test's project for hit counting: the tile's card, or the seat's desk (SV-43, G-22)."""
    return f"desk:{seat}" if project == "desk" else project


def classify(hits: list[dict], project: str, method_key: str | None) -> str:
    """first_hit, replication, repetition or plain, from the earlier hits (SV-48)."""
    if not hits:
        return "first_hit"
    same_project = [h for h in hits if h["project"] == project]
    if not same_project:
        return "replication"
    if all(h["method"] != method_key for h in same_project):
        return "repetition"
    return "plain"


def distinct_projects(hits: list[dict]) -> int:
    """k: the number of distinct projects among a theory's hits (SV-48, AM-27)."""
    return len({h["project"] for h in hits})


def new_bridge(state: dict, theory_id: str, test: dict) -> str | None:
    """The pair of regions a replication with this test bridges for the owner, or None (SV-56).

    Only a tile whose card region differs from the theory's makes one; a desk never does. Every
    such replication makes a new bridge, also between a pair the owner has already bridged: the
    rulebook's "Jokainen oma silta on pelin lopussa +1 VP" has no cap (rulebook difference D-2,
    which overrides AM-15).
    """
    if test["project"] == "desk":
        return None
    tile_region = CARDS[test["project"]]["region"]
    theory_region = CARDS[theory_id]["region"]
    if tile_region == theory_region:
        return None
    return board.pair_key(theory_region, tile_region)


def replication_vp(k: int, own: bool) -> tuple[int, int]:
    """(tester VP, owner VP) for a replication with k distinct projects (SV-49, SV-50).

    Own theory: +3, +2, then 0 from the 4th project. Another seat's theory: +2 to both on every
    replication; the rulebook limits only "oman teorian" hits (rulebook difference D-1, which
    overrides AM-04's cap at k >= 4).
    """
    if own:
        return OWN_REPLICATION_VP.get(k, 0), 0
    return OTHER_REPLICATION_VP, OTHER_REPLICATION_VP


def record_hit(state: dict, theory_id: str, seat: int, test: dict) -> dict:
    hit = {"project": project_key(seat, test["project"]), "method": test["method_key"],
           "seat": seat, "round": state["round"], "hex": test["hex"]}
    state["theories"][theory_id]["hits"].append(hit)
    return hit


def replicate(state: dict, theory_id: str, tester: dict, test: dict, out: list) -> dict:
    """Apply a replication's effects and return what happened (SV-49 to SV-58)."""
    theory = state["theories"][theory_id]
    owner = player(state, theory["owner"])
    own = owner is tester
    k = distinct_projects(theory["hits"])
    tester_vp, owner_vp = replication_vp(k, own)
    gain(tester, "vp", tester_vp, source="replication")
    if owner_vp:
        gain(owner, "vp", owner_vp, source="replication")
    tag = 1 if CARDS[theory_id].get("replication_tag") else 0
    if tag:
        gain(tester, "vp", tag, source="replication_tag")
    rigour_to = tester if own else owner
    gain(rigour_to, "rigour", 1)
    count_replication(state)
    owner["replications"] += 1
    cleaned = clean_after_replication(state, test)
    bridge = create_bridge(state, theory_id, owner, test, out)
    restored = restore_consensus(state, theory_id, out)
    return {"k": k, "tester_vp": tester_vp, "owner_vp": owner_vp, "tag_vp": tag,
            "rigour_to": rigour_to["seat"], "counter": state["replication_counter"],
            "noise_removed": cleaned, "bridge": bridge,
            **({"kv_restored": restored} if restored else {})}


def restore_consensus(state: dict, theory_id: str, out: list) -> int:
    """A replication restores all KV that Disruption cards took from the theory (FG-14)."""
    theory = state["theories"][theory_id]
    restored = theory.get("kv_taken", 0)
    if restored:
        theory["consensus"] += restored
        theory["kv_taken"] = 0
        out.append(event(state, "DamageRepaired", theory["owner"], how="replication",
                         theory=theory_id, kv=restored, hype=0))
    return restored


def count_replication(state: dict) -> None:
    """Every replication moves the counter by 1, up to N + 2: the rulebook's counter is then
    full ("kun replikaatiolaskuri on täynnä (pelaajamäärä + 2)") (SV-53, SV-82)."""
    state["replication_counter"] = min(state["replication_target"],
                                       state["replication_counter"] + 1)


def clean_after_replication(state: dict, test: dict) -> list[str]:
    """1 Noise off the test hex and 1 off a neighbour the tester picks (SV-54, AM-30)."""
    hexes = state["hexes"]
    cleaned = []
    if remove_noise(state, test["hex"], 1):
        cleaned.append(test["hex"])
    around = board.neighbours(hexes, test["hex"])
    target = test.get("clean")
    if target not in around or hexes[target]["noise"] == 0:
        target = noisiest(state, around)
    if target is not None and remove_noise(state, target, 1):
        cleaned.append(target)
    return cleaned


def create_bridge(state: dict, theory_id: str, owner: dict, test: dict, out: list) -> dict | None:
    """The owner's new bridge: a border marker, or a wormhole pair (SV-56 to SV-58)."""
    pair = new_bridge(state, theory_id, test)
    if pair is None:
        return None
    owner["bridges"].append(pair)
    regions = pair.split("-")
    if board.is_wormhole_pair(*regions):
        first_hex = state["theories"][theory_id]["hits"][0]["hex"]
        link_wormhole(state, test["hex"], first_hex)
        bridge = {"pair": pair, "wormhole": True, "hexes": [test["hex"], first_hex], "edge": None}
    else:
        edge = first_free_edge(state, pair)
        if edge is not None:
            state["border_markers"][edge] = owner["seat"]
        bridge = {"pair": pair, "wormhole": False, "hexes": None, "edge": edge}
    out.append(event(state, "BridgeCreated", owner["seat"], theory=theory_id, **bridge))
    return bridge


def first_free_edge(state: dict, pair: str) -> str | None:
    """The first free border edge of the pair, in G-11's order; None if all are taken (SV-57)."""
    for edge in board.BORDER_EDGES[pair]:
        key = board.edge_key(edge)
        if key not in state["border_markers"]:
            return key
    return None


def link_wormhole(state: dict, hex_a: str, hex_b: str) -> None:
    """The two hexes of a wormhole pair are neighbours from now on (SV-58)."""
    if hex_a == hex_b:
        return
    hexes = state["hexes"]
    if hex_b not in hexes[hex_a]["wormholes"]:
        hexes[hex_a]["wormholes"].append(hex_b)
        hexes[hex_b]["wormholes"].append(hex_a)


def map_bonus(state: dict, hex_id: str, theory_region: str) -> int:
    """+1 if the tile is next to an unresolved anomaly of the theory's region; at most +1
    (SV-60, AM-02)."""
    hexes = state["hexes"]
    for other in board.neighbours(hexes, hex_id):
        if hexes[other]["anomaly"] is not None and board.REGION[other] == theory_region:
            return 1
    return 0


def resolve_anomalies(state: dict, theory_id: str, tester: dict, test_hex: str,
                      out: list) -> list[str]:
    """After a replication, adjacent anomalies of the theory's region are resolved (SV-61)."""
    hexes = state["hexes"]
    region = CARDS[theory_id]["region"]
    resolved = []
    for other in board.neighbours(hexes, test_hex):
        card = hexes[other]["anomaly"]
        if card is None or board.REGION[other] != region:
            continue
        hexes[other]["anomaly"] = None
        gains = {}
        for reward in CARDS[card]["reward"]:
            gains[reward["gain"]] = gain(tester, reward["gain"], reward["amount"], source="anomaly")
        state["resolved_anomalies"].append({"card": card, "hex": other, "seat": tester["seat"],
                                            "round": state["round"], "theory": theory_id})
        out.append(event(state, "AnomalyResolved", tester["seat"], card=card, hex=other,
                         theory=theory_id, gains=gains))
        resolved.append(card)
    return resolved
