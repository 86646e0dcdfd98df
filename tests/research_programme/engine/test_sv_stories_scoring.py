"""Interlude stories, the end of the game, scoring and the debrief's facts (SV-78 to SV-86)."""

import pytest

from games.engines.base import GameError, IllegalAction
from games.research_programme.engine import api
from games.research_programme.engine.rules import scoring
from games.research_programme.engine.state import player

from . import factory as f


def ask(state, seat, story_id="s1"):
    return f.act(state, {"type": "story_request", "seat": seat, "story_id": story_id})


def decide(state, kind, story_id="s1"):
    return f.act(state, {"type": kind, "seat": None, "story_id": story_id})


def test_sv_78_a_story_is_asked_for_on_the_seats_own_turn():
    """On its Actions turn or before its roll; not on another seat's turn; no action used."""
    state = f.actions_position(n=2, seat=1)
    with pytest.raises(IllegalAction) as error:
        ask(state, 2)
    assert error.value.code == "not_your_turn"
    events = ask(state, 1)
    assert f.event_types(events) == ["StoryRequested"]
    assert state["step"] == {"kind": "actions", "seats": [1]}
    assert player(state, 1)["actions_taken"] == []
    before_roll = f.test_position(n=2, seat=2)
    ask(before_roll, 2, "s2")
    assert before_roll["stories"]["s2"]["status"] == "pending"


def test_sv_78_one_pending_story_and_at_most_two_a_round():
    """A seat waits for its pending story; accepted plus pending stay under the limit."""
    state = f.actions_position(n=2, seat=1)
    ask(state, 1, "a")
    with pytest.raises(IllegalAction) as error:
        ask(state, 1, "b")
    assert error.value.code == "story_pending"
    decide(state, "story_accept", "a")
    ask(state, 1, "b")
    decide(state, "story_accept", "b")
    with pytest.raises(IllegalAction) as error:
        ask(state, 1, "c")
    assert error.value.code == "story_limit"
    assert f.kinds(api.action_menu(state, 1))["story_request"]["reason"] == "story_limit"


def test_sv_78_the_teacher_sets_one_to_three_stories_a_round():
    """stories_per_round is 1, 2 or 3; a rejected story does not count."""
    state = f.actions_position(n=2, seat=1, options={"stories_per_round": 1})
    ask(state, 1, "a")
    decide(state, "story_reject", "a")
    ask(state, 1, "b")
    decide(state, "story_accept", "b")
    with pytest.raises(IllegalAction):
        ask(state, 1, "c")
    with pytest.raises(GameError):
        f.setup_game(n=2, options={"stories_per_round": 4})


def test_sv_79_an_accepted_story_gives_insight_and_ep_a_rejected_one_nothing():
    """Accept: Insight +1 and EP +1. Reject: nothing. A repeated decision changes nothing."""
    state = f.actions_position(n=2, seat=1)
    ask(state, 1, "a")
    events = decide(state, "story_accept", "a")
    assert f.first(events, "StoryAccepted")["seat"] == 1
    p = player(state, 1)
    assert (p["insight"], p["ep"]) == (1, 1)
    before = api.state_to_json(state)
    again, events = api.accept_story(state, "a")
    assert events == [] and again == before
    rejected, events = api.reject_story(state, "a")
    assert events == [] and rejected == before
    unknown, events = api.accept_story(state, "nope")
    assert events == [] and unknown == before
    ask(state, 1, "b")
    decide(state, "story_reject", "b")
    assert (player(state, 1)["insight"], player(state, 1)["ep"]) == (1, 1)


def test_sv_79_only_the_teacher_decides():
    """A seat cannot accept a story."""
    state = f.actions_position(n=2, seat=1)
    ask(state, 1, "a")
    with pytest.raises(IllegalAction) as error:
        api.apply_action(state, {"type": "story_accept", "seat": 2, "story_id": "a"})
    assert error.value.code == "teacher_only"


@pytest.mark.parametrize("votes, status", [
    ([True, True], "accepted"),
    ([True, False], "rejected"),
    ([False], "rejected"),
])
def test_sv_79_without_a_teacher_a_majority_of_the_other_seats_decides(votes, status):
    """Three other seats: two yes accept; a tie or a lost majority rejects."""
    state = f.actions_position(n=4, seat=1, options={"story_judge": "table"})
    ask(state, 1, "a")
    for voter, vote in zip((2, 3, 4)[:len(votes)], votes, strict=True):
        f.act(state, {"type": "story_vote", "seat": voter, "story_id": "a", "accept": vote})
    if votes == [True, False]:
        assert state["stories"]["a"]["status"] == "pending"
        f.act(state, {"type": "story_vote", "seat": 4, "story_id": "a", "accept": False})
    if votes == [False]:
        f.act(state, {"type": "story_vote", "seat": 3, "story_id": "a", "accept": False})
    assert state["stories"]["a"]["status"] == status


def test_sv_79_two_players_tie_rule_one_vote_decides():
    """With 2 seats the one other seat decides."""
    state = f.actions_position(n=2, seat=1, options={"story_judge": "table"})
    ask(state, 1, "a")
    assert {a["type"] for a in api.legal_actions(state, 2)} == {"story_vote"}
    f.act(state, {"type": "story_vote", "seat": 2, "story_id": "a", "accept": True})
    assert player(state, 1)["ep"] == 1


def test_sv_80_insight_lasts_to_the_next_rolled_test():
    """Cleanup keeps Insight; a late acceptance goes to the next test; the roll uses it up."""
    state = f.test_position(n=2, seat=1)
    ask(state, 1, "a")
    f.roll(state, 1, 1)
    decide(state, "story_accept", "a")
    assert player(state, 1)["insight"] == 1 and state["round"] == 2
    assert state["stories"]["a"]["round"] == 1
    state = f.test_position(n=2, seat=1, state=state)
    f.give(state, 1, D=1)
    rolled = f.first(f.roll(state, 1, 1), "TestRolled")
    assert rolled["insight"] == 1 and player(state, 1)["insight"] == 0


@pytest.mark.parametrize("ep, vp", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (11, 2)])
def test_sv_81_every_third_ep_is_one_vp_at_most_two(ep, vp):
    """EP VP = min(2, floor(EP / 3))."""
    assert scoring.ep_vp(ep) == vp
    state = f.setup_game(n=2)
    f.give(state, 1, ep=ep)
    assert scoring.breakdown(state, 1)["ep"] == vp


def test_sv_82_the_counter_ends_the_game_at_the_end_of_its_round():
    """Reaching N + 2 replications mid-round: the round is played out, then the game ends."""
    state = f.setup_game(n=2)
    state["replication_counter"] = 3
    f.hit(state, "T-GRA-PK", "P-X1", 1, hex_id="MET0")
    f.schedule(state, 2, "T-PAR-PK", "P-PAR-PK")
    state = f.test_position(n=2, seat=1, state=state)
    f.roll(state, 1, 6)
    assert state["replication_counter"] == 4 and state["phase"] == "tests"
    f.act(state, {"type": "roll", "seat": 2})
    f.chance(state, 6)
    f.settle(state)
    assert state["phase"] == "over"
    assert api.outcome(state)["ended_by"] == "replication_counter"


def test_sv_82_calling_time_ends_the_game_at_this_rounds_cleanup():
    """The teacher's call_time ends the game after the current round, scored normally."""
    state = f.test_position(n=2, seat=1)
    f.act(state, {"type": "call_time", "seat": None})
    f.roll(state, 1, 1)
    f.settle(state)
    assert state["phase"] == "over" and state["round"] == 1
    assert api.outcome(state)["ended_by"] == "call_time"


def test_sv_83_vp_gained_in_play_is_kept_by_source():
    """Replication, tag, anomaly, falsification and programme VP each have their line."""
    state = f.setup_game(n=2)
    p = player(state, 1)
    for source, amount in (("replication", 3), ("replication_tag", 1), ("anomaly", 2),
                           ("falsification", 1), ("research_programme", 1)):
        p["vp_sources"][source] = amount
        p["vp"] += amount
    parts = scoring.breakdown(state, 1)
    assert {k: parts[k] for k in ("replication", "replication_tag", "anomaly", "falsification",
                                  "research_programme")} == {
        "replication": 3, "replication_tag": 1, "anomaly": 2, "falsification": 1,
        "research_programme": 1}


def test_sv_84_final_scoring_matches_the_rules_file_example():
    """9 in play, 2 bridges, one theory at KV 3, Hype 3 > Rigour 2, Debt 1, EP 4: 11."""
    state = f.setup_game(n=2)
    p = player(state, 1)
    p["vp"], p["vp_sources"]["replication"] = 9, 9
    p["bridges"] = ["GRA-COS", "GRA-PAR"]
    state["theories"]["T-GRA-PK"]["consensus"] = 3
    f.give(state, 1, hype=3, rigour=2, debt=1, ep=4)
    parts = scoring.breakdown(state, 1)
    assert parts["bridges"] == 2 and parts["consensus"] == 1 and parts["hype_penalty"] == -1
    assert parts["debt"] == -1 and parts["ep"] == 1
    assert scoring.final_vp(state, 1) == 11 == sum(parts.values())


def ended(state):
    state["phase"] = "over"
    state["ended_by"] = "round_limit"
    state["step"] = {"kind": "over", "seats": []}
    return api.outcome(state)


def test_sv_85_ties_break_on_replications_then_rigour_then_hype():
    """Equal VP: more replications of own theories, then higher Rigour, then lower Hype."""
    state = f.setup_game(n=4)
    for seat in (1, 2, 3, 4):
        f.give(state, seat, vp=5, rigour=2, hype=1)
        player(state, seat)["vp_sources"]["replication"] = 5
    player(state, 2)["replications"] = 1
    f.give(state, 3, rigour=3)
    f.give(state, 4, hype=0)
    result = ended(state)
    assert result["ranking"] == [2, 3, 4, 1] and result["winners"] == [2]


def test_sv_85_a_tie_on_everything_is_a_shared_victory():
    """Seats equal on VP and every tie-break share the rank."""
    state = f.setup_game(n=3)
    f.give(state, 3, vp=-1)
    player(state, 3)["vp_sources"]["cards"] = -1
    result = ended(state)
    assert result["winners"] == [1, 2]
    ranks = {row["seat"]: row["rank"] for row in result["players"]}
    assert ranks == {1: 1, 2: 1, 3: 3}


def test_sv_86_outcome_and_events_carry_the_debriefs_facts():
    """After scoring: VP with a breakdown summing to it, and self-contained test events."""
    from games.research_programme.engine.simulate import play

    events = []
    game = play(5, 3, "greedy", on_step=lambda s, a, ev: events.extend(ev))
    result = api.outcome(game.state)
    for row in result["players"]:
        assert sum(row["breakdown"].values()) == row["vp"]
    tests = [e for e in events if e["type"] in ("TestSucceeded", "NullResult",
                                                "ArtefactCancelledSuccess")]
    assert tests
    for e in tests:
        assert {"round", "seat", "theory", "owner", "project", "method_key", "outcome",
                "classification", "die", "bonus", "threshold", "threshold_parts", "hype",
                "rigour", "vp_gained"} <= set(e)
    for e in events:
        if e["type"] in ("EventHit", "EventBlocked"):
            assert {"card", "event_type", "round", "seat"} <= set(e)
    assert events[-1]["type"] == "GameEnded"
