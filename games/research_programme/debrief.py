"""Research Programme's debrief: the rulebook's five questions (Jälkipuinti), each with the key of
its fact generator (games/research_programme/facts.py).

The English is the rules file's translation; the Finnish (in the locale catalogue) is the
rulebook's own wording.
"""

from django.utils.translation import pgettext_lazy

from games.research_programme.facts import (
    bias_facts,
    independent_replication_facts,
    interference_facts,
    null_result_hype_facts,
    replication_facts,
)

QUESTIONS = [
    ("replication", pgettext_lazy(
        "debrief question",
        "Why did your theory pass the test but not the replication (or why did it pass)?")),
    ("bias", pgettext_lazy(
        "debrief question",
        "Which Bias hit you, and how would a real laboratory protect itself against it?")),
    ("independent_replication", pgettext_lazy(
        "debrief question",
        "Why does a replication made with another apparatus, or by another group, carry more "
        "weight than a new analysis of the same data?")),
    ("null_result_hype", pgettext_lazy(
        "debrief question",
        "When was it worth publishing a null result, and why did Hype without Rigour "
        "backfire?")),
    ("interference", pgettext_lazy(
        "debrief question",
        "How did you tell unintentional bias from deliberate interference, and what protected "
        "you best?")),
]

GENERATORS = {
    "replication": replication_facts,
    "bias": bias_facts,
    "independent_replication": independent_replication_facts,
    "null_result_hype": null_result_hype_facts,
    "interference": interference_facts,
}
