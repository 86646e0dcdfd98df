"""Alchemy: the alchemicals, the mixing function and potion quality (AL-01 to AL-11)."""

from collections import Counter
from itertools import combinations

import pytest

from games.alchemists.engine import alchemy
from games.alchemists.engine.content import ALCHEMICAL_IDS, ALCHEMICALS, INGREDIENT_IDS, POTIONS
from games.engines.base import IllegalAction

from . import factory as f

# AL-06: the full table, row by row (a1 ... a8), "-" on the diagonal.
TABLE = """
-  N  B- G+ R- B- R- G+
N  -  G- B+ B+ R+ G- R+
B- G- -  N  G- R+ B- R+
G+ B+ N  -  R- G+ R- B+
R- B+ G- R- -  N  G- B+
B- R+ R+ G+ N  -  B- G+
R- G- B- R- G- B- -  N
G+ R+ R+ B+ B+ G+ N  -
"""
PAIRS = {"R+": "a2a6 a2a8 a3a6 a3a8", "R-": "a1a5 a1a7 a4a5 a4a7", "G+": "a1a4 a1a8 a4a6 a6a8",
         "G-": "a2a3 a2a7 a3a5 a5a7", "B+": "a2a4 a2a5 a4a8 a5a8", "B-": "a1a3 a1a6 a3a7 a6a7",
         "N": "a1a2 a3a4 a5a6 a7a8"}


def test_al_01_every_alchemical_has_one_signed_sized_aspect_per_colour():
    """Each alchemical has exactly R, G, B aspects, each + or -, big or small (AL-01)."""
    for a in ALCHEMICAL_IDS:
        assert set(ALCHEMICALS[a]["signs"]) == {"R", "G", "B"}
        assert all(alchemy.sign(a, c) in "+-" for c in "RGB")
    assert alchemy.is_big("a6", "R") and not alchemy.is_big("a6", "G")


def test_al_02_the_eight_alchemicals_and_their_invariants():
    """8 distinct sign patterns; a7/a8 all big; the others one big aspect holding the majority
    sign; opposites flip every sign and keep sizes (AL-02)."""
    notations = [ALCHEMICALS[a]["notation"] for a in ALCHEMICAL_IDS]
    assert notations == ["r-g+B-", "r+g-B+", "r+G-b-", "r-G+b+", "R-g-b+", "R+g+b-", "R-G-B-",
                         "R+G+B+"]
    assert len({tuple(ALCHEMICALS[a]["signs"].values()) for a in ALCHEMICAL_IDS}) == 8
    for a in ALCHEMICAL_IDS:
        big = ALCHEMICALS[a]["big"]
        signs = list(ALCHEMICALS[a]["signs"].values())
        if a in ("a7", "a8"):
            assert big == ["R", "G", "B"]
        else:
            assert len(big) == 1 and signs.count(alchemy.sign(a, big[0])) == 2
        o = alchemy.opposite(a)
        assert ALCHEMICALS[o]["big"] == big
        assert all(alchemy.sign(o, c) != alchemy.sign(a, c) for c in "RGB")


def test_al_03_seven_potions_with_colour_and_sign():
    """Six coloured potions and Neutral, which has neither colour nor sign (AL-03)."""
    assert list(POTIONS) == ["R+", "G+", "B+", "R-", "G-", "B-", "N"]
    assert POTIONS["R-"]["name"]["en"] == "Poison" and POTIONS["B-"]["name"]["en"] == "Insanity"
    assert POTIONS["N"]["colour"] is None and POTIONS["N"]["sign"] is None


def test_al_04_mixing_takes_the_colour_of_same_sign_different_size():
    """The seed's examples: a6+a2 = R+, a6+a8 = G+, a6+a5 = N, a8+a7 = N; symmetric (AL-04)."""
    assert alchemy.mix("a6", "a2") == "R+"
    assert alchemy.mix("a6", "a8") == "G+"
    assert alchemy.mix("a6", "a5") == "N" and alchemy.mix("a8", "a7") == "N"
    for x, y in combinations(ALCHEMICAL_IDS, 2):
        assert alchemy.mix(x, y) == alchemy.mix(y, x)


def test_al_05_neutral_exactly_with_the_opposite():
    """mix(x, y) is Neutral exactly when y is x's opposite (AL-05)."""
    for x, y in combinations(ALCHEMICAL_IDS, 2):
        assert (alchemy.mix(x, y) == "N") == (alchemy.opposite(x) == y)


def test_al_06_the_full_table_of_28_pairs():
    """mix reproduces the 8x8 table; each of the 7 results comes from exactly 4 pairs
    (AL-06)."""
    rows = [line.split() for line in TABLE.strip().splitlines()]
    for i, x in enumerate(ALCHEMICAL_IDS):
        for j, y in enumerate(ALCHEMICAL_IDS):
            if i != j:
                assert alchemy.mix(x, y) == rows[i][j], (x, y)
    counts = Counter(alchemy.mix(x, y) for x, y in combinations(ALCHEMICAL_IDS, 2))
    assert counts == dict.fromkeys(POTIONS, 4)
    for potion, pairs in PAIRS.items():
        assert {x + y for x, y in alchemy.pairs_making(potion)} == set(pairs.split())


def test_al_07_two_cards_of_the_same_ingredient_cannot_be_mixed():
    """A test with two toads is refused with same_ingredient (AL-07, G-17)."""
    state = f.at(f.game(2), "test", 1, round_=1)
    f.hand(state, 1, {"toad": 2})
    with pytest.raises(IllegalAction) as error:
        f.act(state, {"type": "test", "seat": 1, "ingredients": ["toad", "toad"]})
    assert error.value.code == "same_ingredient"


def test_al_08_eight_ingredients_in_their_order():
    """mushroom, fern, toad, claw, flower, mandrake, scorpion, feather (AL-08)."""
    assert INGREDIENT_IDS == ("mushroom", "fern", "toad", "claw", "flower", "mandrake",
                              "scorpion", "feather")


def test_al_09_the_mapping_is_a_bijection_drawn_by_chance_steps():
    """Eight chance steps, each among the alchemicals left, draw the mapping (AL-09, G-30)."""
    state = f.game(2, settle_draws=False)
    assert sorted(state["secret"]["mapping"].values()) == list(ALCHEMICAL_IDS)
    fresh = f.api.new_game(f.seats(2), {}, 3)
    assert fresh["step"] == {"kind": "chance", "draw": "mapping", "ingredient": "mushroom"}
    assert f.api.chance_outcomes(fresh) == list(ALCHEMICAL_IDS)
    f.chance(fresh, "a3")
    assert "a3" not in f.api.chance_outcomes(fresh) and len(f.api.chance_outcomes(fresh)) == 7


def test_al_10_an_ingredient_pair_mixes_through_the_mapping():
    """mushroom = a6 and toad = a2 make R+ (AL-10)."""
    assert alchemy.result(f.MAPPING, "mushroom", "toad") == "R+"
    assert alchemy.result(f.MAPPING, "toad", "mushroom") == "R+"


@pytest.mark.parametrize("made, level", [("R+", "exact"), ("B+", "sign"), ("N", "neutral"),
                                         ("G-", "opposite")])
def test_al_11_quality_against_a_wanted_potion(made, level):
    """Wanted R+: R+ exact, B+ sign, N neutral, G- opposite; prices 4/3/2/1 (AL-11)."""
    assert alchemy.quality("R+", made) == level
    assert alchemy.PRICES == {"exact": 4, "sign": 3, "neutral": 2, "opposite": 1}
    assert alchemy.QUALITIES == ("opposite", "neutral", "sign", "exact")
