"""The stub game's pure engine: a counting race with what the platform must carry.

Every seat first picks a secret number from 1 to 3 at once, under a deadline (fallback 1); the
picks are private until all are in. Then seats take turns adding 1 or 2 to a public counter; the
highest pick starts. The seat that reaches the target wins. A seat may ask the teacher to accept
a claim (a teacher approval); an accepted claim is worth a point.
"""

from __future__ import annotations

import copy
import random

from games.engines.base import (
    CALL_TIME,
    GameError,
    GameInfo,
    IllegalAction,
    events_visible,
    private_event,
)

TARGET = 10
PICK_SECONDS = 30
INFO = GameInfo(
    key="stub_game", title={"en": "Counting race", "fi": "Laskukilpa", "sv": "Räknetävling"},
    variants={"plain": {"title": {"en": "Plain", "fi": "Tavallinen", "sv": "Vanlig"},
                        "min_seats": 2, "max_seats": 4}},
    default_variant="plain", information="hidden", simultaneous=True,
    teacher_sees_private=False, chance="none",
)


def new_game(players, options, seed):
    if not 2 <= len(players) <= 4:
        raise GameError("2 to 4 seats")
    return {"game": "stub_game", "seed": seed, "chance_n": 0, "stage": "pick", "counter": 0,
            "seats": [p["seat"] for p in players], "picks": {}, "steps": {}, "turn": None,
            "claims": {}, "winner": None, "time_called": False, "round": 1}


def current_seats(state):
    if state["stage"] == "pick":
        return [s for s in state["seats"] if str(s) not in state["picks"]]
    return [] if state["stage"] == "over" else [state["turn"]]


def chance_outcomes(state):
    return []


def legal_actions(state, seat):
    if seat is None:
        pending = [c for c, claim in state["claims"].items() if claim["status"] == "pending"]
        decisions = [{"type": "claim_decide", "seat": None, "claim": c, "accept": a}
                     for c in pending for a in (True, False)]
        called = state["time_called"] or state["stage"] == "over"
        return decisions + ([] if called else [{"type": CALL_TIME, "seat": None}])
    if seat not in current_seats(state):
        return []
    if state["stage"] == "pick":
        return [{"type": "pick", "seat": seat, "number": n} for n in (1, 2, 3)]
    return [{"type": "add", "seat": seat, "by": n} for n in (1, 2)]


def action_menu(state, seat):
    if seat not in current_seats(state):
        return []
    if state["stage"] == "pick":
        return [{"kind": "pick", "enabled": True, "reason": None,
                 "actions": [{"action": {"type": "pick", "seat": seat}, "cost": None}],
                 "inputs": [{"param": "number", "type": "number", "min": 1, "max": 3}]}]
    return [{"kind": "add", "enabled": True, "reason": None,
             "actions": [{"action": a, "cost": None} for a in legal_actions(state, seat)]}]


def canonical_action(state, action):
    kind = action.get("type")
    if kind == "claim_request":
        if action.get("seat") not in state["seats"] or not isinstance(action.get("claim"), str):
            raise IllegalAction("illegal_choice")
        return {"type": kind, "seat": action["seat"], "claim": action["claim"]}
    if kind not in ("pick", "add", "claim_decide", CALL_TIME):
        raise IllegalAction("unknown_action")
    if action.get("seat") is not None and action["seat"] not in state["seats"]:
        raise IllegalAction("not_a_seat")
    fields = {"pick": ("number",), "add": ("by",), "claim_decide": ("claim", "accept"),
              CALL_TIME: ()}[kind]
    shaped = {"type": kind, "seat": action.get("seat"), **{f: action.get(f) for f in fields}}
    if shaped not in legal_actions(state, action.get("seat")):
        seat = action.get("seat")
        raise IllegalAction("not_your_turn" if seat is not None and
                            seat not in current_seats(state) else "illegal_choice")
    return shaped


def apply_action(state, action):
    action = canonical_action(state, action)
    state = copy.deepcopy(state)
    return state, APPLY[action["type"]](state, action)


def _pick(state, action):
    state["picks"][str(action["seat"])] = action["number"]
    out = [private_event({"type": "Picked", "seat": action["seat"], "round": 1,
                          "number": action["number"]}, action["seat"], ["number"])]
    if len(state["picks"]) == len(state["seats"]):
        best = max(state["picks"].values())
        state["turn"] = min(int(s) for s, n in state["picks"].items() if n == best)
        state["stage"] = "race"
        out.append({"type": "PicksRevealed", "seat": None, "round": 1,
                    "picks": dict(state["picks"])})
    return out


def _add(state, action):
    seat = action["seat"]
    state["counter"] = min(TARGET, state["counter"] + action["by"])
    state["steps"][str(seat)] = state["steps"].get(str(seat), 0) + 1
    out = [{"type": "Added", "seat": seat, "round": 1, "by": action["by"],
            "counter": state["counter"]}]
    if state["counter"] >= TARGET:
        return out + _end(state, seat)
    order = state["seats"]
    state["turn"] = order[(order.index(seat) + 1) % len(order)]
    return out


def _end(state, winner):
    state["stage"], state["winner"], state["turn"] = "over", winner, None
    return [{"type": "GameEnded", "seat": winner, "round": 1}]


def _claim_request(state, action):
    state["claims"][action["claim"]] = {"seat": action["seat"], "status": "pending"}
    return [{"type": "ClaimMade", "seat": action["seat"], "round": 1, "claim": action["claim"]}]


def _claim_decide(state, action):
    claim = state["claims"][action["claim"]]
    claim["status"] = "accepted" if action["accept"] else "rejected"
    return [{"type": "ClaimDecided", "seat": claim["seat"], "round": 1,
             "claim": action["claim"], "accepted": action["accept"]}]


def _call_time(state, action):
    state["time_called"] = True
    if state["stage"] == "race":
        leader = max(state["seats"], key=lambda s: (state["steps"].get(str(s), 0), -s))
        return _end(state, leader)
    return [{"type": "TimeCalled", "seat": None, "round": 1}]


APPLY = {"pick": _pick, "add": _add, "claim_request": _claim_request,
         "claim_decide": _claim_decide, CALL_TIME: _call_time}


def check_invariants(state):
    broken = []
    if not 0 <= state["counter"] <= TARGET:
        broken.append("counter off its scale")
    if state["stage"] == "over" and state["winner"] is None:
        broken.append("over without a winner")
    return broken


def view_for(state, viewer):
    picks = state["picks"] if state["stage"] != "pick" else {
        s: n for s, n in state["picks"].items() if s == str(viewer)}
    return {"stage": state["stage"], "counter": state["counter"], "target": TARGET,
            "turn": state["turn"], "picks": dict(picks), "picked": sorted(state["picks"]),
            "steps": dict(state["steps"]), "winner": state["winner"],
            "claims": copy.deepcopy(state["claims"]), "you": viewer}


def events_for(events, viewer):
    return events_visible(events, viewer, INFO.teacher_sees_private)


def outcome(state):
    if state["stage"] != "over":
        return None
    return {"winners": [state["winner"]], "ended_by": "target"}


def summary(state):
    over = state["stage"] == "over"
    return {"progress": 1.0 if over else state["counter"] / TARGET, "stage": state["stage"],
            "round": None, "rounds": None, "to_act": current_seats(state), "over": over,
            "figures": {"counter": state["counter"]},
            "seats": [{"seat": s, "score": state["steps"].get(str(s), 0) + sum(
                1 for c in state["claims"].values() if c["seat"] == s and
                c["status"] == "accepted"), "figures": {"steps": state["steps"].get(str(s), 0)}}
                      for s in state["seats"]]}


def deadlines(state):
    if state["stage"] != "pick":
        return []
    return [{"key": f"pick:{seat}", "seat": seat, "seconds": PICK_SECONDS,
             "fallback": {"type": "pick", "seat": seat, "number": 1}}
            for seat in current_seats(state)]


def random_bot(state, seat, rng: random.Random):
    options = legal_actions(state, seat)
    return options[rng.randrange(len(options))]


def greedy_bot(state, seat, rng: random.Random):
    return max(legal_actions(state, seat), key=lambda a: (a.get("number") or a.get("by")))


class StubEngine:
    info = INFO
    bots = {"random": random_bot, "greedy": greedy_bot}
    new_game = staticmethod(new_game)
    current_seats = staticmethod(current_seats)
    chance_outcomes = staticmethod(chance_outcomes)
    legal_actions = staticmethod(legal_actions)
    action_menu = staticmethod(action_menu)
    canonical_action = staticmethod(canonical_action)
    apply_action = staticmethod(apply_action)
    check_invariants = staticmethod(check_invariants)
    view_for = staticmethod(view_for)
    events_for = staticmethod(events_for)
    outcome = staticmethod(outcome)
    summary = staticmethod(summary)
    deadlines = staticmethod(deadlines)
    state_to_json = staticmethod(copy.deepcopy)
    state_from_json = staticmethod(copy.deepcopy)


ENGINE = StubEngine()
