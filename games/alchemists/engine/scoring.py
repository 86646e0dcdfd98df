"""Final scoring and the Great Truth (AL-101 to AL-110, G-23, G-25)."""

from __future__ import annotations

from .alchemy import wrong_colours
from .content import ARTIFACTS, GRANTS, SEALS
from .events import event
from .flow import task
from .state import ARTIFACT_EFFECTS, power

FAVOUR_GOLD = 2
GOLD_PER_VP = 3


def artifact_vp(p: dict) -> int:
    """Printed VP, and the Crystal Cabinet, Magic Mirror and Feather in Cap (AL-103)."""
    total = sum(ARTIFACTS[a]["vp"] or 0 for a in p["artifacts"])
    for artifact in p["artifacts"]:
        effects = ARTIFACT_EFFECTS[artifact]
        if "vp_per_artifact" in effects:
            total += effects["vp_per_artifact"]["amount"] * len(p["artifacts"])
        if "vp_per_reputation" in effects:
            total += p["reputation"] // effects["vp_per_reputation"]["per"]
        if "feather_in_cap" in effects:
            total += len(p["set_aside"])
    return total


def seal_vp(kind: str, token: str, truth: str) -> int:
    """A seal at the Great Truth: correct +5 / +3 / 0; wrong -4, or 0 for a hedge on the one
    wrong colour (AL-107, AL-108)."""
    seal = SEALS[kind]
    if token == truth:
        return seal["correct_vp"]
    if seal["hedge"] is not None and wrong_colours(token, truth) == {seal["hedge"]}:
        return 0
    return seal["wrong_vp"]


def great_truth(state: dict) -> list[dict]:
    """Every theory on the board checked against the mapping, every seal revealed (AL-106)."""
    mapping = state["secret"]["mapping"]
    checked = []
    for ingredient in sorted(state["theories"]):
        theory = state["theories"][ingredient]
        truth = mapping[ingredient]
        seals = [{"seat": s["seat"], "kind": s["kind"],
                  "vp": seal_vp(s["kind"], theory["token"], truth)} for s in theory["seals"]]
        checked.append({"ingredient": ingredient, "token": theory["token"], "truth": truth,
                        "correct": theory["token"] == truth,
                        "wrong_colours": sorted(wrong_colours(theory["token"], truth)),
                        "seals": seals})
    return checked


def score_seat(state: dict, p: dict, theories: list[dict]) -> dict:
    gold = p["gold"] + FAVOUR_GOLD * sum(p["favours"].values())
    seals = sum(s["vp"] for t in theories for s in t["seals"] if s["seat"] == p["seat"])
    idol = power(p, "vp_per_correct_seal")
    idol_vp = idol["amount"] * sum(1 for t in theories if t["correct"] for s in t["seals"]
                                   if s["seat"] == p["seat"]) if idol else 0
    breakdown = {"reputation": p["reputation"], "artifacts": artifact_vp(p),
                 "grants": sum(GRANTS[g]["vp"] for g in p["grants"]),
                 "gold": gold // GOLD_PER_VP, "seals": seals, "wisdom_idol": idol_vp}
    return {"seat": p["seat"], "vp": sum(breakdown.values()), "breakdown": breakdown,
            "gold_left": gold % GOLD_PER_VP, "reputation": p["reputation"],
            "seals_lost": list(p["seals_lost"]), "stats": dict(p["stats"])}


@task("final_scoring")
def final_scoring(state: dict, current: dict, out: list) -> None:
    """Reputation, artifacts, grants, favours and gold, the Great Truth, the Wisdom Idol, the
    winner: most VP, then the larger remainder, then shared (AL-101 to AL-110)."""
    theories = great_truth(state)
    rows = [score_seat(state, p, theories) for p in state["players"]]
    best = max((r["vp"], r["gold_left"]) for r in rows)
    for row in rows:
        row["winner"] = (row["vp"], row["gold_left"]) == best
        row["rank"] = 1 + sum(1 for r in rows if (r["vp"], r["gold_left"]) >
                              (row["vp"], row["gold_left"]))
    state["result"] = {"players": rows, "winners": [r["seat"] for r in rows if r["winner"]],
                       "mapping": dict(state["secret"]["mapping"]), "theories": theories,
                       "debunks": [dict(d) for d in state["debunks"]],
                       "ended_by": "time_called" if state["time_called"] else "rounds",
                       "rounds_played": state["round"]}
    state["phase"] = "over"
    out.append(event(state, "GreatTruthRevealed", mapping=dict(state["secret"]["mapping"]),
                     theories=theories))
    out.append(event(state, "GameOver", winners=state["result"]["winners"],
                     scores={str(r["seat"]): r["vp"] for r in rows}))


def outcome(state: dict) -> dict | None:
    return state.get("result")

