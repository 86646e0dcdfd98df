"""Reputation: zones and one net change per seat per outcome (AL-84 to AL-87, G-16)."""

from __future__ import annotations

from .events import event
from .state import player, power

RED_MAX = 6
GREEN = range(14, 18)
BLUE_MIN = 18


def zone(reputation: int) -> str:
    """red (6 or less), green (14 to 17), blue (18 or more), or plain (AL-84, AL-86)."""
    if reputation <= RED_MAX:
        return "red"
    if reputation >= BLUE_MIN:
        return "blue"
    return "green" if reputation in GREEN else "plain"


LOSS_ADJUST = {"red": -1, "plain": 0, "green": 1, "blue": 2}


def changed(reputation: int, d: int, bonus: int = 0) -> int:
    """Reputation after one net change d (AL-84): a gain gets the Robe's +1; a loss is adjusted
    by the zone the seat is in before it, and never leaves reputation below 1."""
    if d > 0:
        return reputation + d + bonus
    if d < 0:
        loss = -d + LOSS_ADJUST[zone(reputation)]
        return max(1, reputation - max(0, loss))
    return reputation


def apply(state: dict, deltas: dict[int, int], reason: str, out: list) -> None:
    """Apply each seat's net change d as one change (AL-85), in seat order."""
    for seat in sorted(deltas):
        d = deltas[seat]
        if d == 0:
            continue
        p = player(state, seat)
        robe = power(p, "reputation_bonus")
        before = p["reputation"]
        p["reputation"] = changed(before, d, robe["amount"] if robe else 0)
        out.append(event(state, "ReputationChanged", seat, delta=d, before=before,
                         after=p["reputation"], reason=reason))


def change(state: dict, seat: int, d: int, reason: str, out: list) -> None:
    apply(state, {seat: d}, reason, out)


def smiley_bonus(reputation: int) -> int:
    """+1 smiley in the green or blue zone (AL-53, AL-86)."""
    return 1 if zone(reputation) in ("green", "blue") else 0


def price_adjust(reputation: int) -> int:
    """+1 gold in the blue zone, -1 in the red zone on a sale's price (AL-56, AL-86)."""
    return {"blue": 1, "red": -1}.get(zone(reputation), 0)
