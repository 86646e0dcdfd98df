"""Experiments: testing on a student, drinking, the Custodian and the Thinking Cap (AL-44 to
AL-51).

Every seat learns who experimented and the potion; only the experimenter learns which two
ingredients it used (AL-44).
"""

from __future__ import annotations

from .alchemy import potion_sign
from .events import private
from .flow import decision, push, task, wait_for
from .mixing import check_pair, hand_pairs, learn, mix_cards, periscopes, record_potion
from .params import canonical, require
from .reputation import change
from .resolve import space_decision
from .state import final_round, player

DRINK_EFFECTS = {"R-": "poison", "G-": "paralysis", "B-": "insanity"}


def student_fee(state: dict) -> int:
    """1 gold once the student is discouraged this round (AL-46, AL-47)."""
    return 1 if state["student"] == "discouraged" else 0


def legal_test(state: dict, seat: int) -> list[dict]:
    p = player(state, seat)
    if p["gold"] < student_fee(state):
        return []
    return [{"type": "test", "seat": seat, "ingredients": pair} for pair in hand_pairs(p["hand"])]


def check_mix(state: dict, action: dict) -> dict:
    action = canonical(action, {"ingredients": "pair"})
    check_pair(player(state, action["seat"])["hand"], action["ingredients"])
    return action


def check_test(state: dict, action: dict) -> dict:
    action = check_mix(state, action)
    require(player(state, action["seat"])["gold"] >= student_fee(state), "cannot_pay_student")
    return action


def apply_test(state: dict, action: dict, out: list) -> None:
    """Pay the fee if the student is discouraged, mix, reveal; a − result discourages the
    student for the rest of the round (AL-46, AL-47)."""
    seat, pair = action["seat"], action["ingredients"]
    p = player(state, seat)
    fee = student_fee(state)
    p["gold"] -= fee
    potion = mix_cards(state, seat, pair, out)
    if potion_sign(potion) == "-":
        state["student"] = "discouraged"
    experimented(state, seat, pair, potion, "test", out, fee=fee)


def experimented(state: dict, seat: int, pair: list[str], potion: str, how: str, out: list,
                 **fields) -> None:
    p = player(state, seat)
    learn(state, seat, ["pair", pair[0], pair[1], [potion]])
    record_potion(p, potion)
    p["stats"]["experiments"] += 1
    out.append(private(state, "PotionMixed", seat, ("ingredients",), how=how, potion=potion,
                       ingredients=list(pair), **fields))
    if how != "cap":
        periscopes(state, seat, pair, [potion])


def legal_drink(state: dict, seat: int) -> list[dict]:
    return [{"type": "drink", "seat": seat, "ingredients": pair}
            for pair in hand_pairs(player(state, seat)["hand"])]


def apply_drink(state: dict, action: dict, out: list) -> None:
    """Mix and drink: Poison sends this action's cube to hospital, Paralysis puts the seat on
    the green space next round, Insanity costs 1 reputation; each at most once a round, and
    Poison and Paralysis do nothing in the last round (AL-48, AL-49, AL-50)."""
    seat, pair = action["seat"], action["ingredients"]
    p = player(state, seat)
    potion = mix_cards(state, seat, pair, out)
    effect = DRINK_EFFECTS.get(potion)
    suffered = None
    if effect and effect not in p["drink_effects"]:
        p["drink_effects"].append(effect)
        suffered = effect
        if effect in ("poison", "paralysis") and final_round(state):
            suffered = None
    how = "custodian" if state["acting"]["space"] == "custodian" else "drink"
    experimented(state, seat, pair, potion, how, out, effect=suffered)
    if suffered == "poison":
        p["hospital"] += 1
    elif suffered == "paralysis":
        p["paralysed"] = True
        state["paralysed"].append(seat)
    elif suffered == "insanity":
        change(state, seat, -1, "insanity", out)


space_decision("test", ("test",), legal_test, check_test, apply_test, "plan")
space_decision("drink", ("drink",), legal_drink, check_mix, apply_drink, "plan")
space_decision("custodian", ("drink",), legal_drink, check_mix, apply_drink, "plan")


@task("thinking_cap")
def start_thinking_cap(state: dict, current: dict, out: list) -> None:
    """Up to two tests with cards from the hand, four different cards (AL-51)."""
    seat = current["seat"]
    if current["left"] > 0 and cap_pairs(state, seat, current["used"]):
        wait_for(state, "cap_test", seat, left=current["left"], used=current["used"])


def cap_pairs(state: dict, seat: int, used: list[str]) -> list[list[str]]:
    hand = dict(player(state, seat)["hand"])
    for card in used:
        hand[card] -= 1
        if not hand[card]:
            del hand[card]
    return hand_pairs(hand)


def legal_cap(state: dict, seat: int) -> list[dict]:
    used = state["step"]["used"]
    return [*({"type": "cap_test", "seat": seat, "ingredients": pair}
              for pair in cap_pairs(state, seat, used)), {"type": "decline", "seat": seat}]


def check_cap(state: dict, action: dict) -> dict:
    if action.get("type") == "decline":
        return canonical(action, {})
    action = canonical(action, {"ingredients": "pair"})
    require(action["ingredients"][0] != action["ingredients"][1], "same_ingredient")
    pairs = cap_pairs(state, action["seat"], state["step"]["used"])
    require(action["ingredients"] in pairs, "not_in_hand", "every card must be a different card")
    return action


def apply_cap(state: dict, action: dict, out: list) -> None:
    """The cards stay in hand; no fee, no effect on the student, no Periscope (AL-51)."""
    step = state["context"]
    if action["type"] == "decline":
        return
    seat, pair = action["seat"], action["ingredients"]
    potion = mix_cards(state, seat, pair, out, keep=True)
    experimented(state, seat, pair, potion, "cap", out)
    push(state, {"t": "thinking_cap", "seat": seat, "left": step["left"] - 1,
                 "used": sorted(step["used"] + pair)})


decision("cap_test", types=("cap_test", "decline"), legal=legal_cap, check=check_cap,
         apply=apply_cap, pace="plan")
