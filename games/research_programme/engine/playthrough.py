"""A readable log of one seeded bot game: the golden playthrough files.

    python -m games.research_programme.engine.playthrough --seed 7 --players 3 [--bot greedy]
        [--variant school|full|beginner] [--out FILE]
    python -m games.research_programme.engine.playthrough --write

Every step's events are told in plain English, with a summary of the table after each round and
the final scoring. The log is the server's: it shows drawn cards, and where the hidden markers
lie only as each is revealed. A rule change that alters play shows up as a diff in the golden
files under tests/research_programme/engine/golden/; `--write` regenerates all of them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import api
from .content import CARDS
from .simulate import DEFAULT_STORY_RATE, play

GOLDEN_DIR = Path(__file__).resolve().parents[3] / "tests" / "research_programme" / "engine" / (
    "golden")
GOLDEN = {  # file name: (seed, seats, variant)
    "seed_3_players_2.txt": (3, 2, "school"),
    "seed_7_players_3.txt": (7, 3, "school"),
    "seed_11_players_4.txt": (11, 4, "school"),
    "full_seed_199_players_4.txt": (199, 4, "full"),
    "beginner_seed_28_players_3.txt": (28, 3, "beginner"),
}


def name(card_id: str | None) -> str:
    if card_id is None:
        return "nothing"
    card = CARDS.get(card_id)
    return f"{card['name']['en']} ({card_id})" if card else card_id


def gains(values: dict) -> str:
    shown = [f"{code} {amount:+d}" for code, amount in values.items() if amount]
    return ", ".join(shown) if shown else "nothing"


def seat(event: dict) -> str:
    return f"Seat {event['seat']}"


def test_line(e: dict) -> str:
    parts = e["threshold_parts"]
    threshold = " + ".join(f"{k} {v}" for k, v in parts.items() if v)
    pluses = ", ".join(f"{k} {e[k]}" for k in ("technique", "rigour_bonus", "map_bonus", "insight",
                                             "next_test_plus", "method_plus") if e[k])
    project = "a desk" if e["project"] == "desk" else name(e["project"])
    method = f", method {name(e['method'])}" if e["method"] else ""
    return (f"{seat(e)} tests {name(e['theory'])} with {project} on {e['hex']}{method}: "
            f"die {e['die']} + bonus {e['bonus']} ({pluses or 'no pluses'}) - Noise {e['noise']}"
            f" = {e['result']} against {e['threshold']} ({threshold})")


def succeeded(e: dict) -> str:
    line = f"  Success, {e['classification'].replace('_', ' ')}: KV {e['consensus']}"
    if e["reward"]:
        line += f", reward {gains(e['reward'])}"
    replication = e["replication"]
    if replication:
        line += (f"; replication k={replication['k']}, VP {e['vp_gained']}, Rigour to seat "
                 f"{replication['rigour_to']}, counter {replication['counter']}")
        if replication["noise_removed"]:
            line += f", Noise off {', '.join(replication['noise_removed'])}"
    return line + "."


def null(e: dict) -> str:
    line = f"  Null result: KV {e['consensus']}, S +{e['scepticism']}"
    if e["null_results_event"]:
        line += " (Null Results round)"
    if e["removed"]:
        line += f"; the theory is {e['removed']}"
    return line + "."


def bridge(e: dict) -> str:
    where = f" (wormhole {' - '.join(e['hexes'])})" if e["wormhole"] else ""
    if e["edge"]:
        where += f" on edge {e['edge']}"
    return f"  Seat {e['seat']} gets a bridge {e['pair']}{where}."


def disruption(e: dict) -> str:
    target = ""
    if e["theory"]:
        target = f" against {name(e['theory'])}"
    elif e["hexes"]:
        target = f" on {', '.join(e['hexes'])}"
    cost = f", paying {gains(e['cost'])}" if e["cost"] else ""
    return (f"Seat {e['seat']} interferes with seat {e['target']}: {name(e['card'])} "
            f"({e['disruption_type']}, {e['kind'].replace('_', ' ')}){target}{cost}.")


def blocked(e: dict) -> str:
    how = e["how"].replace("_", " ")
    card = f" {name(e['block_card'])}" if e["block_card"] else ""
    roll = f", roll {e['roll']}" if e["roll"] else ""
    lost = f"; seat {e['attacker']} loses 1 Reputation" if e["attacker_reputation"] else ""
    return f"  Seat {e['seat']} blocks {name(e['card'])} by {how}{card}{roll}{lost}."


def hit(e: dict) -> str:
    return f"  {name(e['card'])} hits seat {e['seat']}: {e['results']}."


FULL_TELL = {
    "HiddenHexesPlaced": lambda e: f"Hidden hexes of {e['region']}: {', '.join(e['hexes'])}.",
    "OpeningHandKept": lambda e: (f"{seat(e)} keeps {name(e['theory'])} and "
                                  f"{name(e['method'])}, returning {e['returned_count']}."),
    "DisruptionPlayed": disruption,
    "DisruptionBlocked": blocked,
    "DisruptionHit": hit,
    "BlockRolled": lambda e: (f"  {seat(e)} rolls {e['die']} for {name(e['card'])} "
                              f"(needs {e['need']}+): {'held' if e['blocked'] else 'failed'}."),
    "HexRevealed": lambda e: f"  {seat(e)} reveals {e['hex']}: {e['marker']}.",
    "ExplorationRewarded": lambda e: f"  {seat(e)} takes {gains(e['gains'])} from {e['hex']}.",
    "NoiseLeaked": lambda e: (f"  Noise leaks from {e['source']} to {e['target'] or 'nowhere'}"
                              f"{' and goes back to the supply' if e['lost'] else ''}."),
    "SynthesisAttempted": lambda e: (f"{seat(e)} attempts a synthesis: die {e['die']} + bonus "
                                     f"{e['bonus']} = {e['result']} against 8: "
                                     f"{'success' if e['success'] else 'no'}."),
    "SynthesisDeclined": lambda e: f"{seat(e)} does not attempt a synthesis.",
    "DamageRepaired": lambda e: (f"  {seat(e)} repairs by {e['how'].replace('_', ' ')}: "
                                 f"KV +{e['kv']}, Hype -{e['hype']}."),
}


TELL = {
    **FULL_TELL,
    "GameStarted": lambda e: f"A {e['variant']} game for {e['seats']} seats.",
    "PacketTaken": lambda e: (f"{seat(e)} takes beginner packet {e['packet']}: "
                              f"{name(e['theory'])}, tile {name(e['project'])} on {e['hex']}."),
    "StartPlayerChosen": lambda e: f"{seat(e)} starts. Turn order {e['order']}.",
    "CompensationGiven": lambda e: f"{seat(e)} gets {gains(e['gains'])} as third in order.",
    "AnomalyPlaced": lambda e: f"Anomaly {name(e['card'])} on {e['hex']}.",
    "NeutralMarkerPlaced": lambda e: f"Neutral marker on {e['hex']}.",
    "ProjectDealt": lambda e: f"Market: {name(e['card'])}.",
    "RoundStarted": lambda e: f"\n== Round {e['round']} (start player {e['start_player']})",
    "EventRevealed": lambda e: f"Next Event: {name(e['card'])}.",
    "EventResolved": lambda e: f"Event {name(e['card'])} hits seats {e['hit']}.",
    "EventHit": lambda e: f"{seat(e)} takes {name(e['card'])}: choice {e['choice']}.",
    "EventBlocked": lambda e: (f"{seat(e)} blocks {name(e['card'])} ({e['how']}"
                               f"{', ' + name(e['method']) if e['method'] else ''}"
                               f"{', ' + name(e['block_card']) if e.get('block_card') else ''})."),
    "FundingChosen": lambda e: None,
    "FundingReceived": lambda e: (
        f"{seat(e)} funding: R {e['money']}+{e['hype_money']}, {e['income']} +1, production "
        f"{[(m['resource'], m['amount'] + m['adjacency']) for m in e['production']]}, "
        f"repaid {e['repaid']} -> {e['resources']}, Debt {e['debt']}."),
    "CardDrawn": lambda e: f"{seat(e)} draws {name(e['card'])} from the {e['deck']} deck.",
    "NothingDrawn": lambda e: f"{seat(e)} finds the {e['deck']} deck empty.",
    "DeckReshuffled": lambda e: f"The {e['deck']} discards become the deck ({e['cards']}).",
    "CardsDiscarded": lambda e: f"{seat(e)} discards {[name(c) for c in e['cards']]}.",
    "PhaseStarted": lambda e: f"-- {e['phase'].capitalize()}",
    "DebtTaken": lambda e: f"{seat(e)} borrows R {e['money']} (Debt {e['debt']}).",
    "TheoryPlayed": lambda e: f"{seat(e)} plays theory {name(e['theory'])}.",
    "TheoryWithdrawn": lambda e: f"{seat(e)} withdraws {name(e['theory'])}.",
    "ProjectBuilt": lambda e: (f"{seat(e)} builds {name(e['card'])} on {e['hex']}"
                               f"{' (displaced)' if e['displaced'] else ''}."),
    "PlacementBonusGained": lambda e: f"{seat(e)} gains {gains(e['gains'])} from {e['hex']}.",
    "ResearchProgrammeFormed": lambda e: (f"{seat(e)} forms a research programme in "
                                          f"{e['region']} ({', '.join(e['hexes'])}): +1 VP."),
    "TestScheduled": lambda e: (
        f"{seat(e)} schedules a test of {name(e['theory'])} with "
        f"{'a desk' if e['project'] == 'desk' else name(e['project'])} on {e['hex']}"
        f"{', method ' + name(e['method']) if e['method'] else ''}."),
    "Preprinted": lambda e: (f"{seat(e)} preprints record {e['record']} ({e['outcome']})"
                             f"{' in the Scoop' if e['scoop'] else ''}."),
    "JournalPublished": lambda e: f"{seat(e)} publishes record {e['record']} in a journal.",
    "Simulated": lambda e: f"{seat(e)} simulates, Noise off {e['hexes'] or 'nothing'}.",
    "PeerReviewed": lambda e: f"{seat(e)} has a peer review: Rigour +{e['rigour']}.",
    "Passed": lambda e: f"{seat(e)} passes{' (nothing else to do)' if e['auto'] else ''}.",
    "TestCancelled": lambda e: f"{seat(e)}'s test of {name(e['theory'])} is cancelled "
                               f"({e['reason'].replace('_', ' ')}).",
    "TestLapsed": lambda e: f"{seat(e)}'s test lapses.",
    "TestRolled": test_line,
    "TestSucceeded": succeeded,
    "NullResult": null,
    "ArtefactCancelledSuccess": lambda e: f"  Artefact! The success is annulled; Hype {e['hype']}"
                                          f" -> {e['hype'] - 1}.",
    "BridgeCreated": bridge,
    "AnomalyResolved": lambda e: (f"  {seat(e)} resolves anomaly {name(e['card'])} on "
                                  f"{e['hex']}: {gains(e['gains'])}."),
    "TheoryFalsified": lambda e: f"  Seat {e['seat']} falsifies {name(e['theory'])}: +1 VP.",
    "TheoryRejected": lambda e: f"  {name(e['theory'])} of seat {e['seat']} is rejected.",
    "NoiseAdded": lambda e: f"{seat(e) if e['seat'] else 'The table'} adds {e['amount']} Noise "
                            f"to {e['hex']} (now {e['noise']}).",
    "NoiseSupplyRanOut": lambda e: "The Noise supply ran out: everyone loses 1 Reputation.",
    "StorageLimitApplied": lambda e: (f"{seat(e)} returns "
                                      f"{', '.join(f'{k} {v}' for k, v in e['returned'].items())}"
                                      f" (storage limit 8)."),
    "RoundEnded": lambda e: None,
    "GameEnded": lambda e: f"\n== Game over ({e['ended_by'].replace('_', ' ')})",
    "StoryRequested": lambda e: f"{seat(e)} asks to tell a story ({e['story']}).",
    "StoryAccepted": lambda e: f"The story {e['story']} is accepted: Insight and EP +1 "
                               f"(EP {e['ep']}).",
    "StoryRejected": lambda e: f"The story {e['story']} is rejected.",
    "StoryVoteCast": lambda e: f"{seat(e)} votes {'for' if e['accept'] else 'against'} "
                               f"story {e['story']}.",
    "TimeCalled": lambda e: "The teacher calls time.",
}


def describe(event: dict) -> str | None:
    """One line of plain English for an event (None for events with nothing to tell)."""
    teller = TELL.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {event}"


def table_summary(state: dict) -> list[str]:
    lines = [f"Replication counter {state['replication_counter']}/{state['replication_target']},"
             f" Noise supply {state['noise_supply']}."]
    for p in state["players"]:
        theories = ", ".join(f"{t} KV {state['theories'][t]['consensus']}" for t in p["theories"])
        cards = f"; Disruption cards {p['disruptions']}" if "disruptions" in p else ""
        lines.append(
            f"  Seat {p['seat']}: {p['resources']} Rigour {p['rigour']} Hype {p['hype']} "
            f"Reputation {p['reputation']} Debt {p['debt']} VP {p['vp']} EP {p['ep']}; "
            f"theories {theories or 'none'}; tiles {[pr['hex'] for pr in p['projects']]}{cards}")
    return lines


def playthrough(seed: int, players: int, bot: str = "greedy", variant: str = "school") -> str:
    lines = [f"Research Programme, {variant} game: seed {seed}, {players} seats, {bot} bots."]

    def on_step(state: dict, action: dict | None, events: list[dict]) -> None:
        for event in events:
            told = describe(event)
            if told is not None:
                lines.append(told)
            if event["type"] == "RoundEnded":
                lines.extend(table_summary(state))

    game = play(seed, players, bot, DEFAULT_STORY_RATE, options={"variant": variant},
                on_step=on_step)
    result = api.outcome(game.state)
    for row in sorted(result["players"], key=lambda r: r["rank"]):
        parts = ", ".join(f"{k} {v:+d}" for k, v in row["breakdown"].items() if v)
        lines.append(f"Rank {row['rank']}: seat {row['seat']} with {row['vp']} VP ({parts}).")
    lines.append(f"Winners: {result['winners']}. {len(game.actions)} steps.")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int)
    parser.add_argument("--players", type=int, choices=(2, 3, 4))
    parser.add_argument("--bot", choices=("random", "greedy"), default="greedy")
    parser.add_argument("--variant", choices=("school", "full", "beginner"), default="school")
    parser.add_argument("--out", type=Path, help="write here instead of standard output")
    parser.add_argument("--write", action="store_true", help="rewrite every golden file")
    args = parser.parse_args(argv)
    if args.write:
        for file_name, (seed, players, variant) in GOLDEN.items():
            (GOLDEN_DIR / file_name).write_text(playthrough(seed, players, variant=variant),
                                                encoding="utf-8")
        return 0
    if args.seed is None or args.players is None:
        parser.error("--seed and --players are required without --write")
    text = playthrough(args.seed, args.players, args.bot, args.variant)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
