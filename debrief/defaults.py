"""The rulebook's five debrief questions (Jälkipuinti), each with the key of its fact generator.

The English is the rules file's translation; the Finnish (in locale/fi) is the rulebook's own
wording. A lesson copies them in its language when its questions are first needed.
"""

from django.utils import translation
from django.utils.translation import pgettext_lazy

DEFAULT_QUESTIONS = [
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

FACT_KEYS = [key for key, _text in DEFAULT_QUESTIONS]


def default_questions(language):
    """[(fact_key, text)] of the five questions in `language` ("fi" or "en")."""
    with translation.override(language):
        return [(key, str(text)) for key, text in DEFAULT_QUESTIONS]
