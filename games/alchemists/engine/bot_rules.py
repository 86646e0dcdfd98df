"""The greedy bot's choices, one per decision: `choose(view, legal) -> one of legal`.

Each reads only the seat's view and reasons with its consistency set (knowledge.py).
"""

from __future__ import annotations

import math

from .alchemy import PRICES, QUALITIES, potion_sign, quality, quality_rank, sign
from .content import ARTIFACTS, COLOURS, TURN_ORDER
from .knowledge import Knowledge
from .master import shows
from .reputation import price_adjust

FAVOUR_PRIORITY = ("assistant", "herbalist", "associate", "sage", "shopkeeper", "merchant",
                   "barmaid", "custodian")
ARTIFACT_USE = {"thinking_cap": 3, "periscope": 2, "amulet_of_rhetoric": 5, "printing_press": 1,
                "magic_mortar": 1, "witchs_trunk": 2, "hypnotic_amulet": 2, "altar_of_gold": 1,
                "seal_of_authority": 2, "robe_of_respect": 1, "crystal_cabinet": 4,
                "wisdom_idol": 2, "magic_mirror": 2, "feather_in_cap": 1}
LEARN_NOTHING = 0.05


def me(view: dict) -> dict:
    return view["players"][view["you"] - 1]


def knowledge(view: dict) -> Knowledge:
    return Knowledge(view["public_facts"] + me(view)["results"])


def entropy(dist: dict[str, float]) -> float:
    return -sum(p * math.log2(p) for p in dist.values() if p > 0)


def best(options: list, score) -> tuple:
    """The option of highest score (the first on ties) and its score."""
    top, top_score = None, -math.inf
    for option in options:
        value = score(option)
        if value > top_score:
            top, top_score = option, value
    return top, top_score


def forgo_or(legal: list[dict], chosen: dict | None, good: bool) -> dict:
    fallback = [a for a in legal if a["type"] in ("forgo", "decline")]
    if (not good or chosen is None) and fallback:
        return fallback[0]
    return chosen if chosen is not None else legal[0]


def mixing_choice(view: dict, legal: list[dict], risk: float = 0.0) -> dict:
    """The pair whose result it knows least about (most information); drinking also weighs the
    chance of a − result."""
    k = knowledge(view)
    pairs = [a for a in legal if "ingredients" in a]

    def score(action):
        dist = k.results(*action["ingredients"])
        harm = sum(p for r, p in dist.items() if potion_sign(r) == "-")
        return entropy(dist) - risk * harm
    chosen, value = best(pairs, score)
    return forgo_or(legal, chosen, value > LEARN_NOTHING)


def choose_forage(view: dict, legal: list[dict]) -> dict:
    hand = me(view)["hand"]
    k = knowledge(view)

    def score(action):
        if action["type"] == "forgo":
            return -1.0
        if action["source"] == "deck":
            return 0.8
        ingredient = action["ingredient"]
        return (1.0 if ingredient not in hand else 0.3) + 1 - max(k.marginal(ingredient).values())
    return best(legal, score)[0]


def choose_transmute(view: dict, legal: list[dict]) -> dict:
    hand = me(view)["hand"]
    options = [a for a in legal if a["type"] == "transmute"]
    return best(options, lambda a: hand[a["ingredient"]] + a["sages"] / 10)[0]


def choose_sell(view: dict, legal: list[dict]) -> dict:
    """The sale of most expected gold, less the reputation a poor potion costs."""
    k = knowledge(view)
    p = me(view)
    options = [a for a in legal if a["type"] == "sell" and not a["barmaids"]]
    cache: dict[tuple, dict] = {}

    def score(action):
        pair = tuple(action["ingredients"])
        dist = cache.setdefault(pair, k.results(*pair))
        levels = dict.fromkeys(QUALITIES, 0.0)
        for r, share in dist.items():
            levels[quality(action["potion"], r)] += share
        reach = sum(s for q, s in levels.items() if quality_rank(q) >= quality_rank(
            action["guarantee"]))
        price = PRICES[action["guarantee"]] + p["bid"] + price_adjust(p["reputation"])
        return price * reach - 1.2 * (levels["neutral"] + levels["opposite"]) - action[
            "merchants"] * 0.5
    chosen, value = best(options, score)
    return forgo_or(legal, chosen, value > 0)


def choose_buy(view: dict, legal: list[dict]) -> dict:
    options = [a for a in legal if a["type"] == "buy"]

    def score(action):
        artifact = ARTIFACTS[action["artifact"]]
        return (artifact["vp"] or 0) + ARTIFACT_USE.get(action["artifact"], 0) + action[
            "shopkeepers"] * 0.1
    chosen, value = best(options, score)
    return forgo_or(legal, chosen, value >= 2)


def choose_debunk(view: dict, legal: list[dict]) -> dict:
    """Apprentice: the aspect most probably wrong. Master: the demonstration most likely to show
    something, weighed against the cost of showing nothing."""
    k = knowledge(view)
    board = {"theories": {t["ingredient"]: {"token": t["token"]} for t in view["theories"]},
             "conflicts": view["conflicts"]}
    own = {t["ingredient"] for t in view["theories"] if any(
        s["seat"] == view["you"] and s.get("kind") for s in t["seals"])}

    def score(action):
        if action["type"] == "debunk":
            token = board["theories"][action["ingredient"]]["token"]
            other = "+" if sign(token, action["colour"]) == "-" else "-"
            chance = k.sign_chance(action["ingredient"], action["colour"], other)
            return chance - (0.5 if action["ingredient"] in own else 0)
        if action["type"] != "demonstrate" or action["confirm"]:
            return -1.0
        yes = k.results(*action["ingredients"])[action["potion"]]
        win = sum(share for answer, share in ((True, yes), (False, 1 - yes))
                  if _shows_something(board, action, answer))
        return win - 0.3 * any(i in own for i in action["ingredients"])
    chosen, value = best([a for a in legal if a["type"] != "forgo"], score)
    return forgo_or(legal, chosen, value >= 0.6)


def _shows_something(board: dict, action: dict, answer: bool) -> bool:
    shown = shows(board, action["ingredients"], action["potion"], answer)
    return bool(shown["fallen"] or (shown["conflict"] and shown["conflict"]["new"]))


DEBUNK_RISK = 2  # a wrong theory may be debunked first: -5 reputation, weighed at 2 VP
CONFIDENCE = {"gold": 0.85, "silver": 0.6}  # the chance a seal of that kind asks for
HEDGE_CONFIDENCE = 0.85  # right, or wrong only in the hedged colour


def seal_values(k: Knowledge, ingredient: str, token: str) -> dict[str, float]:
    """The expected VP of each kind of seal on this theory (AL-107, AL-108), less the risk of a
    debunk; -inf for a seal its confidence does not justify."""
    key = ("seals", ingredient, token)
    found = k.memo.get(key)
    if found is None:
        chance = k.marginal(ingredient)[token]
        wrong = 1 - chance
        found = {"gold": 5 * chance - (4 + DEBUNK_RISK) * wrong,
                 "silver": 3 * chance - (4 + DEBUNK_RISK) * wrong}
        found = {kind: value if chance >= CONFIDENCE[kind] else -math.inf
                 for kind, value in found.items()}
        for colour in COLOURS:
            hedged = k.wrong_only(ingredient, token, colour)
            found[f"hedge_{colour}"] = (-(4 + DEBUNK_RISK) * (wrong - hedged)
                                        if chance + hedged >= HEDGE_CONFIDENCE else -math.inf)
        k.memo[key] = found
    return found


def choose_publish(view: dict, legal: list[dict]) -> dict:
    """Its likeliest theories, each with the seal its confidence justifies and of best expected
    VP; endorse a theory it is sure of; otherwise wait."""
    k = knowledge(view)
    tokens = {t["ingredient"]: t["token"] for t in view["theories"]}
    by_theory: dict[tuple, list[dict]] = {}
    for action in legal:
        if action["type"] in ("publish", "endorse"):
            token = action.get("token") or tokens[action["ingredient"]]
            by_theory.setdefault((action["type"], action["ingredient"], token), []).append(action)
    likeliest = sorted(by_theory, key=lambda key: -k.marginal(key[1])[key[2]])[:6]

    def score(action):
        ingredient = action["ingredient"]
        token = action.get("token") or tokens[ingredient]
        value = seal_values(k, ingredient, token)[action["seal"]]
        return value + (1.0 if action["type"] == "publish" else -0.5)
    chosen, value = best([a for key in likeliest for a in by_theory[key]], score)
    return forgo_or(legal, chosen, value > 0)


def choose_exhibit(view: dict, legal: list[dict]) -> dict:
    k = knowledge(view)
    options = [a for a in legal if a["type"] == "exhibit"]

    def score(action):
        chance = k.results(*action["ingredients"])[action["potion"]]
        return 2 * chance - 1
    chosen, value = best(options, score)
    return forgo_or(legal, chosen, value > 0)


def choose_order(view: dict, legal: list[dict]) -> dict:
    p = me(view)

    def score(action):
        space = TURN_ORDER[action["space"]]
        wanted = 1.2 if p["hand_size"] < 4 else 0.5
        return (space["ingredients"] * wanted + space["favours"] * 0.8 + space["gold"] * 1.5
                - space["rank"] * 0.05)
    return best(legal, score)[0]


def choose_keep(view: dict, legal: list[dict]) -> dict:
    return best(legal, lambda a: -FAVOUR_PRIORITY.index(a["favour"]))[0]


def choose_discard(view: dict, legal: list[dict]) -> dict:
    hand = me(view)["hand"]
    return best(legal, lambda a: sum(hand[i] for i in a["ingredients"]))[0]


GREEDY = {
    "forage": choose_forage, "transmute": choose_transmute,
    "test": lambda view, legal: mixing_choice(view, legal),
    "drink": lambda view, legal: mixing_choice(view, legal, risk=0.6),
    "custodian": lambda view, legal: mixing_choice(view, legal, risk=0.6),
    "cap_test": lambda view, legal: mixing_choice(view, legal),
    "sell": choose_sell, "buy": choose_buy, "debunk": choose_debunk,
    "publish": choose_publish, "immediate": choose_publish, "exhibit": choose_exhibit,
    "order": choose_order, "keep_favour": choose_keep, "herbalist": choose_discard,
    "altar": lambda view, legal: legal[-1],
    "feather": lambda view, legal: [a for a in legal if a["both"]][0],
}
