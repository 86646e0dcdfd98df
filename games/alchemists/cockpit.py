"""What the projector shows of an Alchemists table beyond every game's card: its theory board,
public only (the ingredients, the alchemicals published and how many seals of each seat), and
never a seat's name or a seal's kind."""

from games.alchemists import presentation
from games.engines.base import PUBLIC
from games.rendering import view_of


def projector_table(snapshot, summary):
    view = view_of(snapshot, PUBLIC)
    rows = [{"name": row["name"], "theory": row["theory"] and {
        **{k: row["theory"][k] for k in ("text", "words", "aspects", "conflict")},
        "seals": [{"look": s["look"], "seat": s["seat"]} for s in row["theory"]["seals"]]}}
        for row in presentation.board(view, {})["rows"]]
    return {"theories": [row for row in rows if row["theory"]]}
