"""Names of Alchemists' content in the page's language, from the engine's data (fi, en, sv), and
the words for what the data has no name for: colours, signs and the eight alchemicals, which are
told by their three signed, sized aspects (never by colour alone)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.alchemists.engine.content import (
    ADVENTURERS,
    ALCHEMICALS,
    ARTIFACTS,
    FAVOURS,
    INGREDIENT_IDS,
    INGREDIENTS,
    POTIONS,
    SEALS,
    SPACES,
)
from games.content import text

COLOURS = {"R": _("red"), "G": _("green"), "B": _("blue")}
COLOUR_LETTERS = {"R": pgettext_lazy("colour letter", "R"),
                  "G": pgettext_lazy("colour letter", "G"),
                  "B": pgettext_lazy("colour letter", "B")}
# A neutral potion's symbol, in place of a colour letter and a sign.
NEUTRAL = pgettext_lazy("potion symbol", "N")
SIGNS = {"+": "+", "-": "−"}
SIGN_WORDS = {"+": _("plus"), "-": _("minus")}
SIZES = {True: _("big"), False: _("small")}


def _named(record, fallback):
    return text((record or {}).get("name"), str(fallback))


def ingredient(ingredient_id):
    return _named(INGREDIENTS.get(ingredient_id), ingredient_id)


def ingredients(ids):
    return " + ".join(ingredient(i) for i in ids or ())


def potion(potion_id):
    """"Healing (R+)": the name with its colour letter and sign, so no potion is told by colour
    alone."""
    record = POTIONS.get(potion_id)
    if record is None:
        return str(potion_id)
    return f"{_named(record, potion_id)} ({potion_symbol(potion_id)})"


def potion_symbol(potion_id):
    record = POTIONS.get(potion_id) or {}
    if not record.get("colour"):
        return str(NEUTRAL)
    return f"{COLOUR_LETTERS[record['colour']]}{SIGNS[record['sign']]}"


def space(space_id):
    return _named(SPACES.get(space_id), space_id)


def seal(kind):
    return _named(SEALS.get(kind), kind)


def favour(favour_id):
    return _named(FAVOURS.get(favour_id), favour_id)


def artifact(artifact_id):
    return _named(ARTIFACTS.get(artifact_id), artifact_id)


def adventurer(adventurer_id):
    return _named(ADVENTURERS.get(adventurer_id), adventurer_id)


def text_of(record):
    return text((record or {}).get("text"))


def aspects(alchemical_id):
    """The alchemical's three aspects: [{"colour", "sign", "big", "letter", "symbol", "words"}]."""
    record = ALCHEMICALS.get(alchemical_id)
    if record is None:
        return []
    shown = []
    for colour in ("R", "G", "B"):
        sign, big = record["signs"][colour], colour in record["big"]
        letter = str(COLOUR_LETTERS[colour])
        shown.append({"colour": colour, "sign": SIGNS[sign], "big": big,
                      "letter": letter.upper() if big else letter.lower(),
                      "words": f"{COLOURS[colour]} {SIGN_WORDS[sign]} {SIZES[big]}"})
    return shown


def alchemical(alchemical_id):
    """"r− g+ B−": a letter per colour, big aspects in capitals, with each sign."""
    shown = aspects(alchemical_id)
    return " ".join(f"{a['letter']}{a['sign']}" for a in shown) or str(alchemical_id)


def alchemical_words(alchemical_id):
    """The aspects in words, for screen readers: "red minus small, green plus small, …"."""
    return ", ".join(a["words"] for a in aspects(alchemical_id))


def colour(colour_id):
    return COLOURS.get(colour_id, colour_id)


def ingredient_order():
    return INGREDIENT_IDS
