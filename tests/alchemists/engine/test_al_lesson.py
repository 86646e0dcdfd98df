"""The lesson variant: Alchemists in 30 minutes for 14-year-olds (AL-L01 to AL-L10)."""

import json
import random
from collections import Counter

from games.alchemists.engine import ENGINE, api
from games.alchemists.engine.declare import cubes_to_place, open_spaces, slots
from games.alchemists.engine.state import player
from games.engines.base import CHANCE, resolve_chance
from games.engines.playout import lesson_minutes, play, players

from . import factory as f


def declare_all(state, plans):
    for seat, plan in plans.items():
        f.act(state, {"type": "declare", "seat": seat, "forage": 0, "transmute": 0, "test": 0,
                      "drink": 0, **plan, "assistants": 0, "custodians": 0, "associates": []})


def test_al_l01_the_default_lesson_is_an_apprentice_game():
    """No variant given: the lesson, in apprentice mode, 3 starting ingredients, apprentice
    debunks (AL-L01)."""
    state = api.new_game(f.seats(2), {}, 1)
    assert state["variant"] == "lesson" and state["rules"]["mode"] == "apprentice"
    assert ENGINE.info.default_variant == "lesson"
    state = f.game(2)
    assert sum(player(state, 1)["hand"].values()) == 3
    f.theory(state, "mushroom", "a1", [(2, "gold")])
    f.at(state, "debunk", 1, round_=2)
    assert {a["type"] for a in api.legal_actions(state, 1)} == {"debunk", "forgo"}


def test_al_l02_four_rounds_and_no_exhibition():
    """Final scoring follows round 4; Test and Drink stay open in it (AL-L02)."""
    state = f.game(2)
    state["round"] = 4
    assert open_spaces(state) == ["forage", "transmute", "debunk", "publish", "test", "drink"]
    game = play(ENGINE, 2, 3, "greedy")
    assert game.state["round"] == 4 and game.state["result"]["rounds_played"] == 4


def test_al_l03_six_spaces_no_selling_artifacts_favours_or_grants():
    """Round 1: Forage, Transmute, Test, Drink; from round 2 Debunk and Publish; no favour deck;
    unused cubes give nothing; no grant is taken (AL-L03)."""
    state = f.game(2)
    assert open_spaces(state) == ["forage", "transmute", "test", "drink"]
    assert state["decks"]["favour"] == {} and state["artifact_row"] == []
    player(state, 1)["unused"] = 2
    events = f.run(state, {"t": "unused_cubes", "inert": False})
    assert f.of_type(events, "UnusedCubesReturned")[0]["favours"] == 0 and state["step"] is None
    player(state, 1)["gold"] = 5
    for ingredient, token in (("mushroom", "a6"), ("fern", "a1")):
        f.at(state, "publish", 1, round_=2)
        f.act(state, {"type": "publish", "seat": 1, "ingredient": ingredient, "token": token,
                      "seal": "silver"})
    assert player(state, 1)["grants"] == []


def test_al_l04_three_cubes_one_per_action_two_per_space():
    """3 cubes (less one from hospital); every slot costs 1; at most 2 actions a space
    (AL-L04)."""
    state = f.game(4)
    for rnd in (1, 3):
        state["round"] = rnd
        assert cubes_to_place(state, 1) == 3
        assert all(slots(state, s) == [1, 1] for s in open_spaces(state))
    player(state, 2)["unused"] = 1
    assert cubes_to_place(state, 2) == 2


def test_al_l05_ranks_go_clockwise_from_the_start_player_paralysed_last():
    """No track choice: ranks from the start player clockwise, a paralysed seat last with no
    draws (AL-L05)."""
    state = f.game(3, start=2)
    assert state["ranks"] == [2, 3, 1] and state["step"]["decision"] == "declare"
    state["green"] = [3]
    state["start_player"] = 3
    events = f.run(state, {"t": "order"})
    assert state["ranks"] == [1, 2, 3] and f.types(events) == ["RanksSet"]


def test_al_l06_each_seat_draws_two_ingredients_from_round_two():
    """Supplies: 2 ingredient cards per seat at the start of rounds 2 to 4 (AL-L06)."""
    state = f.game(2)
    before = {s: sum(player(state, s)["hand"].values()) for s in (1, 2)}
    f.run(state, {"t": "round_start"})
    draws = []
    while state["step"]["kind"] == "chance":
        draws.append(state["step"]["seat"])
        f.chance(state, api.chance_outcomes(state)[0])
    assert draws == [1, 1, 2, 2] and state["round"] == 2
    assert {s: sum(player(state, s)["hand"].values()) for s in (1, 2)} == {
        s: before[s] + 2 for s in (1, 2)}


def test_al_l07_plans_are_declared_together_and_hidden_until_all_are_in():
    """Both seats declare at once; a submitted plan is hidden from the other seat until the
    last is in; then all are public and resolution starts (AL-L07)."""
    state = f.game(2)
    assert api.current_seats(state) == [1, 2]
    f.act(state, {"type": "declare", "seat": 2, "forage": 2, "transmute": 0, "test": 1,
                  "drink": 0, "assistants": 0, "custodians": 0, "associates": []})
    assert api.view_for(state, 1)["plans"] == {} and api.current_seats(state) == [1]
    assert api.view_for(state, 2)["step"]["my_choice"]["forage"] == 2
    declare_all(state, {1: {"test": 1, "drink": 1, "transmute": 1}})
    assert set(api.view_for(state, 1)["plans"]) == {"1", "2"}
    assert state["rows"]["forage"] == [2] and state["step"]["decision"] == "forage"


def test_al_l08_one_conference_at_the_end_of_round_three():
    """Announced from the start; threshold 1; no other conference (AL-L08)."""
    state = f.game(2)
    assert state["conferences_shown"] == ["apprentice_1"]
    assert [c["round"] for c in state["rules"]["conferences"]] == [3]
    state["round"] = 3
    f.theory(state, "mushroom", "a6", [(1, "silver")])
    events = f.run(state, {"t": "conference"})
    assert f.reputation_changes(events) == {1: 1, 2: -1}
    state["round"] = 2
    assert f.run(state, {"t": "conference"}) == []


def test_al_l09_the_science_is_intact():
    """Over seeded lesson games: experiments, publications with seals, debunks and the Great
    Truth all happen (AL-L09)."""
    seen = Counter()
    for seed in range(40):
        game = play(ENGINE, 3, seed, "greedy")
        seen.update(game.events)
        seen["correct"] += sum(t["correct"] for t in game.state["result"]["theories"])
        seen["wrong"] += sum(not t["correct"] for t in game.state["result"]["theories"])
    for kind in ("PotionMixed", "TheoryPublished", "AspectRevealed", "TheoryDebunked",
                 "GreatTruthRevealed", "ConferenceHeld", "BestAlchemistAwarded"):
        assert seen[kind] > 0, kind
    assert seen["correct"] > 0 and seen["wrong"] > 0


def test_al_l10_a_game_is_saved_and_continued_from_its_state():
    """The state as JSON text after round 2 continues to the same end as the uninterrupted
    game (AL-L10: the two-lesson option)."""
    whole = play(ENGINE, 3, 21, "greedy").state
    state = api.new_game(players(3), {}, 21)
    rng = random.Random("bots:21")
    saved = None
    while api.current_seats(state):
        if saved is None and state["round"] == 3:
            saved = json.dumps(api.state_to_json(state))
            state = api.state_from_json(json.loads(saved))
        for seat in api.current_seats(state):
            if seat not in api.current_seats(state):
                continue
            action = (resolve_chance(ENGINE, state, 21) if seat == CHANCE
                      else ENGINE.bots["greedy"](state, seat, rng))
            api.apply_in_place(state, action)
    assert saved is not None and state == whole


def test_al_l_the_lesson_plays_in_thirty_minutes():
    """By the classroom pace model, greedy tables of 2, 3 and 4 finish in 30 minutes at the
    90th percentile (AL-L01 to AL-L08 together)."""
    for n in (2, 3, 4):
        minutes = lesson_minutes(ENGINE, n, games=30, seed=500)
        assert minutes.p90 <= 30, minutes
