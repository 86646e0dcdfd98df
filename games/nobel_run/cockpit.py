"""What the teacher's cockpit and the projector show of a Nobel Run table beyond every game's
card: on the card, each seat's CV at a glance, who targeted whom and a target's stalled choice;
on the projector, the race to the goal by seat colour and shape (never names)."""


from games import content
from games import seats as seat_looks
from games.engines.base import PUBLIC
from games.nobel_run import presentation, words
from games.nobel_run.engine.content import CARDS
from games.rendering import cached_for_revision, view_of

BAR = 100


def projector_table(snapshot, summary):
    """Each seat's PP against the goal as a bar, by seat number, colour and shape."""
    view = view_of(snapshot, PUBLIC)
    goal = view["goal"]
    return {"goal": goal, "triggered": bool(view["triggered"]), "rows": [
        {"seat": p["seat"], "look": seat_looks.look(p["seat"]), "pp": p["pp"],
         "bar": round(BAR * min(max(p["pp"], 0), goal) / goal), "y": 4 + 16 * i}
        for i, p in enumerate(view["players"])], "height": 8 + 16 * len(view["players"])}


def card_context(snapshot, summary):
    language = content.language()
    return cached_for_revision(snapshot, f"nobel_run_card:{language}",
                               lambda: _card(snapshot))


def _card(snapshot):
    view = view_of(snapshot, PUBLIC)
    names = snapshot.names
    step = view["step"]
    waiting = None
    if step["kind"] == "respond":
        waiting = {"name": words.seat_name(names, step["seat"]),
                   "look": seat_looks.look(step["seat"]),
                   "prompt": presentation.respond_prompt(view, names),
                   "due": snapshot.deadline_of(step["seat"])}
    hits = {p["seat"]: 0 for p in view["players"]}
    for record in view["targeting"]:
        hits[record["target"]] += 1
    seats = [{**_seat_line(p, names), "hits": hits[p["seat"]]} for p in view["players"]]
    return {"seats": seats,
            "tally": presentation.targeting(view, names)["tally"],
            "systemic": view["options"]["situations_systemic"], "waiting": waiting,
            "goal": view["goal"]}


def _seat_line(p, names):
    papers = [entry["card"] for entry in p["cv"] if entry["how"] == "paper"]
    kinds = [CARDS[entry["card"]]["type"] for entry in p["cv"]]
    return {"name": words.seat_name(names, p["seat"]), "look": seat_looks.look(p["seat"]),
            "pp": p["pp"], "papers": presentation.counted(papers),
            "staff": kinds.count("staff"), "grants": kinds.count("grant"),
            "scientists": kinds.count("scientist"),
            "blocks": presentation.blocks(p, names), "late": p["defaults"]}
