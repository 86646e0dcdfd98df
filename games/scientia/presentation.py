"""What Scientia's parts show, prepared from a view for thin templates: a seat's board (its
slots with each card's rotation drawn and told, its tracks, its storage and score), the
projects, the supplies counting down, every seat at a glance, the status bar and the end.

Scientia hides nothing (SC-58): every viewer's view is the same, so these read any view.
"""

import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.scientia import labels, names
from games.scientia.choices import turns_text
from games.scientia.engine.content import FIELDS
from games.scientia.engine.state import FLASK_SUPPLY, TECH_SUPPLY
from games.seats import look

BONUS_SPACES = (3, 4)  # SC-51: the spaces that carry a field's special points
POINTS = {"flasks": gettext_lazy("Flasks"), "technology": gettext_lazy("Technology levels"),
          "bonus_PHY": gettext_lazy("Physics special points"),
          "bonus_CHE": gettext_lazy("Chemistry special points"),
          "bonus_BIO": gettext_lazy("Biology special points"),
          "bonus_AST": gettext_lazy("Astronomy special points"),
          "unfinished": gettext_lazy("Unfinished research")}


def _name(seat_names, seat):
    return seat_names.get(seat) or _("Seat %(n)s") % {"n": seat}


def _arc(k, r=19, gap=7):
    """The k-th quarter of the dial's ring, clockwise from the top."""
    start, end = math.radians(-90 + 90 * k + gap), math.radians(-90 + 90 * (k + 1) - gap)
    x0, y0 = 24 + r * math.cos(start), 24 + r * math.sin(start)
    x1, y1 = 24 + r * math.cos(end), 24 + r * math.sin(end)
    return f"M{x0:.1f} {y0:.1f} A{r} {r} 0 0 1 {x1:.1f} {y1:.1f}"


ARCS = [_arc(k) for k in range(4)]


def dial(turns, to=None):
    """A card's rotation at a glance: the card drawn turned by its quarter-turns, a ring of
    four quarters (done ones solid, to-do ones dashed, a previewed one marked), and in words."""
    return {"turns": turns, "degrees": 90 * min(turns, 4), "done": turns >= 4,
            "arcs": [{"d": d, "state": "done" if k < turns else "next" if to and k < to
                      else "todo"} for k, d in enumerate(ARCS)],
            "text": turns_text(turns), "to": to}


def field(code):
    return {"code": code, "name": names.field(code), "letter": str(names.FIELD_LETTERS[code])}


def card(slot, shown, preview=None):
    """A card in a slot (None: an empty slot)."""
    if shown is None:
        return {"slot": slot, "empty": True}
    face = shown["face"]
    change = (preview or {}).get(slot)
    return {"slot": slot, "number": slot + 1, "face": face, "name": names.card(face),
            "field": field(shown["field"]), "flasks": shown["flasks"],
            "pending": shown["pending"], "effects": names.effects(face),
            "dial": dial(shown["turns"], change["to"] if change else None),
            "completes": bool(change and change["completes"])}


def track(code, shown):
    """A technology track: spaces 0-4, the cubes on them, the active cube's last space and the
    special points' spaces (SC-27 to SC-30, SC-51)."""
    cubes = shown["cubes"]
    goal = shown["last_space"] if cubes[-1] < shown["last_space"] else None
    spaces = [{"n": n, "cube": n in cubes, "active": n == cubes[-1], "goal": n == goal,
               "bonus": n in BONUS_SPACES} for n in range(5)]
    text = _("%(field)s: level %(level)s, %(cubes)s cubes") % {
        "field": names.field(code), "level": shown["level"], "cubes": len(cubes)}
    return {"field": field(code), "level": shown["level"], "cubes": len(cubes),
            "spaces": spaces, "text": text, "full": goal is None}


def preview_of(view, seat):
    step = view.get("step") or {}
    if step.get("kind") != "confirm" or step.get("seat") != seat:
        return {}
    return {c["slot"]: c for c in step["preview"]}


def board(view, seat, seat_names, bots=()):
    """One seat's personal board."""
    p = next(x for x in view["players"] if x["seat"] == seat)
    preview = preview_of(view, seat)
    slots = [card(i, c, preview) for i, c in enumerate(p["slots"])]
    return {"seat": seat, "name": _name(seat_names, seat), "look": look(seat),
            "bot": seat in bots, "slots": slots, "capacity": len(p["slots"]),
            "held": sum(1 for c in p["slots"] if c), "previewing": bool(preview),
            "tracks": [track(f, p["tracks"][f]) for f in FIELDS], "storage": p["storage"],
            "cubes": p["cubes"], "score": p["score"], "completions": p["completions"],
            "breakdown": [{"label": POINTS[k], "points": v} for k, v in p["breakdown"].items()],
            "physics": [names.field(f) for f in p["physics_fields"]],
            "longest_chain": p["longest_chain"]}


def projects(view):
    """The project boards: each field's stacks, with cards left, flasks on them, effects."""
    by_field = {f: [] for f in FIELDS}
    for s in view["stacks"]:
        by_field[s["field"]].append({
            "face": s["face"], "name": names.card(s["face"]), "cards": s["cards"],
            "flasks": s["flasks"], "effects": names.effects(s["face"]),
            "note": names.science_note(s["face"])})
    return [{"field": field(f), "stacks": by_field[f]} for f in FIELDS if by_field[f]]


def supplies(view, seat_names):
    """Both supplies counting down to the end (SC-37), the last round once known, and the
    longest chain so far."""
    n = len(view["players"])
    chain = view["longest_chain"]
    trigger = view.get("trigger")
    return {
        "cubes": view["supply"]["cubes"], "cubes_total": TECH_SUPPLY[n],
        "flasks": view["supply"]["flasks"], "flasks_total": FLASK_SUPPLY[n],
        "cubes_share": round(100 * view["supply"]["cubes"] / TECH_SUPPLY[n]),
        "flasks_share": round(100 * view["supply"]["flasks"] / FLASK_SUPPLY[n]),
        "trigger": trigger and (trigger["by"]), "last_round": view.get("last_round"),
        "time_called": view.get("time_called"), "round": view["round"],
        "chain": chain["length"], "chain_who": _name(seat_names, chain["seat"])
        if chain.get("seat") else "", "chain_cards": " → ".join(names.card(f)
                                                               for f in chain["faces"]),
    }


def seats(view, seat_names, bots):
    """Every seat at a glance, in turn order: score, cards and their rotation, levels."""
    acting = set(view.get("current_seats", ()))
    order = view.get("order") or [p["seat"] for p in view["players"]]
    rows = []
    for seat in order:
        p = next(x for x in view["players"] if x["seat"] == seat)
        rows.append({
            "seat": seat, "name": _name(seat_names, seat), "look": look(seat),
            "bot": seat in bots, "acting": seat in acting, "is_me": seat == view.get("you"),
            "first": seat == view.get("first_player"), "score": p["score"],
            "cards": [card(i, c) for i, c in enumerate(p["slots"]) if c],
            "free": sum(1 for c in p["slots"] if c is None),
            "levels": [{"field": field(f), "level": p["tracks"][f]["level"],
                        "done": p["completions"][f]} for f in FIELDS],
            "storage": p["storage"], "chain": p["longest_chain"],
            "completions": sum(p["completions"].values())})
    return rows


DOING = {
    "draft": gettext_lazy("Your turn: take your first card."),
    "turn": gettext_lazy("Your turn: take a card or rotate."),
    "confirm": gettext_lazy("Check the rotation, then carry it out."),
    "complete": gettext_lazy("Your cards completed: choose which goes first."),
    "choose_card": gettext_lazy("Your chain goes on: choose a card."),
    "choose_stack": gettext_lazy("Your chain goes on: choose a project."),
    "choose_field": gettext_lazy("Your chain goes on: choose a field."),
}


def status(view, seat, seat_names, bots, summary, stage_label):
    me = next((p for p in view["players"] if p["seat"] == seat), None)
    step = view.get("step") or {}
    to_act = summary["to_act"]
    return {
        "me": me and {"seat": seat, "name": _name(seat_names, seat), "look": look(seat),
                      "bot": seat in bots, "score": me["score"]},
        "round": view["round"], "last_round": view.get("last_round"), "stage": stage_label,
        "over": summary["over"], "my_turn": seat in to_act,
        "doing": DOING.get(step.get("kind"), ""),
        "waiting": [{"name": _name(seat_names, s), "look": look(s), "bot": s in bots}
                    for s in to_act if s != seat],
        "time_called": view.get("time_called"), "trigger": (view.get("trigger") or {}).get("by"),
        "supplies": supplies(view, seat_names),
    }


def end(view, seat_names):
    """The scores after the last round, each broken down, winners first (SC-49 to SC-57)."""
    outcome = view.get("outcome")
    if not outcome:
        return None
    rows = sorted(({"name": _name(seat_names, r["seat"]), "look": look(r["seat"]),
                    "score": r["score"], "rank": r["rank"],
                    "winner": r["seat"] in outcome["winners"],
                    "breakdown": [{"label": POINTS[k], "points": v}
                                  for k, v in r["breakdown"].items() if v],
                    "physics": [names.field(f) for f in r["physics_fields"]]}
                   for r in outcome["players"]), key=lambda r: (r["rank"], r["name"]))
    return {"rows": rows, "ended_by": labels.ENDED_BY.get(outcome["ended_by"], ""),
            "called": outcome.get("called")}
