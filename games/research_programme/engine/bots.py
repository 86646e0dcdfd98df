"""Bots: a random-legal bot and a simple greedy bot, and the simulated storyteller.

A bot is `bot(state, seat, rng) -> action` and only ever returns a legal action. They play empty
seats in class, drive the simulator and the load tests, and make the seeded playouts.

* random: picks one of the step's open action kinds uniformly, then one legal action of that
  kind uniformly (so a kind with many variants, like Prediction, is not picked more often).
* greedy: prefers a test it is likely to pass (a replication above all), publishing what it
  has, building what its theories need, and rolls only when the roll can succeed.
"""

from __future__ import annotations

import random

from . import actions as dispatch
from . import board, greedy_full
from .content import CARDS
from .rules import actions as turn_actions
from .rules import funding, placement, preview, replication, review, stories
from .rules.publishing import publishable
from .state import player


def random_bot(state: dict, seat: int, rng: random.Random) -> dict:
    if state["step"]["kind"] == "actions":
        kinds = dispatch.open_kinds(state, seat)
        options = dispatch.LEGAL[kinds[rng.randrange(len(kinds))]](state, seat)
    else:
        by_kind = [legal for legal in (dispatch.LEGAL[k](state, seat) for k in
                                       dispatch.step_kinds(state)) if legal]
        options = by_kind[rng.randrange(len(by_kind))]
    return options[rng.randrange(len(options))]


def greedy_bot(state: dict, seat: int, rng: random.Random) -> dict:
    return GREEDY[state["step"]["kind"]](state, seat, rng)


# --- greedy: Funding ---------------------------------------------------------------------

def greedy_fund(state: dict, seat: int, rng: random.Random) -> dict:
    p = player(state, seat)
    r = p["resources"]
    if r["D"] < 3:
        income = "D"
    elif r["L"] < 1:
        income = "L"
    elif r["O"] < 1 and r["S"] >= 1:
        income = "O"
    else:
        income = "D"
    money = funding.money_before_repayment(state, p)
    repay = 0
    while repay < funding.max_repayment(state, p) and money - 2 * (repay + 1) >= 2:
        repay += 1
    in_hand = turn_actions.theories_in_hand(p)
    draw = "theory" if not in_hand and len(p["theories"]) < 3 else "method"
    return {"type": "fund", "seat": seat, "income": income, "repay": repay, "draw": draw}


def greedy_discard(state: dict, seat: int, rng: random.Random) -> dict:
    options = funding.legal_discard(state, seat)
    return max(options, key=lambda a: sum(CARDS[c].get("cost", 0) for c in a["cards"]))


# --- greedy: Events ----------------------------------------------------------------------

def greedy_event(state: dict, seat: int, rng: random.Random) -> dict:
    blocks = dispatch.legal_of_kind(state, seat, "event_block")
    if blocks:
        return blocks[0]
    options = dispatch.legal_of_kind(state, seat, "event_choose")
    p = player(state, seat)
    card = CARDS[state["event"]]
    ops = {e["op"]: e for e in card["effects"]}
    if "choose_one" in ops:
        offered = ops["choose_one"]["options"]
        return max(options, key=lambda a: option_value(p, offered[a["choice"]]))
    if "preprint_scoop" in ops:
        safe = p["hype"] + 1 < p["rigour"] + 2
        taken = [a for a in options if a["choice"] is not None]
        return taken[0] if safe and taken else options[0]
    if "add_noise_own_tile" in ops:
        return min(options, key=lambda a: noise_harm(state, a["choice"]))
    return options[0]


def option_value(p: dict, effects: list[dict]) -> float:
    value = 0.0
    for effect in effects:
        if effect["op"] == "gain" and effect["gain"] in p["resources"]:
            value += effect["amount"] / (1 + p["resources"][effect["gain"]])
    return value


def noise_harm(state: dict, hex_id: str | None) -> int:
    if hex_id is None:
        return 0
    cell = state["hexes"][hex_id]
    return 0 if cell["noise"] >= 3 else 1 + CARDS[cell["card"]]["technique"]


# --- greedy: Actions ---------------------------------------------------------------------

def greedy_actions(state: dict, seat: int, rng: random.Random) -> dict:
    p = player(state, seat)
    open_ = set(dispatch.open_kinds(state, seat))
    best = best_prediction(state, seat) if "prediction" in open_ else None
    if best is not None and best[0] >= 0.5:
        return best[1]
    choice = (publish_choice(state, p, open_) or build_choice(state, p, open_)
              or greedy_full.interfere_choice(state, p, open_) or theory_choice(state, p, open_))
    if choice is not None:
        return choice
    if best is not None and best[0] > 0:
        return best[1]
    if "peer_review" in open_ and (p["rigour"] < 8 or review.repairs(state, p)):
        return {"type": "peer_review", "seat": seat, "repair": best_repair(state, p),
                "debt": False}
    if "simulate" in open_:
        removal = max(review.simulate_choices(state, seat), key=len)
        if removal:
            return {"type": "simulate", "seat": seat, "hexes": removal, "debt": False}
    return {"type": "pass", "seat": seat}


def test_value(state: dict, seat: int, numbers: dict) -> float:
    """What a success would be worth to the greedy bot, times the chance of it."""
    kind = numbers["classification"]
    if kind == "replication":
        hits = state["theories"][numbers["theory"]]["hits"]
        k = replication.distinct_projects(hits) + 1
        own = numbers["owner"] == seat
        value = 1.5 + replication.replication_vp(k, own)[0]
        value += 1 if CARDS[numbers["theory"]].get("replication_tag") else 0
        value += 1 if numbers["bridge"] else 0
    elif kind == "first_hit":
        value = 1.5 if numbers["owner"] == seat else 0.8
    elif kind == "repetition":
        value = 0.5
    else:
        value = 0.2
    if numbers["artefact_risk"]:
        value *= 0.2
    return numbers["chance"] * value


def best_prediction(state: dict, seat: int) -> tuple[float, dict] | None:
    """(chance, action) of the most valuable test the seat can schedule without debt."""
    p = player(state, seat)
    if p["resources"]["D"] < 1:
        return None
    best = None
    money = p["resources"]["R"]
    methods = [m for m, price in turn_actions.method_options(p) if price <= money]
    for theory in turn_actions.ordered_theories(state):
        targets = [(pr["card"], pr["hex"], None) for pr in p["projects"]]
        named = CARDS[theory]["test"].get("method")
        if named is not None:
            targets += [("desk", "MET0", m) for m in methods if CARDS[m]["key"] == named]
        hits = state["theories"][theory]["hits"]
        for project, hex_id, forced in targets:
            for method in ([forced] if forced else [None] + methods):
                if method is not None and not forced and not changes_value(
                        method, theory, hits, replication.project_key(seat, project)):
                    continue  # the same numbers as without it, so never strictly better
                scheduled = {"theory": theory, "project": project, "hex": hex_id,
                             "method": method}
                numbers = preview.preview(state, seat, scheduled=scheduled)
                value = test_value(state, seat, numbers)
                if best is None or value > best[0]:
                    action = {"type": "prediction", "seat": seat, "theory": theory,
                              "project": project, "method": method, "debt": False,
                              "desk_hex": hex_id if project == "desk" else None}
                    best = (value, numbers["chance"], action)
    if best is None or best[0] <= 0:
        return None
    return best[1], best[2]


PREVIEW_OPS = {"plus", "remove_noise"}


def changes_value(method: str, theory: str, hits: list, project: str) -> bool:
    """Whether attaching `method` can change a test's value for the greedy bot: its plus or
    Noise removal, artefact proofing, the theory's Test field naming it, or a repetition."""
    key = CARDS[method]["key"]
    return (any(e["op"] in PREVIEW_OPS for e in preview.method_effects(method, "before_roll"))
            or preview.artefact_proof(method) or CARDS[theory]["test"].get("method") == key
            or replication.classify(hits, project, key) != replication.classify(hits, project,
                                                                                None))


def publish_choice(state: dict, p: dict, open_: set) -> dict | None:
    records = publishable(p)
    if not records:
        return None
    reserve = 1 if p["scheduled"] is not None or "prediction" in open_ else 0
    r = p["resources"]
    record = records[0]["id"]
    if "journal" in open_ and r["D"] - 1 >= reserve and (p["hype"] >= p["rigour"] or r["L"] > 1):
        return {"type": "journal", "seat": p["seat"], "record": record, "debt": False}
    if "preprint" in open_ and r["D"] - 1 >= reserve and p["hype"] + 1 < p["rigour"] + 2:
        return {"type": "preprint", "seat": p["seat"], "record": record, "debt": False}
    return None


def build_choice(state: dict, p: dict, open_: set) -> dict | None:
    if "build" not in open_:
        return None
    named = {CARDS[t]["test"].get("project") for t in p["theories"]}
    regions = {CARDS[t]["region"] for t in p["theories"]}
    candidates = [a for a in placement.build_legal(state, p) if not a["debt"]]
    if not candidates:
        return None

    def score(action: dict) -> float:
        card = CARDS[action["card"]]
        value = card["technique"] + (3 if action["card"] in named else 0)
        value += 1 if card["region"] not in regions else 0
        value += 0.5 if board.BONUS[action["hex"]] is not None else 0
        return value

    return max(candidates, key=score)


def theory_choice(state: dict, p: dict, open_: set) -> dict | None:
    if "theory" not in open_ or len(p["theories"]) >= 3:
        return None
    options = [a for a in turn_actions.theory_legal(state, p) if not a["debt"]]
    if not options:
        return None
    return min(options, key=lambda a: CARDS[a["card"]]["difficulty"])


# --- greedy: Tests -----------------------------------------------------------------------

def greedy_test(state: dict, seat: int, rng: random.Random) -> dict:
    """Pay for a plus when it helps (a scheduled test cannot be declined, D-3)."""
    rolls = dispatch.legal_of_kind(state, seat, "roll")
    plain = preview.preview(state, seat)
    paid = [a for a in rolls if a["pay_for_plus"]]
    if paid and plain["bonus"] < preview.BONUS_CAP and plain["chance"] < 1:
        return paid[0]
    return rolls[0]


def best_repair(state: dict, p: dict) -> str | None:
    """Undo card Hype when Hype is not below Rigour, else restore card KV, else Rigour."""
    found = review.repairs(state, p)
    if "hype" in found and p["hype"] >= p["rigour"]:
        return "hype"
    theories = [r for r in found if r != "hype"]
    return theories[0] if theories else None


GREEDY = {
    "funding": greedy_fund,
    "discard": greedy_discard,
    "event": greedy_event,
    "actions": greedy_actions,
    "test": greedy_test,
    **greedy_full.GREEDY,
}

BOTS = {"random": random_bot, "greedy": greedy_bot}


def story_actions(state: dict, seat: int, rng: random.Random, rate: float,
                  accept_rate: float) -> list[dict]:
    """The simulated classroom: on its turn a seat asks for a story with probability `rate`,
    and the teacher accepts it with probability `accept_rate` at once."""
    if rate <= 0 or rng.random() >= rate or stories.request_blocker(state, seat) is not None:
        return []
    story_id = f"{state['round']}-{seat}-{len(state['stories']) + 1}"
    decision = {"type": "story_accept", "seat": None, "story_id": story_id}
    if rng.random() >= accept_rate:
        decision = {"type": "story_reject", "seat": None, "story_id": story_id, "reason": None}
    return [{"type": "story_request", "seat": seat, "story_id": story_id}, decision]
