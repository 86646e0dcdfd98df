"""Scientia's debrief: the rules file's five questions (Part 5), each with the key of its fact
generator (games/scientia/facts.py)."""

from django.utils.translation import pgettext_lazy

from games.scientia.facts import (
    capacity_facts,
    cascade_facts,
    luck_facts,
    slow_research_facts,
    specialist_facts,
)

QUESTIONS = [
    ("slow_research", pgettext_lazy(
        "debrief question",
        "A research card had to turn four times before it counted. What in real research takes "
        "that long, and what did you do while you waited?")),
    ("cascade", pgettext_lazy(
        "debrief question",
        "Sometimes finishing one project finished or started another (like Rotation turning "
        "DNA). Can you name a real discovery that made another one possible?")),
    ("specialist", pgettext_lazy(
        "debrief question",
        "Did you specialise in one field or spread over all four? What are the advantages of "
        "each for a real scientist or lab?")),
    ("capacity", pgettext_lazy(
        "debrief question",
        "You could only run 2–4 projects at once, and you earned more room by succeeding. What "
        "limits how many projects a real lab can run, and how do labs grow?")),
    ("no_luck", pgettext_lazy(
        "debrief question",
        "Scientia has no dice and no hidden cards. Is real science like that? Where do luck, "
        "surprise and failure come into real research?")),
]

GENERATORS = {
    "slow_research": slow_research_facts,
    "cascade": cascade_facts,
    "specialist": specialist_facts,
    "capacity": capacity_facts,
    "no_luck": luck_facts,
}
