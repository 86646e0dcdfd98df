"""Debunking theories: apprentice, master demonstrations, conflicts, consequences and the
immediate publication (AL-65 to AL-75, G-15).

Only `apprentice_debunk` and `demonstrate` read the mapping, and only for the answer the rules
reveal to every seat. Validity, debunks and conflicts follow from the public question, the
public answer and the public theory board (AL-67, AL-68).
"""

from __future__ import annotations

from .alchemy import sign
from .content import COLOURS, SEALS
from .events import event
from .flow import decision, push, task, wait_for
from .params import canonical, require
from .reputation import apply as apply_reputation
from .resolve import space_decision
from .state import is_master, player
from .theories import apply_publish, check_publish, legal_publications

DEBUNK_GAIN = 2


def legal_debunk(state: dict, seat: int) -> list[dict]:
    if is_master(state):
        from .master import legal_demonstrations
        return legal_demonstrations(state, seat)
    return [{"type": "debunk", "seat": seat, "ingredient": i, "colour": c}
            for i in sorted(state["theories"]) for c in COLOURS]


def check_debunk(state: dict, action: dict) -> dict:
    if is_master(state):
        from .master import check_demonstration
        return check_demonstration(state, action)
    require(action.get("type") == "debunk", "wrong_mode")
    action = canonical(action, {"ingredient": "ingredient", "colour": "colour"})
    require(action["ingredient"] in state["theories"], "no_theory")
    return action


def apply_debunk(state: dict, action: dict, out: list) -> None:
    if action["type"] == "demonstrate":
        from .master import apply_demonstration
        apply_demonstration(state, action, out)
        return
    apprentice_debunk(state, action, out)


def apprentice_debunk(state: dict, action: dict, out: list) -> None:
    """Every seat learns the sign of that aspect; if it differs from the token's, the theory is
    debunked with that colour, otherwise the seat loses 1 reputation (AL-66)."""
    seat, ingredient, colour = action["seat"], action["ingredient"], action["colour"]
    truth = sign(state["secret"]["mapping"][ingredient], colour)
    token = state["theories"][ingredient]["token"]
    state["public_facts"].append(["sign", ingredient, colour, truth])
    success = truth != sign(token, colour)
    out.append(event(state, "AspectRevealed", seat, ingredient=ingredient, colour=colour,
                     sign=truth, token=token, debunked=success))
    record = {"round": state["round"], "seat": seat, "mode": "apprentice",
              "ingredient": ingredient, "colour": colour, "sign": truth, "success": success}
    if success:
        debunked(state, seat, [(ingredient, colour)], record, out)
    else:
        player(state, seat)["stats"]["debunk_failures"] += 1
        state["debunks"].append({**record, "debunked": []})
        apply_reputation(state, {seat: -1}, "debunk_failed", out)


def debunked(state: dict, seat: int, fallen: list[tuple[str, str]], record: dict,
             out: list) -> None:
    """Tokens back to the supply, seals revealed and lost, -5 for each seal not hedged on the
    debunking colour; the debunker +2 once; one change per seat (AL-71 to AL-73, AL-85).
    Then grants are checked (conflicts gone) and the immediate publication is offered
    (AL-74)."""
    deltas = {seat: DEBUNK_GAIN}
    revealed, tokens = [], []
    for ingredient, colour in fallen:
        theory = state["theories"].pop(ingredient)
        tokens.append(theory["token"])
        for seal in theory["seals"]:
            loss = 0 if SEALS[seal["kind"]]["hedge"] == colour else SEALS[seal["kind"]][
                "debunk_loss"]
            deltas[seal["seat"]] = deltas.get(seal["seat"], 0) - loss
            player(state, seal["seat"])["seals_lost"].append(seal["kind"])
            revealed.append({"ingredient": ingredient, "seat": seal["seat"], "kind": seal["kind"],
                             "loss": loss})
        state["conflicts"] = [c for c in state["conflicts"] if ingredient not in c]
    player(state, seat)["stats"]["debunks"] += 1
    state["debunks"].append({**record, "debunked": [i for i, _ in fallen], "seals": revealed})
    out.append(event(state, "TheoryDebunked", seat, ingredients=[i for i, _ in fallen],
                     colours=[c for _, c in fallen], tokens=tokens, seals=revealed))
    apply_reputation(state, deltas, "debunk", out)
    push(state, {"t": "grants", "seat": seat},
         {"t": "immediate", "seat": seat, "ingredients": [i for i, _ in fallen],
          "tokens": tokens, "pairs": [[i, t] for (i, _), t in zip(fallen, tokens, strict=True)]})


@task("immediate")
def offer_immediate(state: dict, current: dict, out: list) -> None:
    """With a Publish action still unresolved, the debunker may publish at once about a fallen
    ingredient or with a fallen token, not the very theory it debunked (AL-74)."""
    pending = state.get("pending", {}).get("publish", {}).get(str(current["seat"]), [])
    if pending and immediate_options(state, current["seat"], current):
        wait_for(state, "immediate", current["seat"], **{k: v for k, v in current.items()
                                                          if k not in ("t", "seat")})


def immediate_options(state: dict, seat: int, offer: dict) -> list[dict]:
    options = legal_publications(state, seat, offer["ingredients"], offer["tokens"])
    return [a for a in options if [a["ingredient"], a["token"]] not in offer["pairs"]]


def legal_immediate(state: dict, seat: int) -> list[dict]:
    return [*immediate_options(state, seat, state["step"]), {"type": "decline", "seat": seat}]


def check_immediate(state: dict, action: dict) -> dict:
    if action.get("type") == "decline":
        return canonical(action, {})
    require(action.get("type") == "publish", "unknown_action")
    action = check_publish(state, action)
    offer = state["step"]
    allowed = action["ingredient"] in offer["ingredients"] or action["token"] in offer["tokens"]
    require(allowed, "not_immediate", "publish about the fallen ingredient or with its token")
    require([action["ingredient"], action["token"]] not in offer["pairs"], "same_theory")
    return action


def apply_immediate(state: dict, action: dict, out: list) -> None:
    """It uses the seat's earliest unresolved Publish action (AL-74)."""
    if action["type"] == "decline":
        return
    pending = state["pending"]["publish"][str(action["seat"])]
    pending.remove(min(pending))
    out.append(event(state, "ImmediatePublication", action["seat"]))
    apply_publish(state, action, out)


space_decision("debunk", ("debunk", "demonstrate"), legal_debunk, check_debunk, apply_debunk,
               "plan", can=lambda state, seat: bool(state["theories"]))
decision("immediate", types=("publish", "decline"), legal=legal_immediate,
         check=check_immediate, apply=apply_immediate, pace="discuss")
