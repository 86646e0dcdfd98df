"""What the play page shows, built from the engine's view (`view_for`) for the templates.

Templates only place what these functions prepare: cards with their names in the active language,
seat boards, the map's pieces, the numbers of a test, the end scores, and the labelled options of
the stepper. Everything here reads; nothing changes a game.
"""

from functools import lru_cache

from django.utils.translation import gettext as _

from games import seats as seat_looks
from games.content import text, text_in
from games.research_programme import interference, labels, mapview
from games.research_programme.engine.content import CARDS
from games.research_programme.narration import card_name, hex_label, language

SUM_PLUSES = ("technique", "rigour_bonus", "map_bonus", "insight", "next_test_plus",
              "method_plus")


# Cards ------------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _card(card_id, lang):
    card = CARDS[card_id]
    info = {"id": card_id, "deck": card["deck"], "name": text_in(card["name"], lang),
            "cost": card.get("cost"), "region": card.get("region")}
    if card["deck"] == "theory":
        test = card["test"]
        info.update(difficulty=card["difficulty"], tag=card["replication_tag"],
                    prediction=text_in(card["prediction"], lang),
                    condition=text_in(card["condition"], lang),
                    reward=", ".join(f"{gain_word(g['gain'])} {g['amount']:+d}"
                                     for g in card["reward"]),
                    test_with=(text_in(CARDS[test["project"]]["name"], lang) if test.get("project")
                               else _method_name(test.get("method"), lang)))
    elif card["deck"] == "project":
        info.update(technique=card["technique"], produces=card["produces"],
                    ability=bool(card.get("ability")), flavour=text_in(card["flavour"], lang))
    elif card["deck"] == "method":
        info.update(text=text_in(card["text"], lang), key=card["key"])
    elif card["deck"] == "event":
        info.update(text=text_in(card["text"], lang), type=card["type"])
    elif card["deck"] == "anomaly":
        info.update(text=text_in(card["observation"], lang))
    elif card["deck"] == "disruption":
        info.update(text=text_in(card["text"], lang), type=card["type"],
                    cost=card.get("cost") or None)
    return info


def card(card_id):
    info = dict(_card(card_id, language()))
    if info.get("region"):
        info["region_name"] = labels.REGIONS[info["region"]]
        info["region_code"] = labels.REGION_CODES[info["region"]]
    return info


@lru_cache(maxsize=64)
def _method_name(key, lang):
    """A method's name from its key (hits record the method by key, G-16)."""
    for candidate in CARDS.values():
        if candidate["deck"] == "method" and candidate.get("key") == key:
            return text_in(candidate["name"], lang)
    return key


def gain_word(code):
    return code if code in labels.RESOURCES else str(labels.TRACKS.get(code, code))


def costs(cost):
    """{"R": 3, "D": 1} as "R3 D1" (what an action costs)."""
    return " ".join(f"{code}{amount}" for code, amount in (cost or {}).items() if amount)


# Seats -------------------------------------------------------------------------------------------


def seats(view, names, bots):
    """Every seat's public summary, in seat order, for the table part and the status bar."""
    current = set(view["current_seats"])
    return [{
        "seat": p["seat"], "name": names.get(p["seat"], p["name"]),
        "look": seat_looks.look(p["seat"]),
        "bot": p["seat"] in bots, "current": p["seat"] in current, "vp": p["vp"],
        "score": p["score"], "resources": _resources(p), "rigour": p["rigour"],
        "hype": p["hype"], "reputation": p["reputation"], "debt": p["debt"], "ep": p["ep"],
        "insight": p["insight"], "hand_size": p["hand_size"], "tiles_left": p["tiles_left"],
        "passed": p["passed"],
        "actions_taken": [labels.ACTION_KINDS[k] for k in p["actions_taken"] if k != "pass"],
        "theories": [_theory(view, t, names) for t in p["theories"]],
        "bridges": len(p["bridges"]), "funding_chosen": p["funding_chosen"],
        "full": "disruption_count" in p, "disruption_count": p.get("disruption_count", 0),
    } for p in view["players"]]


def _resources(p):
    return [{"code": code, "label": labels.RESOURCES[code], "amount": p["resources"][code]}
            for code in labels.RESOURCES]


def _theory(view, t, names):
    info = card(t["id"])
    info.update(
        kv=t["consensus"], owner=t["owner"], owner_name=names.get(t["owner"], ""),
        projects_hit=t["projects_hit"],
        hits=[{"project": _project_name(h["project"]),
               "method": _method_name(h["method"], language()) if h["method"] else None,
               "seat": names.get(h["seat"], ""), "round": h["round"]} for h in t["hits"]],
    )
    return info


def _project_name(project):
    if project.startswith("desk"):
        return _("a desk")
    return card_name(project) if project in CARDS else project


def seat_board(view, p, names, bots):
    """One seat's whole board: what the seat itself (or the teacher) sees of it."""
    board = next(s for s in seats(view, names, bots) if s["seat"] == p["seat"])
    board.update(
        vp_in_play=p["vp"], next_test_plus=p["next_test_plus"],
        hype_over_rigour=p["hype"] > p["rigour"], artefact_danger=p["hype"] >= p["rigour"] + 2,
        projects=[{**card(pr["card"]), "hex": hex_label(pr["hex"]), "displaced": pr["displaced"]}
                  for pr in p["projects"]],
        methods=[card(m) for m in p["methods"]],
        hand=[card(c) for c in p["hand"]] if "hand" in p else None,
        records=[_record(r) for r in p["records"]],
        scheduled=_scheduled(p["scheduled"], p),
        bridges_list=[_pair(pair) for pair in p["bridges"]],
        programmes=[labels.REGIONS[r] for r in p["programmes"]],
        disruptions=[card(c) for c in p["disruptions"]] if "disruptions" in p else None,
    )
    return board


def _record(r):
    return {"id": r["id"], "theory": card_name(r["theory"]), "round": r["round"],
            "outcome": labels.OUTCOMES[r["outcome"]], "success": r["outcome"] == "success",
            "status": r["status"]}


def _scheduled(s, p):
    if s is None:
        return None
    return {"theory": card_name(s["theory"]), "project": _project_name(s["project"]),
            "hex": hex_label(s["hex"]), "method": card_name(s["method"]) if s["method"] else None}


def _pair(pair):
    a, b = pair.split("-")
    return f"{labels.REGIONS[a]} – {labels.REGIONS[b]}"


# The table: market, Events, decks -----------------------------------------------------------------


def table(view):
    return {
        "market": [card(c) for c in view["market"]],
        "event": card(view["event"]) if view["event"] else None,
        "next_event": card(view["next_event"]) if view["next_event"] else None,
        "last_round": view["round"] >= view["rounds"],
        "decks": view["decks"], "noise_supply": view["noise_supply"],
        "counter": view["replication_counter"], "target": view["replication_target"],
    }


# The status bar ----------------------------------------------------------------------------------


def status(view, seat, names, bots):
    current = [s for s in view["current_seats"] if isinstance(s, int)]
    step = view["step"] or {}
    return {
        "round": view["round"], "rounds": range(1, view["rounds"] + 1),
        "phase": labels.PHASES[view["phase"]], "over": view["phase"] == "over",
        "step": step.get("kind"), "my_turn": seat in current,
        "waiting": [{"name": names.get(s, ""), "bot": s in bots,
                     "look": seat_looks.look(s)} for s in current if s != seat],
        "counter": view["replication_counter"], "target": view["replication_target"],
        "time_called": view["time_called"],
        "me": None if seat is None else {"seat": seat, "name": names.get(seat, ""),
                                         "look": seat_looks.look(seat),
                                         "bot": seat in bots},
        "actions_left": _actions_left(view, seat),
    }


def _actions_left(view, seat):
    if seat is None or view["phase"] != "actions":
        return None
    p = next(p for p in view["players"] if p["seat"] == seat)
    return 0 if p["passed"] else max(0, 2 - len(p["actions_taken"]))


# The map -----------------------------------------------------------------------------------------


def map_pieces(view):
    """Every hex with what is on it, the bridge markers and the wormhole links."""
    hexes = []
    for cell in view["hexes"]:
        shape = mapview.HEXES[cell["id"]]
        owner = cell["tile_owner"]
        hidden, revealed = cell.get("hidden", False), cell.get("revealed")
        hexes.append({
            "key": (cell["id"], owner, cell["tile_card"], cell["noise"], cell["anomaly"],
                    cell["neutral"], bool(cell["wormholes"]), hidden, revealed),
            "hidden": hidden, "revealed": interference.marker_name(revealed) if revealed else "",
            "shape": shape, "label": hex_label(cell["id"]), "noise": shape.noise_xy[:cell["noise"]],
            "noise_count": cell["noise"], "anomaly": card(cell["anomaly"]) if cell["anomaly"]
            else None, "neutral": cell["neutral"], "owner": owner,
            "look": seat_looks.look(owner), "tile": card(cell["tile_card"])
            if cell["tile_card"] else None,
            "bonus": bonus_text(cell["bonus"]) if cell["bonus"] and not cell["tile_card"]
            and not hidden else "",
            "wormhole": bool(cell["wormholes"]), "region": labels.REGIONS[cell["region"]],
        })
    bridges = []
    for marker in view["border_markers"]:
        edge = mapview.shared_edge(*marker["hexes"])
        if len(edge) == 2:
            (x1, y1), (x2, y2) = edge
            bridges.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2,
                            "look": seat_looks.look(marker["seat"])})
    links = set()
    for cell in view["hexes"]:
        for other in cell["wormholes"]:
            links.add(tuple(sorted((cell["id"], other))))
    wormholes = [{"a": mapview.HEXES[a], "b": mapview.HEXES[b]} for a, b in sorted(links)]
    return {"hexes": hexes, "bridges": bridges, "wormholes": wormholes,
            "view_box": mapview.VIEW_BOX}


def bonus_text(bonus):
    return f"+{bonus['gain']}{bonus['amount'] if bonus['amount'] != 1 else ''}" \
        if bonus["gain"] in labels.RESOURCES else f"+{labels.TRACKS[bonus['gain']]}"


def legend():
    return [{"code": labels.REGION_CODES[r], "name": labels.REGIONS[r],
             "fill": look["fill"], "pattern": look["pattern"]}
            for r, look in mapview.REGION_LOOK.items()]


# Tests -------------------------------------------------------------------------------------------


def test_numbers(t, names):
    """The whole sum of a test: pluses, the +3 cap, Noise and the threshold with its parts."""
    pluses = [{"label": labels.PLUSES[k], "value": t[k]} for k in SUM_PLUSES if t.get(k)]
    parts = [{"label": labels.THRESHOLD_PARTS[k], "value": v}
             for k, v in t["threshold_parts"].items() if v]
    return {
        "tester": names.get(t.get("seat"), ""), "theory": card(t["theory"]),
        "owner": names.get(t["owner"], ""), "project": _project_name(t["project"]),
        "hex": hex_label(t["hex"]), "method": card_name(t["method"]) if t["method"] else None,
        "condition": text(t.get("condition")),
        "pluses": pluses, "pluses_total": t["pluses"], "bonus": t["bonus"],
        "capped": t["pluses"] > t["bonus"], "noise": t["noise"], "threshold": t["threshold"],
        "threshold_parts": parts, "classification": labels.CLASSIFICATIONS.get(
            t["classification"], ""), "wormhole": t["wormhole"],
        "bridge": _pair(t["bridge"]) if t.get("bridge") else None,
        "artefact_risk": t["artefact_risk"],
    }


def test_preview(view, names):
    step = view["step"] or {}
    t = step.get("test")
    if step.get("kind") != "test" or not t:
        return None
    numbers = test_numbers({**t, "seat": step["seats"][0]}, names)
    numbers.update(needed=t["needed"], chance=round(t["chance"] * 100), hopeless=t["hopeless"])
    return numbers


FOLLOWERS = ("BridgeCreated", "AnomalyResolved", "TheoryFalsified", "TheoryRejected",
             "TestCancelled")


def last_test(rows, names):
    """The latest rolled test in the log, with everything that followed from it."""
    for row in reversed(rows):
        for index, event in enumerate(row.events):
            if event["type"] != "TestRolled":
                continue
            after = row.events[index + 1:]
            outcome = next((e for e in after if "outcome" in e and e["type"] != "TestRolled"),
                           None)
            numbers = test_numbers(event, names)
            numbers.update(round=event["round"], die=event["die"], result=event["result"],
                           success=event["success"], bridge=None)
            if outcome is not None:
                numbers.update(_outcome(outcome, names))
            numbers["followers"] = [e for e in after if e["type"] in FOLLOWERS]
            return numbers
    return None


def _outcome(e, names):
    outcome = {"outcome": e["outcome"], "outcome_label": labels.OUTCOMES[e["outcome"]],
               "kv": e.get("consensus"),
               "vp": [{"name": names.get(int(s), ""), "vp": v}
                      for s, v in (e.get("vp_gained") or {}).items() if v]}
    if e["type"] == "TestSucceeded":
        replication = e.get("replication") or {}
        outcome.update(reward=", ".join(f"{gain_word(k)} {v:+d}" for k, v in
                                        (e.get("reward") or {}).items() if v),
                       counter=replication.get("counter"),
                       cleaned=[hex_label(h) for h in replication.get("noise_removed", [])],
                       bridge=_pair(replication["bridge"]["pair"])
                       if replication.get("bridge") else None)
    elif e["type"] == "NullResult":
        outcome.update(scepticism=e["scepticism"], removed=e.get("removed"))
    return outcome


# The end -----------------------------------------------------------------------------------------


def final_scores(view, names):
    """The final table: each seat's VP by source, the ranking and how ties were broken."""
    result = view["outcome"]
    if result is None:
        return None
    by_seat = {row["seat"]: row for row in result["players"]}
    ranked = [by_seat[s] for s in result["ranking"]]
    sources = [key for key in labels.VP_SOURCES
               if any(row["breakdown"].get(key) for row in ranked)]
    return {
        "ended_by": labels.ended_text(result["ended_by"], view["rounds"]),
        "rounds_played": result["rounds_played"],
        "winners": [names.get(s, "") for s in result["winners"]],
        "sources": [{"label": labels.VP_SOURCES[key],
                     "values": [row["breakdown"].get(key, 0) for row in ranked]}
                    for key in sources],
        "rows": [{"seat": row["seat"], "name": names.get(row["seat"], ""), "vp": row["vp"],
                  "rank": row["rank"], "winner": row["seat"] in result["winners"],
                  "look": seat_looks.look(row["seat"]), "tiebreak": row["tiebreak"]}
                 for row in ranked],
        "tiebreak": _("A synthesis wins the game at once, whatever the VP.")
        if view.get("synthesis_winner") else _tiebreak_note(ranked),
    }


def _tiebreak_note(ranked):
    """Why the winner won when others had as many VP (SV-85), in one sentence."""
    if len(ranked) < 2 or ranked[0]["vp"] != ranked[1]["vp"]:
        return None
    a, b = ranked[0]["tiebreak"], ranked[1]["tiebreak"]
    if a["replications"] != b["replications"]:
        return _("Equal VP: more replications of their theories decides.")
    if a["rigour"] != b["rigour"]:
        return _("Equal VP and replications: higher Rigour decides.")
    if a["hype"] != b["hype"]:
        return _("Equal VP, replications and Rigour: lower Hype decides.")
    return _("Equal on every tie-break: the victory is shared.")
