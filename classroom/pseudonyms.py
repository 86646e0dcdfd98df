"""Friendly generated names: an adjective and a science word, in the lesson's language."""

import random

from classroom.models import PSEUDONYM_MAX_LENGTH

WORDS = {
    "en": (
        ["Curious", "Brave", "Clever", "Cheerful", "Careful", "Bold", "Bright", "Calm", "Eager",
         "Gentle", "Happy", "Keen", "Kind", "Lively", "Lucky", "Patient", "Quick", "Sharp",
         "Steady", "Sunny", "Swift", "Witty", "Wise", "Jolly", "Nimble", "Plucky", "Daring",
         "Friendly", "Tidy", "Merry"],
        ["Chemist", "Physicist", "Biologist", "Astronomer", "Geologist", "Botanist", "Ecologist",
         "Inventor", "Engineer", "Explorer", "Meteorologist", "Zoologist", "Archaeologist",
         "Researcher", "Oceanographer", "Naturalist", "Geneticist", "Volcanologist",
         "Mathematician", "Statistician", "Microbiologist", "Geographer", "Lab Assistant"],
    ),
    "fi": (
        ["Utelias", "Rohkea", "Iloinen", "Nopea", "Viisas", "Tarkka", "Reipas", "Sinnikäs",
         "Luova", "Kekseliäs", "Rauhallinen", "Huolellinen", "Hauska", "Ystävällinen", "Pirteä",
         "Valpas", "Innokas", "Kirkas", "Sitkeä", "Vikkelä", "Hilpeä", "Urhea", "Leppoisa",
         "Terävä", "Älykäs", "Tomera", "Ripeä", "Aurinkoinen", "Reilu", "Tarmokas"],
        ["Kemisti", "Fyysikko", "Biologi", "Tähtitieteilijä", "Geologi", "Kasvitieteilijä",
         "Ekologi", "Keksijä", "Insinööri", "Tutkimusmatkailija", "Meteorologi",
         "Eläintieteilijä", "Arkeologi", "Tutkija", "Meritutkija", "Luonnontutkija",
         "Geneetikko", "Tulivuorentutkija", "Matemaatikko", "Tilastotieteilijä",
         "Mikrobiologi", "Maantieteilijä", "Laborantti"],
    ),
    "sv": (
        ["Nyfiken", "Modig", "Klok", "Glad", "Noggrann", "Djärv", "Klartänkt", "Lugn", "Ivrig",
         "Mild", "Lycklig", "Skarp", "Vänlig", "Livlig", "Tursam", "Tålmodig", "Snabb",
         "Skärpt", "Stadig", "Solig", "Kvick", "Vitsig", "Vis", "Munter", "Smidig", "Käck",
         "Orädd", "Trevlig", "Prydlig", "Pigg"],
        ["Kemist", "Fysiker", "Biolog", "Astronom", "Geolog", "Botaniker", "Ekolog",
         "Uppfinnare", "Ingenjör", "Upptäcktsresande", "Meteorolog", "Zoolog", "Arkeolog",
         "Forskare", "Oceanograf", "Naturforskare", "Genetiker", "Vulkanolog", "Matematiker",
         "Statistiker", "Mikrobiolog", "Geograf", "Laborant"],
    ),
}


def candidates(language):
    adjectives, nouns = WORDS.get(language, WORDS["en"])
    return [
        name for adjective in adjectives for noun in nouns
        if len(name := f"{adjective} {noun}") <= PSEUDONYM_MAX_LENGTH
    ]


def suggest(language, taken=(), rng=None):
    """A generated name not in `taken` (compared without case); a number is added if all are."""
    rng = rng or random.SystemRandom()
    taken = {name.casefold() for name in taken}
    names = [name for name in candidates(language) if name.casefold() not in taken]
    if names:
        return rng.choice(names)
    base = rng.choice(candidates(language))[: PSEUDONYM_MAX_LENGTH - 4]
    number = 2
    while f"{base} {number}".casefold() in taken:
        number += 1
    return f"{base} {number}"
