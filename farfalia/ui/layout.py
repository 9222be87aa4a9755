"""Where the table's parts go, for the window it is drawn in.

The SVG table is drawn in units; :func:`layout_for` picks the arrangement and the
size of the drawing from the size of the stage (the window less the page's bar):

- ``wide`` (landscape): the table on the left, the information panel on the right,
  the player's hand in one row along the bottom. Short landscape windows (a phone
  on its side) get larger, more spread cards in the hand; a window wider than the
  table's proportions a wider drawing, its panel's words and the plates larger.
- ``tall`` (portrait: phones and tablets held upright, and a stage nearly square, as a phone's
  upright is when its bar has grown): the information in a strip along the top, the table in
  the middle, the player's hand large along the bottom in two rows, so every card offers a
  finger-sized target.

The drawing's aspect follows the stage's, so it fills the window without bands
and the hand, the status line and every decision control stay in view.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Final

#: The wide drawing's size in units (the tall one is ``TALL_WIDTH`` wide).
WIDE_SIZE: Final = (1280.0, 800.0)
TALL_WIDTH: Final = 560.0
#: The tall drawing's least height (units).
TALL_HEIGHT: Final = 860.0
#: Below this stage height (px) a landscape window counts as short.
SHORT_HEIGHT: Final = 520
#: A stage at least this tall for its width gets the portrait table: a phone upright whose bar has
#: grown (a lesson's words, a list of choices) keeps it, where the landscape one would be smaller
#: (a 375 x 300 stage: cards 29 px wide upright, 26 px in the landscape table); a laptop's stage is
#: wider (1350 x 552 at 1366 x 657).
TALL_FROM: Final = 0.8
#: The height of the tall layout's information strip (units).
STRIP_HEIGHT: Final = 156.0
#: In a two-row hand, how much of the first row the second leaves uncovered (units).
ROW_GAP: Final = 86.0
#: The smallest on-screen size of a playable card's target on a touch screen (px).
TOUCH_TARGET: Final = (30, 44)
#: A card's size in units at the scale 1.
CARD_W, CARD_H = 72, 104
#: A dummy's layout: how far below a column's face-down card its face-up card lies (a part of the
#: cards' height), the gap between its columns (units), how far below the strip the tall table's
#: dummy opposite may lie, and how far above the trick's card before it.
DUMMY_UP: Final = 22 / 0.62 / CARD_H
DUMMY_GAP: Final = 6.0
DUMMY_TOP: Final = STRIP_HEIGHT + 4
TRICK_CLEARANCE: Final = 8.0
#: A plate's size (units, at the scale 1) and its gap below a dummy's layout.
PLATE_SIZE: Final = (160, 50)
PLATE_GAP: Final = 6.5
#: A plate beside a dummy's layout: the gap between them, and its side's letter jutting out beyond.
BESIDE_GAP: Final = 4.0
PLATE_LETTER: Final = 11
#: The scale of a dummy's cards unless the screen needs them larger for a finger.
DUMMY_SCALE: Final = 0.62


@dataclass(frozen=True)
class Layout:
    """The places of the table's parts, in SVG units."""

    kind: str
    width: float
    height: float
    #: The centre and radii of the ellipse the seats sit on.
    centre: tuple[float, float]
    radii: tuple[float, float]
    #: The felt: centre x, centre y, radii.
    felt: tuple[float, float, float, float]
    #: Where the information (proposal, trump, hand, last trick) starts: x, y.
    info: tuple[float, float]
    #: The viewer's own plate.
    own_plate: tuple[float, float]
    #: The hand: its centre x, the top of its (first) row, the width it may span,
    #: the cards' scale, and how many cards a row holds before a second row starts.
    hand_centre: float
    hand_top: float
    hand_span: float
    hand_scale: float
    hand_row: int
    #: The right edge a dummy's layout keeps within (left of the information panel).
    table_right: float
    #: The scale of the cards of the trick in the middle, and of a dummy's layout.
    trick_scale: float = 0.85
    dummy_scale: float = DUMMY_SCALE
    #: How far a trick's cards lie from the centre towards their players (x, y), at a trick
    #: scale of 0.85 (they move out with larger cards).
    trick_reach: tuple[float, float] = (92.0, 70.0)
    #: The scale of the information panel (its words and cards) and of the players' plates: larger
    #: in a drawing wider than the table's proportions (:func:`wide`).
    words: float = 1.0
    #: The stage the drawing is shown on, in CSS pixels (width, height; 0 where unknown: a
    #: diagram's, a preview's): a game may size its words by it.
    stage: tuple[float, float] = (0.0, 0.0)

    @property
    def view_box(self) -> str:
        """The SVG ``viewBox``."""
        return f"0 0 {self.width:g} {self.height:g}"


#: The landscape table as it has always been drawn (the golden SVGs pin it).
WIDE: Final = Layout(
    kind="wide",
    width=WIDE_SIZE[0],
    height=WIDE_SIZE[1],
    centre=(500.0, 360.0),
    radii=(390.0, 260.0),
    felt=(500.0, 380.0, 470.0, 330.0),
    info=(1020.0, 0.0),
    own_plate=(500.0, 560.0),
    hand_centre=500.0,
    hand_top=676.0,
    hand_span=900.0,
    hand_scale=1.0,
    hand_row=18,
    table_right=990.0,
)

#: Landscape with little height (a phone on its side): a larger hand spread wider.
WIDE_SHORT: Final = dataclasses.replace(
    WIDE, hand_scale=1.25, hand_span=990.0, hand_top=662.0, trick_scale=1.3, dummy_scale=1.1
)


#: The wide drawing's information panel: its width (units) right of the table, and the most
#: its words and cards grow in a wider drawing; the widest drawing (beyond it, bands at the sides).
PANEL_WIDTH: Final = 280.0
MAX_WORDS: Final = 1.5
MAX_WIDTH: Final = 2200.0


def wide(aspect: float, short: bool = False) -> Layout:
    """The landscape table for a stage ``aspect`` times as wide as it is tall (``short``: a phone
    on its side, or a stage under 520 px): as wide as the stage, never bands at its sides (a 1366 x
    657 laptop's 1350 x 552 stage had a drawing 883 px wide). The extra width goes to the
    information panel, whose words and cards grow up to :data:`MAX_WORDS` (the players' plates
    with them), and around the table, centred in what the panel leaves."""
    base = WIDE_SHORT if short else WIDE
    width = min(max(WIDE_SIZE[0], round(WIDE_SIZE[1] * aspect)), MAX_WIDTH)
    extra = width - WIDE_SIZE[0]
    if extra <= 0:
        return base
    words = min(MAX_WORDS, 1 + extra / (2 * PANEL_WIDTH))
    shift = (extra - PANEL_WIDTH * (words - 1)) / 2
    cx, cy = base.centre
    fx, fy, frx, fry = base.felt
    info = width - (PANEL_WIDTH - 20) * words
    return dataclasses.replace(
        base,
        width=width,
        centre=(cx + shift, cy),
        felt=(fx + shift, fy, frx, fry),
        info=(info, 0.0),
        own_plate=(base.own_plate[0] + shift, base.own_plate[1]),
        hand_centre=base.hand_centre + shift,
        table_right=info - (base.info[0] - base.table_right),
        words=words,
    )


#: How far towards the players' plates the tall table's trick reaches sideways (a part of the
#: seats' radius): upright, five players' cards lie apart, each leaving a finger's target to pick
#: it, yet clear of the plates on a narrow phone (checked at every phone and tablet size by
#: tests/test_render.py).
TRICK_REACH: Final = 0.31


def tall_width(aspect: float) -> float:
    """The portrait table's width for a stage ``aspect`` times as tall as it is wide."""
    return max(TALL_WIDTH, min(round(TALL_HEIGHT / aspect), TALL_HEIGHT)) if aspect > 0 else TALL_WIDTH


def tall(aspect: float, dummy_scale: float = DUMMY_SCALE) -> Layout:
    """The portrait table for a stage ``aspect`` times as tall as it is wide: as wide as the
    stage lets it be beside its least height (a tablet's is nearly square), never bands. Its
    middle lies low enough for a dummy opposite the viewer (of ``dummy_scale``) to lie between
    the strip and the trick, its plate below it where the trick keeps clear of the viewer's plate,
    else beside it."""
    width = tall_width(aspect)
    height = max(TALL_HEIGHT, round(width * aspect))
    hand_scale = 1.15
    card_height = CARD_H * hand_scale
    hand_top = height - card_height - ROW_GAP - 14
    plate_y = hand_top - 44
    top = STRIP_HEIGHT + 20
    reach = 94.0
    trick_half = reach + CARD_H * 0.85 / 2  # from the middle to the far edge of the trick's top card
    lowest = plate_y - 44 - 8 - trick_half  # the trick's bottom card clear of the viewer's plate and marks
    # The largest dummy opposite: with its plate beside it (the width's limit), above the trick (the
    # height's), and with its plate below it too; a larger one than the last has its plate beside it.
    column = CARD_H * (1 + DUMMY_UP)  # a dummy's column's height at the scale 1
    clear = TRICK_CLEARANCE + 0.5  # (and half a unit: the layout's bottom is a sum of fractions)
    widest = ((width - 20 - BESIDE_GAP - PLATE_SIZE[0] - PLATE_LETTER) / 7 - DUMMY_GAP) / CARD_W
    tallest = (lowest - trick_half - clear - DUMMY_TOP) / column
    if dummy_scale > tallest - (PLATE_GAP + PLATE_SIZE[1]) / column:
        dummy_scale = max(DUMMY_SCALE, min(dummy_scale, tallest, widest))
    dummy_bottom = DUMMY_TOP + column * dummy_scale + clear  # where the trick may begin
    plate_below = dummy_bottom + PLATE_GAP + PLATE_SIZE[1] + trick_half
    centre_y = max((top + plate_y) / 2, plate_below if plate_below <= lowest else dummy_bottom + trick_half)
    radius_x = width / 2 - 88
    radius_y = centre_y - (top + 24)  # the seat opposite stays under the strip
    return Layout(
        kind="tall",
        width=width,
        height=height,
        centre=(width / 2, centre_y),
        radii=(radius_x, radius_y),
        felt=(width / 2, (top + plate_y) / 2, width / 2 - 8, (plate_y - top) / 2 + 40),
        info=(16.0, 0.0),
        own_plate=(width / 2, plate_y),
        hand_centre=width / 2,
        hand_top=hand_top,
        hand_span=width - 24,
        hand_scale=hand_scale,
        hand_row=7,
        table_right=width - 10,
        dummy_scale=dummy_scale,
        trick_reach=(min(92.0, TRICK_REACH * radius_x), reach),
    )


#: The tall table at its own proportions (the narrowest: beside a form, in a box of any shape).
TALL: Final = tall(TALL_HEIGHT / TALL_WIDTH)


def layout_for(width: float, height: float) -> Layout:
    """The layout for a stage of ``width`` x ``height`` CSS pixels (0 or less: wide)."""
    if width <= 0 or height <= 0:
        return WIDE
    if height >= TALL_FROM * width:
        unit = width / tall_width(height / width)  # px a unit; a target clear of the card's round corners
        needed = max((TOUCH_TARGET[0] + 4) / (CARD_W * unit), (TOUCH_TARGET[1] + 4) / (CARD_H * unit))
        layout = tall(height / width, max(DUMMY_SCALE, math.ceil(needed * 100) / 100))
    else:
        layout = wide(width / height, height < SHORT_HEIGHT)
    return dataclasses.replace(layout, stage=(width, height))


def hand_rows(layout: Layout, count: int) -> list[int]:
    """How many of ``count`` cards each row of the hand holds (at most two rows)."""
    if count <= layout.hand_row:
        return [count]
    first = (count + 1) // 2
    return [first, count - first]


def hand_step(layout: Layout, row: int) -> float:
    """The distance between two neighbouring cards of a hand row of ``row`` cards."""
    return min(78.0 * layout.hand_scale, layout.hand_span / max(row, 1))
