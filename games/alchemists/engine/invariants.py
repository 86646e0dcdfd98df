"""What must hold in every state the rules can reach: `check_invariants` returns what is wrong."""

from __future__ import annotations

from .content import FAVOURS, INGREDIENTS, SEALS

INGREDIENT_CARDS = sum(i["cards"] for i in INGREDIENTS.values())
FAVOUR_CARDS = sum(f["count"] for f in FAVOURS.values())
SEALS_EACH = sum(s["count"] for s in SEALS.values())
IN_TRANSIT = ("mortar", "feather_mortar", "feather_pick", "feather")


def cards_in_transit(state: dict) -> int:
    """Cards between a hand and a pile while a Magic Mortar pick waits (AL-41, AL-100)."""
    waiting = [t for t in state["queue"] if t["t"] in IN_TRANSIT]
    step = state["step"]
    if step is not None and (step.get("draw") in IN_TRANSIT or step.get("decision") in IN_TRANSIT):
        waiting.append(step)
    return sum(len(t.get("cards") or t["_cards"]) for t in waiting)


def check_invariants(state: dict) -> list[str]:
    """Cards and seals are conserved; gold is never negative and reputation never below 1
    (AL-84); a theory has at most 3 seals, one per seat, and tokens are unique (AL-59);
    the mapping is a bijection; a finished game's VP add up."""
    broken = []
    players = state["players"]
    decks, discards = state["decks"], state["discards"]
    ingredients = (sum(decks["ingredient"].values()) + sum(discards["ingredient"].values())
                   + sum(state["row"].values()) + cards_in_transit(state))
    favours = sum(decks["favour"].values()) + sum(discards["favour"].values())
    placed = {p["seat"]: 0 for p in players}
    for ingredient, theory in state["theories"].items():
        owners = [s["seat"] for s in theory["seals"]]
        if len(owners) > 3 or len(set(owners)) != len(owners) or not owners:
            broken.append(f"theory on {ingredient} has bad seals {owners}")
        for owner in owners:
            placed[owner] += 1
    for p in players:
        hand, held = p["hand"].values(), p["favours"].values()
        ingredients += sum(hand) + sum(p["set_aside"].values())
        favours += sum(held)
        if sum(p["seals"].values()) + placed[p["seat"]] + len(p["seals_lost"]) != SEALS_EACH:
            broken.append(f"seat {p['seat']}: seals do not add up to {SEALS_EACH}")
        if p["gold"] < 0 or p["reputation"] < 1 or p["unused"] < 0 or p["hospital"] < 0:
            broken.append(f"seat {p['seat']}: negative gold or cubes, or reputation below 1")
        if (hand and min(hand) <= 0) or (held and min(held) <= 0):
            broken.append(f"seat {p['seat']}: an empty entry in a hand")
    if ingredients != INGREDIENT_CARDS:
        broken.append(f"{ingredients} ingredient cards, not {INGREDIENT_CARDS}")
    if state["rules"]["favours"] and favours != FAVOUR_CARDS:
        broken.append(f"{favours} favour cards, not {FAVOUR_CARDS}")
    tokens = [t["token"] for t in state["theories"].values()]
    mapping = state["secret"]["mapping"]
    if len(set(tokens)) != len(tokens) or len(set(mapping.values())) != len(mapping):
        broken.append("a token on two theories, or a mapping that is not a bijection")
    if state["round"] > state["rules"]["rounds"]:
        broken.append("round past the last")
    for row in (state["result"] or {}).get("players", ()):
        if row["vp"] != sum(row["breakdown"].values()):
            broken.append(f"seat {row['seat']}: VP differs from its breakdown")
    return broken
