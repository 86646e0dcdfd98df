"""Alchemists' debrief: the rules file's five questions (part 5.2), each with the key of its
fact generator (games/alchemists/facts.py)."""

from django.utils.translation import pgettext_lazy

from games.alchemists.facts import (
    answer_key_facts,
    confidence_facts,
    criticism_facts,
    experiment_facts,
    incentive_facts,
)

QUESTIONS = [
    ("experiments", pgettext_lazy(
        "debrief question",
        "Which of your experiments taught you the most, and which taught you nothing new? How "
        "could you have known that before mixing?")),
    ("confidence", pgettext_lazy(
        "debrief question",
        "When did you decide you knew enough to publish? Which seal did you use, and looking at "
        "the Great Truth, was your confidence too high, too low, or right?")),
    ("criticism", pgettext_lazy(
        "debrief question",
        "Did anyone publish a theory that turned out wrong? Who noticed, how, and what did it "
        "cost the people who had endorsed it? Why did some wrong theories survive to the end?")),
    ("incentives", pgettext_lazy(
        "debrief question",
        "The conference and the best-alchemist award counted how many seals you had, not "
        "whether they were right. How did that change what you did? Where in real life does "
        "counting outputs reward the wrong thing?")),
    ("answer_key", pgettext_lazy(
        "debrief question",
        "Real scientists never get a Great Truth. Without it, how could your class have decided "
        "which theories to trust?")),
]

GENERATORS = {
    "experiments": experiment_facts,
    "confidence": confidence_facts,
    "criticism": criticism_facts,
    "incentives": incentive_facts,
    "answer_key": answer_key_facts,
}
