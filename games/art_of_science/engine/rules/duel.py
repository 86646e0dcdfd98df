"""The Duel (AS-21, AS-G09, AS-G11).

The challenger names an opponent and a stake of at most its unlocked points; the opponent names
the category; one machine-judged question is shown to both. Each answers once; answers count in
the order the server receives them, which is the order their actions are applied. The first
correct answer wins at once; a wrong one leaves the other side its time.
"""

from __future__ import annotations

from .. import questions
from ..events import event, private
from ..state import player, unlocked_points
from . import asking, points, turns


def landed(state: dict, seat: int, out: list) -> None:
    """With nothing to lose a seat cannot duel and the turn ends (AS-21, AS-G11)."""
    if unlocked_points(player(state, seat)) == 0:
        out.append(event(state, "DuelImpossible", seat))
        turns.end_turn(state, out)
    else:
        state["step"] = {"kind": "challenge", "seat": seat}


def challenge(state: dict, action: dict, out: list) -> None:
    number = len(state["duels"])
    state["duels"].append({
        "n": number, "challenger": action["seat"], "opponent": action["opponent"],
        "stake": action["stake"], "category": None, "question": None, "order": None, "answers": [],
        "judgements": [], "winner": None, "loser": None, "over": False,
    })
    out.append(event(state, "DuelDeclared", action["seat"], duel=number,
                     opponent=action["opponent"], stake=action["stake"]))
    state["step"] = {"kind": "duel_category", "seat": action["opponent"], "duel": number}


def choose_category(state: dict, action: dict, out: list) -> None:
    """The opponent names the category (AS-21)."""
    duel = state["duels"][state["step"]["duel"]]
    duel["category"] = action["category"]
    out.append(event(state, "CategoryChosen", action["seat"], category=action["category"],
                     why="duel", duel=duel["n"]))
    asking.ask(state, [duel["challenger"], duel["opponent"]], action["category"], "duel", out,
               duel=duel["n"])


def answer(state: dict, action: dict, out: list) -> None:
    """One answer of a duellist, judged as it is received (AS-21, AS-G09)."""
    q = state["question"]
    duel = state["duels"][q["duel"]]
    duel["question"], duel["order"] = q["id"], q["order"]
    seat, value = action["seat"], action["value"]
    correct = questions.judge(state["bank"][q["id"]], q["order"], value)
    q["answers"].append({"seat": seat, "value": value})
    record = asking.record_judgement(state, seat, correct, "engine")
    duel["answers"].append({"seat": seat, "value": value})
    duel["judgements"].append(record["id"])
    state["step"]["seats"].remove(seat)
    out.append(private(state, "DuelAnswerReceived", seat, seat, ("value",), n=q["n"],
                       duel=duel["n"], judgement=record["id"], category=q["category"],
                       correct=correct, value=value,
                       tally=list(player(state, seat)["tally"][q["category"]])))
    if correct:
        end(state, duel, seat, out)
    elif not state["step"]["seats"]:
        end(state, duel, None, out)


def end(state: dict, duel: dict, winner: int | None, out: list, auto: bool = False) -> None:
    """The winner distributes the stake, the loser strikes it out (AS-18, AS-19); with no
    winner nothing moves. Then everyone sees the question and its key (AS-G09, AS-33)."""
    loser = None
    if winner is not None:
        loser = duel["opponent"] if winner == duel["challenger"] else duel["challenger"]
        player(state, winner)["duels"][0] += 1
        player(state, loser)["duels"][1] += 1
    duel.update(winner=winner, loser=loser, over=True)
    if not auto:
        state["question"]["judged"] = True
    out.append(event(state, "DuelEnded", duel["challenger"], duel=duel["n"],
                     opponent=duel["opponent"], stake=duel["stake"], category=duel["category"],
                     question=duel["question"], winner=winner, loser=loser,
                     answers=[dict(a) for a in duel["answers"]],
                     key=questions.key_view(state["bank"][duel["question"]], duel["order"])))
    verdicts = [state["judgements"][j] for j in duel["judgements"]]
    decider = next((r["id"] for r in verdicts if r["correct"]), verdicts[-1]["id"])
    if winner is not None:
        points.allocate(state, winner, "gain", duel["stake"], decider, out, "duel", auto)
        points.allocate(state, loser, "strike", duel["stake"], decider, out, "duel", auto)
    if auto:
        return
    spree = winner is not None and winner == duel["challenger"] and state["options"]["spree"]
    turns.proceed(state, "spree" if spree else "end_turn", decider, out)


def resettle(state: dict, duel: dict, out: list, auto: bool) -> None:
    """After an override: the winner is the first answer, in the order received, now judged
    correct (AS-34). While the duel still runs, a side that has not answered keeps its turn."""
    if duel["winner"] is not None:
        player(state, duel["winner"])["duels"][0] -= 1
        player(state, duel["loser"])["duels"][1] -= 1
    duel.update(winner=None, loser=None, over=False)
    verdicts = [state["judgements"][j] for j in duel["judgements"]]
    winner = next((r["seat"] for r in verdicts if r["correct"]), None)
    waiting = [s for s in (duel["challenger"], duel["opponent"])
               if s not in {r["seat"] for r in verdicts}]
    if winner is None and waiting and not auto:
        state["question"]["judged"] = False
        state["question"]["resumed"] = state["question"].get("resumed", 0) + 1
        state["step"] = {"kind": "duel", "seats": waiting}
        out.append(event(state, "DuelResumed", duel["challenger"], duel=duel["n"],
                         seats=list(waiting)))
        return
    end(state, duel, winner, out, auto)
