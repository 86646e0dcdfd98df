"""What a seat can know about the mapping: the set of the 40,320 mappings consistent with the
facts it has seen, as a bitset (a Python int, one bit per mapping).

For the bots only: the engine never fills a seat's deduction grid (AL-45). Tables are built on
first use: `ONE_HOT[i][a]` holds the mappings sending ingredient i to alchemical a; `PAIR[i, j][r]`
those in which i and j make r. A fact is then one AND: each experiment result shrinks the set.
Sets are cached by their facts, so a seat's set grows by one AND per new fact.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from .alchemy import mix
from .content import ALCHEMICAL_IDS, ALCHEMICALS, COLOURS, INGREDIENT_IDS, POTION_IDS

N_MAPPINGS = 40320
ING = {ingredient: k for k, ingredient in enumerate(INGREDIENT_IDS)}
ALCH = {alchemical: k for k, alchemical in enumerate(ALCHEMICAL_IDS)}
ALL = (1 << N_MAPPINGS) - 1
CACHE_LIMIT = 2_000
_sets: dict[tuple, int] = {}


@cache
def one_hot() -> list[list[int]]:
    """ONE_HOT[i][a]: the mappings (in lexicographic order of permutations) with i -> a."""
    masks = [[bytearray(N_MAPPINGS // 8) for _ in range(8)] for _ in range(8)]
    for index, perm in enumerate(permutations(range(8))):
        byte, bit = index >> 3, 1 << (index & 7)
        for i, a in enumerate(perm):
            masks[i][a][byte] |= bit
    return [[int.from_bytes(m, "little") for m in row] for row in masks]


@cache
def pair_masks() -> dict[tuple[int, int], dict[str, int]]:
    hot = one_hot()
    table = {}
    for i in range(8):
        for j in range(8):
            if i == j:
                continue
            by_result = dict.fromkeys(POTION_IDS, 0)
            for a in range(8):
                for b in range(8):
                    if a != b:
                        potion = mix(ALCHEMICAL_IDS[a], ALCHEMICAL_IDS[b])
                        by_result[potion] |= hot[i][a] & hot[j][b]
            table[i, j] = by_result
    return table


@cache
def sign_mask(i: int, colour: str, sign: str) -> int:
    hot = one_hot()
    mask = 0
    for a, alchemical in enumerate(ALCHEMICAL_IDS):
        if ALCHEMICALS[alchemical]["signs"][colour] == sign:
            mask |= hot[i][a]
    return mask


def fact_mask(fact: tuple) -> int:
    """The mappings consistent with one fact (see mixing.py for the three kinds)."""
    kind = fact[0]
    if kind == "sign":
        return sign_mask(ING[fact[1]], fact[2], fact[3])
    pairs = pair_masks()
    if kind == "pair":
        by_result = pairs[ING[fact[1]], ING[fact[2]]]
        return _union(by_result[r] for r in fact[3])
    i = ING[fact[1]]
    return _union(pairs[i, j][r] for j in range(8) if j != i for r in fact[2])


def _union(masks) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


def frozen(fact: list) -> tuple:
    return tuple(tuple(x) if isinstance(x, list) else x for x in fact)


def consistent(facts: list[list]) -> int:
    """The bitset of mappings consistent with every fact, cached by the facts seen so far."""
    key = tuple(frozen(f) for f in facts)
    found = _sets.get(key)
    if found is not None:
        return found
    if len(_sets) > CACHE_LIMIT:
        _sets.clear()
    found = consistent(facts[:-1]) & fact_mask(key[-1]) if key else ALL
    _sets[key] = found
    return found


class Knowledge:
    """A seat's consistency set and the counts the greedy bot reasons with (memoised: a set
    seen again, by any seat, answers from memory)."""

    def __new__(cls, facts: list[list]):
        key = tuple(frozen(f) for f in facts)
        found = _known.get(key)
        if found is None:
            if len(_known) > CACHE_LIMIT:
                _known.clear()
            found = _known[key] = super().__new__(cls)
            found.set = consistent(facts)
            found.size = found.set.bit_count() or 1
            found._marginals, found._results, found._hedges = {}, {}, {}
            found.memo = {}  # for a bot's own derived figures
        return found

    def marginal(self, ingredient: str) -> dict[str, float]:
        """The share of consistent mappings sending `ingredient` to each alchemical."""
        found = self._marginals.get(ingredient)
        if found is None:
            row = one_hot()[ING[ingredient]]
            found = self._marginals[ingredient] = {
                a: (self.set & row[ALCH[a]]).bit_count() / self.size for a in ALCHEMICAL_IDS}
        return found

    def results(self, first: str, second: str) -> dict[str, float]:
        """The chance of each result for a pair of different ingredients."""
        found = self._results.get((first, second))
        if found is None:
            by_result = pair_masks()[ING[first], ING[second]]
            found = self._results[first, second] = {
                r: (self.set & m).bit_count() / self.size for r, m in by_result.items()}
        return found

    def sign_chance(self, ingredient: str, colour: str, sign: str) -> float:
        return sum(share for a, share in self.marginal(ingredient).items()
                   if ALCHEMICALS[a]["signs"][colour] == sign)

    def wrong_only(self, ingredient: str, token: str, colour: str) -> float:
        """The chance that the token is wrong in exactly this colour (a proper hedge)."""
        key = (ingredient, token, colour)
        found = self._hedges.get(key)
        if found is None:
            found = self._hedges[key] = sum(share for a, share in self.marginal(ingredient).items()
                                            if WRONG[token, a] == {colour})
        return found


WRONG = {(t, a): {c for c in COLOURS if ALCHEMICALS[t]["signs"][c] != ALCHEMICALS[a]["signs"][c]}
         for t in ALCHEMICAL_IDS for a in ALCHEMICAL_IDS}
_known: dict[tuple, Knowledge] = {}
