"""Colour vision: the suits stay apart for every viewer, a card's suit shows however it
overlaps, teams are told by more than colour, and text on cards is readable.

Distances are CIEDE2000 between the suits' colours as seen with normal vision and
simulated (with ColorAide) for the three common deficiencies at full severity:
protanopia and deuteranopia (Machado 2009) and tritanopia (Brettel 1997). Run with
``-s`` to print the whole table.
"""

from __future__ import annotations

import itertools

import pytest
from coloraide import Color

from farfalia.games.farfalia.engine.cards import DECK_SIZE, NUMBER_OF, SUIT_NAMES, SUIT_OF
from farfalia.games.farfalia.page.render import (
    CARD_H,
    CARD_W,
    COLOURS,
    FAMILY_IDS,
    LIGHT_COLOURS,
    SUIT_COLOUR_KEYS,
    TEAM_MARKS,
    card_face,
)
from farfalia.ui import layout as table_layout

#: Each vision and ColorAide's simulation of it (None: normal vision).
VISIONS = {"normal": None, "protanopia": ("protan", "machado"), "deuteranopia": ("deutan", "machado"),
           "tritanopia": ("tritan", "brettel")}  # fmt: skip
#: The least CIEDE2000 distance between two suits, for every vision: about three times
#: a "clearly different at a glance" 5, and above the 4.3 red and green had before.
LEAST_DISTANCE = 14.0
#: WCAG 2.1 contrast for text (the numbers on cards) and for marks (focus rings).
TEXT_CONTRAST = 4.5
MARK_CONTRAST = 3.0


def seen(colour: str, vision: str) -> Color:
    """``colour`` as a viewer with ``vision`` sees it."""
    simulation = VISIONS[vision]
    if simulation is None:
        return Color(colour)
    deficiency, method = simulation
    return Color(colour).filter(deficiency, method=method).clip()


def distances(vision: str) -> dict[tuple[str, str], float]:
    """CIEDE2000 between each pair of suits, as seen with ``vision``."""
    colours = {SUIT_NAMES[k]: COLOURS[key] for k, key in enumerate(SUIT_COLOUR_KEYS)}
    return {
        (a, b): seen(colours[a], vision).delta_e(seen(colours[b], vision), method="2000")
        for a, b in itertools.combinations(colours, 2)
    }


def test_suits_stay_apart_under_every_vision() -> None:
    table = {vision: distances(vision) for vision in VISIONS}
    pairs = list(table["normal"])
    print("\nCIEDE2000 between suits" + "".join(f"{v:>14}" for v in VISIONS))
    for pair in pairs:
        print(f"{'/'.join(pair):<23}" + "".join(f"{table[v][pair]:14.1f}" for v in VISIONS))
    worst = {vision: min(found.items(), key=lambda item: item[1]) for vision, found in table.items()}
    for vision, (pair, distance) in worst.items():
        assert distance >= LEAST_DISTANCE, f"{pair} only {distance:.1f} apart with {vision}"


@pytest.mark.parametrize("colours", [COLOURS, LIGHT_COLOURS], ids=["dark", "light"])
def test_text_on_cards_is_readable(colours: dict[str, str]) -> None:
    face = Color(colours["card"])
    for key in (*SUIT_COLOUR_KEYS, "butterfly"):
        contrast = Color(colours[key]).contrast(face, method="wcag21")
        assert contrast >= TEXT_CONTRAST, f"{key} {colours[key]} is {contrast:.2f}:1 on the card"


def _visible_index(card: int) -> tuple[float, float]:
    """How far right and down a face's corner index (its number, its suit's symbol) reaches."""
    face = card_face(card, COLOURS)
    symbol = face.findall("use")[0]
    assert symbol.get("href") == f"#sym-{FAMILY_IDS[SUIT_OF[card]]}"
    number = face.find("text")
    assert number is not None and number.text == str(NUMBER_OF[card])
    digit_width = 13  # a bold digit at the number's 20 px is under 13 px wide
    right = max(float(symbol.get("x", 0)) + float(symbol.get("width", 0)),
                float(number.get("x", 0)) + digit_width * len(number.text))  # fmt: skip
    return right, float(symbol.get("y", 0)) + float(symbol.get("height", 0))


def test_the_suit_shows_in_the_corner_however_cards_overlap() -> None:
    """The number and the suit's symbol sit in the top-left corner, inside what every
    overlap leaves visible: the fans of the hand, the open hands and collections, and a
    dummy's columns, whose upper card covers all but the top of the one below."""
    right, bottom = max(_visible_index(card) for card in range(DECK_SIZE))
    layouts = [
        table_layout.layout_for(w, h) for w, h in ((1366, 600), (1280, 800), (1920, 1000), (390, 700), (844, 330))
    ]
    hand_size = 16  # more than any hand is dealt
    shown = [
        table_layout.hand_step(layout, row) / layout.hand_scale
        for layout in layouts
        for row in table_layout.hand_rows(layout, hand_size)
    ]
    shown += [24 / 0.5, 18 / 0.45]  # collections; open hands (see render._collection, render._open_hand)
    assert right <= min(shown), f"the corner index reaches {right}, but only {min(shown):.1f} of a card shows"
    assert bottom <= 22 / 0.62, "a dummy's upper card would hide the symbol of the one below"
    assert right < CARD_W / 2 and bottom < CARD_H / 2


def test_teams_are_told_by_more_than_colour() -> None:
    """Each team's plate has its own line pattern and letter besides its colour."""
    patterns = [dashes for _colour, dashes, _letter in TEAM_MARKS.values()]
    letters = [letter for _colour, _dashes, letter in TEAM_MARKS.values() if letter]
    assert len(set(patterns)) == len(TEAM_MARKS)
    assert len(set(letters)) == len(letters) == 2


def test_the_focus_ring_stands_out_against_the_card_and_the_felt() -> None:
    """The ring's dark inner line hugs the card's face, its light outer line the felt (and
    the sidebar): each at least 3:1 against what it borders. (The light theme draws
    pictures only: replays and diagrams have no card to focus.)"""
    inner, outer = Color(COLOURS["focus-inner"]), Color(COLOURS["focus-outer"])
    assert inner.contrast(COLOURS["card"], method="wcag21") >= MARK_CONTRAST
    for ground in ("felt", "felt-edge", "sidebar"):
        assert outer.contrast(COLOURS[ground], method="wcag21") >= MARK_CONTRAST, ground
    assert outer.contrast(inner, method="wcag21") >= MARK_CONTRAST
