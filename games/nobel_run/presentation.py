"""What Nobel Run's templates place, prepared from a viewer's view (never the state): the race
to the goal, the market, each seat's public board, a seat's own hand and deck, the status line,
who targeted whom and the end. Card names and words in the active language."""

from collections import Counter

from django.utils.translation import gettext as _

from games import seats as seat_looks
from games.nobel_run import labels, words
from games.nobel_run.engine.content import CARDS, RESOURCES

BAR_WIDTH = 100  # the race bar's length in the SVG's units
CV_GROUPS = ("paper", "staff", "grant", "equipment", "scientist", "situation", "work",
             "research")


def to_act(view):
    """The seat the table waits for: the active seat planning, or a target choosing."""
    step = view["step"]
    return step.get("seat") if step["kind"] in ("plan", "respond") else None


def card(kind):
    info = CARDS[kind]
    return {"kind": kind, "name": words.card_name(kind), "type": info["type"],
            "type_label": labels.TYPES[info["type"]], "group": info["group"],
            **words.card_facts(kind)}


def counted(kinds):
    """A multiset of cards as [{"name", "count", "kind"}], by name."""
    return sorted(({"kind": k, "name": words.card_name(k), "count": n}
                   for k, n in Counter(kinds).items()), key=lambda c: c["name"])


def resources(pool):
    return [{"res": r, "code": labels.RESOURCE_CODES[r], "word": labels.RESOURCES[r],
             "n": pool.get(r, 0)} for r in RESOURCES]


def race(view, names, bots):
    """Each seat's PP against the goal, with what everyone sees of its hand and deck."""
    goal, acting = view["goal"], to_act(view)
    first = (view["triggered"] or {}).get("seat")
    return {"goal": goal, "rows": [{
        "seat": p["seat"], "name": words.seat_name(names, p["seat"]),
        "look": seat_looks.look(p["seat"]), "bot": p["seat"] in bots, "pp": p["pp"],
        "bar": round(BAR_WIDTH * min(max(p["pp"], 0), goal) / goal),
        "current": p["seat"] == acting, "first": p["seat"] == first,
        "hand_size": p["hand_size"], "deck_size": p["deck_size"],
        "discard_size": len(p["discard"]), "papers": p["papers"],
        "blocks": blocks(p, names),
    } for p in view["players"]]}


def blocks(p, names):
    return [{"index": i, "name": words.card_name(b["card"]), "res": b["res"],
             "res_word": labels.RESOURCES[b["res"]], "n": b["n"],
             "by": words.seat_name(names, b["by"])} for i, b in enumerate(p["blocks"])]


def turn(view, names):
    """The active seat's turn as everyone sees it: the cards it used and what it has left."""
    active = view["active"]
    if active is None or view["outcome"]:
        return None
    p = view["players"][active - 1]
    return {"seat": active, "name": words.seat_name(names, active),
            "look": seat_looks.look(active), "played": counted(p["play"]),
            "pool": resources(view["turn_pool"]), "published": view["published"]}


def market(view):
    """Both supplies: the five pool cards and the face-up top of each deck."""
    return [{"supply": name, "label": labels.SUPPLIES[name],
             "pool": [card(k) for k in supply["pool"]],
             "top": card(supply["top"]) if supply["top"] else None,
             "deck_size": supply["deck_size"]}
            for name, supply in view["supply"].items()]


def cv(p):
    """A CV at a glance: its cards by type, papers first, with the PP each group gives."""
    groups = {}
    for entry in p["cv"]:
        kind = CARDS[entry["card"]]["type"]
        group = groups.setdefault(kind, {"type": kind, "label": labels.TYPES[kind], "pp": 0,
                                         "cards": []})
        group["pp"] += entry["pp"]
        group["cards"].append(entry["card"])
    shown = [groups[t] for t in CV_GROUPS if t in groups]
    for group in shown:
        group["cards"] = counted(group["cards"])
    return shown


def board(view, p, names, bots):
    """One seat's public board: PP, CV, blocks, discard pile, deck and hand sizes."""
    return {"seat": p["seat"], "name": words.seat_name(names, p["seat"]),
            "look": seat_looks.look(p["seat"]), "bot": p["seat"] in bots, "pp": p["pp"],
            "goal": view["goal"], "cv": cv(p), "blocks": blocks(p, names),
            "discard": counted(p["discard"]), "hand_size": p["hand_size"],
            "deck_size": p["deck_size"]}


def own(view, seat):
    """What only this seat sees: its hand and what its deck holds (never an order)."""
    me = view["players"][seat - 1]
    return {"hand": [card(k) for k in me.get("hand", ())],
            "deck": counted(me.get("deck_cards", ()))}


def status(view, seat, names, bots):
    """The status line: who I am, the round, my PP against the goal, whose move it is."""
    acting = to_act(view)
    step = view["step"]
    me = view["players"][seat - 1] if seat else None
    waiting = None
    if acting is not None and acting != seat:
        waiting = {"name": words.seat_name(names, acting), "look": seat_looks.look(acting),
                   "bot": acting in bots, "responding": step["kind"] == "respond"}
    return {"me": me and {"seat": seat, "name": words.seat_name(names, seat),
                          "look": seat_looks.look(seat), "bot": seat in bots, "pp": me["pp"]},
            "round": view["round"], "goal": view["goal"], "over": bool(view["outcome"]),
            "my_turn": acting is not None and acting == seat, "step": step["kind"],
            "respond": respond_prompt(view, names) if step["kind"] == "respond" else "",
            "waiting": waiting, "last_round": bool(view["triggered"] or view["time_called"])}


def respond_prompt(view, names):
    """"Care from Ann: discard cards worth 2 effort" (NR-18)."""
    step = view["step"]
    return _("%(card)s from %(who)s: discard cards worth %(what)s") % {
        "card": words.card_name(step["card"]), "who": words.seat_name(names, step["by"]),
        "what": words.amount(step["res"], step["n"])}


def targeting_line(record, names):
    """One negative card: who played it on whom, and what it did."""
    effect = record["effect"]
    if effect == "normal":
        what = _("discard cards worth %(what)s") % {"what": words.amount(record["res"],
                                                                           record["n"])}
    elif effect == "block":
        what = _("block on %(res)s") % {"res": labels.RESOURCES[record["res"]]}
    elif effect == "minus_prestige":
        what = words.pp(-CARDS[record["card"]]["publish"]["n"])
    else:
        what = _("a card picked blind")
    return {"round": record["round"], "by": words.seat_name(names, record["by"]),
            "target": words.seat_name(names, record["target"]),
            "by_look": seat_looks.look(record["by"]),
            "target_look": seat_looks.look(record["target"]),
            "card": words.card_name(record["card"]), "what": what,
            "systemic": record["systemic"]}


def targeting(view, names):
    """Who targeted whom, newest first, and how often each seat was targeted by each other."""
    lines = [targeting_line(r, names) for r in reversed(view["targeting"])]
    pairs = Counter((r["by"], r["target"]) for r in view["targeting"])
    tally = [{"by": words.seat_name(names, by), "target": words.seat_name(names, target),
              "by_look": seat_looks.look(by), "target_look": seat_looks.look(target),
              "count": count}
             for (by, target), count in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))]
    return {"lines": lines, "tally": tally,
            "systemic": view["options"]["situations_systemic"]}


def final(view, names):
    """The end: every seat ranked by PP, the winners ex aequo, who reached the goal first."""
    outcome = view["outcome"]
    if not outcome:
        return None
    rows = sorted(outcome["players"], key=lambda r: (r["rank"], r["seat"]))
    first = (outcome["triggered"] or {}).get("seat")
    return {
        "winners": [words.seat_name(names, s) for s in outcome["winners"]],
        "ended_by": labels.ENDED_BY.get(outcome["ended_by"], ""),
        "rounds": outcome["rounds"], "goal": view["goal"],
        "first": words.seat_name(names, first) if first else "",
        "first_won": first in outcome["winners"] if first else True,
        "rows": [{"seat": r["seat"], "name": words.seat_name(names, r["seat"]),
                  "look": seat_looks.look(r["seat"]), "pp": r["pp"], "rank": r["rank"],
                  "winner": r["winner"], "papers": len(r["papers"]),
                  "scientists": [words.card_name(k) for k in r["scientists"]]}
                 for r in rows],
    }
