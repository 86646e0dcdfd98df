"""The full game's content: the Disruption deck, its kinds, the hidden markers, the extra
anomalies and projects (FG-02, FG-06, FG-08 to FG-10, G-16, G-26, G-27; docs/content-schema.md)."""

import json
import shutil
from collections import Counter

import pytest

from games.research_programme.engine.content import CONTENT_DIR, ContentError, load, school
from games.research_programme.engine.content.provenance import source_of

FULL = CONTENT_DIR / "full"
CARDS = json.loads((FULL / "disruptions.json").read_text(encoding="utf-8"))
KINDS = {k["key"]: k for k in json.loads((FULL / "kinds.json").read_text(encoding="utf-8"))}
MARKERS = {m["id"]: m for m in json.loads((FULL / "markers.json").read_text(encoding="utf-8"))}
BY_ID = {c["id"]: c for c in CARDS}
ATTACKS = [c for c in CARDS if c["type"] != "protection"]
PROTECTIONS = [c for c in CARDS if c["type"] == "protection"]


def test_g16_the_disruption_deck_is_9_bias_9_influence_6_protection():
    """G-16's guide for the full game: 24 cards, 9 Bias, 9 Influence, 6 Protection."""
    assert Counter(c["type"] for c in CARDS) == {"bias": 9, "influence": 9, "protection": 6}
    assert len(BY_ID) == 24
    assert sorted(school().full_decks["disruption"]) == sorted(BY_ID)


def test_fg_10_every_kind_has_three_cards_and_one_protection():
    """Each Bias and Influence belongs to one kind (of its own type), three cards a kind, and a
    Protection answers every kind."""
    assert Counter(c["kind"] for c in ATTACKS) == dict.fromkeys(KINDS, 3)
    assert all(KINDS[c["kind"]]["type"] == c["type"] for c in ATTACKS)
    assert sorted(k for p in PROTECTIONS for k in p["blocks"]) == sorted(KINDS)


@pytest.mark.parametrize("card", ATTACKS, ids=lambda c: c["id"])
def test_fg_10_the_effect_line_starts_with_the_kind_in_every_language(card):
    """"The kind is written at the start of the disruption card's Effect line" (rulebook)."""
    for language in ("en", "fi", "sv"):
        assert card["text"][language].startswith(KINDS[card["kind"]]["name"][language] + ":")


def test_fg_10_the_rulebooks_protection_cards_and_partial_rolls():
    """Information security 2+ (and the Fake video), Science communication and Open source 3+,
    with their names from the rulebook; the Fake video is in the deck."""
    assert BY_ID["D-INFOSEC"]["partial"] == 2
    assert BY_ID["D-INFOSEC"]["also_blocks"] == ["D-FAKE-VIDEO"]
    assert BY_ID["D-SCICOMM"]["partial"] == BY_ID["D-OPENSOURCE"]["partial"] == 3
    names = {c["name"]["fi"]: c for c in CARDS}
    for name in ("Tietoturva", "Tiedeviestintä", "Avoin lähdekoodi", "Väärennetty video"):
        assert source_of(names[name], "name") == "rulebook", name
    assert KINDS["disinformation"]["name"]["fi"] == "Disinformaatio"
    assert KINDS["reporting_bias"]["name"]["fi"] == "Raportointiharha"
    assert all(p["partial"] is None for p in PROTECTIONS
               if p["id"] not in ("D-INFOSEC", "D-SCICOMM", "D-OPENSOURCE"))


def test_g16_the_worked_disruption_examples_keep_their_numbers():
    """G-16: Selective reporting, Fake video, Troll storm and Information security as given."""
    assert BY_ID["D-SELECTIVE"]["effects"] == [{"op": "silence_next_null"}]
    assert BY_ID["D-SELECTIVE"]["block"] == ["preregistration"]
    assert BY_ID["D-FAKE-VIDEO"]["effects"] == [{"op": "gain", "gain": "reputation",
                                                 "amount": -1}, {"op": "hype", "amount": 1}]
    assert BY_ID["D-FAKE-VIDEO"]["block"] == []
    assert BY_ID["D-TROLL-STORM"]["effects"] == [{"op": "noise_on_tiles", "hexes": 2,
                                                  "amount": 1}]
    assert BY_ID["D-TROLL-STORM"]["block"] == ["open_data"]
    assert BY_ID["D-INFOSEC"]["blocks"] == ["data_breach"]


def test_fg_g26_every_effect_is_noise_kv_hype_or_a_one_off_loss():
    """G-26's authoring rule, so that every damage has its repair; the one exception is G-16's
    own worked example, Selective reporting (docs/games/research_programme.md)."""
    for card in ATTACKS:
        for effect in card["effects"]:
            op = effect["op"]
            ok = (op in ("noise_on_tiles", "kv", "hype")
                  or (op == "gain" and effect["amount"] < 0))
            assert ok or card["id"] == "D-SELECTIVE", (card["id"], effect)
            if op in ("kv", "hype"):
                assert effect["amount"] == (-1 if op == "kv" else 1)


def test_fg_09_only_some_cards_show_euros():
    """FG-09: a card costs nothing unless it shows €; a few do."""
    costs = Counter(c["cost"] for c in ATTACKS)
    assert set(costs) == {0, 1} and 1 <= costs[1] <= 4


def test_fg_06_the_three_markers_and_their_rewards():
    """FG-06: Discovery (Technique +1, 2 resources or 1 VP), Null result (1 resource),
    Anomaly (an anomaly card and D +1)."""
    assert MARKERS["discovery"]["reward"] == [{"op": "choose", "options": [
        [{"op": "gain", "gain": "technique_next_test", "amount": 1}],
        [{"op": "resources", "amount": 2}], [{"op": "gain", "gain": "vp", "amount": 1}]]}]
    assert MARKERS["null"]["reward"] == [{"op": "resources", "amount": 1}]
    assert MARKERS["anomaly"]["reward"] == [{"op": "anomaly_card"},
                                            {"op": "gain", "gain": "D", "amount": 1}]
    assert source_of(MARKERS["null"], "reward") == "ruling"  # "any type", G-25


def test_fg_03_fg_06_enough_anomalies_for_setup_and_every_anomaly_marker():
    """3 anomalies at setup and up to 6 Anomaly markers: the full deck holds at least 9, each
    worth 1-2 VP and at most one small gain."""
    deck = school().full_decks["anomaly"]
    assert len(deck) >= 9
    for card_id in deck:
        reward = school().cards[card_id]["reward"]
        vp = [g["amount"] for g in reward if g["gain"] == "vp"]
        assert len(vp) == 1 and 1 <= vp[0] <= 2 and len(reward) <= 2


def test_fg_g27_metascience_projects_protect_their_neighbours_from_disruption():
    """G-27: "Disruption effects on tiles next to this tile are blocked" is on Metascience
    cards of the full deck, and the Preregistration service blocks on 4+ (AM-23)."""
    cards = school().cards
    protecting = [c for c in school().full_decks["project"]
                  if (cards[c].get("ability") or {}).get("op")
                  == "protect_neighbours_from_disruption"]
    assert protecting and all(cards[c]["region"] == "MET" for c in protecting)
    assert cards["P-MET-1"]["disruption_block"] == {"type": "bias", "block": "preregistration",
                                                    "min_roll": 4}


@pytest.fixture
def content_copy(tmp_path):
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return copy


def rewrite(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def by_id(card_id, change):
    def apply(cards):
        change(next(c for c in cards if c["id"] == card_id))
    return apply


@pytest.mark.parametrize("name, change, message", [
    ("full/disruptions.json", by_id("D-SPIN", lambda c: c.update(kind="gossip")),
     "D-SPIN: kind gossip is not a bias kind"),
    ("full/disruptions.json", by_id("D-SPIN", lambda c: c["effects"].append({"op": "steal"})),
     "unknown disruption op steal"),
    ("full/disruptions.json", by_id("D-INFOSEC", lambda c: c.update(partial=7)),
     "partial must be"),
    ("full/disruptions.json", by_id("D-INFOSEC", lambda c: c.update(also_blocks=["D-NONE"])),
     "also blocks unknown card D-NONE"),
    ("full/disruptions.json", by_id("D-SPIN", lambda c: c.update(block=["astrology"])),
     "Block names unknown method astrology"),
    ("full/disruptions.json", by_id("D-SPIN", lambda c: c["text"].update(en="Spin: Hype +1.")),
     "effect line must start with its kind"),
    ("full/markers.json", lambda markers: markers.pop(), "markers.json must hold exactly"),
    ("full/kinds.json", lambda kinds: kinds[0]["name"].update(en="Bias of reports"),
     "E-FILE-DRAWER: kind"),
    ("full/disruptions.json", by_id("D-SPIN", lambda c: c.pop("provenance")),
     "D-SPIN: no provenance"),
])
def test_the_loader_refuses_bad_full_game_content(content_copy, name, change, message):
    """A bad Disruption card, marker or kind makes the whole load fail, naming it."""
    rewrite(content_copy / name, change)
    with pytest.raises(ContentError, match=message):
        load(content_copy)
