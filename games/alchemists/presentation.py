"""What Alchemists' parts show, prepared from a view for thin templates: the theory board, the
seats, the round's spaces, a seat's status, hand, seals and results, and the Great Truth.

Every function reads a view (`view_for` of a seat, the teacher or the projector), never the
state, so a part can show only what its viewer may see.
"""

from django.utils.translation import gettext as _

from games.alchemists import labels, names
from games.alchemists.engine.content import ALCHEMICAL_IDS, INGREDIENT_IDS, SEALS
from games.seats import look


def _name(seat_names, seat):
    return seat_names.get(seat) or _("Seat %(n)s") % {"n": seat}


def alchemical(alchemical_id):
    """An alchemical as its token shows it: three discs with a sign, big or small."""
    return {"id": alchemical_id, "text": names.alchemical(alchemical_id),
            "words": names.alchemical_words(alchemical_id), "aspects": names.aspects(
                alchemical_id)}


def potion(potion_id):
    return {"id": potion_id, "name": names.potion(potion_id),
            "symbol": names.potion_symbol(potion_id),
            "css": potion_id.replace("+", "p").replace("-", "m")}


def seals_on_board(view):
    counts = {p["seat"]: 0 for p in view["players"]}
    for theory in view["theories"]:
        for seal in theory["seals"]:
            counts[seal["seat"]] = counts.get(seal["seat"], 0) + 1
    return counts


def seats(view, seat_names, bots):
    """Every seat's public figures, in seat order."""
    step = view.get("step") or {}
    chosen = set(step.get("chosen", ())) if step.get("kind") == "together" else set()
    waiting = set(step.get("waiting", ())) if step.get("kind") == "together" else set()
    on_board = seals_on_board(view)
    acting = set(view.get("current_seats", ()))
    return [{
        "seat": p["seat"], "name": _name(seat_names, p["seat"]), "look": look(p["seat"]),
        "bot": p["seat"] in bots, "reputation": p["reputation"], "gold": p["gold"],
        "seals": on_board.get(p["seat"], 0), "experiments": p["stats"]["experiments"],
        "debunks": p["stats"]["debunks"], "hand_size": p["hand_size"],
        "potions": [potion(x) for x in p["potions"]], "is_me": p["seat"] == view.get("you"),
        "decided": p["seat"] in chosen, "deciding": p["seat"] in waiting,
        "acting": p["seat"] in acting and not waiting, "hospital": p["hospital"],
        "paralysed": p["paralysed"],
    } for p in view["players"]]


def board(view, seat_names):
    """The theory board: a row per ingredient with its theory, if any, and what debunks have
    shown of it."""
    theories = {t["ingredient"]: t for t in view["theories"]}
    signs = {}
    for fact in view["public_facts"]:
        if fact[0] == "sign":
            signs.setdefault(fact[1], []).append(
                {"colour": names.colour(fact[2]), "letter": str(names.COLOUR_LETTERS[fact[2]]),
                 "sign": names.SIGNS.get(fact[3], fact[3])})
    rows = []
    for ingredient in INGREDIENT_IDS:
        theory = theories.get(ingredient)
        shown = None
        if theory:
            shown = {**alchemical(theory["token"]),
                     "author": _name(seat_names, theory["author"]),
                     "conflict": theory["conflict"], "seals": [
                         {"seat": s["seat"], "look": look(s["seat"]),
                          "name": _name(seat_names, s["seat"]),
                          "kind": names.seal(s["kind"]) if "kind" in s else ""}
                         for s in theory["seals"]]}
        rows.append({"ingredient": ingredient, "name": names.ingredient(ingredient),
                     "theory": shown, "signs": signs.get(ingredient, [])})
    debunks = [{"round": d["round"], "who": _name(seat_names, d["seat"]),
                "ingredient": names.ingredient(d.get("ingredient", "")),
                "colour": names.colour(d.get("colour", "")), "success": d.get("success"),
                "sign": names.SIGNS.get(d.get("sign"), d.get("sign"))}
               for d in view["debunks"] if d.get("mode") == "apprentice"]
    return {"rows": rows, "debunks": debunks}


def round_panel(view, seat_names):
    """The round's spaces in resolution order, with the seats on each, and the face-up row."""
    spaces = []
    for space in view.get("open_spaces", ()):
        queue = view["rows"].get(space, [])
        spaces.append({"space": space, "name": names.space(space), "seats": [
            {"seat": s, "look": look(s), "name": _name(seat_names, s)} for s in queue]})
    row = [{"id": i, "name": names.ingredient(i), "count": n}
           for i, n in sorted(view["row"].items(), key=lambda kv: INGREDIENT_IDS.index(kv[0]))]
    conference = view["conferences"][0] if view.get("conferences") else None
    return {"spaces": spaces, "row": row, "deck": view["decks"].get("ingredient", 0),
            "round": view["round"], "rounds": view["rounds"], "conference": bool(conference),
            "adventurer": names.adventurer(view["adventurer"]) if view.get("adventurer")
            else "", "wants": [potion(p) for p in view.get("wants", ())]}


def status(view, seat, seat_names, bots, summary, stage_label):
    me = next((p for p in view["players"] if p["seat"] == seat), None)
    step = view.get("step") or {}
    to_act = summary["to_act"]
    waiting = [{"name": _name(seat_names, s), "look": look(s), "bot": s in bots}
               for s in to_act if s != seat]
    return {
        "me": me and {"seat": seat, "name": _name(seat_names, seat), "look": look(seat),
                      "bot": seat in bots, "reputation": me["reputation"], "gold": me["gold"]},
        "round": view["round"], "rounds": list(range(1, view["rounds"] + 1)),
        "stage": stage_label, "over": summary["over"], "my_turn": seat in to_act,
        "decision": step.get("decision"), "waiting": waiting,
        "time_called": view.get("time_called"),
    }


def hand(view, seat):
    """A seat's own things: ingredient cards, seals left, favours, gold (its view only)."""
    me = next(p for p in view["players"] if p["seat"] == seat)
    cards = [{"id": i, "name": names.ingredient(i), "count": n}
             for i, n in sorted(me["hand"].items(), key=lambda kv: INGREDIENT_IDS.index(kv[0]))]
    seals = [{"kind": k, "name": names.seal(k), "count": n, "hedge": SEALS[k]["hedge"],
              "star": SEALS[k]["star"]} for k, n in me["seals"].items() if n]
    favours = [{"name": names.favour(f), "count": n} for f, n in me["favours"].items() if n]
    return {"cards": cards, "seals": seals, "favours": favours, "gold": me["gold"],
            "mode": view["mode"], "bid": me.get("bid")}


def results(view, seat, seat_names):
    """The seat's results triangle as a list: each mix it knows the ingredients of, with the
    potion, newest first; and its Periscope sightings."""
    me = next(p for p in view["players"] if p["seat"] == seat)
    mixes = [{"ingredients": names.ingredients(fact[1:3]),
              "potions": [potion(x) for x in fact[3]]}
             for fact in reversed(me["results"]) if fact[0] == "pair"]
    sightings = [{"round": s["round"], "mixer": _name(seat_names, s["mixer"]),
                  "ingredient": names.ingredient(s["ingredient"]),
                  "potions": [potion(x) for x in s.get("known", ())]}
                 for s in me["sightings"]]
    return {"mixes": mixes, "sightings": sightings}


def great_truth(view, seat_names):
    """After the Great Truth: the mapping, each theory right or wrong with its seals' points,
    and the final scores. None while the game runs."""
    outcome = view.get("outcome")
    if not outcome:
        return None
    mapping = [{"name": names.ingredient(i), **alchemical(outcome["mapping"][i])}
               for i in INGREDIENT_IDS if i in outcome["mapping"]]
    theories = [{"name": names.ingredient(t["ingredient"]), "claimed": alchemical(t["token"]),
                 "correct": t["correct"], "seals": [
                     {"name": _name(seat_names, s["seat"]), "look": look(s["seat"]),
                      "kind": names.seal(s["kind"]), "vp": s["vp"]} for s in t["seals"]]}
                for t in outcome["theories"]]
    scores = sorted(({"name": _name(seat_names, r["seat"]), "look": look(r["seat"]),
                      "vp": r["vp"], "rank": r["rank"], "winner": r["winner"],
                      "reputation": r["breakdown"]["reputation"],
                      "seals": r["breakdown"]["seals"]} for r in outcome["players"]),
                    key=lambda r: (r["rank"], r["name"]))
    return {"mapping": mapping, "theories": theories, "scores": scores,
            "ended_by": labels.ENDED_BY.get(outcome.get("ended_by"), "")}


def notebook(grid, view, seat):
    """The seat's deduction grid: a row per ingredient, a cell per alchemical with its mark and
    the message that writes the next mark (its notes, kept beside the game)."""
    import json

    columns = [alchemical(a) for a in ALCHEMICAL_IDS]
    rows = []
    for ingredient in INGREDIENT_IDS:
        cells = []
        for a in ALCHEMICAL_IDS:
            mark = (grid.get(ingredient) or {}).get(a)
            following = labels.NEXT_MARK[mark]
            cells.append({"alchemical": a, "mark": mark or "",
                          "sign": labels.MARK_SIGNS.get(mark, ""),
                          "said": labels.MARKS.get(mark, _("no mark")),
                          "message": json.dumps({"type": "note", "note": {
                              "ingredient": ingredient, "alchemical": a, "mark": following}})})
        rows.append({"ingredient": ingredient, "name": names.ingredient(ingredient),
                     "cells": cells})
    return {"columns": columns, "rows": rows}
