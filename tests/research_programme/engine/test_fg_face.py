"""The engine face for the full and beginner games: variants, views, menus, the summary, pace
kinds and events the cockpit and debrief read (docs/games/research_programme.md)."""

import json
import random

import pytest

from games.engines import playout
from games.engines.base import PUBLIC, TEACHER
from games.research_programme.engine import ENGINE, api
from games.research_programme.engine import actions as dispatch

from . import factory as f
from . import factory_full as ff

VARIANTS = ["full", "beginner"]


def test_the_engine_offers_three_variants_with_school_the_default():
    """INFO lists school (default), full and beginner, each for 2-4 seats, in three languages."""
    assert ENGINE.info.default_variant == "school"
    assert set(ENGINE.info.variants) == {"school", "full", "beginner"}
    for variant in ENGINE.info.variants.values():
        assert (variant["min_seats"], variant["max_seats"]) == (2, 4)
        assert set(variant["title"]) == {"en", "fi", "sv"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_applies_and_the_menu_agrees(variant):
    """At every decision of random games, each enabled kind has legal actions that apply, a
    disabled kind has none, and every state survives a JSON round trip."""
    rng = random.Random(5)

    def check(state, action, events):
        assert json.loads(json.dumps(state)) == state
        for seat in api.current_seats(state):
            if seat == "chance":
                continue
            for entry in api.action_menu(state, seat):
                if entry["kind"] == "story_request":
                    assert entry["reason"] == "stories_off"
                    continue
                legal = dispatch.legal_of_kind(state, seat, entry["kind"])
                assert entry["enabled"] == bool(legal), entry
                if legal:
                    api.apply_action(state, rng.choice(legal))

    for seed in range(4):
        playout.play(ENGINE, 2 + seed % 3, seed, "random", {"variant": variant}, on_step=check)


def hidden_from(state, viewer):
    """Card ids the viewer must not see: other seats' hands and Disruption cards, every deck."""
    hidden = {c for deck in state["decks"].values() for c in deck}
    for p in state["players"]:
        if viewer is not TEACHER and p["seat"] != viewer:
            hidden.update(p["hand"], p["disruptions"])
    return hidden


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_view_shows_another_seats_cards_a_deck_or_a_hidden_marker(variant):
    """Across whole games no seat or public view shows another seat's hand or Disruption cards,
    no view (the teacher's included) a deck's cards or where an unrevealed marker lies."""
    def check(state, action, events):
        for viewer in [*state["seats"], TEACHER, PUBLIC]:
            view = api.view_for(state, viewer)
            text = json.dumps({k: v for k, v in view.items() if k != "events"})
            for e in view["events"]:  # a seat's own events may name cards it put back
                if viewer is not TEACHER and e.get("private_to") not in (None, viewer):
                    assert not set(e["secret"]) & set(e), e
            cards = hidden_from(state, viewer)
            played = set(state["discards"]["disruption"])
            assert not {c for c in cards - played if f'"{c}"' in text}, viewer
            assert "hidden_markers" not in view
            assert all("markers" not in e for e in view["events"])
            for cell in view["hexes"]:
                assert cell["revealed"] is None or not cell["hidden"]

    for seed in range(3):
        playout.play(ENGINE, 3, seed, "greedy", {"variant": variant}, on_step=check)


def test_the_summary_counts_disruptions_reveals_and_synthesis_attempts():
    """summary(state)'s figures for the full game add what the cockpit shows of FG play."""
    game = playout.play(ENGINE, 4, 160, "greedy", {"variant": "full"})
    summary = api.summary(game.state)
    figures = summary["figures"]
    assert figures == {"replications": game.state["replication_counter"],
                       "replication_target": 6,
                       "disruptions_played": game.events["DisruptionPlayed"],
                       "disruptions_blocked": game.events["DisruptionBlocked"],
                       "hexes_revealed": game.events["HexRevealed"],
                       "synthesis_attempts": game.events["SynthesisAttempted"]}
    assert figures["disruptions_played"] and figures["hexes_revealed"]
    assert set(summary["seats"][0]["figures"]) == {"replications", "bridges", "disruptions",
                                                   "rigour", "hype"}
    assert summary["over"] and summary["progress"] == 1.0 and summary["rounds"] == 8


def test_the_school_summary_and_deadlines_are_as_before():
    """The school summary keeps its figures; the school game has no deadline."""
    state = f.actions_position(n=2)
    assert set(api.summary(state)["figures"]) == {"replications", "replication_target"}
    assert set(api.summary(state)["seats"][0]["figures"]) == {"replications", "bridges", "ep",
                                                             "insight"}
    assert api.deadlines(state) == []


@pytest.mark.parametrize("kind, expected", [
    ("prediction", "plan"), ("build", "plan"), ("interfere", "plan"), ("roll", "read"),
    ("keep", "read"), ("defend", "choice"), ("pass", "quick"), ("synthesis", "quick"),
    ("chance", None)])
def test_pace_kind_names_each_decision(kind, expected):
    """pace_kind tells the classroom pace model what kind of decision an action is."""
    assert ENGINE.pace_kind({}, {"type": kind}) == expected


def test_events_tell_the_debrief_who_disrupted_whom_how_it_was_blocked_and_what_was_revealed():
    """DisruptionPlayed (who, on whom, which card and kind), DisruptionBlocked (how, with what,
    the roll), HexRevealed (hex, marker) and SynthesisAttempted (the roll) are self-contained."""
    seen = {}

    def keep(state, action, events):
        for e in events:
            seen.setdefault(e["type"], e)

    playout.play(ENGINE, 4, 160, "greedy", {"variant": "full"}, on_step=keep)
    assert {"seat", "target", "card", "disruption_type", "kind", "theory", "hexes",
            "cost"} <= set(seen["DisruptionPlayed"])
    assert {"seat", "attacker", "card", "kind", "how", "block_card", "roll",
            "attacker_reputation"} <= set(seen["DisruptionBlocked"])
    assert {"seat", "attacker", "card", "results"} <= set(seen["DisruptionHit"])
    assert {"seat", "hex", "region", "marker"} <= set(seen["HexRevealed"])
    assert {"seat", "die", "bonus", "result", "success"} <= set(seen["SynthesisAttempted"])


def test_a_defend_step_is_the_targets_alone_and_its_menu_offers_no_block():
    """The defend menu lists "no block" and the target's blocks; other seats have none."""
    state = ff.actions_position(n=2, seat=1, anomaly_hexes=("COS1", "PAR1", "MAT1"))
    f.put_theory(state, 2, "T-GRA-2")
    ff.hand(state, 1, "D-SPIN")
    ff.hand(state, 2, "D-REGISTERED-REPORT")
    f.act(state, {"type": "interfere", "seat": 1, "card": "D-SPIN", "target": 2})
    [entry] = [e for e in api.action_menu(state, 2) if e["kind"] == "defend"]
    assert entry["enabled"] and {a["action"]["how"] for a in entry["actions"]} == {
        None, "protection"}
    assert not any(e["enabled"] for e in api.action_menu(state, 1))
    assert api.view_for(state, 1)["interference"]["card"] == "D-SPIN"
