"""A lesson's default debrief questions: its game's five (its package's `debrief_questions`),
each with the key of its fact generator, copied in the lesson's language when its questions are
first needed."""

from django.utils import translation

from games.packages import package


def default_questions(engine_key, language):
    """[(fact_key, text)] of the game's default questions in `language`."""
    with translation.override(language):
        return [(key, str(text)) for key, text in package(engine_key).debrief_questions]
