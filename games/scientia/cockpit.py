"""What the projector shows of a Scientia table beyond every game's card, big: both supplies
counting down and every seat's four technology tracks (seat numbers and shapes, never names)."""

from games.engines.base import PUBLIC
from games.rendering import view_of
from games.scientia import presentation
from games.scientia.engine.content import FIELDS
from games.seats import look


def projector_table(snapshot, summary):
    view = view_of(snapshot, PUBLIC)
    supplies = presentation.supplies(view, {})
    supplies.pop("chain_who")
    return {"supplies": supplies,
            "fields": [presentation.field(f) for f in FIELDS],
            "seats": [{"seat": p["seat"], "look": look(p["seat"]),
                       "tracks": [presentation.track(f, p["tracks"][f]) for f in FIELDS]}
                      for p in view["players"]]}
