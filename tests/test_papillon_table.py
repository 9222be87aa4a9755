"""Papillon's table read at a glance (issue 34, point 4): the plates' words at the status line's
size on every stage, each seat's hand, pile and points always there, and what just happened (a
capture's cards and arithmetic, a Chat Noir's attack, a Papillon's counter) on the table."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from farfalia.games.papillon.engine.cards import CHAT_NOIR, DECK_SIZE, PAPILLON, card_name
from farfalia.games.papillon.engine.game import CENTRE, orange_move, pile_points, split_blue
from farfalia.games.papillon.engine.views import seat_view
from farfalia.games.papillon.page.render import (
    SMALL_WORDS,
    STATUS_PX,
    LastPlay,
    frame_for,
    render_papillon,
)
from farfalia.ui.layout import WIDE, layout_for
from farfalia.ui.texts import text
from tests.support import A, B, blue_position, cards, orange_position

#: The page's windows (brief: "Checking the page") less the bar and the note under the table
#: (about 120 px on a phone upright, 100 elsewhere).
WINDOWS = [(375, 667), (390, 844), (844, 390), (768, 1024), (1280, 800), (1366, 657), (1366, 768), (1920, 1080)]
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]


def stage(window: tuple[int, int]) -> tuple[int, int]:
    width, height = window
    return width - 16, height - (120 if width < height else 100)


@pytest.mark.parametrize("window", WINDOWS)
def test_the_small_words_show_at_the_status_lines_size_at_least(window: tuple[int, int]) -> None:
    width, height = stage(window)
    layout = layout_for(width, height)
    frame = frame_for(layout, width / height)
    pixels = min(width / frame.width, height / frame.height)  # the drawing fits the stage
    status = STATUS_PX[0] if window[0] <= 600 else STATUS_PX[1]
    assert SMALL_WORDS * frame.words * pixels >= status - 0.01, (window, frame.words, pixels)
    assert frame.middle[3] >= 100, f"{window}: the middle has {frame.middle[3]:.0f} units left"


def test_a_diagram_keeps_its_own_words() -> None:
    assert frame_for(WIDE).words == 1.0  # no stage known: the drawing's own proportions


def test_a_pile_is_worth_its_cards_and_the_yin_and_yang() -> None:
    """P-R22: 10 for each 3, the Dragon and every atout but the Chat Noir, Yin and Yang; P-D22: the
    Yin and Yang 10 for one, 30 for both."""
    assert pile_points(cards("E3", "S7", "E5")) == (20, 0)
    assert pile_points(cards("YI", "E1")) == (0, 10)
    assert pile_points(cards("YI", "YA", "CS", "CN")) == (10, 30)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_plate_says_its_hand_its_pile_and_its_points(players: int) -> None:
    hands = [["E3", "E4"], ["D1"], ["S2", "S5", "S8"], ["F1"], ["F2"]][:players]
    game = blue_position(players, hands, ["E9"], to_act=A)
    game.piles[game.sides[1]] = cards("E3", "S7", "YI")
    view = seat_view(game, A)
    for window in WINDOWS:
        width, height = stage(window)
        svg = ET.fromstring(render_papillon(view, NAMES[:players], layout_for(width, height), aspect=width / height))
        plates = [
            g
            for g in svg.iter("{http://www.w3.org/2000/svg}g")
            if g.get("data-seat") and g.get("class", "").startswith("seat")
        ]
        assert len(plates) == players - 1
        for plate in plates:
            seat = int(plate.get("data-seat", ""))
            words = " ".join(t.text or "" for t in plate.iter("{http://www.w3.org/2000/svg}text"))
            assert text("pa.cards", count=len(hands[seat])) in words
            pile = len(view.piles[view.sides[seat]])
            assert text("pa.pile", count=pile) in words
            assert text("pa.points-so-far", points=view.points_so_far(seat)) in words
        assert view.points_so_far(1) == 10 + 10 + 10  # the 3, the Dragon, the Yin alone
        own = " ".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "points")
        assert text("pa.points-so-far", points=view.points_so_far(A)) in own


def test_a_capture_shows_what_it_took_with_its_arithmetic_until_the_next_decision() -> None:
    game = blue_position(2, [["E8", "E1"], ["D1"]], ["S5", "F3", "D11"], to_act=A)
    table = tuple(game.table)
    capture = next(a for a in game.legal_actions() if split_blue(a).taken == set(cards("S5", "F3")))
    game.apply(capture)
    view = seat_view(game, B)
    svg = render_papillon(view, NAMES[:2], WIDE, last=LastPlay(A, capture, table))
    event = re.search(r'<g class="event".*?</g>\s*</g>|<g class="event".*', svg, re.S)
    assert event is not None
    shown = set(re.findall(r'data-card="([^"]+)"', event.group(0).split('class="blue-table"')[0]))
    assert {"E8", "S5", "F3"} <= shown and "D11" not in shown  # the card played and the two it took
    assert "Ann took these (5 + 3 = 8)" in svg
    assert 'class="event"' not in render_papillon(view, NAMES[:2], WIDE)  # nothing done yet: nothing shown


def test_a_chat_noirs_attack_and_a_papillons_counter_are_shown_as_events() -> None:
    game = orange_position(2, (5, 9), [["CNo", "E11o", "F11o"], ["PAo", "D11o"]], A)
    game.draw_pile = cards(*[f"E{n}" for n in range(8)])
    attack = orange_move(CHAT_NOIR + DECK_SIZE, CENTRE)
    game.apply(attack)
    view = seat_view(game, B)
    svg = render_papillon(view, NAMES[:2], WIDE, last=LastPlay(A, attack, ()))
    assert text("pa.event.attack", name="Ann", target="Bob") in svg
    pending = game.attacked_by
    counter = orange_move(PAPILLON + DECK_SIZE, CENTRE)
    game.apply(counter)
    svg = render_papillon(seat_view(game, A), NAMES[:2], WIDE, last=LastPlay(B, counter, (), pending))
    assert text("pa.event.counter", name="Bob", target="Ann") in svg
    assert f'data-card="{card_name(PAPILLON + DECK_SIZE)}"' in svg.split('class="event"')[1]
