"""Seeded playouts: 1,000 games for each of 2, 3, 4 and 6 seats (the classroom's counts and the
game's maximum), both bots mixed, the Lesson length, with the optional rules varied by seed.

After every step `check_invariants` is [] (points within 0…requirement, AS-39); every game ends
with a full card or a ranking; each final state survives a JSON round trip; a sample replayed
through `playout.replay` (the validating path) gives the identical state and events.
"""

import json
import random

import pytest

from games.art_of_science.engine import ENGINE, api
from games.art_of_science.engine.state import is_complete
from games.engines import playout
from games.engines.base import CHANCE, resolve_chance
from tests.art_of_science.fixtures import records

GAMES = 1000
SAMPLE = range(0, GAMES, 125)
VARIANTS = ({}, {"spree": True, "shove": True}, {"open_answers": True}, {"advice": False})


def lesson(seed: int) -> dict:
    english = [r for r in records() if r["lang"] == "en"]
    return {"questions": english, "language": "en", **VARIANTS[seed % len(VARIANTS)]}


def mixed(n: int, seed: int) -> dict:
    return {s: "random" if (s + seed) % 2 else "greedy" for s in range(1, n + 1)}


def check_step(state, action, events):
    broken = ENGINE.check_invariants(state)
    assert not broken, (action, broken)


def check_end(game) -> None:
    state = game.state
    result = api.outcome(state)
    assert result is not None and result["ended_by"] == "win"
    assert result["winners"] == [p["seat"] for p in state["players"] if is_complete(p)]
    assert json.loads(json.dumps(state)) == state


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_a_thousand_seeded_games_end_soundly(n):
    """1,000 seeded games end, keep every invariant at every step and round-trip through JSON;
    a sample replays identically through the validating path (AS-24, AS-39)."""
    options = {seed: lesson(seed) for seed in range(len(VARIANTS))}
    for seed in range(GAMES):
        opts = options[seed % len(VARIANTS)]
        steps: list = []
        on_step = check_step
        if seed in SAMPLE:
            def on_step(state, action, events, steps=steps):
                check_step(state, action, events)
                if action is not None:
                    steps.append(events)
        game = playout.play(ENGINE, n, seed, mixed(n, seed), opts, on_step=on_step)
        check_end(game)
        if seed in SAMPLE:
            state, events = playout.replay(ENGINE, n, seed, game.actions, opts)
            assert state == game.state and events == steps


def test_called_time_ends_every_game_with_a_ranking():
    """The teacher calls time after ten simulated minutes: each game ends with a ranking
    (AS-37)."""
    for seed in range(40):
        game = playout.play(ENGINE, 4, seed, "greedy", lesson(seed), pace=playout.CLASSROOM,
                            call_time_after=600, on_step=check_step)
        result = api.outcome(game.state)
        assert result["ended_by"] in ("win", "time_called")
        assert [row["rank"] for row in result["players"]][0] == 1


def play_with_teacher(n: int, seed: int, opts: dict) -> tuple[dict, list]:
    """A bot game in which the teacher reverses a judgement now and then and seats flag
    questions: every action goes through the validating path."""
    rng = random.Random(f"teacher:{seed}")
    state = api.new_game(playout.players(n), dict(opts), seed)
    log = []
    while api.outcome(state) is None:
        reversible = [a for a in api.legal_actions(state, None) if a["type"] == "override"]
        seats = api.current_seats(state)
        if reversible and rng.random() < 0.4:
            action = reversible[rng.randrange(len(reversible))]
        elif state["asked"] and rng.random() < 0.05:
            flag = api.action_menu(state, 1)[-1]["actions"]
            action = flag[0]["action"] if flag else None
        elif seats == [CHANCE]:
            action = resolve_chance(api.ENGINE, state)
        elif seats:
            action = api.ENGINE.bots["random" if seed % 2 else "greedy"](state, seats[0], rng)
        else:  # the teacher is the sole judge
            action = {"type": "judge", "seat": None, "correct": rng.random() < 0.5}
        if action is None:
            continue
        api.apply_in_place(state, action, validate=True)
        log.append(action)
        assert api.check_invariants(state) == [], (seed, action)
    return state, log


@pytest.mark.parametrize("n", [2, 3, 4])
def test_as_34_overrides_and_flags_keep_every_invariant(n):
    """With the teacher reversing judgements and seats flagging questions at random, every game
    ends, keeps its invariants, and replays from its log (AS-34, AS-35)."""
    overrides = 0
    for seed in range(25):
        opts = {**lesson(seed), "open_answers": True, "judge": "teacher" if seed % 5 == 0
                else "table", "spree": seed % 3 == 0}
        state, log = play_with_teacher(n, seed, opts)
        overrides += sum(a["type"] == "override" for a in log)
        replayed, _ = playout.replay(ENGINE, n, seed, log, opts)
        assert replayed == state
    assert overrides > 40
