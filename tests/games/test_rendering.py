"""What the play page's parts show: the map in either language, the log's private lines, the
stepwise choice of an action, the end scores, and the sharing of renders between tablets."""

import random
import re

import pytest

from games import render_cache, rendering
from games.engines.base import CHANCE, ENGINES, resolve_chance
from games.research_programme import choices as rp_choices
from games.research_programme import narration
from games.research_programme import parts as rp_parts
from games.selectors import game_log, game_snapshot
from games.stepper import Draft, next_step
from tests.games.factories import engine_state, make_game, play_move, play_until

pytestmark = pytest.mark.django_db


def in_actions(state):
    return state["step"]["kind"] == "actions"


def snapshot_of(game):
    game.refresh_from_db()
    return game_snapshot(game.pk)


@pytest.mark.parametrize("language", ["fi", "en"])
def test_map_coordinates_are_plain_numbers_in_every_language(language):
    """The SVG's coordinates never get a decimal comma, which would scatter a Finnish map."""
    game = make_game(language=language)
    parts = rendering.render_parts(snapshot_of(game), 1, language)
    numbers = re.findall(r'\b(?:x|y|cx|cy|x1|y1|x2|y2)="([^"]*)"', parts["map-board"])
    assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?", n) for n in numbers)
    assert len(re.findall(r'<g class="hex"', parts["map-board"])) == 37


def test_tablets_of_one_seat_share_one_render_per_revision():
    """Rendering the same seat twice at one revision returns the same strings, not new ones."""
    game = make_game()
    snapshot = snapshot_of(game)
    first = rendering.render_parts(snapshot, 2, "en")
    again = rendering.render_parts(snapshot, 2, "en")
    assert all(first[part] is again[part] for part in rp_parts.SHARED)
    assert first["play-board"] is again["play-board"]
    assert rendering.render_parts(snapshot, 1, "en")["map-board"] is first["map-board"]


def test_only_the_newest_revision_s_public_view_stays_with_the_table():
    """A view is hundreds of lists and dicts that every full garbage collection walks: after ten
    moves, the table keeps one view, the public one of its newest revision (the parts every
    viewer shares and the cockpit read it); the seats' and the teacher's are the recent ones', with
    the menus of the seats to act."""
    game = make_game()
    for _ in range(10):
        play_move(game)
        snapshot = snapshot_of(game)
        for seat in (None, 1, 2):
            rendering.render_parts(snapshot, seat, "en", teacher=seat is None)
    drawn = render_cache.drawn[game.pk]
    assert [what for what in drawn.newest if what[0] in ("view", "menu")] == [("view", "public")]
    assert drawn.revision == snapshot.revision
    recent = {key[2:] for key in render_cache.recent if key[:2] == (game.pk, snapshot.revision)}
    menus = {("menu", seat) for seat in rendering.summary_of(snapshot)["to_act"] if seat < 3}
    assert {("view", None), ("view", 1), ("view", 2), *menus} <= recent


def test_a_process_keeps_the_seats_views_and_menus_of_a_few_tables_only(monkeypatch):
    """With more tables than the recent views have room for, the first tables' seats' views and
    menus are let go once the later tables have drawn theirs; the first tables' parts stay."""
    games = [make_game(seats=2) for _ in range(3)]
    monkeypatch.setattr(render_cache.recent, "limit", 4)  # one table's two views and two menus
    parts = {}
    for game in games:
        snapshot = snapshot_of(game)
        for seat in (1, 2):
            parts[game.pk, seat] = rendering.render_parts(snapshot, seat, "en")
    assert {key[0] for key in render_cache.recent} == {games[-1].pk}
    again = rendering.render_parts(snapshot_of(games[0]), 1, "en")
    assert again["play-board"] is parts[games[0].pk, 1]["play-board"]


def test_an_older_revision_is_rendered_without_displacing_the_newest_view():
    """A socket a revision behind gets its own view; the newest stays cached for the others."""
    game = make_game()
    play_move(game)
    older = snapshot_of(game)
    play_move(game)
    newer = snapshot_of(game)
    newest_view = rendering.view_of(newer, 1)
    assert rendering.view_of(older, 1) == older.engine.view_for(older.state, 1)
    assert rendering.view_of(newer, 1) is newest_view


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    """Seat 1's board lists its cards; seat 2's parts never name them."""
    game = make_game()
    play_until(game, in_actions)
    _engine, state = engine_state(game)
    hand = state["players"][0]["hand"]
    assert hand
    snapshot = snapshot_of(game)
    mine = rendering.render_parts(snapshot, 1, "en")
    theirs = "".join(rendering.render_parts(snapshot, 2, "en").values())
    assert all(f'data-card="{card}"' in mine["play-board"] for card in hand)
    assert not any(card in theirs for card in hand)


def test_the_log_tells_a_draw_by_name_only_to_the_seat_that_drew():
    """After Funding each seat's log names its own drawn card; the others read 'draws a card'."""
    game = make_game(seats=2)
    play_until(game, in_actions)
    snapshot = snapshot_of(game)
    own = rendering.render_parts(snapshot, 1, "en")["play-log"]
    other = rendering.render_parts(snapshot, 2, "en")["play-log"]
    name = snapshot.names[1]
    drawn = re.search(rf"{name} draws ([^<]+)\.<", own)
    assert drawn and not drawn.group(1).startswith("a ")
    assert f"{name} draws a " in other and drawn.group(1) not in other


def test_a_prediction_is_chosen_theory_then_project_then_method():
    """The stepper asks one parameter at a time and sends the action when one is left."""
    game = make_game(seats=3)
    state = play_until(game, in_actions)
    engine = ENGINES[game.engine_key]
    seat = state["step"]["seats"][0]
    menu = engine.action_menu(state, seat)
    asked, draft = [], Draft("prediction")
    while True:
        step = next_step(menu, draft, order=rp_choices.ORDER)
        if step.action is not None or any(o.action for o in step.options):
            break
        asked.append(step.param)
        draft = draft.pick(step.param, step.options[0].value)
    assert asked[0] == "theory" and asked == [p for p in ("theory", "project", "desk_hex",
                                                          "method", "debt") if p in asked]


def test_disabled_actions_say_why():
    """Preprint with nothing to publish is offered disabled, with the reason in words."""
    game = make_game()
    state = play_until(game, in_actions)
    seat = state["step"]["seats"][0]
    html = rendering.render_parts(snapshot_of(game), seat, "en")["play-actions"]
    assert re.search(r"disabled aria-describedby=\"why-preprint\"", html)
    assert "You have no unpublished result." in html


def test_the_end_screen_shows_each_vp_source_and_the_winner():
    """At the end every tablet shows the winner's name, the VP total row and the tie-breaks."""
    game = make_game(seats=3)
    state = play_until(game, lambda s: s["phase"] == "over")
    outcome = ENGINES[game.engine_key].outcome(state)
    snapshot = snapshot_of(game)
    end = rendering.render_parts(snapshot, 2, "en")["play-end"]
    winner = snapshot.names[outcome["winners"][0]]
    assert f"{winner} wins!" in end or "Shared victory" in end
    assert "Replications" in end and "Tie-breaks" in end
    totals = re.search(r'<tr class="end-total">(.*?)</tr>', end, re.S).group(1)
    shown = [int(v) for v in re.findall(r"<td[^>]*>(-?\d+)</td>", totals)]
    assert shown == [row["vp"] for row in sorted(outcome["players"], key=lambda r: r["rank"])]


@pytest.mark.parametrize("language", ["fi", "en"])
def test_every_event_of_whole_games_is_told_or_deliberately_silent(language):
    """Greedy and random games (2–4 seats, stories told): each event type has a sentence."""
    from django.utils import translation

    engine = ENGINES["research_programme"]
    names = {1: "A", 2: "B", 3: "C", 4: "D"}
    seen = set()
    for seats, bot in ((2, "random"), (3, "greedy"), (4, "random")):
        state = engine.new_game([{"seat": s, "name": names[s]} for s in range(1, seats + 1)],
                                {"variant": "school"}, seats)
        rng = random.Random(seats)
        while engine.current_seats(state):
            current = engine.current_seats(state)
            action = resolve_chance(engine, state) if current == [CHANCE] else \
                engine.bots[bot](state, current[0], rng)
            state, events = engine.apply_action(state, action)
            with translation.override(language):
                for event in events:
                    seen.add(event["type"])
                    line = narration.Teller(names).tell(event)
                    assert line is not None or event["type"] in narration.SILENT \
                        or event["type"] == "EventHit"
                    assert line is None or "%(" not in line.text
    assert {"TestRolled", "FundingReceived", "GameEnded"} <= seen


def test_a_theorys_hits_name_their_method_in_the_pages_language():
    """A hit records its method by key; the board names the method as the card does."""
    from django.utils import translation

    from games.research_programme import presentation as presenters

    theory = {"id": "T-GRA-1", "consensus": 1, "owner": 1, "projects_hit": 1,
              "hits": [{"project": "P-GRA-1", "method": "open_data", "seat": 1, "round": 2}]}
    for language, name in (("en", "Open data"), ("fi", "Avoin data")):
        with translation.override(language):
            assert presenters._theory({}, theory, {1: "Aino"})["hits"][0]["method"] == name


def test_a_process_draws_each_viewer_once_per_revision_whatever_its_number_of_tables(
        monkeypatch):
    """The cache holds one entry per game: as many tables as it has room for, each with every
    viewer's parts, so the tablets of many tables drawing in turn draw nothing twice (held per
    revision and viewer, hundreds of tables' entries once outgrew the cache and missed in turn)."""
    games = [make_game(seats=2) for _ in range(3)]
    monkeypatch.setattr(render_cache.drawn, "limit", len(games))
    views = []
    engine = ENGINES[games[0].engine_key]
    view_for = engine.view_for
    monkeypatch.setattr(engine, "view_for", lambda state, seat: views.append(seat)
                        or view_for(state, seat))
    snapshots = [snapshot_of(game) for game in games]
    for _ in range(3):
        for snapshot in snapshots:
            for seat in (1, 2):
                rendering.render_parts(snapshot, seat, "en")
    assert sorted(views, key=str) == sorted([1, 2, "public"] * len(games), key=str)


def test_of_the_log_only_the_current_round_s_lines_stay_in_memory():
    """The current round's lines are drawn again at every revision and kept, each viewer's as
    HTML; the earlier rounds' are drawn once a round, and not kept, and no told row's events are
    kept: a log is thousands of small objects that every full garbage collection would walk for
    every table of the process."""
    game = make_game()
    play_until(game, lambda state: state["round"] >= 2)
    snapshot = snapshot_of(game)
    parts = rendering.render_parts(snapshot, 1, "en")
    store = render_cache.drawn[game.pk].this_round
    shown = [pair for key, value in store.items() if key[0] == "shown" for pair in value[1]]
    lines = [key[1] for key in store if key[0] == "line"]
    assert parts[rendering.EARLIER] and shown and lines
    assert {number for number, _html in shown} == {2} == {line.round for line in lines}
    assert {key[0] for key in store} == {"shown", "line", "earlier"}


def test_after_a_move_a_viewer_s_log_reads_only_the_move_s_rows(monkeypatch):
    """The current round's log grows by a move's rows: what a viewer was shown is kept with the
    round, so a drawing late in a round reads the rows since its last, not the whole round."""
    game = make_game()
    play_until(game, lambda state: state["round"] >= 2)
    for _ in range(6):
        play_move(game)
        rendering.render_parts(snapshot_of(game), 1, "en")
    read, log = [], rendering.game_log

    class Walked(list):
        def __reversed__(self):
            for row in list.__reversed__(self):
                read.append(row.seq)
                yield row

    monkeypatch.setattr(rendering, "game_log", lambda *args: Walked(log(*args)))
    before = snapshot_of(game).version
    play_move(game)
    snapshot = snapshot_of(game)
    rendering.render_parts(snapshot, 1, "en")
    this_round = [row.seq for row in game_log(game.pk, snapshot.version)
                  if any(e.get("round") == 2 for e in row.events)]
    assert rendering.summary_of(snapshot)["round"] == 2
    assert read == [*range(snapshot.version, before, -1), before]
    assert len(this_round) > len(read) + 5


def test_the_earlier_rounds_lines_are_drawn_once_for_every_viewer(monkeypatch):
    """At a new round every viewer draws the earlier rounds' log again, whose lines are mostly
    the same for all: a line one viewer drew is not drawn again for the next."""
    game = make_game()
    play_until(game, lambda state: state["round"] >= 2)
    snapshot = snapshot_of(game)
    drawn = []
    render_to_string = rendering.render_to_string
    monkeypatch.setattr(rendering, "render_to_string", lambda template, context: (
        drawn.append(context["line"]) if template == rendering.LOG_LINE else None)
        or render_to_string(template, context))
    first = rendering.render_parts(snapshot, 1, "en")[rendering.EARLIER]
    by_first = list(drawn)
    second = rendering.render_parts(snapshot, 2, "en")[rendering.EARLIER]
    by_second = drawn[len(by_first):]
    assert by_first and first and second
    assert not set(by_second) & set(by_first)
