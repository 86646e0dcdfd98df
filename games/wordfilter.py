"""An advisory word filter for what students type into requests (story titles, answers): it flags
words a teacher may want to see before accepting, and never blocks. Finnish and English, small
on purpose: swear words, sexual words and slurs that do not belong on a classroom projector.
Most words are matched by their stem, so inflected forms ("vitun", "paskaa") are caught; words
that also begin ordinary words only whole, so "kusiainen" (an ant), "Dickens", "cockroach" and
"fire retardant" pass.
"""

import re

# Stems: a word that starts with one of these is flagged.
STEMS = (
    # Finnish
    "vittu", "vitun", "vitut", "perkele", "perkeleen", "saatana", "helvet", "jumalaut", "paska",
    "kusip", "kyrp", "mulkk", "huora", "lutka", "pillu", "runkk", "perse", "neeker",
    "hintti", "hintin", "idioot", "ääliö",
    # English
    "fuck", "shit", "bitch", "bastard", "asshole", "cunt", "wank", "bollock", "motherf",
    "nigg", "faggot", "whore", "slut", "porn", "pussy", "dickhead", "piss",
)
# Whole words only: these are also the start of ordinary words.
WORDS = frozenset({
    "kusi", "kusta", "kusen", "homo", "homot", "ämmä", "dick", "dicks", "cock", "crap", "twat",
    "retard", "retarded", "idiot", "idiots", "ass", "arse", "damn", "sexy", "moron",
})
LOOK_ALIKES = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t",
                             "@": "a", "$": "s", "€": "e"})
WORD = re.compile(r"[\w@$€*]+", re.UNICODE)
MASKED = re.compile(r"[^\W\d_]\*+[^\W\d_]")  # "f*ck", "sh**": a word masked with stars


def normalise(word):
    """Lower case, digits and symbols read as the letters they stand for."""
    return word.lower().translate(LOOK_ALIKES)


def flagged_words(text):
    """The words of `text` (as typed, in order, once each) that the teacher should look at."""
    found = []
    for match in WORD.finditer(text or ""):
        typed, word = match.group(), normalise(match.group())
        hit = word in WORDS or word.startswith(STEMS) or MASKED.search(typed)
        if hit and typed not in found:
            found.append(typed)
    return found
