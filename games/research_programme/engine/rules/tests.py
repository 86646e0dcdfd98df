"""The Tests phase: the preview, the roll, success, null result and artefact (SV-36 to SV-47,
SV-62).

For each scheduled test in turn order the tester sees a preview (Condition, threshold, pluses,
the chance of success) and confirms the roll (SV-37). A scheduled test cannot be declined: the
rulebook says "Jokainen ratkaisee ajastetun testinsä" (rulebook difference D-3, which overrides
SV-36's "or do not want to"); it is cancelled only when its theory is gone or D1 cannot be paid.
The roll pays D1 and fixes the numbers; the die is a chance step; its outcome is resolved here
and in `replication`.
"""

from __future__ import annotations

from ..content import CARDS
from ..events import event
from ..state import gain, pay, player, uses
from . import replication
from .actions import remove_theory
from .full_setup import hidden_hexes
from .noise import remove_noise
from .preview import method_effects, pay_for_plus_effect, preview
from .publishing import add_record
from .steps import push, task, wait_for

TEST_COST = {"D": 1}
DIE = (1, 2, 3, 4, 5, 6)
HIDDEN_FROM_EVENTS = frozenset(("seat", "chance", "needed", "clean_options", "pay_for_plus_offer"))


def tests_start(state: dict, task_: dict, out: list) -> None:
    """Each seat's test in turn order, then (full game) its synthesis attempt (FG-13)."""
    state["phase"] = "tests"
    out.append(event(state, "PhaseStarted", None, phase="tests"))
    after = ("synthesis",) if uses(state, "synthesis") else ()
    push(state, *[task(name, seat=s) for s in state["order"] for name in ("test", *after)],
         task("cleanup"))


def test_turn(state: dict, task_: dict, out: list) -> None:
    """A scheduled test waits for its tester's roll, unless its theory has left the game or the
    tester cannot pay D1 (SV-36, D-3)."""
    p = player(state, task_["seat"])
    scheduled = p["scheduled"]
    if scheduled is None:
        return
    if scheduled["theory"] not in state["theories"]:
        cancel(state, p, "theory_removed", out)
    elif p["resources"]["D"] < TEST_COST["D"]:
        cancel(state, p, "cannot_pay", out)
    else:
        wait_for(state, "test", [p["seat"]])


def cancel(state: dict, p: dict, reason: str, out: list) -> None:
    """A cancelled test costs no D, has no effect and keeps the Insight (SV-36)."""
    scheduled = p["scheduled"]
    p["scheduled"] = None
    out.append(event(state, "TestCancelled", p["seat"], theory=scheduled["theory"],
                     project=scheduled["project"], reason=reason))


def legal_roll(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    if p["resources"]["D"] < TEST_COST["D"]:
        return []
    base = preview(state, seat)
    cleans = base["clean_options"] + [None]  # None: the noisiest neighbour (SV-54)
    offers = [False]
    offer = base["pay_for_plus_offer"]
    if offer is not None:
        cost = dict(offer["cost"])
        cost["D"] = cost.get("D", 0) + TEST_COST["D"]
        if all(p["resources"][code] >= amount for code, amount in cost.items()):
            offers.append(True)
    return [{"type": "roll", "seat": seat, "pay_for_plus": paid, "clean": clean}
            for paid in offers for clean in cleans]


def apply_roll(state: dict, action: dict, out: list) -> None:
    """Pay D1 (and a paid plus), apply a method's Noise removal, fix the numbers (SV-36, SV-37)."""
    seat = action["seat"]
    p = player(state, seat)
    method = p["scheduled"]["method"]
    cost = dict(TEST_COST)
    if action["pay_for_plus"]:
        for code, amount in pay_for_plus_effect(method)["cost"].items():
            cost[code] = cost.get(code, 0) + amount
    pay(p, cost)
    removed = 0
    for effect in method_effects(method, "before_roll"):
        if effect["op"] == "remove_noise":
            removed += remove_noise(state, p["scheduled"]["hex"], effect["amount"])
    numbers = preview(state, seat, pay_for_plus=action["pay_for_plus"], planned=False)
    numbers["cost"] = cost
    numbers["noise_filtered"] = removed
    numbers["clean"] = action["clean"]
    state["step"] = {"kind": "chance", "chance": "die", "seat": seat, "test": numbers}


def die_outcomes(state: dict, step: dict) -> list:
    return list(DIE)


def resolve_die(state: dict, step: dict, die: int, out: list) -> None:
    """Result = die + bonus - Noise; success if it reaches the threshold (SV-41, SV-42)."""
    t = step["test"]
    seat = t["seat"]
    p = player(state, seat)
    p["insight"] = max(0, p["insight"] - t["insight"])
    p["next_test_plus"] = max(0, p["next_test_plus"] - t["next_test_plus"])
    p["scheduled"] = None
    result = die + t["bonus"] - t["noise"]
    sums = {k: v for k, v in t.items() if k not in HIDDEN_FROM_EVENTS}
    sums.update(die=die, result=result, success=result >= t["threshold"])
    out.append(event(state, "TestRolled", seat, **sums))
    if result < t["threshold"]:
        null_result(state, p, t, sums, out)
    elif t["artefact_risk"]:
        annul(state, p, t, sums, out)
    else:
        success(state, p, t, sums, out)


def annul(state: dict, p: dict, t: dict, sums: dict, out: list) -> None:
    """An artefact cancels the success and Hype drops by 1; nothing else happens (SV-44)."""
    hype = gain(p, "hype", -1)
    out.append(event(state, "ArtefactCancelledSuccess", p["seat"], **sums, outcome="artefact",
                     hype_change=hype, vp_gained=0))


def success(state: dict, p: dict, t: dict, sums: dict, out: list) -> None:
    """KV +1 and the reward, a hidden hex revealed (full game), then the hit and its class,
    then anomalies (SV-45, SV-62, FG-06)."""
    theory_id = t["theory"]
    theory = state["theories"][theory_id]
    start = {"vp_before": [q["vp"] for q in state["players"]]}
    kv_before = theory["consensus"]
    theory["consensus"] += 1
    start["reward"] = {g["gain"]: gain(p, g["gain"], g["amount"])
                       for g in CARDS[theory_id]["reward"]}
    start["extra"] = method_outcome_effects(state, p, theory, t["method"], "success", kv_before)
    p["successes"] += 1
    region = CARDS[theory_id]["region"]
    if uses(state, "hidden_hexes") and hidden_hexes(state, region):
        state["pending_success"] = {"seat": p["seat"], "test": t, "sums": sums, "start": start}
        push(state, task("reveal", seat=p["seat"], region=region), task("success_finish"))
        return
    success_finish(state, p, t, sums, start, out)


def success_finish_task(state: dict, task_: dict, out: list) -> None:
    """Success steps 3 and 4 after the reveal of step 2 (FG-06)."""
    pending = state["pending_success"]
    state["pending_success"] = None
    success_finish(state, player(state, pending["seat"]), pending["test"], pending["sums"],
                   pending["start"], out)


def success_finish(state: dict, p: dict, t: dict, sums: dict, start: dict, out: list) -> None:
    """Record the hit, classify it and apply a replication or repetition; resolve anomalies."""
    theory_id = t["theory"]
    theory = state["theories"][theory_id]
    replication.record_hit(state, theory_id, p["seat"], t)
    details = {"replication": None, "anomalies": []}
    followers: list = []
    if t["classification"] == "replication":
        details["replication"] = replication.replicate(state, theory_id, p, t, followers)
        details["anomalies"] = replication.resolve_anomalies(state, theory_id, p, t["hex"],
                                                             followers)
    elif t["classification"] == "repetition":
        gain(p, "rigour", 1)
    record = add_record(state, p, theory_id, "success")
    before = start["vp_before"]
    vp_gained = {str(q["seat"]): q["vp"] - before[i] for i, q in enumerate(state["players"])
                 if q["vp"] != before[i]}
    out.append(event(state, "TestSucceeded", p["seat"], **sums, outcome="success",
                     consensus=theory["consensus"], reward=start["reward"],
                     method_effects=start["extra"], record=record["id"], vp_gained=vp_gained,
                     **details))
    out.extend(followers)


def null_result(state: dict, p: dict, t: dict, sums: dict, out: list) -> None:
    """KV -1 and S +1, or KV unchanged and S +2 under Null Results; then removal (SV-46, SV-47).
    A Selective reporting card silences the seat's next null result: no S, no record."""
    theory_id = t["theory"]
    theory = state["theories"][theory_id]
    kv_before = theory["consensus"]
    null_results_round = "null_results" in p["effects"]
    silenced = p.get("silenced_nulls", 0) > 0
    if silenced:
        p["silenced_nulls"] -= 1
    if not null_results_round:
        theory["consensus"] -= 1
    scepticism = 0 if silenced else gain(p, "S", 2 if null_results_round else 1)
    extra = method_outcome_effects(state, p, theory, t["method"], "null", kv_before)
    record = None if silenced else add_record(state, p, theory_id, "null")
    consensus = theory["consensus"]
    followers: list = []
    removed = removal_check(state, theory_id, followers)
    vp_gained = {str(state["gone"][theory_id]["owner"]): 1} if removed == "falsified" else {}
    out.append(event(state, "NullResult", p["seat"], **sums, outcome="null",
                     consensus=consensus, scepticism=scepticism,
                     null_results_event=null_results_round, method_effects=extra,
                     record=None if record is None else record["id"], removed=removed,
                     vp_gained=vp_gained, **({"silenced": True} if silenced else {})))
    out.extend(followers)


def method_outcome_effects(state: dict, p: dict, theory: dict, method: str | None, when: str,
                           kv_before: int) -> list[dict]:
    """"Additional" method effects on top of the normal result (SV-62, AM-18)."""
    applied = []
    for effect in method_effects(method, when):
        if effect["op"] == "kv":
            if kv_before >= effect.get("if_kv_at_least", kv_before):
                theory["consensus"] += effect["amount"]
                applied.append({"op": "kv", "amount": effect["amount"]})
        elif effect["op"] == "gain":
            applied.append({"op": "gain", "gain": effect["gain"],
                            "amount": gain(p, effect["gain"], effect["amount"])})
    return applied


def removal_check(state: dict, theory_id: str, out: list) -> str | None:
    """After a null result, KV <= -2 removes the theory: falsified (S1, +1 VP) if the owner
    has Scepticism, otherwise rejected (SV-47, G-18, AM-19)."""
    theory = state["theories"][theory_id]
    if theory["consensus"] > -2:
        return None
    owner = player(state, theory["owner"])
    if owner["resources"]["S"] >= 1:
        pay(owner, {"S": 1})
        gain(owner, "vp", 1, source="falsification")
        how = "falsified"
    else:
        how = "rejected"
    out.append(event(state, "TheoryFalsified" if how == "falsified" else "TheoryRejected",
                     owner["seat"], theory=theory_id, consensus=theory["consensus"],
                     vp=1 if how == "falsified" else 0))
    remove_theory(state, theory_id, how, out)
    return how
