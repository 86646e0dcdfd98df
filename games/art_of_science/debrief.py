"""The Art of Science's debrief: the rules file's five questions (part 5), each with the key of
its fact generator (games/art_of_science/facts.py)."""

from django.utils.translation import pgettext_lazy

from games.art_of_science.facts import (
    credit_facts,
    duel_facts,
    knowing_facts,
    replication_facts,
    specialisation_facts,
)

QUESTIONS = [
    ("specialisation", pgettext_lazy(
        "debrief question",
        "How did you rank your six categories, and did it work? What does that say about why "
        "scientists specialise, and why teams mix specialists?")),
    ("credit", pgettext_lazy(
        "debrief question",
        "When you asked for advice you had to share your points. When should scientists share "
        "credit for a discovery, and was the game's split fair?")),
    ("replication", pgettext_lazy(
        "debrief question",
        "In the game, “Replication Chance” is a bet. What does replication mean in real "
        "science, and why is it not gambling?")),
    ("knowing", pgettext_lazy(
        "debrief question",
        "Pick a question you got wrong or guessed. Without the answer key, how could you find "
        "out the right answer, and what evidence would convince you?")),
    ("first_or_right", pgettext_lazy(
        "debrief question",
        "In a duel, the fastest correct answer won. In science, is being first the same as "
        "being right? What happens when two teams claim the same discovery?")),
]

GENERATORS = {
    "specialisation": specialisation_facts,
    "credit": credit_facts,
    "replication": replication_facts,
    "knowing": knowing_facts,
    "first_or_right": duel_facts,
}
