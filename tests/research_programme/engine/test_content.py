"""The school decks of Research Programme: the data format and G-16's composition rules.

Reads the JSON files with the standard library only, as the engine does. Rule IDs refer to
the English rules file (research-programme.md); the format is docs/content-schema.md.
"""

import json
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CONTENT = ROOT / "games" / "research_programme" / "engine" / "content"
DECK_FILES = ("theories", "methods", "projects", "events", "anomalies")

OUTER_REGIONS = ("GRA", "COS", "PAR", "CON", "QUA", "MAT")
REGIONS = (*OUTER_REGIONS, "MET")
RESOURCES = ("R", "D", "L", "O", "S")
GAINS = (*RESOURCES, "reputation", "rigour", "hype", "vp", "technique_next_test")
HITS = (
    "all",
    "hype_at_least_2",
    "has_unpublished_null",
    "rigour_gt_hype",
    "hype_gt_rigour",
    "debt_at_least_1",
    "no_published_record",
)
EVENT_OPS = (
    "gain",
    "choose_one",
    "preprint_scoop",
    "null_results",
    "file_drawer",
    "add_noise_own_tile",
)
ABILITY_OPS = ("protect_neighbours_from_noise", "clean_neighbour_at_production")
NAMED_METHOD_KEYS = (
    "bayesian_model_comparison",
    "cross_validation",
    "preregistration",
    "open_data",
    "monte_carlo",
    "noise_filtering",
)
NAME_LIMIT = 40
TEXT_LIMIT = 160

# G-14's packet cards live in packets.json; the decks must not repeat them.
PACKET_CARD_NAMES = {
    "Light bends near the Sun",
    "The Higgs boson exists",
    "Entanglement beats Bell's limit",
    "Superconductors push out magnetic fields",
    "Eclipse telescope",
    "Proton collider",
    "Entangled-photon lab",
    "Cryogenic magnet lab",
}


def load(deck):
    return json.loads((CONTENT / f"{deck}.json").read_text(encoding="utf-8"))


THEORIES = load("theories")
METHODS = load("methods")
PROJECTS = load("projects")
EVENTS = load("events")
ANOMALIES = load("anomalies")
DECKS = {
    "theories": THEORIES,
    "methods": METHODS,
    "projects": PROJECTS,
    "events": EVENTS,
    "anomalies": ANOMALIES,
}
ALL_CARDS = [card for deck in DECKS.values() for card in deck]
METHOD_KEYS = {method["key"] for method in METHODS}
PROJECTS_BY_ID = {project["id"]: project for project in PROJECTS}


def card_id(card):
    return card["id"]


def is_text(value):
    return isinstance(value, dict) and set(value) == {"en", "fi", "sv"}


def texts_of(card, path=""):
    """Yield (field path, text) for every bilingual text anywhere in a card."""
    if is_text(card):
        yield path, card
    elif isinstance(card, dict):
        for key, value in card.items():
            yield from texts_of(value, f"{path}.{key}" if path else key)
    elif isinstance(card, list):
        for index, value in enumerate(card):
            yield from texts_of(value, f"{path}[{index}]")


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check_gain(gain):
    assert set(gain) == {"gain", "amount"}, gain
    assert gain["gain"] in GAINS, gain
    assert is_int(gain["amount"]) and gain["amount"] != 0, gain


def by_region(cards):
    regions = {}
    for card in cards:
        regions.setdefault(card["region"], []).append(card)
    return regions


def event_named(name_en):
    matches = [event for event in EVENTS if event["name"]["en"] == name_en]
    assert len(matches) == 1, f"expected exactly one event named {name_en!r}"
    return matches[0]


# --- Schema ---------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECK_FILES)
def test_schema_each_deck_file_is_a_list_of_cards(deck):
    """Every deck file is a JSON list of objects, each with a string id."""
    cards = DECKS[deck]
    assert isinstance(cards, list) and cards
    assert all(isinstance(card, dict) and isinstance(card.get("id"), str) for card in cards)


@pytest.mark.parametrize("theory", THEORIES, ids=card_id)
def test_schema_theory_fields_and_types(theory):
    """A theory has exactly the schema's fields, with the right types."""
    assert set(theory) == {
        "id",
        "name",
        "region",
        "cost",
        "difficulty",
        "test",
        "prediction",
        "condition",
        "reward",
        "replication_tag",
        "science",
        "provenance",
    }
    assert theory["region"] in REGIONS
    assert is_int(theory["cost"]) and is_int(theory["difficulty"])
    assert theory["test"] in (
        {"project": theory["test"].get("project")},
        {"method": theory["test"].get("method")},
    )
    assert all(isinstance(value, str) for value in theory["test"].values())
    assert isinstance(theory["replication_tag"], bool)
    assert isinstance(theory["reward"], list) and theory["reward"]
    for gain in theory["reward"]:
        check_gain(gain)
    for field in ("name", "prediction", "condition", "science"):
        assert is_text(theory[field]), field


@pytest.mark.parametrize("method", METHODS, ids=card_id)
def test_schema_method_fields_and_types(method):
    """A method has exactly the schema's fields, and each effect is a known op with valid values."""
    assert set(method) == {"id", "key", "name", "cost", "text", "effects", "science",
                           "provenance"}
    assert isinstance(method["key"], str) and method["key"].isidentifier()
    assert is_int(method["cost"])
    for field in ("name", "text", "science"):
        assert is_text(method[field]), field
    assert isinstance(method["effects"], list) and method["effects"]
    for effect in method["effects"]:
        check_method_effect(effect)


def check_method_effect(effect):
    op, when = effect.get("op"), effect.get("when")
    if op in ("plus", "remove_noise"):
        assert set(effect) == {"when", "op", "amount"} and when == "before_roll", effect
        assert is_int(effect["amount"]) and effect["amount"] > 0, effect
    elif op == "pay_for_plus":
        assert set(effect) == {"when", "op", "cost", "amount"} and when == "before_roll", effect
        assert effect["cost"] and all(
            code in RESOURCES and is_int(n) and n > 0 for code, n in effect["cost"].items()
        ), effect
        assert is_int(effect["amount"]) and effect["amount"] > 0, effect
    elif op == "artefact_proof":
        assert set(effect) == {"when", "op"} and when == "success", effect
    elif op == "kv":
        assert set(effect) - {"if_kv_at_least"} == {"when", "op", "amount"}, effect
        assert when in ("success", "null") and is_int(effect["amount"]) and effect["amount"] != 0, (
            effect
        )
        assert is_int(effect.get("if_kv_at_least", 0)), effect
    elif op == "gain":
        assert set(effect) == {"when", "op", "gain", "amount"} and when in ("success", "null"), (
            effect
        )
        check_gain({"gain": effect["gain"], "amount": effect["amount"]})
    else:
        pytest.fail(f"unknown method op {op!r}")


@pytest.mark.parametrize("project", PROJECTS, ids=card_id)
def test_schema_project_fields_and_types(project):
    """A project has the schema's fields; it produces one resource; an ability is a known op."""
    assert set(project) == {
        "id",
        "name",
        "region",
        "cost",
        "technique",
        "produces",
        "ability",
        "flavour",
        "provenance",
    } | ({"disruption_block"} & set(project))
    assert project["region"] in REGIONS
    assert is_int(project["cost"]) and is_int(project["technique"])
    assert set(project["produces"]) == {"resource", "amount"}
    assert project["produces"]["resource"] in RESOURCES and is_int(project["produces"]["amount"])
    ability = project["ability"]
    if ability is not None:
        assert ability["op"] in ABILITY_OPS
        if ability["op"] == "protect_neighbours_from_noise":
            assert set(ability) == {"op"}
        else:
            assert (
                set(ability) == {"op", "amount"}
                and is_int(ability["amount"])
                and ability["amount"] > 0
            )
    assert is_text(project["name"]) and is_text(project["flavour"])


@pytest.mark.parametrize("event", EVENTS, ids=card_id)
def test_schema_event_fields_and_types(event):
    """An event has the schema's fields, a known type, hits and timing, and only known ops."""
    assert set(event) == {
        "id",
        "name",
        "type",
        "kind",
        "hits",
        "timing",
        "effects",
        "block",
        "text",
        "science",
        "provenance",
    }
    assert event["type"] in ("ordinary", "bias", "influence")
    assert event["hits"] in HITS
    assert event["timing"] in ("immediate", "this_round")
    assert isinstance(event["block"], list) and all(isinstance(key, str) for key in event["block"])
    assert event["kind"] is None or is_text(event["kind"])
    for field in ("name", "text", "science"):
        assert is_text(event[field]), field
    assert isinstance(event["effects"], list) and event["effects"]
    for effect in event["effects"]:
        check_event_effect(effect)


def check_event_effect(effect):
    op = effect.get("op")
    assert op in EVENT_OPS, effect
    if op == "gain":
        assert set(effect) == {"op", "gain", "amount"}, effect
        check_gain({"gain": effect["gain"], "amount": effect["amount"]})
    elif op == "choose_one":
        assert set(effect) == {"op", "options"} and len(effect["options"]) >= 2, effect
        for option in effect["options"]:
            assert isinstance(option, list) and option, effect
            for inner in option:
                check_event_effect(inner)
    elif op == "add_noise_own_tile":
        assert (
            set(effect) == {"op", "amount"} and is_int(effect["amount"]) and effect["amount"] > 0
        ), effect
    else:
        assert set(effect) == {"op"}, effect


@pytest.mark.parametrize("anomaly", ANOMALIES, ids=card_id)
def test_schema_anomaly_fields_and_types(anomaly):
    """An anomaly has exactly the schema's fields and a list of known gains as its reward."""
    assert set(anomaly) == {"id", "name", "observation", "reward", "science", "provenance"}
    for field in ("name", "observation", "science"):
        assert is_text(anomaly[field]), field
    assert isinstance(anomaly["reward"], list) and anomaly["reward"]
    for gain in anomaly["reward"]:
        check_gain(gain)


@pytest.mark.parametrize("card", ALL_CARDS, ids=card_id)
def test_texts_have_english_finnish_and_swedish_non_empty(card):
    """Every text has English, Finnish and Swedish versions, none empty nor padded, and the
    English and Finnish differ."""
    found = list(texts_of(card))
    assert found
    for path, text in found:
        for language in ("en", "fi", "sv"):
            value = text[language]
            assert isinstance(value, str) and value.strip() == value and value, (path, language)
        if not path.startswith("name") or len(text["en"]) > 12:
            assert text["en"] != text["fi"], f"{path} looks untranslated"


@pytest.mark.parametrize("card", ALL_CARDS, ids=card_id)
def test_texts_fit_a_tablet_card(card):
    """Names are at most 40 characters and every other text at most 160, in all three
    languages."""
    for path, text in texts_of(card):
        limit = NAME_LIMIT if path in ("name", "kind") else TEXT_LIMIT
        for language in ("en", "fi", "sv"):
            assert len(text[language]) <= limit, (path, language, len(text[language]))


def test_ids_are_unique_across_decks_and_packets():
    """No id appears twice in the decks, nor clashes with a beginner-packet card."""
    ids = [card["id"] for card in ALL_CARDS]
    packets_file = CONTENT / "packets.json"
    if packets_file.exists():
        for packet in json.loads(packets_file.read_text(encoding="utf-8")):
            ids += [packet[kind]["id"] for kind in ("theory", "project", "method")]
    duplicates = [card_id for card_id, count in Counter(ids).items() if count > 1]
    assert not duplicates


@pytest.mark.parametrize(
    ("deck", "prefix"),
    [
        ("theories", "T-"),
        ("methods", "M-"),
        ("projects", "P-"),
        ("events", "E-"),
        ("anomalies", "A-"),
    ],
)
def test_ids_carry_their_deck_prefix_and_never_the_packet_suffix(deck, prefix):
    """Deck ids start with their deck's letter; none ends with -PK (G-14's packets)."""
    for card in DECKS[deck]:
        assert card["id"].startswith(prefix) and not card["id"].endswith("-PK"), card["id"]


def test_method_keys_are_unique():
    """Each method key names one method card in the deck."""
    assert len(METHOD_KEYS) == len(METHODS)


def test_theory_test_fields_point_to_own_region_projects_or_method_keys():
    """A Test field names an existing project of the theory's region, or an existing method key."""
    for theory in THEORIES:
        test = theory["test"]
        if "project" in test:
            project = PROJECTS_BY_ID.get(test["project"])
            assert project is not None, theory["id"]
            assert project["region"] == theory["region"], theory["id"]
        else:
            assert test["method"] in METHOD_KEYS, theory["id"]


def test_event_block_fields_name_existing_method_keys():
    """Every method key in a Block field is a method in the deck."""
    for event in EVENTS:
        assert set(event["block"]) <= METHOD_KEYS, event["id"]


def test_method_texts_begin_with_when_you_test_with_this():
    """A method's effect text begins 'When you test with this' / 'Kun testaat tällä' (rulebook)."""
    for method in METHODS:
        assert method["text"]["en"].startswith("When you test with this: "), method["id"]
        assert method["text"]["fi"].startswith("Kun testaat tällä: "), method["id"]
        assert method["text"]["sv"].startswith("När du testar med detta: "), method["id"]


def test_g24_disruption_event_texts_begin_with_their_kind():
    """A Bias or Influence states its kind at the start of its effect line, in every language."""
    for event in EVENTS:
        if event["type"] != "ordinary":
            for language in ("en", "fi", "sv"):
                assert event["text"][language].startswith(event["kind"][language] + ":"), event[
                    "id"
                ]


# --- G-16: the theory deck ------------------------------------------------------------------


def test_g16_deck_sizes():
    """The school decks hold 24 theories, 10 methods, 20 projects, 10 events and 6 anomalies."""
    assert {deck: len(cards) for deck, cards in DECKS.items()} == {
        "theories": 24,
        "methods": 10,
        "projects": 20,
        "events": 10,
        "anomalies": 6,
    }


def test_g16_four_theories_per_outer_region_none_in_metascience():
    """Each of the six outer regions has exactly 4 theories, and Metascience has none."""
    assert Counter(theory["region"] for theory in THEORIES) == dict.fromkeys(OUTER_REGIONS, 4)


def test_g16_region_difficulties_are_3_4_4_5_or_3_4_4_6_in_at_most_two_regions():
    """Each region's Difficulties are 3+, 4+, 4+, 5+; a 6+ replaces 5+ in at most two regions."""
    with_six = 0
    for region, theories in by_region(THEORIES).items():
        difficulties = sorted(theory["difficulty"] for theory in theories)
        assert difficulties in ([3, 4, 4, 5], [3, 4, 4, 6]), region
        with_six += difficulties[-1] == 6
    assert with_six <= 2


def test_g16_theory_costs_are_1_to_3():
    """Every theory costs 1, 2 or 3 €."""
    assert {theory["cost"] for theory in THEORIES} <= {1, 2, 3}


def test_g16_theories_name_a_deck_project_except_two_mathematics_method_theories():
    """Theories name a deck project of their region, except 2 Mathematics ones naming a method."""
    method_named = [theory for theory in THEORIES if "method" in theory["test"]]
    assert len(method_named) == 2
    assert all(theory["region"] == "MAT" for theory in method_named)
    for theory in THEORIES:
        if "project" in theory["test"]:
            assert PROJECTS_BY_ID[theory["test"]["project"]]["region"] == theory["region"], theory[
                "id"
            ]


def test_g16_each_region_has_one_replication_tag_theory():
    """Exactly one theory per outer region carries 'VP +1 from replication' (SV-51)."""
    tagged = Counter(theory["region"] for theory in THEORIES if theory["replication_tag"])
    assert tagged == dict.fromkeys(OUTER_REGIONS, 1)


def test_g32_theory_rewards_use_allowed_gains_and_never_flat_vp():
    """Rewards are small resource, Reputation, Rigour, Hype ±1 or Technique gains, never VP."""
    for theory in THEORIES:
        for gain in theory["reward"]:
            code, amount = gain["gain"], gain["amount"]
            assert code != "vp", theory["id"]
            if code in RESOURCES:
                assert amount in (-2, -1, 1, 2), theory["id"]
            elif code == "hype":
                assert amount in (-1, 1), theory["id"]
            else:
                assert code in ("reputation", "rigour", "technique_next_test") and amount == 1, (
                    theory["id"]
                )


def test_g16_difficulty_is_within_the_printed_range():
    """Printed Difficulties lie within 2+ to 6+ (G-16's card fields)."""
    assert all(2 <= theory["difficulty"] <= 6 for theory in THEORIES)


# --- G-16: the method deck ------------------------------------------------------------------


def test_g16_ten_distinct_methods_costing_0_to_2():
    """The 10 methods have distinct keys and cost 0, 1 or 2 €."""
    assert len(METHODS) == 10 and len(METHOD_KEYS) == 10
    assert {method["cost"] for method in METHODS} <= {0, 1, 2}


def test_g16_methods_include_the_six_named_methods():
    """The deck has the six methods that G-16 names."""
    assert set(NAMED_METHOD_KEYS) <= METHOD_KEYS


def test_g16_methods_cover_every_test_and_block_field():
    """Every method named by a Test field or a Block field is in the method deck."""
    named = {theory["test"]["method"] for theory in THEORIES if "method" in theory["test"]}
    named |= {key for event in EVENTS for key in event["block"]}
    assert named and named <= METHOD_KEYS


def test_g16_rulebook_methods_keep_their_rulebook_effects():
    """The rulebook's methods (Bayes, Cross-validation, …) keep the rulebook's effects."""
    effects = {method["key"]: method["effects"] for method in METHODS}
    assert {"when": "null", "op": "kv", "amount": -1, "if_kv_at_least": 1} in effects[
        "bayesian_model_comparison"
    ]
    assert {"when": "success", "op": "artefact_proof"} in effects["cross_validation"]
    assert {"when": "null", "op": "gain", "gain": "rigour", "amount": 1} in effects[
        "preregistration"
    ]
    assert {"when": "before_roll", "op": "pay_for_plus", "cost": {"L": 1}, "amount": 1} in effects[
        "monte_carlo"
    ]
    assert {"when": "before_roll", "op": "remove_noise", "amount": 1} in effects["noise_filtering"]


# --- G-16: the project deck -----------------------------------------------------------------


def test_g16_three_projects_per_outer_region_with_technique_0_1_2():
    """Each outer region has 3 projects with Technique 0, 1 and 2, and Metascience has 2."""
    regions = by_region(PROJECTS)
    assert set(regions) == set(REGIONS)
    for region in OUTER_REGIONS:
        assert sorted(project["technique"] for project in regions[region]) == [0, 1, 2], region
    assert len(regions["MET"]) == 2


def test_g16_outer_project_costs_are_about_2_3_4_by_technique():
    """An outer project costs 2 + Technique €, or one more for a card producing 2 units."""
    for project in PROJECTS:
        if project["region"] != "MET":
            expected = 2 + project["technique"] + (project["produces"]["amount"] - 1)
            assert project["cost"] == expected, project["id"]


def test_g16_projects_produce_1_unit_with_at_most_one_double_per_region():
    """Each project produces 1 unit, except at most one card per region producing 2."""
    for region, projects in by_region(PROJECTS).items():
        amounts = [project["produces"]["amount"] for project in projects]
        assert set(amounts) <= {1, 2}, region
        assert amounts.count(2) <= 1, region


def test_g16_metascience_projects_have_technique_0_and_an_ability():
    """The 2 Metascience projects have Technique 0 and an ability; no other project has one."""
    for project in PROJECTS:
        if project["region"] == "MET":
            assert project["technique"] == 0 and project["ability"] is not None, project["id"]
        else:
            assert project["ability"] is None, project["id"]


def test_g27_preregistration_service_protects_neighbours_from_noise():
    """The Preregistration service is a Metascience project keeping Noise off its neighbours."""
    service = [
        project for project in PROJECTS if project["name"]["en"] == "Preregistration service"
    ]
    assert len(service) == 1
    assert service[0]["region"] == "MET"
    assert service[0]["ability"] == {"op": "protect_neighbours_from_noise"}


def test_g14_beginner_packet_cards_are_not_in_the_decks():
    """None of G-14's packet theories or projects appears in a deck (they are in packets.json)."""
    names = {card["name"]["en"] for card in ALL_CARDS}
    assert not names & PACKET_CARD_NAMES


def test_g14_packet_methods_have_deck_twins():
    """Each beginner-packet method shares its key with a method in the deck, under another id."""
    packets_file = CONTENT / "packets.json"
    if not packets_file.exists():
        pytest.skip("packets.json is written by the engine and is not in this tree yet")
    packets = json.loads(packets_file.read_text(encoding="utf-8"))
    assert len(packets) == 4
    for packet in packets:
        method = packet["method"]
        assert method["key"] in METHOD_KEYS and method["id"] not in {m["id"] for m in METHODS}
        assert packet["theory"]["name"]["en"] in PACKET_CARD_NAMES
        assert packet["project"]["name"]["en"] in PACKET_CARD_NAMES


# --- G-16 and G-24: the event deck ----------------------------------------------------------


def test_g16_events_are_eight_ordinary_one_bias_one_influence():
    """The 10 events are 8 ordinary Events, 1 Bias and 1 Influence."""
    assert Counter(event["type"] for event in EVENTS) == {"ordinary": 8, "bias": 1, "influence": 1}


def test_g16_events_include_preprint_scoop_and_null_results():
    """Preprint Scoop (SV-71) resolves at once; Null Results (SV-46) lasts this round."""
    scoop, null_results = event_named("Preprint Scoop"), event_named("Null Results")
    assert scoop["type"] == "ordinary" and scoop["effects"] == [{"op": "preprint_scoop"}]
    assert scoop["hits"] == "all" and scoop["timing"] == "immediate"
    assert null_results["type"] == "ordinary" and null_results["effects"] == [
        {"op": "null_results"}
    ]
    assert null_results["hits"] == "all" and null_results["timing"] == "this_round"


def test_g24_file_drawer_is_the_bias_blocked_by_preregistration():
    """File drawer is the Bias: hits unpublished null results, blocked by Preregistration."""
    drawer = event_named("File drawer")
    assert drawer["type"] == "bias" and drawer["kind"]["en"] == "Reporting bias"
    assert drawer["hits"] == "has_unpublished_null"
    assert drawer["effects"] == [{"op": "file_drawer"}]
    assert drawer["block"] == ["preregistration"]


def test_g24_disinformation_campaign_is_the_influence_blocked_by_open_data():
    """Disinformation campaign is the Influence: hits Hype ≥ 2, blocked by Open data."""
    campaign = event_named("Disinformation campaign")
    assert campaign["type"] == "influence" and campaign["kind"]["en"] == "Disinformation"
    assert campaign["hits"] == "hype_at_least_2"
    assert campaign["effects"] == [{"op": "add_noise_own_tile", "amount": 1}]
    assert campaign["block"] == ["open_data"]


def test_g16_ordinary_events_have_no_kind_and_no_block():
    """Only Bias and Influence Events carry a kind and a Block field (SV-20)."""
    for event in EVENTS:
        if event["type"] == "ordinary":
            assert event["kind"] is None and event["block"] == [], event["id"]
        else:
            assert event["kind"] is not None and event["block"], event["id"]


# --- G-16: the anomaly deck -----------------------------------------------------------------


def test_g16_anomaly_rewards_are_1_to_2_vp_plus_at_most_one_small_gain():
    """Each anomaly gives VP 1–2 and at most one small resource, Rigour or Reputation gain."""
    for anomaly in ANOMALIES:
        vp = [gain for gain in anomaly["reward"] if gain["gain"] == "vp"]
        others = [gain for gain in anomaly["reward"] if gain["gain"] != "vp"]
        assert len(vp) == 1 and vp[0]["amount"] in (1, 2), anomaly["id"]
        assert len(others) <= 1, anomaly["id"]
        for gain in others:
            assert gain["gain"] in (*RESOURCES, "rigour", "reputation"), anomaly["id"]
            assert gain["amount"] in ((1, 2) if gain["gain"] in RESOURCES else (1,)), anomaly["id"]


# --- The worked examples of G-16 --------------------------------------------------------------


def theory_named(name_en):
    matches = [theory for theory in THEORIES if theory["name"]["en"] == name_en]
    assert len(matches) == 1, name_en
    return matches[0]


def project_named(name_en):
    matches = [project for project in PROJECTS if project["name"]["en"] == name_en]
    assert len(matches) == 1, name_en
    return matches[0]


def test_g16_worked_example_theories_keep_their_numbers():
    """The four worked-example theories keep G-16's numbers, Test field, reward and tag."""
    waves = theory_named("Gravitational waves")
    assert (waves["region"], waves["cost"], waves["difficulty"], waves["replication_tag"]) == (
        "GRA",
        2,
        4,
        True,
    )
    assert project_named("Gravitational-wave observatory")["id"] == waves["test"]["project"]
    assert waves["reward"] == [{"gain": "D", "amount": 1}]
    wimp = theory_named("WIMP dark matter")
    assert (wimp["region"], wimp["cost"], wimp["difficulty"]) == ("PAR", 3, 5)
    assert project_named("Underground xenon detector")["id"] == wimp["test"]["project"]
    assert wimp["reward"] == [{"gain": "R", "amount": 2}]
    hype = theory_named("Room-temperature superconductor")
    assert (hype["region"], hype["cost"], hype["difficulty"]) == ("CON", 1, 5)
    assert project_named("Materials synthesis lab")["id"] == hype["test"]["project"]
    assert hype["reward"] == [{"gain": "reputation", "amount": 1}, {"gain": "hype", "amount": 1}]
    walks = theory_named("Random walks come home")
    assert (walks["region"], walks["cost"], walks["difficulty"]) == ("MAT", 1, 3)
    assert walks["test"] == {"method": "monte_carlo"} and walks["reward"] == [
        {"gain": "L", "amount": 1}
    ]


def test_g16_worked_example_projects_keep_their_numbers():
    """The four worked-example projects keep G-16's region, cost, Technique and production."""
    expected = {
        "Gravitational-wave observatory": ("GRA", 4, 2, {"resource": "D", "amount": 1}),
        "Underground xenon detector": ("PAR", 3, 1, {"resource": "D", "amount": 1}),
        "Materials synthesis lab": ("CON", 2, 0, {"resource": "R", "amount": 1}),
        "Preregistration service": ("MET", 2, 0, {"resource": "O", "amount": 1}),
    }
    for name, numbers in expected.items():
        project = project_named(name)
        assert (
            project["region"],
            project["cost"],
            project["technique"],
            project["produces"],
        ) == numbers, name


def test_g16_worked_example_anomalies_keep_their_rewards():
    """The four worked-example anomalies keep G-16's rewards."""
    expected = {
        "Galaxy rotation curves": [{"gain": "vp", "amount": 2}],
        "Muon wobble": [{"gain": "vp", "amount": 1}, {"gain": "rigour", "amount": 1}],
        "Unexplained bump": [{"gain": "vp", "amount": 1}, {"gain": "R", "amount": 2}],
        "Flyby anomaly": [{"gain": "vp", "amount": 1}, {"gain": "L", "amount": 1}],
    }
    rewards = {anomaly["name"]["en"]: anomaly["reward"] for anomaly in ANOMALIES}
    for name, reward in expected.items():
        assert rewards.get(name) == reward, name


# --- Balance intentions -----------------------------------------------------------------------


def test_balance_projects_produce_a_spread_of_resources():
    """Projects produce all five resources; none is produced by half the cards or more."""
    produced = Counter(project["produces"]["resource"] for project in PROJECTS)
    assert set(produced) == set(RESOURCES)
    assert max(produced.values()) < len(PROJECTS) / 2


def test_balance_tempting_hype_theory_exists():
    """A cheap, hard theory pays in Hype: the deliberately tempting hype card of G-16."""
    tempting = [
        theory
        for theory in THEORIES
        if {"gain": "hype", "amount": 1} in theory["reward"]
        and theory["cost"] == 1
        and theory["difficulty"] >= 5
    ]
    assert tempting


def test_balance_events_help_players_behind_and_reward_rigour():
    """Some ordinary events reward Rigour > Hype, and players who have not published."""

    def gives_gain(event):
        return any(effect["op"] in ("gain", "choose_one") for effect in event["effects"]) and all(
            effect.get("amount", 1) > 0 for effect in event["effects"]
        )

    helped = {
        event["hits"] for event in EVENTS if event["type"] == "ordinary" and gives_gain(event)
    }
    assert {"rigour_gt_hype", "no_published_record"} <= helped


def test_balance_events_mix_good_and_bad():
    """The deck holds both events that only give and events that only take or add Noise."""

    def signs(effects):
        for effect in effects:
            if effect["op"] == "gain":
                yield effect["amount"] > 0
            elif effect["op"] == "choose_one":
                for option in effect["options"]:
                    yield from signs(option)
            elif effect["op"] in ("add_noise_own_tile", "file_drawer"):
                yield False

    kinds = [set(signs(event["effects"])) for event in EVENTS]
    assert kinds.count({True}) >= 3 and kinds.count({False}) >= 3


def test_docs_content_describes_every_card():
    """docs/content.md has a table row for every card id in the five decks."""
    rows = {
        line.split("|")[1].strip()
        for line in (ROOT / "docs" / "content.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| ")
    }
    assert {card["id"] for card in ALL_CARDS} <= rows
