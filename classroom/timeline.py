"""The lesson's clock and each table's pace against it: what the cockpit's bar and cards, and
the projector, draw of time (classroom/dashboard.py)."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

CLOCK_STEP_SECONDS = 15  # how far the drawn clock may lag: the pages count down by themselves
PACE_TOLERANCE = 0.1  # the share of a game ahead or behind the plan that still counts as on time
PACE_MIN_EVIDENCE = 0.08  # the share of a game played before its pace is trusted for a forecast
PACE_EARLY_ALARM = 0.3  # with less evidence: warn when this share of play time is gone


@dataclass(frozen=True)
class Timeline:
    briefing: int  # planned minutes
    play: int  # planned minutes, with extensions
    debrief: int
    started_at: datetime | None
    play_ends_at: datetime | None
    now: datetime
    time_called: bool
    paused: bool

    @property
    def total(self):
        return self.briefing + self.play + self.debrief

    @property
    def play_elapsed(self):
        return max(timedelta(0), self.now - self.started_at) if self.started_at else timedelta(0)

    @property
    def play_left(self):
        return max(timedelta(0), self.play_ends_at - self.now) if self.play_ends_at \
            else timedelta(minutes=self.play)

    @property
    def play_left_text(self):
        seconds = round(self.play_left.total_seconds())
        return f"{seconds // 60}:{seconds % 60:02d}"

    @property
    def play_over(self):
        return self.play_ends_at is not None and self.now >= self.play_ends_at

    @property
    def lesson_ends_at(self):
        return self.play_ends_at + timedelta(minutes=self.debrief) if self.play_ends_at else None

    def percent(self, minutes):
        return round(100 * minutes / self.total, 2) if self.total else 0

    @property
    def now_percent(self):
        """Where now is on the bar: the briefing done, then the play time so far."""
        minutes = self.briefing + min(self.play, self.play_elapsed.total_seconds() / 60)
        return self.percent(minutes)

    def segments(self):
        """The three parts of the bar, each with where it starts (x) and its width, in %."""
        parts, start = [], 0
        for key, minutes in (("briefing", self.briefing), ("play", self.play),
                             ("debrief", self.debrief)):
            parts.append({"key": key, "minutes": minutes, "x": self.percent(start),
                          "width": self.percent(minutes)})
            start += minutes
        return parts


def lesson_timeline(lesson, now=None):
    """The lesson's clock; stopped where play was adjourned to the next lesson."""
    now = lesson.adjourned_at if lesson.is_adjourned else (now or timezone.now())
    play = lesson.play_minutes
    if lesson.started_at and lesson.play_ends_at:
        play = max(1, round((lesson.play_ends_at - lesson.started_at).total_seconds() / 60))
    return Timeline(briefing=lesson.briefing_minutes, play=play,
                    debrief=lesson.debrief_minutes, started_at=lesson.started_at,
                    play_ends_at=lesson.play_ends_at, now=now,
                    time_called=lesson.time_called_at is not None, paused=lesson.is_paused)


def drawn_timeline(lesson, now=None):
    """The clock as the cockpit's bar and the projector draw it: to the CLOCK_STEP_SECONDS while
    play runs (the page counts the time left down by itself, every second), so most drawings
    within a step find the same clock; exact once play time is up."""
    now = now or timezone.now()
    timeline = lesson_timeline(lesson, now)
    if timeline.play_over:
        return timeline
    return lesson_timeline(lesson, now - timedelta(seconds=now.timestamp() % CLOCK_STEP_SECONDS))


# Pace -----------------------------------------------------------------------------------------


def table_pace(summary, started_at, timeline):
    """The table against the plan: the share of its game done against the share of play time
    gone, and whether it will finish in the play time left at the pace it has kept so far."""
    done = summary["progress"]
    if summary["over"]:
        return {"position": "finished", "done": 1.0, "expected": 1.0, "warn": False}
    play_seconds = max(60.0, (timeline.play_ends_at - started_at).total_seconds()) \
        if timeline.play_ends_at else timeline.play * 60.0
    elapsed = max(0.0, (timeline.now - started_at).total_seconds())
    expected = min(1.0, elapsed / play_seconds)
    position = "on_time"
    if done - expected > PACE_TOLERANCE:
        position = "ahead"
    elif expected - done > PACE_TOLERANCE:
        position = "behind"
    left = timeline.play_left.total_seconds()
    if timeline.time_called:
        warn = False
    elif done >= PACE_MIN_EVIDENCE:  # slack of the tolerance, so a near miss is no alarm
        warn = (1 - done) * elapsed / done > left + PACE_TOLERANCE * play_seconds
    else:
        warn = elapsed > PACE_EARLY_ALARM * play_seconds
    return {"position": position, "done": round(done, 2), "expected": round(expected, 2),
            "warn": warn}
