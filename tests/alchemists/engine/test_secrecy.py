"""The secret kept, over whole seeded games (rules file, part 3.4).

* Twin games with the same seed and bots but different mappings: every seat's, the teacher's and
  the projector's views and events are identical until a step that reveals a mapping-dependent
  result to that viewer (a potion made, a sale's quality, an aspect's sign, a demonstration's
  answer, an exhibition's success, a Periscope sighting, the Great Truth).
* At every step, changing only the mapping changes no view and no error code of any probe.
* No ingredient is named in an event where the rules hide it.
* The bots choose the same with another mapping and others' private things changed.
"""

import json
import random

import pytest

from games.alchemists.engine import api, flow
from games.alchemists.engine.bots import BOTS
from games.alchemists.engine.content import ALCHEMICAL_IDS, INGREDIENT_IDS
from games.engines.base import CHANCE, PUBLIC, TEACHER, resolve_chance

from . import factory as f

REVEALS = {"PotionMixed", "PotionSold", "AspectRevealed", "DemonstrationAnswered",
           "PotionExhibited", "PeriscopeSighted", "GreatTruthRevealed"}
HIDDEN_INGREDIENT_EVENTS = {"PotionMixed", "PotionSold", "PotionExhibited",
                            "IngredientTransmuted", "IngredientDrawn", "IngredientsDiscarded",
                            "MortarKept", "PeriscopeSighted", "CardsSetAside", "FavourDrawn"}
CASES = [(n, variant, seed) for variant in ("lesson", "apprentice", "master") for n in (2, 3, 4)
         for seed in range(3)]


def bots_for(n, seed):
    return {s: BOTS["greedy" if (s + seed) % 2 else "random"] for s in range(1, n + 1)}


def game_steps(n, seed, variant, mapping=None):
    """Yield (state, action, events) for each step of a seeded bot game; `mapping` answers the
    mapping's chance steps instead of the seed."""
    state = api.new_game(f.seats(n), {"variant": variant}, seed)
    rng = random.Random(f"bots:{seed}")
    bots = bots_for(n, seed)
    while api.current_seats(state):
        waiting = api.current_seats(state)
        if waiting == [CHANCE]:
            step = state["step"]
            if step["draw"] == "mapping":
                outcome = mapping[step["ingredient"]] if mapping else resolve_chance(
                    api.ENGINE, state, seed)["outcome"]
                yield state, "mapping", api.apply_in_place(state, {"type": "chance",
                                                                   "outcome": outcome})
                continue
            action = resolve_chance(api.ENGINE, state, seed)
            yield state, action, api.apply_in_place(state, action)
            continue
        for seat in waiting:
            if seat in api.current_seats(state):
                action = bots[seat](state, seat, rng)
                yield state, action, api.apply_in_place(state, action)


def other_mapping(seed):
    values = list(ALCHEMICAL_IDS)
    random.Random(seed).shuffle(values)
    return dict(zip(INGREDIENT_IDS, values, strict=True))


@pytest.mark.parametrize("n, variant, seed", CASES)
def test_twin_games_look_the_same_until_a_reveal(n, variant, seed):
    """Every viewer's views and events agree under two mappings until a step showing that
    viewer a result that depends on the mapping."""
    viewers = [*range(1, n + 1), TEACHER, PUBLIC]
    first = game_steps(n, seed, variant)
    second = game_steps(n, seed, variant, other_mapping(seed + 100))
    open_viewers, steps = set(viewers), 0
    for (a, action_a, events_a), (b, action_b, events_b) in zip(first, second, strict=False):
        steps += 1
        for viewer in sorted(open_viewers, key=str):
            seen_a = api.events_for(events_a, viewer)
            same = (seen_a == api.events_for(events_b, viewer)
                    and api.view_for(a, viewer) == api.view_for(b, viewer))
            if not same:
                assert REVEALS & {e["type"] for e in seen_a}, (viewer, steps, seen_a)
                open_viewers.discard(viewer)
        if action_a != action_b or not open_viewers:
            break
    assert steps > 8


@pytest.mark.parametrize("n, variant, seed", CASES[::3])
def test_changing_only_the_mapping_changes_no_view_and_no_error_code(n, variant, seed):
    """At every fourth step before the Great Truth, a state with another mapping gives the same
    view to every viewer and the same code (or none) for every probe action."""
    mapping_blind(n, variant, seed, stride=4)


@pytest.mark.slow
@pytest.mark.parametrize("n, variant, seed", [(n, v, s) for n, v, _ in CASES[::3]
                                              for s in range(10, 12)])
def test_changing_only_the_mapping_changes_nothing_at_any_step(n, variant, seed):
    """The same at every step of more games."""
    mapping_blind(n, variant, seed, stride=1)


def mapping_blind(n, variant, seed, stride):
    viewers = [*range(1, n + 1), TEACHER, PUBLIC]
    rng = random.Random(seed)
    for k, (state, _, _) in enumerate(game_steps(n, seed, variant)):
        if state["phase"] == "over" or k % stride:
            continue
        twin = json.loads(json.dumps(state))
        twin["secret"]["mapping"] = other_mapping(seed + k)
        for viewer in viewers:
            assert api.view_for(state, viewer) == api.view_for(twin, viewer)
        for probe in probes(state, rng):
            assert code_of(state, probe) == code_of(twin, probe), probe


def probes(state, rng):
    """Legal actions of the seats to act, and illegal variations of them."""
    found = []
    for seat in api.current_seats(state):
        if seat == CHANCE:
            continue
        legal = flow.decision_of(state).legal(state, seat)
        found += rng.sample(legal, min(6, len(legal)))
        for action in rng.sample(legal, min(6, len(legal))):
            bent = dict(action)
            for key in ("ingredient", "ingredients", "colour", "potion", "token"):
                if key in bent:
                    bent[key] = rng.choice(["toad", ["fern", "fern"], ["claw", "toad"], "R",
                                            "G+", "a3", ["mushroom", "feather"]])
            found.append(bent)
        found.append({"type": "test", "seat": seat, "ingredients": ["toad", "claw"]})
        found.append({"type": "debunk", "seat": seat, "ingredient": "scorpion", "colour": "B"})
    return found


def code_of(state, action):
    try:
        api.canonical_action(state, action)
    except api.IllegalAction as error:
        return error.code
    return "ok"


@pytest.mark.parametrize("n, variant, seed", CASES[::2])
def test_no_ingredient_is_named_where_the_rules_hide_it(n, variant, seed):
    """Experiments, sales, exhibitions, transmutations, draws and discards never name an
    ingredient to anyone but their seat."""
    viewers = [*range(1, n + 1), TEACHER, PUBLIC]
    for _, _, events in game_steps(n, seed, variant):
        for event in events:
            if event["type"] not in HIDDEN_INGREDIENT_EVENTS:
                continue
            for viewer in viewers:
                if viewer == event.get("seat"):
                    continue
                shown = api.events_for([event], viewer)
                text = json.dumps(shown)
                assert not [i for i in INGREDIENT_IDS if f'"{i}"' in text], (viewer, shown)


@pytest.mark.parametrize("n, variant, seed", CASES[::3])
def test_the_bots_use_only_what_their_seat_sees(n, variant, seed):
    """With another mapping and the other seats' hands, seals and results changed, each bot
    chooses exactly the same action."""
    for state, _, _ in game_steps(n, seed, variant):
        for seat in api.current_seats(state):
            if seat == CHANCE:
                continue
            twin = json.loads(json.dumps(state))
            twin["secret"]["mapping"] = other_mapping(seed)
            for p in twin["players"]:
                if p["seat"] != seat:
                    p["results"] = [["pair", "toad", "fern", ["N"]]]
                    p["hand"] = {"toad": sum(p["hand"].values())}
                    p["seals"] = dict(reversed(list(p["seals"].items())))
            for bot in BOTS.values():
                assert bot(state, seat, random.Random(1)) == bot(twin, seat, random.Random(1))
