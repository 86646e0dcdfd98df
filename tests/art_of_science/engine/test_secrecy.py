"""Secrecy over whole seeded games: what a seat and the projector see, and the error codes they
get, are the same under two different answer keys until a judgement reveals the key (AS-33),
and a duel's question is hidden from the seats outside the duel until it ends (AS-G09).

The teacher's view shows the key by design (to judge and override), so it is left out.
"""

import json

import pytest

from games.art_of_science.engine import api
from games.art_of_science.engine.state import clone
from games.engines import playout
from games.engines.base import IllegalAction
from tests.art_of_science.fixtures import options

from .factory import act, ask, game, land, points

REVEALING = {"AnswerJudged", "DuelAnswerReceived", "DuelEnded", "JudgementOverridden",
             "ReplicationSettled", "AdviceShared"}


def rekeyed(bank: dict) -> dict:
    """The same questions with every key changed: another option, the other truth value,
    another number, another model answer and explanation."""
    changed = {}
    for qid, q in bank.items():
        q = dict(q, explanation="Another explanation.", accept=["something else"])
        if q["format"] == "multiple_choice":
            q["answer"] = (q["answer"] + 1) % len(q["options"])
        elif q["format"] == "true_false":
            q["answer"] = not q["answer"]
        elif q["format"] == "numeric":
            q["answer"] = q["answer"] + 7
        else:
            q["answer"] = "Another model answer."
        changed[qid] = q
    return changed


def seen(view: dict) -> dict:
    """A view without what judgements have revealed (the key of a judged question)."""
    view = json.loads(json.dumps(view))
    question = view.get("question")
    if question and question.get("judged"):
        question.pop("key", None)
    return view


def viewers(state: dict) -> list:
    step = state["step"]
    judges = step.get("judges", []) if step["kind"] == "judge" else []
    return [s for s in (*state["seats"], "public") if s not in judges]


PROBES = [{"type": "answer", "value": v} for v in ("A", "B", "C", "D", "E", None, "12", "x")] + [
    {"type": "advise", "suggestion": "A"}, {"type": "judge", "correct": True},
    {"type": "flag", "question": "mat-0001", "reason": "wrong"}]


def code(state: dict, action: dict) -> str:
    try:
        api.canonical_action(state, action)
    except IllegalAction as error:
        return error.code
    return "legal"


class Twin:
    """Replays each step of game A on the same position with the other keys (game B)."""

    def __init__(self, bank_b: dict):
        self.bank_b = bank_b
        self.before = None
        self.steps = 0

    def swap(self, state: dict) -> dict:
        twin = clone(state)
        twin["bank"] = self.bank_b
        return twin

    def __call__(self, state: dict, action: dict | None, events: list) -> None:
        if action is not None:
            self.compare(state, action, events)
        self.before = clone(state)

    def compare(self, state: dict, action: dict, events: list) -> None:
        twin_before = self.swap(self.before)
        for seat in state["seats"]:
            for probe in PROBES:
                probe = {**probe, "seat": seat}
                assert code(self.before, probe) == code(twin_before, probe), probe
        twin, twin_events = api.apply_action(twin_before, action)
        if REVEALING & {e["type"] for e in events}:
            return
        self.steps += 1
        for viewer in viewers(state):
            assert api.events_for(events, viewer) == api.events_for(twin_events, viewer)
            assert seen(api.view_for(state, viewer)) == seen(api.view_for(twin, viewer)), viewer
            question = api.view_for(state, viewer)["question"]
            assert question is None or question["judged"] or "key" not in question


@pytest.mark.parametrize("n", [2, 3, 4])
def test_as_33_views_events_and_codes_do_not_depend_on_the_key(n):
    """Across seeded games with open answers, advice and both bots, every seat's and the
    projector's view, events and error codes are identical under another answer key until the
    answer is judged (AS-33)."""
    opts = options(open_answers=True, spree=True)
    compared = 0
    for seed in range(5):
        state = api.new_game(playout.players(n), dict(opts), seed)
        twin = Twin(rekeyed(state["bank"]))
        bots = {s: "random" if (s + seed) % 2 else "greedy" for s in range(1, n + 1)}
        playout.play(api.ENGINE, n, seed, bots, opts, on_step=twin)
        compared += twin.steps
    assert compared > 300


def test_as_g09_a_duels_question_is_hidden_from_the_other_seats():
    """Two different duel questions look the same to a third seat and the projector until the
    duel ends; the duellists see their own (AS-G09)."""
    state = game(3)
    points(state, 1, MAT=2)
    land(state, 1, 5, 2)
    act(state, {"type": "challenge", "seat": 1, "opponent": 2, "stake": 1})
    act(state, {"type": "choose_category", "seat": 2, "category": "PHY"})
    first, second = clone(state), clone(state)
    outcomes = api.chance_outcomes(state)
    events_1 = act(first, {"type": "chance", "outcome": outcomes[0]})
    events_2 = act(second, {"type": "chance", "outcome": outcomes[1]})
    for viewer in (3, "public"):
        assert api.view_for(first, viewer) == api.view_for(second, viewer)
        assert api.events_for(events_1, viewer) == api.events_for(events_2, viewer)
        assert api.view_for(first, viewer)["question"]["hidden"] is True
    assert api.view_for(first, 1)["question"]["prompt"] != api.view_for(second, 1)["question"][
        "prompt"]
    with pytest.raises(IllegalAction) as error_1:
        act(first, {"type": "flag", "seat": 3, "question": outcomes[0], "reason": "wrong"})
    with pytest.raises(IllegalAction) as error_2:
        act(second, {"type": "flag", "seat": 3, "question": outcomes[0], "reason": "wrong"})
    assert error_1.value.code == error_2.value.code == "not_seen"


def test_as_g09_a_duellists_answer_is_hidden_until_the_duel_ends():
    """The other duellist and the table learn that an answer came and whether it was right,
    not what it was (AS-G09)."""
    state = game(3)
    points(state, 1, MAT=2)
    land(state, 1, 5, 2)
    act(state, {"type": "challenge", "seat": 1, "opponent": 2, "stake": 1})
    act(state, {"type": "choose_category", "seat": 2, "category": "PHY"})
    ask(state)
    letter = "A" if state["question"]["order"][0] != state["bank"][state["question"]["id"]][
        "answer"] else "B"
    events = act(state, {"type": "answer", "seat": 1, "value": letter})
    for viewer in (2, 3, "public"):
        received = api.events_for(events, viewer)[0]
        assert "value" not in received and received["correct"] is False
        assert api.view_for(state, viewer)["question"]["answers"] == [{"seat": 1}]
    assert api.view_for(state, 1)["question"]["answers"] == [{"seat": 1, "value": letter}]
