"""Build Research Programme positions directly, without playing up to them.

`setup_game` makes a game with a fixed start player, anomalies and market (no randomness), stopped
before round 1. `actions_position` and `test_position` put a seat at a decision in the Actions or
Tests phase. The helpers place tiles, theories and hits and register test-only cards (ids start
with "X-") so a test states exactly the card it needs.
"""

from __future__ import annotations

from games.research_programme.engine import api
from games.research_programme.engine.content import CARDS, register
from games.research_programme.engine.rules import setup
from games.research_programme.engine.state import player

DEFAULT_ANOMALIES = ("A-ROTATION", "A-MUON", "A-BUMP")
DEFAULT_MARKET = ("P-GRA-1", "P-COS-1", "P-PAR-1")
DEFAULT_NEUTRALS = ("COS5", "PAR4", "MAT5", "QUA4", "QUA5", "CON3")


def seats(n: int) -> list[dict]:
    return [{"seat": s, "name": f"Seat {s}"} for s in range(1, n + 1)]


def setup_game(n: int = 4, start: int = 1, anomalies=DEFAULT_ANOMALIES, neutrals=None,
               market=DEFAULT_MARKET, options: dict | None = None, seed: int = 0) -> dict:
    """A game after setup, waiting for round 1's Event reveal."""
    state = api.new_game(seats(n), options or {}, seed)
    outcomes = [start, *anomalies]
    if neutrals is None:
        neutrals = DEFAULT_NEUTRALS[:setup.NEUTRAL_MARKERS[n]]
    outcomes += list(neutrals) + list(market)
    for outcome in outcomes:
        api.apply_in_place(state, {"type": "chance", "outcome": outcome}, validate=True)
    return state


def chance(state: dict, outcome) -> list[dict]:
    """Resolve the waiting chance step with this outcome (validated)."""
    new_state, events = api.apply_action(state, {"type": "chance", "outcome": outcome})
    state.clear()
    state.update(new_state)
    return events


def settle(state: dict) -> list[dict]:
    """Resolve waiting chance steps with their first outcome until a seat must decide."""
    events = []
    while state["step"]["kind"] == "chance":
        events += chance(state, api.chance_outcomes(state)[0])
    return events


def run(state: dict, *tasks: str) -> list[dict]:
    """Run round tasks now, as if the round had reached them ("cleanup", "tests_start" ...)."""
    from games.research_programme.engine.rules.flow import advance

    state["step"] = None
    state["queue"] = [{"t": name} for name in tasks]
    out: list[dict] = []
    advance(state, out)
    state["events"] = out
    return out


def act(state: dict, action: dict) -> list[dict]:
    """Apply a validated action to `state` itself and return the events."""
    new_state, events = api.apply_action(state, action)
    state.clear()
    state.update(new_state)
    return events


def actions_position(n: int = 2, seat: int = 1, round_: int = 1, **kwargs) -> dict:
    """A state in the Actions phase with `seat` to act (its first turn of the round)."""
    state = setup_game(n=n, **kwargs)
    state["round"] = round_
    state["phase"] = "actions"
    state["queue"] = []
    state["step"] = {"kind": "actions", "seats": [seat]}
    state["turn"] = state["order"].index(seat)
    state["next_event"] = None
    return state


def test_position(n: int = 2, seat: int = 1, theory: str | None = None,
                  project: str | None = None, method: str | None = None,
                  desk_hex: str | None = None, state: dict | None = None, **kwargs) -> dict:
    """A state in the Tests phase with `seat` about to roll its scheduled test.

    Without arguments the seat tests its packet theory with its packet project.
    """
    state = state or setup_game(n=n, **kwargs)
    p = player(state, seat)
    theory = theory or p["theories"][0]
    project = project or p["projects"][0]["card"]
    schedule(state, seat, theory, project, method, desk_hex)
    state["phase"] = "tests"
    later = state["order"][state["order"].index(seat) + 1:]
    state["queue"] = [{"t": "test", "seat": s} for s in later] + [{"t": "cleanup"}]
    state["step"] = {"kind": "test", "seats": [seat]}
    state["next_event"] = None
    return state


def schedule(state: dict, seat: int, theory: str, project: str, method: str | None = None,
             desk_hex: str | None = None) -> None:
    p = player(state, seat)
    if project == "desk":
        hex_id = desk_hex or "MET0"
    else:
        hex_id = next(pr["hex"] for pr in p["projects"] if pr["card"] == project)
    if method is not None and method not in p["methods"]:
        if method in p["hand"]:
            p["hand"].remove(method)
        p["methods"].append(method)
    p["scheduled"] = {"theory": theory, "project": project, "hex": hex_id, "method": method}


def roll(state: dict, seat: int, die: int, **params) -> list[dict]:
    """Roll the seat's test (validated) and resolve the die with `die`."""
    events = act(state, {"type": "roll", "seat": seat, **params})
    return events + chance(state, die)


def give(state: dict, seat: int, **values) -> dict:
    """Set resources (R, D, L, O, S) and tracks (rigour, hype, ...) of a seat."""
    p = player(state, seat)
    for key, value in values.items():
        if key in p["resources"]:
            p["resources"][key] = value
        else:
            p[key] = value
    return p


def tile(state: dict, seat: int, card: str, hex_id: str, displaced: bool = False) -> None:
    """Put a seat's tile for `card` on `hex_id` (no cost, no bonus, no programme check)."""
    p = player(state, seat)
    cell = state["hexes"][hex_id]
    assert cell["owner"] is None, f"{hex_id} already has a tile"
    cell["owner"], cell["card"] = seat, card
    p["projects"].append({"card": card, "hex": hex_id, "displaced": displaced,
                          "adjacency_bonus": False})
    p["tiles_left"] -= 1
    if card in state["market"]:
        state["market"].remove(card)
    if card in state["decks"]["project"]:
        state["decks"]["project"].remove(card)


def put_theory(state: dict, seat: int, theory: str, consensus: int = 0) -> None:
    p = player(state, seat)
    p["theories"].append(theory)
    state["theories"][theory] = {"owner": seat, "consensus": consensus, "hits": []}
    if theory in state["decks"]["theory"]:
        state["decks"]["theory"].remove(theory)


def hit(state: dict, theory: str, project: str, seat: int, method_key: str | None = None,
        hex_id: str | None = None) -> None:
    """Record an earlier success on `theory` (project is a card id or "desk:<seat>")."""
    if hex_id is None:
        hex_id = next((h for h, cell in state["hexes"].items() if cell["card"] == project), "MET0")
    state["theories"][theory]["hits"].append(
        {"project": project, "method": method_key, "seat": seat, "round": state["round"],
         "hex": hex_id})


def clear_map(state: dict) -> None:
    """Remove anomalies, Noise and neutral markers (tiles stay)."""
    for cell in state["hexes"].values():
        state["noise_supply"] += cell["noise"]
        cell["noise"] = 0
        cell["anomaly"] = None
        cell["neutral"] = False


_counter = {"n": 0}


def _new_id(prefix: str) -> str:
    _counter["n"] += 1
    return f"X-{prefix}-{_counter['n']}"


def theory_card(region: str = "GRA", difficulty: int = 4, test: dict | None = None,
                cost: int = 1, reward=(), tag: bool = False) -> str:
    card = register({
        "id": _new_id("T"), "deck": "theory", "name": {"en": "Test theory", "fi": "Testiteoria"},
        "region": region, "cost": cost, "difficulty": difficulty,
        "test": test or {"project": "P-GRA-PK"},
        "prediction": {"en": "-", "fi": "-"}, "condition": {"en": "-", "fi": "-"},
        "reward": list(reward), "replication_tag": tag, "science": {"en": "-", "fi": "-"},
    })
    return card["id"]


def project_card(region: str = "GRA", technique: int = 1, cost: int = 2,
                 produces: dict | None = None, ability: dict | None = None) -> str:
    card = register({
        "id": _new_id("P"), "deck": "project", "name": {"en": "Test lab", "fi": "Testilabra"},
        "region": region, "cost": cost, "technique": technique,
        "produces": produces if produces is not None else {"resource": "D", "amount": 1},
        "ability": ability, "flavour": {"en": "-", "fi": "-"},
    })
    return card["id"]


def method_card(key: str, effects: list[dict], cost: int = 1) -> str:
    card = register({
        "id": _new_id("M"), "deck": "method", "key": key,
        "name": {"en": "Test method", "fi": "Testimenetelmä"}, "cost": cost,
        "text": {"en": "-", "fi": "-"}, "effects": effects, "science": {"en": "-", "fi": "-"},
    })
    return card["id"]


def event_card(effects: list[dict], type_: str = "ordinary", hits: str = "all",
               block: list[str] | None = None, timing: str = "immediate") -> str:
    card = register({
        "id": _new_id("E"), "deck": "event", "name": {"en": "Test event", "fi": "Testitapahtuma"},
        "type": type_, "kind": None if type_ == "ordinary" else {"en": "Kind", "fi": "Laji"},
        "hits": hits, "timing": timing, "effects": effects, "block": block or [],
        "text": {"en": "-", "fi": "-"}, "science": {"en": "-", "fi": "-"},
    })
    return card["id"]


def anomaly_card(reward: list[dict]) -> str:
    card = register({
        "id": _new_id("A"), "deck": "anomaly", "name": {"en": "Test anomaly", "fi": "-"},
        "observation": {"en": "-", "fi": "-"}, "reward": reward, "science": {"en": "-", "fi": "-"},
    })
    return card["id"]


def card(card_id: str) -> dict:
    return CARDS[card_id]


def kinds(menu: list[dict]) -> dict[str, dict]:
    return {entry["kind"]: entry for entry in menu}


def event_types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def first(events: list[dict], type_: str) -> dict:
    return next(e for e in events if e["type"] == type_)
