"""Interlude stories through the services (SV-78 to SV-81, G-19, G-20): when a seat may ask, the
limit per round, the teacher's and the table's decisions, expiry, idempotency, titles and the
advisory word filter, EP into VP, and the titles in the export."""

import pytest
from django.utils import timezone

from classroom import cockpit
from classroom.debriefing import lesson_debrief_open as debrief_open
from debrief import exports
from games.models import GameAction
from games.services import GameRefusal
from games.wordfilter import flagged_words
from tests.cockpit.factories import (
    all_bots,
    make_playing,
    outcome,
    past,
    run_bots,
    seat_view,
    student_of,
    tell,
    tell_and_accept,
    until_may_tell,
)
from tests.games.factories import engine_state, play_move
from tests.research_programme import stories
from tests.research_programme.stories import Story, StoryError

pytestmark = pytest.mark.django_db


def refused(code, call, *args):
    with pytest.raises((GameRefusal, StoryError)) as caught:
        call(*args)
    assert caught.value.code == code


def engine_story(game, story):
    _engine, state = engine_state(game)
    return state["stories"][story.request_id]


def test_sv_78_a_seat_asks_only_on_its_own_turn():
    """A seat that is not to act is refused and no story is kept."""
    _lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    other = next(s for s in (1, 2, 3) if s != seat)
    refused("not_your_turn", tell, game, other)
    assert not Story.objects.exists()


def test_sv_78_a_story_asked_on_the_turn_is_pending_with_its_timer_and_expiry():
    """The request is logged as the seat's action and kept with the lesson, who and when."""
    lesson, (game,) = make_playing(story_expiry_minutes=4)
    seat = until_may_tell(game)
    story = tell(game, seat, "  Why   dark matter?  ")
    assert story.status == Story.Status.PENDING and story.text == "Why dark matter?"
    assert story.student == student_of(game, seat) and story.game.table.lesson == lesson
    assert round((story.expires_at - story.requested_at).total_seconds()) == 4 * 60
    assert engine_story(game, story)["status"] == "pending"
    row = GameAction.objects.get(game=game, action__type="story_request")
    assert row.actor_kind == "seat" and row.actor_seat == seat


def test_sv_78_one_pending_story_at_a_time():
    """A second request while the first waits is refused (story_pending)."""
    _lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    tell(game, seat)
    refused("story_pending", tell, game, seat)


def test_sv_78_at_most_two_accepted_per_round_by_default():
    """Two accepted stories in a round use up the seat's stories for that round."""
    _lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    tell_and_accept(game, seat)
    tell_and_accept(game, seat)
    refused("story_limit", tell, game, seat)


@pytest.mark.parametrize("per_round", [1, 3])
def test_sv_78_the_lesson_sets_one_to_three_stories_per_round(per_round):
    """The lesson's setting reaches the game: 1 or 3 accepted stories, then the limit."""
    _lesson, (game,) = make_playing(stories_per_round=per_round)
    assert game.options["stories_per_round"] == per_round
    seat = until_may_tell(game)
    for _ in range(per_round):
        tell_and_accept(game, seat)
    refused("story_limit", tell, game, seat)


def test_a_rejected_story_lets_the_seat_try_again_in_the_same_round():
    """After a rejection (with the teacher's reason) the seat may ask again at once."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    tell_and_accept(game, seat)
    story = tell(game, seat)
    stories.story_reject(lesson, story.pk, "Tell how it links to the test")
    story.refresh_from_db()
    assert story.status == Story.Status.REJECTED and story.reason == "Tell how it links to the test"
    assert engine_story(game, story)["status"] == "rejected"
    assert seat_view(game, seat)["may_tell_story"] is True
    assert tell(game, seat).status == Story.Status.PENDING


def test_sv_79_accepting_gives_insight_and_ep_at_once():
    """Insight +1 and EP +1 for the seat, in one log row; the story is accepted by the teacher."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    before = seat_view(game, seat)
    story = stories.story_accept(lesson, tell(game, seat).pk)
    after = seat_view(game, seat)
    assert (after["insight"], after["ep"]) == (before["insight"] + 1, before["ep"] + 1)
    assert story.status == Story.Status.ACCEPTED and story.decided_by == "teacher"
    assert story.decided_at is not None
    row = GameAction.objects.get(game=game, action__type="story_accept")
    assert row.actor_kind == "teacher" and [e["type"] for e in row.events] == ["StoryAccepted"]


def test_accepting_twice_changes_the_game_once():
    """A double tap (or two teacher pages) accepts once: one log row, EP +1 once."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    story = tell(game, seat)
    stories.story_accept(lesson, story.pk)
    version = game.__class__.objects.get(pk=game.pk).version
    stories.story_accept(lesson, story.pk)
    stories.story_reject(lesson, story.pk, "too late")
    assert game.__class__.objects.get(pk=game.pk).version == version
    assert GameAction.objects.filter(game=game, action__type="story_accept").count() == 1
    assert seat_view(game, seat)["ep"] == 1
    story.refresh_from_db()
    assert story.status == Story.Status.ACCEPTED and story.reason == ""


def test_sv_79_a_rejected_story_gives_nothing():
    """Insight and EP stay as they were."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    before = seat_view(game, seat)
    stories.story_reject(lesson, tell(game, seat).pk)
    after = seat_view(game, seat)
    assert (after["insight"], after["ep"]) == (before["insight"], before["ep"])


def test_g_19_a_late_decision_still_counts_after_the_turn_moved_on():
    """The game never waits: a story accepted after the seat's turn still gives EP and Insight."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    story = tell(game, seat)
    for _ in range(3):
        play_move(game)
    stories.story_accept(lesson, story.pk)
    assert seat_view(game, seat)["ep"] == 1 and seat_view(game, seat)["insight"] == 1


def test_an_undecided_story_expires_and_changes_nothing():
    """Past its time it ends without effect; the seat may ask again (the engine's pending
    story is rejected with the reason "expired")."""
    _lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    before = seat_view(game, seat)
    story = tell(game, seat)
    Story.objects.filter(pk=story.pk).update(expires_at=past())
    assert stories.stories_expire() == 1
    story.refresh_from_db()
    assert story.status == Story.Status.EXPIRED and story.decided_by == "timer"
    assert engine_story(game, story) | {"votes": {}} == engine_story(game, story) | {
        "status": "rejected", "reason": "expired", "votes": {}}
    after = seat_view(game, seat)
    assert (after["insight"], after["ep"]) == (before["insight"], before["ep"])
    assert after["may_tell_story"] is True
    assert stories.stories_expire() == 0


def test_a_story_not_yet_due_does_not_expire():
    """Before expires_at the sweep leaves it waiting."""
    _lesson, (game,) = make_playing()
    story = tell(game, until_may_tell(game))
    assert stories.stories_expire() == 0
    story.refresh_from_db()
    assert story.status == Story.Status.PENDING


def test_a_teacher_decision_racing_the_timer_is_applied_once():
    """The teacher accepts; the sweep that comes after finds nothing to expire."""
    lesson, (game,) = make_playing()
    story = tell(game, until_may_tell(game))
    Story.objects.filter(pk=story.pk).update(expires_at=past())
    stories.story_accept(lesson, story.pk)
    assert stories.stories_expire() == 0
    assert GameAction.objects.filter(game=game, action__type__startswith="story_").exclude(
        action__type="story_request").count() == 1


def test_stories_do_not_expire_while_paused_and_get_the_pause_back():
    """A paused lesson's stories wait; resuming moves their expiry by the pause's length."""
    lesson, (game,) = make_playing()
    story = tell(game, until_may_tell(game))
    cockpit.lesson_pause(lesson, "Eyes on me")
    Story.objects.filter(pk=story.pk).update(expires_at=past())
    assert stories.stories_expire() == 0
    lesson.refresh_from_db()
    lesson.paused_at = timezone.now() - timezone.timedelta(minutes=2)
    lesson.save(update_fields=["paused_at"])
    cockpit.lesson_resume(lesson)
    story.refresh_from_db()
    assert story.status == Story.Status.PENDING and story.expires_at > timezone.now()


def test_pending_stories_expire_when_the_lesson_moves_to_the_debrief():
    """Nothing waits for a decision after play: the sweep ends them at once."""
    lesson, (game,) = make_playing()
    story = tell(game, until_may_tell(game))
    debrief_open(lesson)
    assert stories.stories_expire() == 1
    story.refresh_from_db()
    assert story.status == Story.Status.EXPIRED


def test_the_same_tap_sent_twice_asks_once():
    """The tablet's id for the tap makes a resend return the same story."""
    _lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    student = student_of(game, seat)
    first = stories.story_request(student, "A", "tap-1234-abcd")
    again = stories.story_request(student, "A", "tap-1234-abcd")
    assert first.pk == again.pk and Story.objects.count() == 1
    assert GameAction.objects.filter(game=game, action__type="story_request").count() == 1


def test_a_title_over_140_characters_is_refused_and_nothing_changes():
    """The student is told the count and the limit; the game and the stories stay as they were."""
    _lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    version = game.__class__.objects.get(pk=game.pk).version
    with pytest.raises(StoryError) as caught:
        tell(game, seat, "x" * 141)
    assert caught.value.code == "text_too_long" and "141" in str(caught.value.message)
    assert not Story.objects.exists()
    assert game.__class__.objects.get(pk=game.pk).version == version
    assert tell(game, seat, "x" * 140).text == "x" * 140


def test_a_flagged_title_is_kept_and_flagged_never_blocked():
    """The word filter only marks words for the teacher."""
    _lesson, (game,) = make_playing()
    story = tell(game, until_may_tell(game), "Vitun hyvä koe")
    assert story.status == Story.Status.PENDING and story.flagged_words == ["Vitun"]


@pytest.mark.parametrize("text, flagged", [
    ("Miksi kusiainen kantaa neulasia", []),
    ("Dickens and the cockroach", []),
    ("Fire retardant in the lab", []),
    ("Paskaa tuuria nopan kanssa", ["Paskaa"]),
    ("This test is sh1t", ["sh1t"]),
    ("f*ck the noise", ["f*ck"]),
    ("Saatanan vaikea replikaatio", ["Saatanan"]),
    ("3*4 on 12", []),
])
def test_the_word_filter_flags_fi_and_en_words_without_false_alarms(text, flagged):
    """Stems catch inflections and look-alike spellings; ordinary words pass."""
    assert flagged_words(text) == flagged


def test_sv_79_the_table_votes_a_majority_accepts():
    """With the table deciding, two of the other two seats accepting accepts the story."""
    _lesson, (game,) = make_playing(story_judge="table")
    seat = until_may_tell(game)
    story = tell(game, seat)
    voters = [s for s in (1, 2, 3) if s != seat]
    stories.story_vote(student_of(game, voters[0]), story.pk, True)
    story.refresh_from_db()
    assert story.status == Story.Status.PENDING
    stories.story_vote(student_of(game, voters[1]), story.pk, True)
    story.refresh_from_db()
    assert story.status == Story.Status.ACCEPTED and story.decided_by == "table"
    assert seat_view(game, seat)["ep"] == 1


def test_sv_79_a_tie_of_the_table_rejects():
    """One yes and one no of the two other seats is a tie: rejected, nothing gained."""
    _lesson, (game,) = make_playing(story_judge="table")
    seat = until_may_tell(game)
    story = tell(game, seat)
    yes, no = [s for s in (1, 2, 3) if s != seat]
    stories.story_vote(student_of(game, yes), story.pk, True)
    stories.story_vote(student_of(game, no), story.pk, False)
    story.refresh_from_db()
    assert story.status == Story.Status.REJECTED and seat_view(game, seat)["ep"] == 0


def test_a_seat_cannot_vote_on_its_own_story():
    """The engine refuses; the story still waits."""
    _lesson, (game,) = make_playing(story_judge="table")
    seat = until_may_tell(game)
    story = tell(game, seat)
    refused("own_story", stories.story_vote, student_of(game, seat), story.pk, True)


def test_sv_81_every_third_ep_is_a_vp_and_at_most_two():
    """Each accepted story adds EP; the final score gains 1 VP at EP 3 and 6, none after."""
    lesson, (game,) = make_playing(seats=2, stories_per_round=3)
    seat = until_may_tell(game)
    for ep in range(1, 8):
        story = tell(game, until_may_tell(game, seat))
        score = seat_view(game, seat)["score"]
        stories.story_accept(lesson, story.pk)
        view = seat_view(game, seat)
        assert view["ep"] == ep
        assert view["score"] - score == (1 if ep in (3, 6) else 0), f"EP {ep}"
    cockpit.lesson_call_time(lesson)
    all_bots(game)
    run_bots([game])
    row = next(p for p in outcome(game)["players"] if p["seat"] == seat)
    assert row["breakdown"]["ep"] == 2


def test_the_export_lists_accepted_story_titles_only():
    """A seat's story titles in the export are its accepted stories' only."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    tell_and_accept(game, seat, "Hubble and the redshift")
    rejected = tell(game, seat, "Not this one")
    stories.story_reject(lesson, rejected.pk)
    debrief_open(lesson)
    rows = list(exports.lesson_rows(lesson))
    assert {r["story_titles"] for r in rows if r["seat"] == seat} == {"Hubble and the redshift"}


def test_the_lesson_export_shows_the_seat_s_accepted_titles():
    """Each of the seat's students' rows names its accepted stories; other seats' rows do not."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    tell_and_accept(game, seat, "Hubble and the redshift")
    debrief_open(lesson)
    rows = list(exports.lesson_rows(lesson))
    mine = {r["story_titles"] for r in rows if r["seat"] == seat}
    others = {r["story_titles"] for r in rows if r["seat"] != seat}
    assert mine == {"Hubble and the redshift"} and others == {""}
    assert {r["accepted_stories"] for r in rows if r["seat"] == seat} == {1}


def test_the_json_export_keeps_every_story_with_who_when_and_the_decision():
    """The lesson's stories in the JSON export: accepted and rejected, with reason and times."""
    lesson, (game,) = make_playing()
    seat = until_may_tell(game)
    tell_and_accept(game, seat, "Kepler")
    rejected = tell(game, seat, "Off topic")
    stories.story_reject(lesson, rejected.pk, "Link it to the test")
    kept = exports.json_document([lesson], [])["lessons"][0]["requests"]
    assert {s["kind"] for s in kept} == {"story"}
    assert [(s["text"], s["status"], s["reason"]) for s in kept] == [
        ("Kepler", "accepted", ""), ("Off topic", "rejected", "Link it to the test")]
    assert kept[0]["pseudonym"] == student_of(game, seat).pseudonym
    assert kept[0]["table"] == 1 and kept[0]["decided_by"] == "teacher" and kept[0]["decided_at"]


def test_sv_78_a_seat_may_ask_before_its_roll_and_the_story_uses_no_action():
    """At its test's confirm step the tester may ask; asking changes no action or resource."""
    from tests.games.factories import play_until

    lesson, (game,) = make_playing()
    state = play_until(game, lambda s: (s["step"] or {}).get("kind") == "test")
    seat = state["step"]["seats"][0]
    before = seat_view(game, seat)
    story = tell(game, seat, "Before the roll")
    after = seat_view(game, seat)
    assert story.status == Story.Status.PENDING
    assert (after["actions_taken"], after["resources"]) == (
        before["actions_taken"], before["resources"])
    assert engine_state(game)[1]["step"]["kind"] == "test"
