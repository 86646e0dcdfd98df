"""Build Alchemists positions directly, without playing up to them.

`game` makes a game whose mapping is the one given (by answering the mapping's chance steps) and
whose other draws take the first outcome, stopped at its first decision. `at` puts a seat at the
moment its action on a space comes up, with nothing queued after it; `hand`, `theory` and the
other helpers set what a rule needs.
"""

from __future__ import annotations

from games.alchemists.engine import api
from games.alchemists.engine.content import INGREDIENT_IDS
from games.alchemists.engine.state import player

# mushroom = a6 and toad = a2 make Healing, as in the rules' examples (AL-04, AL-10).
MAPPING = {"mushroom": "a6", "fern": "a1", "toad": "a2", "claw": "a3", "flower": "a4",
           "mandrake": "a5", "scorpion": "a7", "feather": "a8"}


def seats(n: int) -> list[dict]:
    return [{"seat": s, "name": f"Seat {s}"} for s in range(1, n + 1)]


def game(n: int = 2, variant: str = "lesson", mapping: dict | None = None, start: int = 1,
         seed: int = 0, settle_draws: bool = True) -> dict:
    state = api.new_game(seats(n), {"variant": variant, "start_player": start}, seed)
    mapping = mapping or MAPPING
    for ingredient in INGREDIENT_IDS:
        chance(state, mapping[ingredient])
    if settle_draws:
        settle(state)
    return state


def chance(state: dict, outcome) -> list[dict]:
    """Resolve the waiting chance step with this outcome (validated)."""
    return act(state, {"type": "chance", "outcome": outcome})


def settle(state: dict) -> list[dict]:
    """Resolve waiting chance steps with their first outcome until a seat must decide."""
    events = []
    while state["step"] is not None and state["step"]["kind"] == "chance":
        events += chance(state, api.chance_outcomes(state)[0])
    return events


def act(state: dict, action: dict) -> list[dict]:
    """Apply a validated action and keep the new state in `state`."""
    new_state, events = api.apply_action(state, action)
    state.clear()
    state.update(new_state)
    return events


def hand(state: dict, seat: int, cards: dict[str, int]) -> None:
    player(state, seat)["hand"] = dict(cards)


def at(state: dict, space: str, seat: int, k: int = 1, round_: int | None = None,
       boots: bool = False) -> dict:
    """The seat's k-th action on `space` has just come up; nothing is queued after it."""
    if round_ is not None:
        state["round"] = round_
    state["queue"] = []
    state["phase"] = "round"
    state["acting"] = {"space": space, "seat": seat, "k": k, "boots": boots}
    state["step"] = {"kind": "decide", "decision": space, "seat": seat, "k": k, "boots": boots}
    state.setdefault("rows", {}).setdefault(space, [seat])
    return state


def theory(state: dict, ingredient: str, token: str, seals: list[tuple[int, str]],
           round_: int = 2) -> None:
    """A theory on the board with these seals (taken from the seats' unused seals)."""
    state["theories"][ingredient] = {"token": token, "seals": [], "round": round_,
                                     "author": seals[0][0]}
    for seat, kind in seals:
        player(state, seat)["seals"][kind] -= 1
        state["theories"][ingredient]["seals"].append({"seat": seat, "kind": kind})


def run(state: dict, *tasks: dict) -> list[dict]:
    """Run these tasks now, as if the round had reached them."""
    from games.alchemists.engine import flow

    state["step"] = None
    state["queue"] = list(tasks)
    out: list[dict] = []
    flow.advance(state, out)
    return out


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def reputation_changes(events: list[dict]) -> dict[int, int]:
    return {e["seat"]: e["delta"] for e in of_type(events, "ReputationChanged")}
