"""A move's figures reach the cockpit as a patch, not a card: over whole bot games of every
registered game, a card whose frame stayed, patched as static/js/live.js patches it, reads as
the card drawn again, and most moves need no card drawn."""

import re

import pytest
from django.utils import translation
from django.utils.html import escape

from classroom import card_patch, dashboard
from classroom import cockpit_drawing as drawing
from games import services
from games.registry import GAMES
from tests.cockpit.factories import all_bots, later, make_playing
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db

VARIANTS = {"nobel_run": "short"}


def start_tag(element):
    return re.compile(rf'<[^>]*\bid="{re.escape(element)}"[^>]*>')


def with_attribute(tag, name, value):
    if f' {name}="' in tag:
        return re.sub(rf' {name}="[^"]*"', f' {name}="{escape(value)}"', tag)
    return tag[:-1] + f' {name}="{escape(value)}">'


def toggled(tag, classes):
    found = re.search(r' class="([^"]*)"', tag)
    names = set(found[1].split()) if found else set()
    for name, on in classes.items():
        names = names | {name} if on else names - {name}
    return with_attribute(tag, "class", " ".join(sorted(names)))


def patched(html, patch):
    """The card's HTML as the page has it after live.js applied `patch`."""
    for element, text in patch.get("text", {}).items():
        html, found = re.subn(rf"({start_tag(element).pattern})[^<]*",
                              lambda m, text=text: m[1] + escape(text), html)
        assert found == 1, element
    for element, classes in patch.get("classes", {}).items():
        html = start_tag(element).sub(lambda m, on=classes: toggled(m[0], on), html, count=1)
    for element, attrs in patch.get("attrs", {}).items():
        for name, value in attrs.items():
            html = start_tag(element).sub(
                lambda m, name=name, value=value: with_attribute(m[0], name, value), html, count=1)
    return html


def comparable(html, table_id):
    """The card without the game's own part (sent as HTML on its own), classes in one order."""
    html = re.sub(rf'(id="card-{table_id}-game">).*?(</div>\n<footer)', r"\1\2", html, flags=re.S)
    return re.sub(r' class="([^"]*)"', lambda m: f' class="{" ".join(sorted(m[1].split()))}"',
                  html)


def lesson_of(key):
    if key == "research_programme":
        return make_playing(seats=4)
    game = make_game(seats=4, language="fi", engine_key=key,
                     variant=VARIANTS.get(key, "lesson"))
    return game.table.lesson, [game]


@pytest.mark.parametrize("key", GAMES)
def test_a_card_patched_after_each_move_reads_as_the_card_drawn_again(key):
    lesson, (game,) = lesson_of(key)
    all_bots(game)
    shown, html, patches, drawn = None, None, 0, 0
    with translation.override("fi"):
        for _ in range(3000):
            lesson.refresh_from_db()
            (card,) = dashboard.table_cards(lesson)
            now, fresh = card_patch.shown(card), drawing.card_html(card, {})
            if shown is not None and shown.frame == now.frame:
                patch = card_patch.changes(shown.figures, now.figures)
                assert comparable(patched(html, patch), card["table_id"]) == \
                    comparable(fresh, card["table_id"])
                patches += bool(patch)
            else:
                drawn += 1
            shown, html = now, fresh
            if card["over"]:
                break
            services.games_play_due_bots(now=later(60))
    assert card["over"]
    assert patches > 2 * drawn, (patches, drawn)


def test_a_card_s_figures_name_only_elements_of_its_own_card():
    lesson, _games = make_playing(seats=3)
    (card,) = dashboard.table_cards(lesson)
    html = drawing.card_html(card, {})
    for kind in card_patch.figures(card).values():
        for element in kind:
            assert element.startswith(f"card-{card['table_id']}-")
            assert html.count(f'id="{element}"') == 1, element
