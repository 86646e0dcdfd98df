"""Nobel Run's debrief: five questions of its own (rules file, Part 5), each with the key of its
fact generator (games/nobel_run/facts.py)."""

from django.utils.translation import pgettext_lazy

from games.nobel_run.facts import (
    credit_facts,
    journal_facts,
    obstacle_facts,
    race_facts,
    spending_facts,
)

QUESTIONS = [
    ("nr_spending", pgettext_lazy(
        "debrief question",
        "What did you spend most of your resources on: people, grants, equipment or papers? "
        "What does a real research group need most, and why?")),
    ("nr_journals", pgettext_lazy(
        "debrief question",
        "Q1 and Top papers gave more prestige but cost much more. Is a paper's value the "
        "journal it appears in? What else could show that research is good?")),
    ("nr_obstacles", pgettext_lazy(
        "debrief question",
        "Care, impostor syndrome and data loss were played on you by other players. In real "
        "life, who or what “plays” those cards, and what can a research group or a "
        "university do about them?")),
    ("nr_credit", pgettext_lazy(
        "debrief question",
        "Lise Meitner, Jocelyn Bell Burnell and Chien-Shiung Wu did Nobel-level work but did "
        "not receive the prize. Why does credit in science sometimes go to the wrong people, "
        "and what could change that?")),
    ("nr_race", pgettext_lazy(
        "debrief question",
        "The first player to reach the goal did not always win, and prizes could be shared. "
        "Is science a race? What is lost, and what is gained, when scientists compete rather "
        "than work together?")),
]

GENERATORS = {
    "nr_spending": spending_facts,
    "nr_journals": journal_facts,
    "nr_obstacles": obstacle_facts,
    "nr_credit": credit_facts,
    "nr_race": race_facts,
}
