"""The game log tells every event type of whole games, or leaves it out on purpose; a card
drawn is named only to the seat that drew it."""

import pytest
from django.utils import translation

from games.engines.playout import play
from games.nobel_run import narration
from games.nobel_run.engine.api import ENGINE
from games.nobel_run.engine.events import EVENT_TYPES
from tests.nobel_run.engine.factory import arrange, plan, settle, setup_game, use

NAMES = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"}
# Told by the lines around them: a plan's balance and a turn's end.
DELIBERATELY_SILENT = {"PlanConfirmed", "TurnEnded"}


def whole_game_events(seeds=range(12), n=4):
    events = []

    def keep(state, action, step_events):
        events.append(state["events"] if action is None else step_events)

    for seed in seeds:
        bots = {1: "greedy", 2: "random", 3: "greedy", 4: "random"}
        play(ENGINE, n, seed, bots, on_step=keep)
    return events


def called_time():
    return ENGINE.apply_action(setup_game(2), {"type": "call_time", "seat": None})[1]


def blind_pick():
    """Donna Strickland on seat 2: the blind pick resolves as a chance step (NR-25)."""
    state = arrange(setup_game(2), 1, hand=["donna-strickland", "work", "work", "work", "work"])
    events = plan(state, uses=[use("donna-strickland", 0, 2)])
    return events + settle(state)


@pytest.mark.parametrize("language", ["en", "fi"])
def test_every_event_type_of_whole_games_is_told_or_deliberately_silent(language):
    """Over 12 four-seat games every event type occurs; each is told as a line, by every
    viewer, or is one of the deliberately silent ones."""
    told, seen = set(), set()
    with translation.override(language):
        for step_events in whole_game_events():
            for viewer in (None, "public", 1, 2):
                visible = ENGINE.events_for(step_events, viewer)
                for event in visible:
                    seen.add(event["type"])
                    if narration.tell([event], NAMES):
                        told.add(event["type"])
    for directed in (called_time(), blind_pick()):
        with translation.override(language):
            for event in directed:
                seen.add(event["type"])
                if narration.tell([event], NAMES):
                    told.add(event["type"])
    assert seen == set(EVENT_TYPES)
    assert told | DELIBERATELY_SILENT == set(EVENT_TYPES)


def test_a_drawn_card_is_named_only_to_the_seat_that_drew_it():
    """Sally Kristen Ride's draws: the drawer reads the card, everyone else reads that a card
    was drawn."""
    state = arrange(setup_game(2), 1, hand=["sally-kristen-ride", "work", "work", "work",
                                             "work"], deck=["lab-equipment", "predoc"])
    plan(state, end_turn=False, uses=[use("sally-kristen-ride")])
    drawn = [e for e in settle(state) if e["type"] == "CardDrawn"]
    with translation.override("en"):
        mine = [line.text for line in narration.tell(ENGINE.events_for(drawn, 1), NAMES)]
        theirs = [line.text for line in narration.tell(ENGINE.events_for(drawn, 2), NAMES)]
        public = [line.text for line in narration.tell(ENGINE.events_for(drawn, None), NAMES)]
    assert any("Lab Equipment" in t or "Predoc" in t for t in mine)
    assert theirs == public == ["Sally Kristen Ride: Ann draws a card."] * 2


def test_a_plan_s_uses_are_one_line_and_a_purchase_says_its_cost():
    """Three uses read as one line; a paper bought says its cost and its PP."""
    state = arrange(setup_game(2), 1, hand=["lab-equipment", "predoc", "work", "work", "work"],
                    pools={"basic": ["q3-paper", "q4-paper", "predoc", "care", "local-grant"]})
    events = plan(state, uses=[use("lab-equipment"), use("predoc", 1), use("work", 1)],
                  buys=[{"supply": "basic", "from": "pool", "card": "q3-paper",
                         "unlock": None}])
    with translation.override("en"):
        lines = [line.text for line in narration.tell(events, NAMES)]
    assert lines[0] == ("Ann uses Lab Equipment (+2 data), Predoc (+2 effort), "
                        "Work (+1 effort).")
    assert "Ann buys Q3 Paper for 3 effort, 1 data: straight to the CV, +2 PP." in lines
