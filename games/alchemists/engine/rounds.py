"""A round from start to end (AL-22, AL-28, AL-88 to AL-97; the lesson's AL-L06, AL-L08)."""

from __future__ import annotations

from .content import CONFERENCES
from .draws import draws
from .events import event
from .flow import push, task
from .grants import covered
from .reputation import apply as apply_reputation
from .state import clockwise, final_round, is_master, player


@task("round_start")
def start_round(state: dict, current: dict, out: list) -> None:
    """A new eager student (AL-47) and the round's adventurer (AL-22); in the lesson each seat
    draws its supplies from round 2 (AL-L06). Then turn order, declaration, resolution, end."""
    state["round"] += 1
    state["phase"] = "round"
    state["student"] = "eager"
    state["sold"] = []
    state["paralysed"] = []
    for p in state["players"]:
        p.update(drink_effects=[], boots_used=False, bid=None, paralysed=False)
    out.append(event(state, "RoundStarted", adventurer=state["adventurer"],
                     conference=conference_now(state)))
    tasks = []
    if state["round"] > 1 and state["rules"]["round_draws"]:
        for seat in clockwise(state, state["start_player"]):
            tasks += draws("ingredient", seat, state["rules"]["round_draws"], "supplies")
    push(state, *tasks, {"t": "order"}, {"t": "declare"}, {"t": "round_end"})


def conference_now(state: dict) -> dict | None:
    """The conference held at the end of this round, if any (AL-17; AL-L08)."""
    for number, slot in enumerate(state["rules"]["conferences"], 1):
        if slot["round"] == state["round"]:
            return {"number": number, **slot, "threshold": CONFERENCES[slot["tile"]]["threshold"]}
    return None


def seals_on_board(state: dict, seat: int) -> int:
    """The seat's seals on the board, not counting theories in conflict (AL-70, AL-89)."""
    if is_master(state):
        return len(covered(state, seat))
    return sum(1 for t in state["theories"].values() for s in t["seals"] if s["seat"] == seat)


@task("round_end")
def end_round(state: dict, current: dict, out: list) -> None:
    """AL-88's order; in the last round (or once time is called) AL-97's."""
    state["phase"] = "round_end"
    if final_round(state) or state["time_called"]:
        push(state, {"t": "best_alchemist"}, {"t": "unused_cubes", "inert": True},
             {"t": "final_scoring"})
        return
    push(state, {"t": "conference"}, {"t": "best_alchemist"},
         {"t": "unused_cubes", "inert": False}, {"t": "hospital"}, {"t": "advance_round"},
         {"t": "round_start"})


@task("conference")
def hold_conference(state: dict, current: dict, out: list) -> None:
    """Reaching the threshold of seals gains 1; falling short loses 1 per missing seal (AL-89,
    G-10). New artifacts follow (AL-90)."""
    conference = conference_now(state)
    if conference is None:
        return
    threshold = conference["threshold"]
    counts = {p["seat"]: seals_on_board(state, p["seat"]) for p in state["players"]}
    deltas = {seat: (CONFERENCES[conference["tile"]]["reach_gain"] if s >= threshold
                     else s - threshold) for seat, s in counts.items()}
    out.append(event(state, "ConferenceHeld", number=conference["number"], threshold=threshold,
                     seals={str(k): v for k, v in counts.items()},
                     changes={str(k): v for k, v in deltas.items()}))
    apply_reputation(state, deltas, "conference", out)
    level = str(conference["number"] + 1)
    if state["rules"]["artifacts"] and level in state["artifact_preview"]:
        gone = state["artifact_row"]
        state["artifact_row"] = state["artifact_preview"].pop(level)
        out.append(event(state, "ArtifactsReplaced", level=int(level), gone=gone,
                         row=list(state["artifact_row"])))


@task("best_alchemist")
def best_alchemist(state: dict, current: dict, out: list) -> None:
    """Every seat with the most seals on the board gains 1; nobody if the most is 0 (AL-91,
    G-28)."""
    counts = {p["seat"]: seals_on_board(state, p["seat"]) for p in state["players"]}
    top = max(counts.values())
    if top == 0:
        return
    winners = [seat for seat, count in counts.items() if count == top]
    out.append(event(state, "BestAlchemistAwarded", seats=winners, seals=top))
    for seat in winners:
        apply_reputation(state, {seat: 1}, "best_alchemist", out)


@task("unused_cubes")
def unused_cubes(state: dict, current: dict, out: list) -> None:
    """In rank order, 1 favour per 2 unused cubes; the cubes return (AL-92). In the lesson
    there are no favour cards (AL-L03)."""
    tasks = []
    for seat in state["ranks"]:
        p = player(state, seat)
        favours = p["unused"] // 2 if state["rules"]["favours"] else 0
        if p["unused"]:
            out.append(event(state, "UnusedCubesReturned", seat, cubes=p["unused"],
                             favours=favours))
        p["unused"] = 0
        tasks += draws("favour", seat, favours, "unused_cubes", inert=current["inert"])
    push(state, *tasks)


@task("hospital")
def leave_hospital(state: dict, current: dict, out: list) -> None:
    """Cubes in hospital move to the unused-cube space: not placeable next round (AL-93)."""
    for p in state["players"]:
        if p["hospital"]:
            p["unused"] += p["hospital"]
            out.append(event(state, "HospitalLeft", p["seat"], cubes=p["hospital"]))
            p["hospital"] = 0


@task("advance_round")
def advance_round(state: dict, current: dict, out: list) -> None:
    """Adventurers and conference tiles advance (AL-94), the ingredient row is dealt again
    (AL-95), markers leave the track but green ones (AL-96), the start player passes
    (AL-28)."""
    tasks = []
    if state["rules"]["selling"]:
        state["adventurer"], state["next_adventurer"] = state["next_adventurer"], None
        if state["round"] + 2 <= state["rules"]["rounds"] and state["secret"]["adventurers"]:
            tasks.append({"t": "adventurer"})
    for slot in state["rules"]["conferences"]:
        if slot["revealed_after"] == state["round"]:
            state["conferences_shown"].append(slot["tile"])
            out.append(event(state, "ConferenceAnnounced", tile=slot["tile"],
                             at_end_of=slot["round"]))
    for card, count in state["row"].items():
        state["discards"]["ingredient"][card] = state["discards"]["ingredient"].get(card, 0) + count
    state["row"] = {}
    state["green"] = list(state["paralysed"])
    state["start_player"] = clockwise(state, state["start_player"])[1]
    out.append(event(state, "RoundEnded", start_player=state["start_player"],
                     green=list(state["green"])))
    push(state, *tasks, *draws("ingredient", None, 5, "row"))
