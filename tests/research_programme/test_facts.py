"""The fact generators, one per default question, on game logs built event by event; and on
whole bot games, whose events the builder's shapes must match."""

import pytest
from django.utils import translation

from debrief import facts
from games.packages import package
from games.research_programme import facts as rp_facts
from games.research_programme.engine import simulate
from tests.debrief.factories import DISINFORMATION, REPORTING_BIAS, GameLog, outcome_row

FACT_KEYS = [key for key, _text in package("research_programme").debrief_questions]

LIGHT = "T-GRA-PK"  # "Light bends near the Sun", seat 1's packet theory
HIGGS = "T-PAR-PK"  # "The Higgs boson exists", seat 2's
TELESCOPE, COLLIDER = "P-GRA-PK", "P-PAR-PK"  # "Eclipse telescope", "Proton collider"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def two_seat_log():
    return GameLog().packet(1, LIGHT, TELESCOPE, "GRA1").packet(2, HIGGS, COLLIDER, "PAR1")


def test_every_default_question_has_a_generator():
    """The five default questions' keys name the five generators, and nothing else."""
    assert sorted(FACT_KEYS) == sorted(package("research_programme").fact_generators)


def test_question_without_a_generator_shows_nothing():
    """A teacher's own question (no key) and an unknown key give no facts."""
    game = two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE).seat(1)
    assert facts.facts_for("", game) == [] and facts.facts_for("nonsense", game) == []


# Question 1 -------------------------------------------------------------------------------------


def test_replication_fact_passed_then_replication_failed():
    """Passed in round 2, another group's replication failed in round 4: that is the fact."""
    log = two_seat_log().success(2, 1, LIGHT, 1, TELESCOPE).null(4, 2, LIGHT, 1, COLLIDER)
    assert facts.facts_for("replication", log.seat(1)) == [
        "Your theory “Light bends near the Sun” passed its test in round 2, but its replication "
        "failed in round 4."]


def test_replication_fact_replicated_and_later_failed_names_both():
    """A success and a failure of replication are both told, the failure last."""
    log = (two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE)
           .success(2, 2, LIGHT, 1, COLLIDER, classification="replication")
           .null(3, 2, LIGHT, 1, COLLIDER))
    assert facts.facts_for("replication", log.seat(1)) == [
        "Your theory “Light bends near the Sun” passed its test in round 1 and was replicated in "
        "round 2, but a replication failed in round 3."]


def test_replication_fact_failed_first_then_replicated_is_told_in_order():
    """A failed replication before a successful one reads in the order it happened."""
    log = (two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE).null(2, 2, LIGHT, 1, COLLIDER)
           .success(4, 2, LIGHT, 1, COLLIDER, classification="replication"))
    assert facts.facts_for("replication", log.seat(1)) == [
        "Your theory “Light bends near the Sun” passed its test in round 1; a replication "
        "failed in round 2, but another succeeded in round 4."]


def test_replication_fact_counts_replications():
    """Replicated twice: the count and the first round."""
    log = (two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE)
           .success(2, 2, LIGHT, 1, COLLIDER, classification="replication")
           .success(3, 2, LIGHT, 1, "P-COS-2", classification="replication"))
    assert facts.facts_for("replication", log.seat(1)) == [
        "Your theory “Light bends near the Sun” passed its test in round 1 and was replicated 2 "
        "times, first in round 2."]


def test_replication_fact_test_without_replication():
    """SV-86 "tests without replication": passed, and nobody tried to replicate it."""
    log = two_seat_log().success(3, 1, LIGHT, 1, TELESCOPE)
    assert facts.facts_for("replication", log.seat(1)) == [
        "Your theory “Light bends near the Sun” passed its test in round 3, but nobody replicated "
        "it."]


def test_replication_facts_rank_the_failed_replication_first_and_tell_a_falsification():
    """Of two theories the one whose replication failed comes first; a falsification is told."""
    log = (two_seat_log().success(1, 1, "T-GRA-1", 1, "P-GRA-1")
           .success(2, 1, LIGHT, 1, TELESCOPE).null(3, 2, LIGHT, 1, COLLIDER)
           .null(4, 2, LIGHT, 1, COLLIDER, consensus=-2).falsified(4, 1, LIGHT))
    shown = facts.facts_for("replication", log.seat(1))
    assert shown[0].startswith("Your theory “Light bends near the Sun” passed its test in round 2")
    assert shown[1] == "Your theory “Light bends near the Sun” was falsified in round 4."
    assert shown[2].startswith("Your theory “Gravity slows time” passed its test in round 1")


def test_replication_facts_are_about_the_seats_own_theories_only():
    """Seat 2 tested seat 1's theory: nothing about it in seat 2's question 1 facts."""
    log = two_seat_log().success(2, 1, LIGHT, 1, TELESCOPE).null(4, 2, LIGHT, 1, COLLIDER)
    assert facts.facts_for("replication", log.seat(2)) == []


# Question 2 -------------------------------------------------------------------------------------


def test_bias_fact_file_drawer_hit_names_the_null_result():
    """The “File drawer” Bias put the seat's null result on its theory in the drawer."""
    log = two_seat_log().null(2, 1, LIGHT, 1, TELESCOPE, classification="first_hit")
    log.hit(3, 1, "E-FILE-DRAWER", "bias", REPORTING_BIAS,
            [{"op": "file_drawer", "record": "1.1"}], choice="1.1")
    assert facts.facts_for("bias", log.seat(1)) == [
        "In round 3 the Bias “File drawer” (Reporting bias) hit you: your null result on “Light "
        "bends near the Sun” went into the file drawer and can no longer be published."]


@pytest.mark.parametrize(("how", "method", "cost", "told"), [
    ("table_method", "M-PREREG-PK", {}, "In round 4 the “Preregistration” on your table blocked "
     "“File drawer” (Reporting bias) for free."),
    ("method", "M-PREREG", {"R": 1}, "In round 4 you blocked “File drawer” (Reporting bias) by "
     "playing “Preregistration”."),
    ("scepticism", None, {"S": 2}, "In round 4 you blocked “File drawer” (Reporting bias) by "
     "paying Scepticism 2."),
])
def test_bias_fact_tells_each_way_of_blocking(how, method, cost, told):
    """SV-20 a, b and c: the table method, a method from hand, Scepticism 2."""
    log = two_seat_log().blocked(4, 1, "E-FILE-DRAWER", "bias", REPORTING_BIAS, how, method, cost)
    assert facts.facts_for("bias", log.seat(1)) == [told]


def test_bias_facts_leave_out_influence_and_other_seats():
    """An Influence belongs to question 5; another seat's Bias hit is not this seat's fact."""
    log = two_seat_log().hit(2, 1, "E-DISINFORMATION", "influence", DISINFORMATION,
                             [{"op": "add_noise_own_tile", "hex": "GRA1", "added": 1}])
    log.hit(3, 2, "E-FILE-DRAWER", "bias", REPORTING_BIAS, [{"op": "file_drawer", "record": None}])
    assert facts.facts_for("bias", log.seat(1)) == []


# Question 3 -------------------------------------------------------------------------------------


def test_independent_replication_fact_another_group_replicated_your_theory():
    """Another group's replication with their own apparatus raised the theory's KV."""
    log = (two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE)
           .success(2, 2, LIGHT, 1, COLLIDER, classification="replication", consensus=2))
    assert facts.facts_for("independent_replication", log.seat(1)) == [
        "In round 2 another group replicated your theory “Light bends near the Sun” with their "
        "“Proton collider”: its KV rose to 2."]
    assert facts.facts_for("independent_replication", log.seat(2)) == [
        "In round 2 you replicated another group's theory “Light bends near the Sun” with your "
        "“Proton collider”, and you both gained VP."]


def test_independent_replication_facts_make_one_sentence_of_alike_moments():
    """Three replications of another group's theory are one fact with their rounds."""
    log = two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE)
    for round_ in (2, 3, 5):
        log.success(round_, 2, LIGHT, 1, COLLIDER, classification="replication",
                    consensus=round_)
    assert facts.facts_for("independent_replication", log.seat(2)) == [
        "You replicated another group's theory “Light bends near the Sun” 3 times with your own "
        "projects (rounds 2, 3, 5), and each time you both gained VP."]
    assert facts.facts_for("independent_replication", log.seat(1)) == [
        "Other groups replicated your theory “Light bends near the Sun” 3 times with their own "
        "projects (rounds 2, 3, 5): its KV rose to 5."]


def test_independent_replication_fact_repetition_on_the_same_project_comes_first():
    """SV-55: the same project with another method is a repetition, the most telling contrast."""
    log = (two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE)
           .success(2, 1, LIGHT, 1, "P-COS-2", classification="replication", vp={"1": 3})
           .success(3, 1, LIGHT, 1, TELESCOPE, classification="repetition"))
    assert facts.facts_for("independent_replication", log.seat(1)) == [
        "In round 3 you tested “Light bends near the Sun” again with the same “Eclipse telescope” "
        "and another method: a repetition gives Rigour +1 but no VP.",
        "In round 2 you replicated your own theory “Light bends near the Sun” with another "
        "project, “Supernova search telescope”, and gained 3 VP."]


# Question 4 -------------------------------------------------------------------------------------


def test_null_result_hype_fact_artefact_in_the_issue_wording():
    """Hype 4 and Rigour 1 in round 3: the success was cancelled as an artefact (SV-44)."""
    log = two_seat_log().artefact(3, 1, LIGHT, TELESCOPE, hype=4, rigour=1)
    assert facts.facts_for("null_result_hype", log.seat(1)) == [
        "In round 3 your Hype was 4 and your Rigour 1: your success with “Light bends near the "
        "Sun” was cancelled as an artefact."]


def test_null_result_hype_facts_published_and_unpublished_nulls_and_the_hype_penalty():
    """A published null, an unpublished one, and Hype above Rigour costing 1 VP at the end."""
    log = (two_seat_log().null(2, 1, LIGHT, 1, TELESCOPE, classification="first_hit")
           .null(3, 1, LIGHT, 1, TELESCOPE, classification="first_hit")
           .publish(4, 1, "1.1", LIGHT, "null", how="journal"))
    outcome = {"players": [outcome_row(1, hype_penalty=-1, hype=3, rigour=2)]}
    assert facts.facts_for("null_result_hype", log.seat(1, outcome)) == [
        "At the end your Hype (3) was above your Rigour (2): it cost you 1 VP.",
        "In round 4 you published your null result on “Light bends near the Sun” in a journal.",
        "You left 1 null result unpublished."]


def test_null_result_hype_facts_ignore_published_successes():
    """Publishing a success is not publishing a null result; nothing fits, nothing is shown."""
    log = (two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE)
           .publish(2, 1, "1.1", LIGHT, "success"))
    assert facts.facts_for("null_result_hype", log.seat(1, {"players": [outcome_row(1)]})) == []


# Question 5 -------------------------------------------------------------------------------------


def test_interference_facts_influence_hit_block_and_own_artefact():
    """Deliberate interference (the “Disinformation campaign”) set against the seat's own
    artefact, the unintentional kind."""
    log = two_seat_log().built(2, 1, "P-COS-2", "COS2", "COS")
    log.hit(3, 1, "E-DISINFORMATION", "influence", DISINFORMATION,
            [{"op": "add_noise_own_tile", "hex": "COS2", "added": 1}], choice="COS2")
    log.artefact(4, 1, LIGHT, TELESCOPE, hype=3, rigour=1)
    assert facts.facts_for("interference", log.seat(1)) == [
        "In round 3 the Influence “Disinformation campaign” (Disinformation) hit you: 1 Noise "
        "landed on your “Supernova search telescope”.",
        "In round 4 an artefact cancelled your success with “Light bends near the Sun”: that bias "
        "came from your own Hype, not from anyone else."]
    blocked = two_seat_log().blocked(3, 2, "E-DISINFORMATION", "influence", DISINFORMATION,
                                     "scepticism", cost={"S": 1})
    assert facts.facts_for("interference", blocked.seat(2)) == [
        "In round 3 you blocked “Disinformation campaign” (Disinformation) by paying Scepticism 1."]


def test_facts_speak_the_lessons_language_with_finnish_card_names():
    """In a Finnish lesson the sentence and the card name are Finnish."""
    log = two_seat_log().success(2, 1, LIGHT, 1, TELESCOPE).null(4, 2, LIGHT, 1, COLLIDER)
    with translation.override("fi"):
        shown = facts.facts_for("replication", log.seat(1))
    assert shown == ["Teoriasi ”Valo taipuu Auringon lähellä” läpäisi testin kierroksella 2, "
                     "mutta sen replikaatio epäonnistui kierroksella 4."]


def test_at_most_three_facts_a_question():
    """Many moments: the three most telling are shown."""
    log = two_seat_log()
    for round_ in range(1, 6):
        log.hit(round_, 1, "E-FILE-DRAWER", "bias", REPORTING_BIAS, [])
    assert len(facts.facts_for("bias", log.seat(1))) == facts.MAX_FACTS


# Whole bot games --------------------------------------------------------------------------------


def real_events(seeds=range(1, 25), players=3):
    found = []
    for seed in seeds:
        for bot in ("greedy", "random"):
            simulate.play(seed, players, bot, on_step=lambda s, a, events: found.extend(events))
    return found


def test_the_built_logs_have_the_engines_event_shapes():
    """Every event type the builder writes has exactly the fields real games give it."""
    real = {}
    for event in real_events():
        real.setdefault((event["type"], event.get("event_type")), set(event))
    built = (two_seat_log().success(1, 1, LIGHT, 1, TELESCOPE).null(2, 2, LIGHT, 1, COLLIDER)
             .falsified(3, 1, LIGHT).publish(3, 1, "1.1", LIGHT, "null")
             .publish(3, 1, "1.1", LIGHT, "null", how="journal")
             .built(2, 1, "P-COS-2", "COS2", "COS").story(2, 1, "2-1-3")
             .blocked(4, 1, "E-FILE-DRAWER", "bias", REPORTING_BIAS, "scepticism")
             .hit(4, 1, "E-NULL-RESULTS", "ordinary", None, [{"op": "null_results"}]))
    checked = 0
    for event in built.events:
        key = (event["type"], event.get("event_type"))
        if key in real:
            assert set(event) == real[key], event["type"]
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("seed", [2, 5, 19])
def test_facts_of_whole_games_are_short_own_and_never_fail(seed):
    """On real three-seat games every generator answers each seat with at most three short
    sentences, and question 1 names only theories the seat owned."""
    events = []
    played = simulate.play(seed, 3, "greedy", on_step=lambda s, a, e: events.extend(e))
    outcome = simulate.api.outcome(played.state)
    owned = {seat: {e["theory"] for e in events if e["type"] in ("TestSucceeded", "NullResult")
                    and e["owner"] == seat} for seat in (1, 2, 3)}
    shown_any = 0
    for seat in (1, 2, 3):
        game = facts.SeatGame(seat, simulate.api.events_for(events, seat), outcome,
                              "research_programme")
        for key in FACT_KEYS:
            shown = facts.facts_for(key, game)
            assert len(shown) <= facts.MAX_FACTS
            assert all(10 < len(text) < 260 and text.endswith(".") for text in shown)
            shown_any += len(shown)
        for text in facts.facts_for("replication", game):
            assert any(rp_facts.card(theory) in text for theory in owned[seat])
    assert shown_any >= 6
