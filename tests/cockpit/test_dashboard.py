"""What the cockpit and the projector show: pace against the plan, the table cards, the story
queue, and a projector board without names."""

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from classroom import cockpit, dashboard, presence
from classroom.models import Lesson
from classroom.timeline import Timeline, lesson_timeline, table_pace
from games.models import Game
from games.selectors import game_snapshot
from tests.cockpit.factories import make_playing, student_of, tell, until_may_tell
from tests.games.factories import play_move
from tests.research_programme import stories
from tests.research_programme.stories import Story

pytestmark = pytest.mark.django_db

START = timezone.now().replace(microsecond=0)


def timeline(play_minutes=30, elapsed_minutes=0, called=False):
    return Timeline(
        briefing=5, play=play_minutes, debrief=10, started_at=START,
        play_ends_at=START + timedelta(minutes=play_minutes),
        now=START + timedelta(minutes=elapsed_minutes), time_called=called, paused=False)


PHASE_PROGRESS = {"funding": 0.1, "actions": 0.4, "tests": 0.8, "over": 1.0}


def view(round_, phase, rounds=5):
    """A summary of a table `round_ - 1 + phase's share` rounds into a game of `rounds`."""
    done = rounds if phase == "over" else round_ - 1 + PHASE_PROGRESS[phase]
    return {"round": round_, "rounds": rounds, "stage": phase, "progress": done / rounds,
            "over": phase == "over"}


@pytest.mark.parametrize("round_, phase, minutes, position, warn", [
    (1, "funding", 1, "on_time", False),       # just started
    (2, "funding", 6, "on_time", False),       # 1.1 rounds done, 1 expected
    (2, "tests", 6, "ahead", False),           # 1.8 done, 1 expected
    (3, "actions", 6, "ahead", False),         # 2.4 done, 1 expected
    (2, "actions", 15, "behind", True),        # 1.4 done, 2.5 expected: 3.6 rounds in 15 min
    (4, "funding", 20, "on_time", False),      # 3.1 done, 3.3 expected
    (1, "actions", 10, "behind", True),        # stuck in round 1 a third of play time
    (5, "over", 25, "finished", False),
])
def test_pace_is_rounds_done_against_the_plan(round_, phase, minutes, position, warn):
    """Ahead, on time or behind by a tenth of the game (half a round of five); the warning
    forecasts from the pace so far."""
    pace = table_pace(view(round_, phase), START, timeline(elapsed_minutes=minutes))
    assert (pace["position"], pace["warn"]) == (position, warn)


def test_no_pace_warning_once_time_is_called():
    """After call time the table ends with its round: no forecast of 5 rounds."""
    pace = table_pace(view(1, "actions"), START, timeline(elapsed_minutes=20,
                                                                     called=True))
    assert pace["warn"] is False and pace["position"] == "behind"


def test_the_timeline_places_now_after_the_briefing_and_the_play_so_far():
    """45 minutes: briefing 5, play 30, debrief 10; 15 minutes of play puts now at 20/45."""
    line = timeline(elapsed_minutes=15)
    assert [s["width"] for s in line.segments()] == [11.11, 66.67, 22.22]
    assert line.now_percent == pytest.approx(44.44, abs=0.01)
    assert line.play_left_text == "15:00" and not line.play_over
    assert line.lesson_ends_at == START + timedelta(minutes=40)


def test_a_table_card_shows_round_turn_seats_tablets_and_badges():
    """Round and phase, whose turn since when, VP and EP of each seat, tablets, a pending
    story, an idle seat once its threshold has passed."""
    lesson, (game,) = make_playing(idle_seconds=30)
    seat = until_may_tell(game)
    tell(game, seat, "Title")
    presence.presence_open("chan-1", student_of(game, seat))
    Game.objects.filter(pk=game.pk).update(turn_started_at=timezone.now() - timedelta(minutes=2))
    with translation.override("en"):
        card = dashboard.table_cards(lesson)[0]
    assert card["number"] == 1 and card["round"] == 1 and not card["over"]
    assert [s["seat"] for s in card["to_act"]] == [seat]
    assert card["pending_requests"] == 1 and card["pending_seats"] == [seat]
    assert card["pending_badge"] == "1 story waiting"
    assert [s["seat"] for s in card["idle"]] == [seat]
    row = next(s for s in card["seats"] if s["seat"] == seat)
    assert row["tablets"] == [{"name": student_of(game, seat).pseudonym, "connected": True}]
    other = next(s for s in card["seats"] if s["seat"] != seat)
    assert other["tablets"][0]["connected"] is False
    assert {"score", "figures", "look", "bot"} <= set(row)
    assert card["score_label"] == "VP" and card["figure_labels"] == ["EP"]


def test_a_card_drawn_after_a_move_reads_nothing_from_the_database(
        django_assert_num_queries, django_capture_on_commit_callbacks):
    """Its game comes from the snapshot the move left in this process, its tablets and stories
    from the roster read when the cockpit was drawn."""
    lesson, (game,) = make_playing()
    roster = dashboard.lesson_roster(lesson)
    with django_capture_on_commit_callbacks(execute=True):
        play_move(game)
    game.refresh_from_db()
    with django_assert_num_queries(0):
        snapshot = game_snapshot(game.pk, game.revision)
        card = dashboard.table_card(lesson, snapshot, snapshot, lesson_timeline(lesson),
                                    roster)
    assert card["version"] == game.version and len(card["seats"]) == 3
    assert all(len(row["tablets"]) == 1 for row in card["seats"])


def test_a_table_s_roster_is_read_again_alone(django_assert_num_queries):
    """A story asked at table 2 reaches table 2's part of the roster in three queries; table 1's
    part stays as it was read."""
    lesson, games = make_playing(tables=2)
    roster = dashboard.lesson_roster(lesson)
    seat = until_may_tell(games[1])
    tell(games[1], seat)
    with django_assert_num_queries(3):
        table = dashboard.lesson_roster(lesson, games[1].table_id)
    fresh = roster.with_table(table, games[1].table_id)
    assert fresh.pending == {games[1].table_id: [seat]}
    assert fresh.students[games[0].table_id] is roster.students[games[0].table_id]
    assert fresh.students[games[1].table_id] == roster.students[games[1].table_id]


def test_no_idle_badge_while_paused_or_just_after_resuming():
    """A pause is not idleness: the turn counts from the moment the lesson resumed."""
    lesson, (game,) = make_playing(idle_seconds=30)
    until_may_tell(game)
    Game.objects.filter(pk=game.pk).update(turn_started_at=timezone.now() - timedelta(minutes=5))
    cockpit.lesson_pause(lesson)
    lesson.refresh_from_db()
    assert dashboard.table_cards(lesson)[0]["idle"] == []
    cockpit.lesson_resume(lesson)
    lesson.refresh_from_db()
    assert dashboard.table_cards(lesson)[0]["idle"] == []


def test_the_story_queue_is_oldest_first_with_table_seat_and_flags():
    """Two tables' stories in the order asked, each with who asked, its title and its flags."""
    lesson, games = make_playing(tables=2)
    first = tell(games[1], until_may_tell(games[1]), "Paskaa tuuria")
    second = tell(games[0], until_may_tell(games[0]), "Kepler")
    Story.objects.filter(pk=first.pk).update(requested_at=timezone.now() - timedelta(seconds=30))
    queue = dashboard.approval_queue(lesson)
    assert [row["pk"] for row in queue] == [first.pk, second.pk]
    assert queue[0]["table"] == 2 and queue[0]["flagged"] == ["Paskaa"]
    assert queue[0]["student"] == first.student.pseudonym
    stories.story_accept(lesson, first.pk)
    assert [row["pk"] for row in dashboard.approval_queue(lesson)] == [second.pk]
    assert [row["pk"] for row in dashboard.approvals_decided(lesson)] == [first.pk]


def test_the_projector_board_has_seats_and_vp_but_no_names():
    """Tables, rounds and seats ranked by VP; titles only when the teacher switched them on."""
    lesson, games = make_playing(tables=2)
    story = tell(games[0], until_may_tell(games[0]), "Galileo's moons")
    stories.story_accept(lesson, story.pk)
    board = dashboard.projector_board(lesson)
    assert [t["number"] for t in board["tables"]] == [1, 2]
    assert {tuple(sorted(s)) for t in board["tables"] for s in t["seats"]} == {
        ("look", "score", "seat")}
    assert board["extra"] is None and board["score_label"] == "VP"
    cockpit.lesson_set_game_switch(lesson, "projector_story_titles", True)
    lesson.refresh_from_db()
    assert dashboard.projector_board(lesson)["extra"] == {"titles": ["Galileo's moons"]}


def test_the_lesson_form_settings_reach_the_lesson():
    """Plan and story settings chosen when creating the lesson are kept."""
    lesson, _games = make_playing(plan=(5, 20, 15), stories_per_round=1, story_judge="table",
                                  story_expiry_minutes=5, idle_seconds=120, at_play_end="remind")
    assert (lesson.briefing_minutes, lesson.play_minutes, lesson.debrief_minutes) == (5, 20, 15)
    assert lesson.game_options() == {"variant": "school", "stories_per_round": 1,
                                     "story_judge": "table"}
    assert lesson.at_play_end == Lesson.AtPlayEnd.REMIND


def test_game_options_are_plain_values_even_from_a_fresh_lesson():
    """A lesson just created holds enum members; the game's options must be plain str and int."""
    from tests.classroom.factories import make_lesson

    options = make_lesson(story_judge="table").game_options()
    assert type(options["story_judge"]) is str and options["story_judge"] == "table"
    assert type(options["stories_per_round"]) is int
