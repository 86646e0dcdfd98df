"""Build Nobel Run positions directly, without playing up to them.

`setup_game` makes a game whose chance steps all took their first outcome, with seat 1 (or
`first`) to plan. `arrange` then puts exactly the named cards in a seat's hand, deck, discard
pile, a pool or a deck top, taking each from wherever it is, so every card stays in exactly one
zone (NR-37) and every position is one the rules could hold.
"""

from __future__ import annotations

from games.nobel_run.engine import api
from games.nobel_run.engine.state import player, put

SUPPLY_ZONES = ("rest", "pool")


def seats(n: int) -> list[dict]:
    return [{"seat": s, "name": f"Seat {s}"} for s in range(1, n + 1)]


def setup_game(n: int = 2, first: int = 1, options: dict | None = None, seed: int = 0) -> dict:
    """A game after setup, `first` to plan its first turn."""
    state = api.new_game(seats(n), {"first_seat": first, **(options or {})}, seed)
    settle(state)
    return state


def settle(state: dict) -> list[dict]:
    """Resolve waiting chance steps with their first outcome until a seat must decide."""
    events = []
    while api.current_seats(state) == ["chance"]:
        events += chance(state, api.chance_outcomes(state)[0])
    return events


def apply(state: dict, action: dict) -> list[dict]:
    """Validate an action and apply it to `state` itself, so references into it stay good.
    (apply_action's copy is tested in test_face.)"""
    return api.apply_in_place(state, action, validate=True)


def chance(state: dict, outcome) -> list[dict]:
    return apply(state, {"type": "chance", "outcome": outcome})


def plan(state: dict, seat: int | None = None, end_turn: bool = True, **parts) -> list[dict]:
    """The seat's plan (the active seat by default), validated and applied."""
    seat = state["active"] if seat is None else seat
    return apply(state, {"type": "plan", "seat": seat, "end_turn": end_turn, **parts})


def use(card: str, index: int = 0, target: int | None = None) -> dict:
    return {"card": card, "use": index, "target": target}


def buy(card: str, supply: str = "basic", source: str = "pool", unlock: str | None = None):
    return {"supply": supply, "from": source, "card": card, "unlock": unlock}


def pull(state: dict, kind: str, keep: list[list[str]]) -> None:
    """Take one card of `kind` from a zone not in `keep` (a supply, then any seat's deck,
    discard pile or hand)."""
    zones = [s[z] for s in state["supply"].values() for z in SUPPLY_ZONES]
    for p in state["players"]:
        zones += [p["deck"], p["discard"], p["hand"]]
    for zone in zones:
        if kind in zone and not any(zone is k for k in keep):
            zone.remove(kind)
            return
    for s in state["supply"].values():
        if s["top"] == kind:
            s["top"] = None
            refill_top(s)
            return
    raise AssertionError(f"no {kind} left to take")


def refill_top(supply: dict) -> None:
    if supply["top"] is None and supply["rest"]:
        supply["top"] = supply["rest"].pop(0)


def arrange(state: dict, seat: int | None = None, hand=None, deck=None, discard=None,
            pools: dict | None = None, tops: dict | None = None) -> dict:
    """Put exactly these cards in these zones, taking each from wherever it is; what the
    arranged zones held goes to the seat's first zone not arranged (or the next seat's deck).
    Returns the state."""
    if seat is not None:
        _arrange_seat(state, seat, {"hand": hand, "deck": deck, "discard": discard})
    for name, cards in (pools or {}).items():
        supply = state["supply"][name]
        for kind in supply["pool"]:
            put(supply["rest"], kind)
        supply["pool"] = []
        for kind in cards:
            pull(state, kind, [supply["pool"]])
            put(supply["pool"], kind)
    for name, kind in (tops or {}).items():
        supply = state["supply"][name]
        if supply["top"] is not None:
            put(supply["rest"], supply["top"])
        supply["top"] = None
        if kind is not None:
            pull(state, kind, [])
            supply["top"] = kind
    tidy(state)
    return state


def _arrange_seat(state: dict, seat: int, wanted: dict) -> None:
    p = player(state, seat)
    asked = [zone for zone, cards in wanted.items() if cards is not None]
    spilled = [kind for zone in asked for kind in p[zone]]
    for zone in asked:
        p[zone] = []
    for zone in asked:
        for kind in wanted[zone]:
            if kind in spilled:
                spilled.remove(kind)
            else:
                pull(state, kind, [p[z] for z in asked])
            put(p[zone], kind)
    free = [zone for zone in ("deck", "discard", "hand") if zone not in asked]
    target = p[free[0]] if free else player(state, seat % len(state["players"]) + 1)["deck"]
    for kind in spilled:
        put(target, kind)


def empty_supply(state: dict, name: str) -> None:
    """Use a supply up: its deck and pool leave the table. This breaks NR-37 on purpose; only
    the tests of an exhausted supply use it (NR-31)."""
    supply = state["supply"][name]
    supply["rest"], supply["top"], supply["pool"] = [], None, []


def tidy(state: dict) -> None:
    """Pools back to 5 from their decks and every deck with a face-up top (NR-38)."""
    for s in state["supply"].values():
        while len(s["pool"]) < 5 and s["rest"]:
            put(s["pool"], s["rest"].pop(0))
        refill_top(s)


def set_pp(state: dict, seat: int, pp: int) -> None:
    """Give a seat `pp` prestige through papers in its CV (taken from the supplies)."""
    p = player(state, seat)
    while p["pp"] < pp:
        gap = pp - p["pp"]
        kind = next(k for k, v in _PP if v <= gap and _available(state, k))
        pull(state, kind, [])
        p["cv"].append({"card": kind, "pp": dict(_PP)[kind], "how": "paper", "by": None,
                        "round": 1})
        p["pp"] = sum(e["pp"] for e in p["cv"])
    tidy(state)


_PP = (("top-paper", 6), ("q1-open-access-paper", 5), ("q1-paper", 4), ("q2-paper", 3),
       ("q3-paper", 2), ("q4-paper", 1))


def _available(state: dict, kind: str) -> bool:
    return any(kind in s["rest"] or kind in s["pool"] for s in state["supply"].values())
