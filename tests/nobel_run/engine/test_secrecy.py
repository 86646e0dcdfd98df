"""Hidden information at engine level (NR-39, Part 4 of the rules file).

Over whole seeded playouts, at every step, the state gets a **twin** that differs only in a
secret: one seat's hand card swapped with a card of its own deck (a different deal), a hand
card swapped with a card under a supply deck's top, or a card under the basic deck's top
swapped with one under the advanced deck's top. Every viewer that may not see that secret (the
other seats, the projector, and the teacher, who does not see hands in this game) must get an
identical view; the next action, when it is not the secret holder's and reads no changed deck,
must be legal in both, give identical events to those viewers, identical views after, and the
bots must choose it alike; illegal actions probed for the other seats get identical codes.
"""

import random

import pytest

from games.engines.base import CHANCE, PUBLIC, TEACHER, IllegalAction, resolve_chance
from games.nobel_run.engine import api
from games.nobel_run.engine.bots import BOTS
from games.nobel_run.engine.cards import PAPER_PP
from games.nobel_run.engine.events import EVENT_TYPES
from games.nobel_run.engine.state import clone, player

from .factory import seats


def swap_hand_deck(state, seat):
    p = player(state, seat)
    for a in sorted(set(p["hand"])):
        for b in sorted(set(p["deck"])):
            if a != b:
                return _swap(p["hand"], a, p["deck"], b)
    return False


def swap_hand_rest(state, seat):
    p = player(state, seat)
    rest = state["supply"]["basic"]["rest"]
    for a in sorted(set(p["hand"])):
        for b in sorted(set(rest) - set(PAPER_PP)):
            if a != b:
                return _swap(p["hand"], a, rest, b)
    return False


def swap_rests(state, seat):
    basic, advanced = state["supply"]["basic"]["rest"], state["supply"]["advanced"]["rest"]
    for a in sorted(set(basic)):
        for b in sorted(set(advanced)):
            if a != b:
                return _swap(basic, a, advanced, b)
    return False


def _swap(zone_a, a, zone_b, b):
    zone_a.remove(a)
    zone_b.remove(b)
    zone_a.append(b)
    zone_b.append(a)
    zone_a.sort()
    zone_b.sort()
    return True


TWINS = {"hand_deck": swap_hand_deck, "hand_rest": swap_hand_rest, "rests": swap_rests}


def blind_to(state, kind, seat):
    """The viewers that may not see the twin's secret."""
    n = len(state["players"])
    others = [s for s in range(1, n + 1) if kind == "rests" or s != seat]
    return [*others, TEACHER, PUBLIC]


def reads_secret(state, action, kind, seat):
    """Whether applying `action` reads what the twins differ in (then they may part ways)."""
    if action.get("type") != CHANCE:
        return action.get("seat") == seat and kind != "rests"
    step = state["step"]
    if step["draw"] == "top":
        return kind in ("hand_rest", "rests")
    return step["draw"] in ("card", "blind") and step["seat"] == seat and kind != "rests"


def probes(state, seat):
    """Actions a seat might try, legal or not, built only from what it can see."""
    public = api.view_for(state, seat)
    hand = public["players"][seat - 1]["hand"]
    kinds = sorted(set(hand) | {"work", "care", "donna-strickland", "q4-paper"})
    n = len(state["players"])
    found = [{"type": "plan", "seat": seat, "uses": [{"card": k, "use": 0, "target": t}]}
             for k in kinds for t in (None, seat % n + 1)]
    found += [{"type": "plan", "seat": seat, "publish": {"card": k, "target": seat % n + 1}}
              for k in kinds]
    for name, supply in public["supply"].items():
        found += [{"type": "plan", "seat": seat, "buys": [
            {"supply": name, "from": "pool", "card": k}]} for k in supply["pool"]]
    found += [{"type": "discard_for_effect", "seat": seat, "cards": ["work"]},
              {"type": "discard_by_default", "seat": seat}]
    return found


def code(state, action):
    try:
        api.canonical_action(state, action)
        return "ok"
    except IllegalAction as error:
        return error.code


def compare(state, twin, action, bot, rng_state, kind, seat, seen):
    viewers = blind_to(state, kind, seat)
    for viewer in viewers:
        assert api.view_for(state, viewer) == api.view_for(twin, viewer), (kind, seat, viewer)
    for other in (v for v in viewers if isinstance(v, int)):
        for probe in probes(state, other):
            assert code(state, probe) == code(twin, probe), (kind, seat, probe)
    if reads_secret(state, action, kind, seat):
        return
    if bot is not None:
        rng = random.Random()
        rng.setstate(rng_state)
        assert bot(twin, action["seat"], rng) == action, (kind, seat)
    after, events = api.apply_action(state, action)
    twin_after, twin_events = api.apply_action(twin, action)
    seen.update(e["type"] for e in events)
    for viewer in viewers:
        assert api.events_for(events, viewer) == api.events_for(twin_events, viewer)
        assert api.view_for(after, viewer) == api.view_for(twin_after, viewer)


def other_draw(state, action, seen):
    """A seat's draw dealt another card looks the same to everyone else (two deals)."""
    step = state["step"]
    if step["draw"] != "card":
        return
    others = [k for k in api.chance_outcomes(state) if k != action["outcome"]]
    if not others:
        return
    after, events = api.apply_action(state, action)
    dealt, dealt_events = api.apply_action(state, {"type": CHANCE, "outcome": others[0]})
    for viewer in blind_to(state, "hand_deck", step["seat"]):
        assert api.events_for(events, viewer) == api.events_for(dealt_events, viewer)
        assert api.view_for(after, viewer) == api.view_for(dealt, viewer)
    seen.add("CardDrawn")


def play_and_compare(n, seed, bots, seen, call_time_at=None, state=None):
    state = state or api.new_game(seats(n), {}, seed)
    seen.update(e["type"] for e in state["events"])
    rng = random.Random(f"bots:{seed}")
    step = 0
    while api.current_seats(state):
        waiting = api.current_seats(state)
        bot, rng_state = None, rng.getstate()
        if waiting == [CHANCE]:
            action = resolve_chance(api.ENGINE, state, seed)
        else:
            bot = BOTS[bots[waiting[0]]]
            action = bot(state, waiting[0], rng)
        if waiting == [CHANCE]:
            other_draw(state, action, seen)
        kind = list(TWINS)[step % len(TWINS)]
        seat = step // len(TWINS) % n + 1
        twin = clone(state)
        if TWINS[kind](twin, seat):
            compare(state, twin, action, bot, rng_state, kind, seat, seen)
        seen.update(e["type"] for e in api.apply_in_place(state, action))
        step += 1
        if step == call_time_at:
            seen.update(e["type"] for e in api.apply_in_place(
                state, {"type": "call_time", "seat": None}))
    return state


GAMES = [(2, 1, {1: "greedy", 2: "random"}), (3, 2, {1: "random", 2: "greedy", 3: "random"}),
         (4, 3, {1: "greedy", 2: "random", 3: "greedy", 4: "random"}),
         (2, 4, {1: "random", 2: "random"}), (3, 5, {1: "greedy", 2: "greedy", 3: "greedy"}),
         (4, 6, {1: "random", 2: "greedy", 3: "random", 4: "greedy"})]


def test_nr_39_no_view_event_or_error_code_reveals_a_secret_over_whole_playouts():
    """Twins differing in a hand, a deck or a supply's hidden cards look the same to every
    viewer that may not see them, at every step of whole games; every event type is
    covered (NR-39)."""
    seen = set()
    for n, seed, bots in GAMES:
        play_and_compare(n, seed, bots, seen)
    play_and_compare(2, 7, {1: "random", 2: "greedy"}, seen, call_time_at=40)
    play_and_compare(3, 8, {1: "random", 2: "random", 3: "random"}, seen, state=donna_game())
    for extra in range(9, 40):
        if set(EVENT_TYPES) <= seen:
            break
        play_and_compare(3, extra, {1: "random", 2: "random", 3: "greedy"}, seen)
    assert set(EVENT_TYPES) <= seen, set(EVENT_TYPES) - seen


def donna_game():
    """A 3-seat game whose first seat is about to play Donna Strickland (the greedy bot
    publishes her instead, so whole bot games rarely show a blind pick)."""
    from .factory import arrange, plan, setup_game, use

    state = setup_game(3, seed=8)
    arrange(state, 1, hand=["donna-strickland", "work", "work", "work", "work"])
    plan(state, end_turn=False, uses=[use("donna-strickland", 0, 2)])
    return state


@pytest.mark.parametrize("viewer", [TEACHER, PUBLIC, 2])
def test_nr_39_the_teacher_and_others_never_see_a_hand_or_a_drawn_card(viewer):
    """Seat 1's hand and deck are in no view but its own, and its drawn cards in no event
    but its own; the teacher is no exception in this game (NR-39, teacher_sees_private)."""
    assert api.INFO.teacher_sees_private is False
    state = api.new_game(seats(2), {"first_seat": 1}, 5)
    drawn = []
    while api.current_seats(state) == [CHANCE]:
        drawn += api.apply_in_place(state, resolve_chance(api.ENGINE, state, 5))
    seat1 = api.view_for(state, viewer)["players"][0]
    assert "hand" not in seat1 and "deck_cards" not in seat1
    mine = [e for e in api.events_for(drawn, viewer) if e["type"] == "CardDrawn"
            and e["seat"] == 1]
    assert len(mine) == 5 and all("card" not in e for e in mine)
    own = [e for e in api.events_for(drawn, 1) if e["type"] == "CardDrawn" and e["seat"] == 1]
    assert sorted(e["card"] for e in own) == state["players"][0]["hand"]


def test_nr_39_the_deadline_and_the_summary_name_no_card():
    """What the platform's timer and the cockpit read carries no card of a hand."""
    from .factory import arrange, plan, setup_game, use

    state = setup_game(2)
    arrange(state, 2, hand=["predoc", "work", "work", "research", "lab-equipment"])
    arrange(state, 1, hand=["care", "work", "work", "work", "work"])
    plan(state, end_turn=False, uses=[use("care", 0, 2)])
    text = repr(api.deadlines(state)) + repr(api.summary(state))
    assert "predoc" not in text and "lab-equipment" not in text
    assert api.summary(state)["figures"]["waiting_for"] == 2
