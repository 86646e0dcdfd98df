"""What the rules read of a card kind, computed once from the catalogue (content/cards.json).

The rules never name a card; they ask these tables. Costs and resource values are tuples in the
order M, E, D so the hot paths (plans, bots) stay cheap.
"""

from __future__ import annotations

from .content import CARDS, RESOURCES

TARGETED_USES = {"negative", "blind_discard"}
TARGETED_PUBLISH = {"block", "minus_prestige"}

COST = {kind: tuple(card["cost"][r] for r in RESOURCES) for kind, card in CARDS.items()}
USES = {kind: card["uses"] for kind, card in CARDS.items()}
PUBLISH = {kind: card["publish"] for kind, card in CARDS.items()}
TYPE = {kind: card["type"] for kind, card in CARDS.items()}
GROUP = {kind: card["group"] for kind, card in CARDS.items()}
PAPER_PP = {kind: card["immediate"]["n"] for kind, card in CARDS.items() if card["immediate"]}


def _resource_uses(kind: str) -> list[tuple[int, tuple[int, int, int]]]:
    options = []
    for index, use in enumerate(USES[kind]):
        if use["op"] == "resource":
            options.append((index, tuple(use["n"] if r == use["res"] else 0 for r in RESOURCES)))
    return options


RESOURCE_USES = {kind: _resource_uses(kind) for kind in CARDS}
"""Per kind, its resource use options as (use index, (M, E, D))."""
VALUE = {kind: {r: max((u["n"] for u in USES[kind] if u["op"] == "resource" and u["res"] == r),
                       default=0) for r in RESOURCES} for kind in CARDS}


def resource_value(kind: str, res: str) -> int:
    """A card's value in resource `res` for a normal negative effect: the amount of its
    positive `res` use option, 0 if it has none (NR-18)."""
    return VALUE[kind][res]



def costs_resource(kind: str, res: str) -> bool:
    """Whether buying the card needs `res` (a block on `res` forbids it, NR-21)."""
    return CARDS[kind]["cost"][res] > 0


def use_needs_target(use: dict) -> bool:
    """A negative use or Donna Strickland's blind discard names an opponent (NR-18, NR-25)."""
    return use["op"] in TARGETED_USES


def publish_needs_target(kind: str) -> bool:
    """A block or negative prestige goes to an opponent (NR-20, NR-22)."""
    return PUBLISH[kind]["op"] in TARGETED_PUBLISH


def is_paper(kind: str) -> bool:
    return kind in PAPER_PP
