"""Papillon's table as SVG, drawn from a seat view by pure functions (as :mod:`farfalia.games.farfalia.page.render`
draws Farfalia's): original art for the four families in their colours (the four colours of a
pen: Éléments blue, Découvertes red, Serpents black, Formes green) and the ten atouts in violet,
card backs blue and orange, the direction of play, the dice, the blue table or the orange
layout, and the hand. :data:`PAPILLON_COLOURS` can be overridden.

The drawing takes the stage's proportions from a :class:`~farfalia.ui.layout.Layout`: ``wide``
puts the information on the right, ``tall`` (portrait) in a strip along the top.
"""

from __future__ import annotations

import dataclasses
import functools
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from farfalia.games.papillon.engine.captures import equation
from farfalia.games.papillon.engine.cards import (
    BASIC_COUNT,
    CHAT_NOIR_NUMBER,
    CHENILLE,
    CHRYSALIDE,
    COUTEAU,
    DECK_SIZE,
    DRAGON,
    FAMILY_LETTERS,
    MOINS,
    MULTIPLIER,
    ORANGE,
    PAPILLON,
    PLUS,
    YIN,
    YIN_NUMBER,
    card_name,
    deck_of,
    face,
)
from farfalia.games.papillon.engine.cards import CHAT_NOIR as CAT
from farfalia.games.papillon.engine.cards import YANG as YANG_FACE
from farfalia.games.papillon.engine.game import (
    BLUE_MOVES,
    CENTRE,
    ORANGE_MOVES,
    PLACE_NAMES,
    SEQUENCES,
    SIGN_PLACES,
    STARTS,
    split_blue,
    split_orange,
)
from farfalia.games.papillon.engine.views import PapillonView
from farfalia.games.papillon.page.words import LastPlay, card_words, place_words
from farfalia.ui.contract import REASON_ATTRIBUTE
from farfalia.ui.layout import WIDE_SIZE, Layout
from farfalia.ui.svg import FONT_FAMILY, SVG_NS, TABLE_COLOURS, card_fan, node, squeeze, svg_text
from farfalia.ui.texts import plural_text, text

CARD_W, CARD_H = 64, 92
#: The room a hand of two rows has beyond one row's (units): its cards are smaller than one
#: row's, so both rows fit whole.
SECOND_ROW = 80
#: The space between a hand's two rows (units).
ROW_GAP = 6
#: The space between the cards of a row that lie side by side (units).
CARD_GAP = 4
#: The least of a hand card a row of the wide drawing's hand leaves uncovered (units).
HAND_STEP = 70
#: The tall drawing's hand keeps one row up to this many cards (more in a wider drawing: each
#: still shows :data:`TALL_STEP` units, a finger's width on a phone); beyond, two rows of smaller cards.
TALL_HAND_ROW = 9
#: The least of a hand card a row of the tall drawing's hand leaves uncovered (units).
TALL_STEP = 58
#: The tall drawing's hand cards' scale: as large as its band below the middle lets a row be.
TALL_HAND_SCALE = 1.4
#: The largest scale of the middle's cards (the blue table's, the orange layout's).
LAYOUT_SCALE = 2.0
#: The widest drawing (units) a very wide window gets: beyond it, bands at the sides.
MAX_WIDE = 2200
#: The wide drawing's height (units) in a very wide, short window.
SHORT_HEIGHT = 520
#: Papillon's colours, beside the table's own (:data:`farfalia.ui.svg.TABLE_COLOURS`).
PAPILLON_COLOURS: dict[str, str] = {
    **TABLE_COLOURS,
    "family-E": "#1f4fb4",
    "family-D": "#b3122e",
    "family-S": "#1a1a1a",
    "family-F": "#137a3a",
    "atout": "#6b2fa3",
    "back-blue": "#2856a8",
    "back-orange": "#d9731a",
    "picked": "#ffd23f",
}
FAMILY_KEYS = ("family-E", "family-D", "family-S", "family-F")


@dataclass(frozen=True)
class TableChoices:
    """What the person deciding may click on the table: hand cards to pick up (card →
    its click), the card picked up, and the layout's places it may go (place → click)."""

    cards: Mapping[int, str]
    picked: int | None = None
    places: Mapping[int, str | None] | None = None


NO_CHOICES = TableChoices({})


def _words(
    parent: ET.Element, content: str, size: float, room: float | None = None, **attributes: object
) -> ET.Element:
    """Words of ``size`` units, squeezed into ``room`` units where they would be wider."""
    label = node("text", parent, font_size=f"{size:g}", **attributes, **squeeze(content, size, room))
    label.text = content
    return label


# --------------------------------------------------------------------- the art


def papillon_defs(colours: Mapping[str, str]) -> ET.Element:
    """``<defs>``: the families' emblems, the atouts' pictures (100 x 100) and the backs' patterns."""
    defs = node("defs")
    emblems = {
        "E": ("M50 10 C70 40 82 56 82 70 C82 88 66 96 50 96 C34 96 18 88 18 70 C18 56 30 40 50 10 Z",),  # a drop
        "D": ("M50 6 L60 40 L94 50 L60 60 L50 94 L40 60 L6 50 L40 40 Z",),  # a compass star
        "S": (
            "M14 70 C14 40 44 40 44 60 C44 80 74 80 74 50 C74 28 92 24 92 36 L86 44 C86 36 80 38 80 50 "
            "C80 90 38 92 38 60 C38 48 22 48 22 70 Z",
        ),
        "F": ("M50 8 L90 80 L10 80 Z", "M30 60 a20 20 0 1 0 40 0 a20 20 0 1 0 -40 0"),  # triangle and circle
    }
    for letter, paths in emblems.items():
        symbol = node("symbol", defs, id=f"pa-{letter}", viewBox="0 0 100 100")
        for k, path in enumerate(paths):
            node("path", symbol, d=path, opacity=1 if k == 0 else 0.45, fill="#ffffff" if k else None)
    atouts: dict[int, list[str]] = {
        COUTEAU: ["M20 70 L70 20 L80 30 L30 80 Z", "M30 80 L20 90 L10 80 L20 70 Z"],
        CAT: [
            "M20 90 C20 50 30 40 50 40 C70 40 80 50 80 90 Z",
            "M30 44 L26 16 L44 36 Z M70 44 L74 16 L56 36 Z",
            "M34 20 a16 16 0 1 0 32 0",
        ],
        CHENILLE: [
            f"M{x} {y} a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0"
            for x, y in ((6, 60), (24, 50), (42, 46), (60, 50), (76, 58))
        ],
        CHRYSALIDE: ["M50 6 C74 30 74 74 50 96 C26 74 26 30 50 6 Z"],
        PAPILLON: [
            "M48 50 C30 10 4 14 8 40 C10 56 30 58 48 50 Z",
            "M52 50 C70 10 96 14 92 40 C90 56 70 58 52 50 Z",
            "M48 54 C34 80 14 84 16 70 C18 60 34 56 48 54 Z",
            "M52 54 C66 80 86 84 84 70 C82 60 66 56 52 54 Z",
            "M47 30 h6 v50 h-6 Z",
        ],
        PLUS: ["M42 14 h16 v28 h28 v16 h-28 v28 h-16 v-28 h-28 v-16 h28 Z"],
        MOINS: ["M14 42 h72 v16 h-72 Z"],
        MULTIPLIER: ["M18 28 L28 18 L50 40 L72 18 L82 28 L60 50 L82 72 L72 82 L50 60 L28 82 L18 72 L40 50 Z"],
        YIN: ["M50 6 a44 44 0 0 1 0 88 a22 22 0 0 1 0 -44 a22 22 0 0 0 0 -44 Z"],
        YANG_FACE: ["M50 6 a44 44 0 0 0 0 88 a22 22 0 0 0 0 -44 a22 22 0 0 1 0 -44 Z"],
    }
    for kind, shapes in atouts.items():
        symbol = node("symbol", defs, id=f"pa-atout-{kind - BASIC_COUNT}", viewBox="0 0 100 100")
        for path in shapes:
            node("path", symbol, d=path)
    # Indices drawn, not read (a card's name says them): the family's letter at a card's foot and an
    # atout's number, so that a card's visible text is its name's (the number of a basic card, an atout's name).
    for letter in FAMILY_LETTERS:
        index = node("symbol", defs, id=f"pa-letter-{letter}", overflow="visible")
        _words(index, letter, 12, font_weight=700, text_anchor="end")
    for number in range(CHAT_NOIR_NUMBER + 1):
        index = node("symbol", defs, id=f"pa-number-{number}", overflow="visible")
        _words(index, str(number), 18, font_weight=700)
    for digit in range(10):  # a pile's size on its badge, digit by digit
        index = node("symbol", defs, id=f"pa-digit-{digit}", overflow="visible")
        _words(index, str(digit), 13, font_weight=700, text_anchor="middle")
    for deck, key in ((0, "back-blue"), (ORANGE, "back-orange")):
        pattern = node("pattern", defs, id=f"pa-back-{deck}", width=14, height=14, patternUnits="userSpaceOnUse")
        node("rect", pattern, width=14, height=14, fill=colours[key])
        node("circle", pattern, cx=7, cy=7, r=3, fill="#ffffff", opacity=0.35)
    return defs


def render_papillon_defs(colours: Mapping[str, str] = PAPILLON_COLOURS) -> str:
    """The card art alone, in an SVG that takes no room: for a page of many tables."""
    svg = node("svg", xmlns=SVG_NS, class_="shared-defs", width=0, height=0, aria_hidden="true", focusable="false")
    svg.append(papillon_defs(colours))
    return svg_text(svg)


def papillon_card(card: int, colours: Mapping[str, str], yang: int) -> ET.Element:
    """One card face at the origin, :data:`CARD_W` x :data:`CARD_H`."""
    kind = face(card)
    deck = "orange" if deck_of(card) == ORANGE else "blue"
    group = node("g", class_=f"card pa-card back-{deck}", data_card=card_name(card))
    node(
        "rect",
        group,
        class_="card-face",
        width=CARD_W,
        height=CARD_H,
        rx=7,
        fill=colours["card"],
        stroke=colours["back-orange" if deck == "orange" else "back-blue"],
        stroke_width=3,
    )
    if kind < BASIC_COUNT:
        letter = FAMILY_LETTERS[kind // 12]
        colour = colours[FAMILY_KEYS[kind // 12]]
        _words(group, str(kind % 12), 24, x=6, y=25, fill=colour, font_weight=700, aria_hidden="true")
        node("use", group, href=f"#pa-{letter}", x=18, y=38, width=40, height=40, fill=colour)
        node("use", group, href=f"#pa-letter-{letter}", x=CARD_W - 7, y=CARD_H - 7, fill=colour)
        return group
    colour = colours["atout"]
    number = {CAT: CHAT_NOIR_NUMBER, YIN: YIN_NUMBER, YANG_FACE: yang}.get(kind)
    if number is not None:
        node("use", group, href=f"#pa-number-{number}", x=6, y=21, fill=colour)
    node("use", group, href=f"#pa-atout-{kind - BASIC_COUNT}", x=14, y=24, width=36, height=36, fill=colour)
    lines = _name_lines(card_words(card))
    size = 13 if len(lines[0]) <= 7 else 12
    for k, line in enumerate(lines):
        _words(group, line, size, CARD_W - 6, x=CARD_W / 2, y=CARD_H - 8 - 13 * (len(lines) - 1 - k), fill=colour,
               text_anchor="middle", font_weight=700, aria_hidden="true")  # fmt: skip
    return group


def _name_lines(name: str) -> list[str]:
    """An atout's name on one line, or on two (after its slash, or at its last space) when one
    line of it would be squeezed: "Multiplier/" / "Diviser", "Couteau" / "Suisse"."""
    if len(name) <= 8:
        return [name]
    if "/" in name:
        head, tail = name.split("/", 1)
        return [head + "/", tail]
    if " " in name:
        return name.rsplit(" ", 1)
    return [name]


def papillon_back(deck: int) -> ET.Element:
    """A card seen from behind: blue-backed or orange-backed."""
    group = node("g", class_=f"card back pa-back back-{'orange' if deck == ORANGE else 'blue'}")
    node(
        "rect", group, width=CARD_W, height=CARD_H, rx=7, fill=f"url(#pa-back-{deck})", stroke="#222", stroke_width=1.5
    )
    return group


@functools.cache
def game_picture() -> str:
    """Papillon on the first screen: a 3 of Éléments, an 8 of Découvertes, the 7 of Serpents (the
    Dragon), the Chat Noir and, on top, the Papillon, fanned out. Drawn once: its only words are
    the atouts' printed names, the same in every language."""
    faces = [papillon_card(card, PAPILLON_COLOURS, 0) for card in (3, 12 + 8, DRAGON, CAT, PAPILLON)]
    return card_fan(papillon_defs(PAPILLON_COLOURS), faces, CARD_W, CARD_H)


def _at(card: ET.Element, x: float, y: float, scale: float = 1.0) -> ET.Element:
    card.set("transform", f"translate({x:.1f},{y:.1f})" + (f" scale({scale:g})" if scale != 1 else ""))
    return card


def _named(
    card: ET.Element, label: str, action: str | None, colours: Mapping[str, str], reason: str | None = None
) -> ET.Element:
    """Accessible name, and for a card or place the person may click, its click; for a card of the
    person deciding that the rules refuse now, its ``reason`` (shown where it is pointed at or
    focused, as Farfalia's are)."""
    if action is None:
        card.set("role", "img")
        card.set("aria-label", label if reason is None else f"{label}. {reason}")
        if reason is not None:
            card.set("class", card.get("class", "") + " illegal")
            card.set(REASON_ATTRIBUTE, reason)
            node("title", card).text = reason
        return card
    card.set("class", card.get("class", "") + " legal")
    card.set("role", "button")
    card.set("data-action", action)
    card.set("aria-label", label)
    card.set("tabindex", "-1")
    for offset, width, colour in ((-3, 5, "focus-outer"), (0, 3, "focus-inner")):
        node(
            "rect",
            card,
            class_="focus-ring",
            x=offset,
            y=offset,
            width=CARD_W - 2 * offset,
            height=CARD_H - 2 * offset,
            rx=7 - offset,
            fill="none",
            stroke=colours[colour],
            stroke_width=width,
            vector_effect="non-scaling-stroke",
            visibility="hidden",
            aria_hidden="true",
        )
    return card


# ------------------------------------------------------------------ the table


@dataclass(frozen=True)
class Frame:
    """Where the drawing's parts go, in units: the information, the other seats, the middle
    (the blue table or the orange layout) and the hand."""

    width: float
    height: float
    info: tuple[float, float, float]  # x, y, width
    seats: tuple[float, float, float]  # x, y, width
    middle: tuple[float, float, float, float]  # x, y, width, height
    hand: tuple[float, float, float]  # x, top, width
    hand_row: int
    #: The hand's cards' scale (larger than the table's: they are what a person clicks).
    hand_scale: float = TALL_HAND_SCALE
    #: The small words' scale (names, counts, captions): as large as it takes for them to show
    #: at the status line's size at least (:func:`words_for`).
    words: float = 1.0
    #: Whether the other seats' plates show their cards (backs, or faces in a replay): not in a
    #: short drawing, whose height goes to the table.
    plate_cards: bool = True
    #: The information panel's scale (the words', but in a short drawing).
    panel: float = 1.0
    #: How many lines of words a plate has under its name: its hand and pile, then its points
    #: (or, where one line of the first two would be squeezed, each on its own: three).
    plate_text: int = 2

    def plate_height(self) -> float:
        """A seat's plate's height (units): :func:`plate_lines`' last line and a margin."""
        return plate_lines(self.words, self.plate_cards, self.plate_text)[-1][-1] + 8

    def two_rows_scale(self) -> float:
        """The scale of a hand's cards in two rows: whole cards, smaller, in one row's room and
        the second row's."""
        return (SECOND_ROW + CARD_H * self.hand_scale - ROW_GAP) / (2 * CARD_H)

    def holding(self, cards: int) -> Frame:
        """This frame for a hand of ``cards``: a hand of one row lies lower, leaving the
        middle the second row's room."""
        if cards > self.hand_row:
            return self
        x, y, width, height = self.middle
        hand_x, hand_top, hand_width = self.hand
        return dataclasses.replace(
            self, middle=(x, y, width, height + SECOND_ROW), hand=(hand_x, hand_top + SECOND_ROW, hand_width)
        )


def frame_for(layout: Layout, aspect: float = 0.0) -> Frame:
    """The parts' places for ``layout``'s kind; a wide drawing is as wide as the stage's
    ``aspect`` (width / height) asks, so it fills the window without bands. Its small words are
    as large as the stage's size asks (:func:`words_for`), the plates with them, the middle
    between them and the hand's title; on a stage too small for both, the words give way to
    keep the middle :data:`LEAST_MIDDLE` of the drawing's height."""
    h = layout.height
    if layout.kind == "tall":  # (as wide as its stage lets it be: a tablet's is nearly square)
        w = layout.width
        hand_row = max(TALL_HAND_ROW, int((w - 16 - CARD_W * TALL_HAND_SCALE) / TALL_STEP) + 1)

        def tall_frame(words: float) -> Frame:
            seats_top = 36 + 32 * words  # under the strip's two lines
            middle_top = seats_top + plate_lines(words, True, 2)[-1][-1] + 20
            return Frame(w, h, (16, 26, w - 32), (8, seats_top, w - 16), (8, middle_top, w - 16, 0),
                         (8, h - 226, w - 16), hand_row, words=words)  # fmt: skip

        return _readable(tall_frame, words_for(layout, w, h, 1.25), 1.25)
    h = SHORT_HEIGHT if aspect > 2.2 else h  # a phone on its side: a shorter drawing, larger on screen
    w = min(max(WIDE_SIZE[0], round(h * aspect)), MAX_WIDE)
    short = h == SHORT_HEIGHT

    def wide_frame(words: float) -> Frame:
        panel = min(words, SHORT_PANEL) if short else words  # a short drawing's width goes to the table
        span = w - 30 - 250 * panel  # the information panel's right of it, as large as its words
        hand_row = max(14, int((span - CARD_W * 1.35) / HAND_STEP) + 1)  # one row while each card shows enough
        middle_top = 10 + plate_lines(words, not short, 2)[-1][-1] + 20
        return Frame(w, h, (w - 250 * panel, 40, 234), (10, 10, span), (10, middle_top, span, 0),
                     (10, h - 212, span), hand_row, 1.35, words, plate_cards=not short, panel=panel)  # fmt: skip

    least = 1.4 if short else 1.0
    return _readable(wide_frame, words_for(layout, w, h, least), least)


def _readable(frame_of: Callable[[float], Frame], words: float, least: float) -> Frame:
    """``frame_of(words)`` with its middle (:func:`_with_middle`), the words giving way (down to
    ``least``) until the middle keeps :data:`LEAST_MIDDLE` of the drawing's height."""
    while True:
        frame = _with_middle(frame_of(words))
        if frame.middle[3] >= LEAST_MIDDLE * frame.height or words <= least:
            return frame
        words = max(least, words - 0.05)


#: The least part of the drawing's height the middle keeps, where the words would take it.
LEAST_MIDDLE = 0.2
#: The largest scale of a short drawing's information panel (its words at least the plates' on a
#: phone on its side would leave the table a third of the width).
SHORT_PANEL = 1.4


def _with_middle(frame: Frame) -> Frame:
    """``frame`` with its middle down to the hand's title (its words' height and a margin above it)."""
    x, y, width, _height = frame.middle
    bottom = frame.hand[1] - 27 - 15 * frame.words
    return dataclasses.replace(frame, middle=(x, y, width, bottom - y))


#: The small words' size (units at the words' scale 1): a plate's counts, a place's caption.
SMALL_WORDS = 13
#: The status line's size (CSS px: ``assets/style.css``), on a narrow window and elsewhere: the
#: least the small words show at.
STATUS_PX = (15, 16)
#: The window's width (CSS px) up to which the status line is the narrow window's, and the page's
#: margins beside the stage (``assets/style.css``).
NARROW_PX = 600
PAGE_MARGINS = 16
#: The largest scale of the small words (on the smallest stages).
MOST_WORDS = 2.6


def words_for(layout: Layout, width: float, height: float, least: float) -> float:
    """The small words' scale of a drawing ``width`` x ``height`` units on ``layout``'s stage: at
    least ``least``, and large enough for them to show at the status line's size on that stage
    (a diagram's, whose stage is unknown, keeps ``least``)."""
    stage_width, stage_height = layout.stage
    if stage_width <= 0 or stage_height <= 0:
        return least
    pixels = min(stage_width / width, stage_height / height)  # CSS px a unit: the drawing fits the stage
    status = STATUS_PX[0] if stage_width + PAGE_MARGINS <= NARROW_PX else STATUS_PX[1]
    return min(MOST_WORDS, max(least, status / (SMALL_WORDS * pixels)))


def plate_lines(words: float, cards: bool, lines: int) -> tuple[float, float, tuple[float, ...]]:
    """Where a seat's plate puts its parts (units from its top): the name's baseline, the top of
    its cards (where it shows them), and its ``lines`` lines of words' baselines."""
    name = 8 + 14 * words
    cards_top = name + 8
    first = cards_top + (PLATE_CARDS + 4 if cards else 0) + SMALL_WORDS * words
    return name, cards_top, tuple(first + k * (SMALL_WORDS + 4) * words for k in range(lines))


def _fit_plates(frame: Frame, view: PapillonView, names: Sequence[str]) -> Frame:
    """``frame`` with its plates fitted to ``view``: a replay's open hands always on them; where a
    plate's hand and pile would be squeezed on one line, a line each for them, and no cards but
    open hands. The middle gives the room they take, or grows by the room they save."""
    width = _plate_width(frame, len(names) - 1)
    longest = max(len(" · ".join(_plate_counts(view, seat))) for seat in range(len(names)))
    fits = longest * SMALL_WORDS * frame.words * 0.6 <= width - 20
    cards = bool(view.hands) or (frame.plate_cards and fits)
    fitted = dataclasses.replace(frame, plate_cards=cards, plate_text=2 if fits else 3)
    taken = fitted.plate_height() - frame.plate_height()
    x, y, middle_width, height = frame.middle
    return dataclasses.replace(fitted, middle=(x, y + taken, middle_width, height - taken))


def _plate_width(frame: Frame, plates: int) -> float:
    """The width of each of ``plates`` plates side by side in the seats' row."""
    return min(frame.seats[2] / max(plates, 1) - 10, 230 * frame.words)


def _plate_counts(view: PapillonView, seat: int) -> list[str]:
    """What a plate says of its seat's cards: how many it holds, how many its side has taken."""
    return [text("pa.cards", count=view.hand_sizes[seat]), *_pile_words(view, seat)]


def _pile_words(view: PapillonView, seat: int) -> list[str]:
    """How many cards ``seat``'s side has taken, in the blue round once it has a pile ([] otherwise)."""
    if view.colour == "blue" and view.piles:
        return [text("pa.pile", count=len(view.piles[view.sides[seat]]))]
    return []


def _points_words(view: PapillonView, seat: int) -> list[str]:
    """``seat``'s points so far (:meth:`PapillonView.points_so_far`), once a round is under way ([] before)."""
    if view.piles or view.colour == "orange":
        return [text("pa.points-so-far", points=view.points_so_far(seat))]
    return []


#: The height of a plate's row of cards (units: cards at half their size).
PLATE_CARDS = CARD_H * 0.5


def render_papillon(
    view: PapillonView,
    names: Sequence[str],
    layout: Layout,
    choices: TableChoices = NO_CHOICES,
    colours: Mapping[str, str] = PAPILLON_COLOURS,
    aspect: float = 0.0,
    defs: bool = True,
    last: LastPlay | None = None,
    moved: bool = True,
) -> str:
    """The whole table seen from ``view.player`` as an SVG document string, for a stage
    ``aspect`` times as wide as it is tall (0: the layout's own proportions); without
    ``defs``, it refers to the art of a :func:`render_papillon_defs` elsewhere in the page.
    ``last`` is the last decision: what it did shows at the middle's top (:func:`_event`): the
    cards a capture took, a Chat Noir's attack, a Papillon's counter; if it has just ``moved``
    cards (not a table seated from a record), its player is the mover (``data-mover``: the page's
    motion sends the cards it played from that seat)."""
    frame = _fit_plates(frame_for(layout, aspect).holding(len(view.hand)), view, names)
    mover = last.player if last is not None and moved else None
    svg = node(
        "svg",
        xmlns=SVG_NS,
        viewBox=f"0 0 {frame.width:g} {frame.height:g}",
        class_=f"table papillon layout-{layout.kind} round-{view.colour}",
        role="group",
        aria_label=text("pa.title"),
        font_family=FONT_FAMILY,
        data_mover=mover,
    )
    if defs:
        svg.append(papillon_defs(colours))
    node("rect", svg, class_="felt", width=frame.width, height=frame.height, fill=colours["felt"])
    _information(svg, view, names, frame, colours)
    _other_seats(svg, view, names, frame, colours)
    frame = _event(svg, view, names, frame, last, colours)
    if view.colour == "blue":
        _blue_table(svg, view, frame, colours)
    else:
        _orange_layout(svg, view, frame, choices, colours)
    _hand(svg, view, names, frame, choices, colours)
    first = next((group for group in svg.iter("g") if group.get("data-action") is not None), None)
    if first is not None:
        first.set("tabindex", "0")
    return svg_text(svg)


#: The scale of the cards an event shows.
EVENT_SCALE = 0.5


def _event(
    svg: ET.Element,
    view: PapillonView,
    names: Sequence[str],
    frame: Frame,
    last: LastPlay | None,
    colours: Mapping[str, str],
) -> Frame:
    """What just happened, at the top of the middle until the next decision: the cards the last
    capture took and the one that took them, with its arithmetic ("Anna took (5 + 3 = 8)"); a
    Chat Noir's attack while it waits; a Papillon's counter. The middle below it is returned. The
    screen reader hears the same in the announcements (so the strip is hidden from it)."""
    words, cards = _event_of(view, names, last)
    if not words:
        return frame
    x, y, width, height = frame.middle
    size = SMALL_WORDS * frame.words
    group = node("g", svg, class_="event", aria_hidden="true")
    left, scale = x + 8, min(EVENT_SCALE * frame.words, height * 0.25 / CARD_H)  # the table keeps the most
    beside = left + len(cards) * (CARD_W * scale + 4) + (8 if cards else 0)
    above = len(words) * size * 0.62 > x + width - beside  # too long beside the cards: on a line over them
    cards_top = y + (size * 1.3 if above else 0)
    for k, card in enumerate(cards):
        drawn = _at(papillon_card(card, colours, view.settings.yang), left + k * (CARD_W * scale + 4), cards_top, scale)
        drawn.set("class", drawn.get("class", "") + " taken")
        group.append(drawn)
    strip = max(CARD_H * scale, size * 1.4) + cards_top - y
    baseline = y + size if above else y + strip / 2 + size * 0.35
    text_left = left if above else beside
    _words(group, words, size, x + width - text_left, x=text_left, y=baseline, fill=colours["highlight"],
           font_weight=700)  # fmt: skip
    taken = strip + 10
    return dataclasses.replace(frame, middle=(x, y + taken, width, height - taken))


def _event_of(view: PapillonView, names: Sequence[str], last: LastPlay | None) -> tuple[str, list[int]]:
    """The words and cards of :func:`_event` ("" if nothing is worth showing)."""
    attack = view.attack or (
        (view.attacked_by, view.to_act) if view.phase == "attacked" and view.attacked_by is not None else None
    )
    if attack is not None and attack[1] is not None:  # aimed (the attacker's turn goes on), or answered now
        return text("pa.event.attack", name=names[attack[0]], target=names[attack[1]]), [CAT + ORANGE * DECK_SIZE]
    if last is None:
        return "", []
    name = names[last.player]
    if last.action >= BLUE_MOVES:
        capture = split_blue(last.action)
        if not capture.taken or capture.played == {CHRYSALIDE}:
            return "", []
        cards = sorted(capture.played) + sorted(capture.taken)
        if PAPILLON in capture.played:
            return text("pa.event.papillon-took", name=name), cards
        return text("pa.event.took", name=name, equation=equation(capture, last.table, view.settings.yang)), cards
    if last.action >= ORANGE_MOVES and last.answered is not None and face(split_orange(last.action)[0]) == PAPILLON:
        return text("pa.event.counter", name=name, target=names[last.answered]), [split_orange(last.action)[0]]
    return "", []


def _information(
    svg: ET.Element, view: PapillonView, names: Sequence[str], frame: Frame, colours: Mapping[str, str]
) -> None:
    """The round, the direction of play, the last roll of the dice, the pile's count, and (in
    the wide drawing) the scores; in the tall one's strip, the first three on two lines."""
    x, y, width = frame.info
    compact = frame.height > frame.width
    group = node("g", svg, class_="info", role="group", aria_label=text("pa.information"))
    if not compact:  # the panel drawn at the origin, scaled as the small words are (less if it is long)
        rolls = min(len(view.last_roll[0]), 5) * 30 + 12 if view.last_roll else 0
        long = 28 + rolls + 30 + (26 + 20 * len(names) if view.round_scores else 0) + 6
        scale = min(frame.panel, (frame.height - y) / long)
        group.set("transform", f"translate({x:g},{y:g}) scale({scale:g})")
        x, y = 0, 0
    fill = colours["text"]
    heading = text(f"pa.round.{view.colour}")
    if view.colour == "orange" and view.tour:
        heading += " · " + text("pa.tour", number=view.tour)
    elif view.colour == "blue" and view.deals_done:
        heading += " · " + text("pa.deal", number=view.deals_done)
    if view.carnage:
        heading += " · " + text("pa.carnage")
    room = width - (130 if compact else 0)  # the tall strip's dice sit at its right
    # As large as the strip's words (the panel is scaled as a whole), smaller where it is long
    # ("Blaue Runde · Durchgang 1"; bold: 0.62 em).
    heading_size = min(19 * (frame.words / 1.25 if compact else 1), room / (len(heading) * 0.62))
    _words(
        group,
        heading,
        heading_size,
        room,
        x=x,
        y=y,
        fill=colours["back-orange" if view.colour == "orange" else "text"],
        font_weight=700,
    )
    arrow = "↻" if view.direction == 1 else "↺"
    direction = f"{arrow} {text('pa.direction.' + ('cw' if view.direction == 1 else 'ccw'))}"
    if view.colour == "blue":
        pile_line = text("pa.undealt", count=view.undealt)
    else:  # none before the orange round's deal (no "Draw pile: 0" under the blue round's summary)
        pile_line = text("pa.draw-pile", count=view.draw_pile) if any(view.layout) else ""
    if compact:
        _words(group, " · ".join(filter(None, (direction, pile_line))), 14 * frame.words, room, x=x,
               y=y + 10 + 16 * frame.words,
               fill=fill, class_="direction")  # fmt: skip
        if view.last_roll is not None:
            for k, (seat, pair) in enumerate(strip_rolls(view)):
                left = x + width - 120 + k * 64
                for d, (value, key) in enumerate(zip(pair, ("back-blue", "back-orange"), strict=True)):
                    _die(group, value, left + d * 30, y - 20, colours[key])
                # whose dice, under them (squeezed into their width)
                _words(group, names[seat], 11 * frame.words, 56, x=left + 28, y=y + 22, fill=colours["muted"],
                       text_anchor="middle")  # fmt: skip
        return
    line = y + 28
    _words(group, direction, 15, x=x, y=line, fill=fill, class_="direction")
    if view.last_roll is not None:
        line += 12
        rollers, dice = view.last_roll
        for k, (seat, pair) in enumerate(list(zip(rollers, dice, strict=True))[:5]):
            row = line + k * 30
            _words(group, names[seat], 13, x=x, y=row + 19, fill=colours["muted"])
            for d, (value, key) in enumerate(zip(pair, ("back-blue", "back-orange"), strict=True)):
                _die(group, value, x + width - 64 + d * 32, row, colours[key])
        line += min(len(rollers), 5) * 30
    line += 30
    if pile_line:
        _words(group, pile_line, 14, x=x, y=line, fill=fill)
    if view.round_scores:
        line += 26
        _words(group, text("pa.scores"), 15, x=x, y=line, fill=fill, font_weight=700)
        totals = [sum(points[seat] for points in view.round_scores) for seat in range(len(names))]
        for seat, name in enumerate(names):
            line += 20
            _words(group, text("pa.score", name=name, points=totals[seat]), 13, x=x, y=line, fill=colours["muted"])


def strip_rolls(view: PapillonView) -> list[tuple[int, tuple[int, int]]]:
    """The rolls of the last throw the tall drawing's strip has room for (two), in the order
    thrown: all of them, or of three or more, the highest (who won the throw) and the person's
    own (or, when the person threw highest or did not throw, the next highest)."""
    assert view.last_roll is not None
    rolls = list(zip(*view.last_roll, strict=True))
    if len(rolls) <= 2:
        return rolls
    ranked = sorted(rolls, key=lambda roll: -sum(roll[1]))
    second = next((roll for roll in ranked[1:] if roll[0] == view.player), ranked[1])
    return [roll for roll in rolls if roll in (ranked[0], second)]


#: Where a die's pips go (26 x 26), for each value.
PIPS = {
    1: [(13, 13)],
    2: [(7, 7), (19, 19)],
    3: [(7, 7), (13, 13), (19, 19)],
    4: [(7, 7), (19, 7), (7, 19), (19, 19)],
    5: [(7, 7), (19, 7), (13, 13), (7, 19), (19, 19)],
    6: [(7, 6), (19, 6), (7, 13), (19, 13), (7, 20), (19, 20)],
}


def _die(parent: ET.Element, value: int, x: float, y: float, colour: str) -> None:
    die = node(
        "g", parent, class_="die", transform=f"translate({x},{y})", role="img", aria_label=text("pa.die", value=value)
    )
    node("rect", die, width=26, height=26, rx=5, fill=colour, stroke="#ffffff", stroke_width=1.5)
    for cx, cy in PIPS[value]:
        node("circle", die, cx=cx, cy=cy, r=2.6, fill="#ffffff")


def _seat_plate(
    parent: ET.Element,
    view: PapillonView,
    seat: int,
    name: str,
    x: float,
    y: float,
    width: float,
    colours: Mapping[str, str],
    frame: Frame,
) -> None:
    """A seat's plate: its name (and side's letter), its cards (backs, or faces in a replay;
    not in a short drawing), how many it holds and has taken, its points so far."""
    acting = view.to_act == seat
    words = frame.words
    plate = node(
        "g",
        parent,
        class_="seat" + (" acting" if acting else ""),
        data_seat=seat,
        role="group",
        aria_label=_seat_words(view, seat, name),
    )
    _at(plate, x, y)
    node(
        "rect",
        plate,
        width=width,
        height=frame.plate_height(),
        rx=10,
        fill=colours["plate"],
        stroke=colours["highlight"] if acting else colours["felt-edge"],
        stroke_width=3 if acting else 1.5,
    )
    name_line, cards_top, lines = plate_lines(words, frame.plate_cards, frame.plate_text)
    letter = team_letter(view, seat)
    if letter:
        _team_badge(plate, letter, width - 15 * words, name_line - 5 * words, words, colours)
    room = width - 20 - (26 * words if letter else 0)
    _words(plate, name, 15 * words, room, x=10, y=name_line, fill=colours["text"], font_weight=700)
    size, orange = view.hand_sizes[seat], view.orange_backs[seat]
    if frame.plate_cards and view.hands:  # every hand open (a replay): fanned to fit the plate, or indices
        longest = max(len(hand) for hand in view.hands)  # (every plate alike)
        if (room - CARD_W * 0.5) / max(longest - 1, 1) < MINI_STEP:
            _card_indices(plate, view.hands[seat], width, cards_top, colours)
        else:
            step = min(CARD_W * 0.5 + 4, (room - CARD_W * 0.5) / max(size - 1, 1))  # clear of the side's letter
            for k, card in enumerate(view.hands[seat]):
                plate.append(_at(papillon_card(card, colours, view.settings.yang), 10 + k * step, cards_top, 0.5))
    elif frame.plate_cards:
        for k in range(min(size, 8)):
            deck = ORANGE if k < orange else 0
            plate.append(_at(papillon_back(deck), 10 + k * 9, cards_top, 0.5))
    counts = _plate_counts(view, seat)
    if frame.plate_text == 2:
        counts = [" · ".join(counts)]
    small = SMALL_WORDS * words
    for line, words_of_line in zip(lines, counts, strict=False):
        _words(plate, words_of_line, small, width - 20, x=10, y=line, fill=colours["text"])
    for points in _points_words(view, seat):
        _words(plate, points, small, width - 20, x=10, y=lines[-1], fill=colours["muted"], class_="points")


#: An open hand fanned on a plate with less room than this per card (units) shows its cards'
#: indices instead (a two-digit number at half size needs about this much).
MINI_STEP = 17


def _card_indices(
    plate: ET.Element, cards: Sequence[int], width: float, top: float, colours: Mapping[str, str]
) -> None:
    """An open hand too long to fan on a plate ``width`` wide: each card's index (its number in
    its family's colour, an atout's picture) on a small card, in rows from ``top``."""
    if not cards:  # an empty hand beside a long one
        return
    per_row = max(int((width - 42) // 20) + 1, 1)
    rows = -(-len(cards) // per_row)
    step_x = min(24.0, (width - 42) / max(min(per_row, len(cards)) - 1, 1))
    row_h = min(27.0, PLATE_CARDS / rows)
    for k, card in enumerate(cards):
        row, col = divmod(k, per_row)
        mini = _at(node("g", plate, class_="card-index", aria_hidden="true"), 10 + col * step_x, top + row * row_h)
        deck = "back-orange" if deck_of(card) == ORANGE else "back-blue"
        node(
            "rect", mini, width=22, height=row_h - 2, rx=3, fill=colours["card"], stroke=colours[deck], stroke_width=1.5
        )
        kind = face(card)
        side = min(15.0, row_h - 3)
        if kind < BASIC_COUNT:
            colour = colours[FAMILY_KEYS[kind // 12]]
            _words(mini, str(kind % 12), side, 19, x=11, y=(row_h - 2 + side * 0.7) / 2, fill=colour, font_weight=700,
                   text_anchor="middle")  # fmt: skip
        else:
            node("use", mini, href=f"#pa-atout-{kind - BASIC_COUNT}", x=11 - side / 2, y=(row_h - 2 - side) / 2,
                 width=side, height=side, fill=colours["atout"])  # fmt: skip


def team_letter(view: PapillonView, seat: int) -> str:
    """The letter of ``seat``'s side (A: the first player's) where sides are teams (four or
    five players, two against one) and chosen; "" otherwise."""
    if not view.sides or max(view.sides.count(side) for side in set(view.sides)) == 1:
        return ""
    return "AB"[view.sides[seat]]


def _team_badge(parent: ET.Element, letter: str, cx: float, cy: float, size: float, colours: Mapping[str, str]) -> None:
    """A side's mark: its letter on a disc of its colour (A blue, B rose, as Farfalia's teams)."""
    badge = node("g", parent, class_=f"team-badge team-{letter}", transform=f"translate({cx:g},{cy:g}) scale({size:g})")
    node("circle", badge, r=11, fill=colours["team-blue" if letter == "A" else "team-rose"], stroke="#ffffff")
    _words(badge, letter, 14, y=5, text_anchor="middle", fill="#ffffff", font_weight=700, aria_hidden="true")


def _seat_words(view: PapillonView, seat: int, name: str) -> str:
    words = [name, text("pa.cards", count=view.hand_sizes[seat])]
    if team_letter(view, seat):
        words.insert(1, text("team", letter=team_letter(view, seat)))
    if view.hands:
        words.append(", ".join(card_words(card) for card in view.hands[seat]))
    words += _pile_words(view, seat) + _points_words(view, seat)
    if view.to_act == seat:
        words.append(text("pa.to-play"))
    return ", ".join(words)


def _other_seats(
    svg: ET.Element, view: PapillonView, names: Sequence[str], frame: Frame, colours: Mapping[str, str]
) -> None:
    x, y, width = frame.seats
    count = len(names)
    others = [(view.player + step * view.direction) % count for step in range(1, count)]
    slot = width / max(len(others), 1)
    plate_width = _plate_width(frame, len(others))
    group = node("g", svg, class_="seats")
    for k, seat in enumerate(others):
        left = x + k * slot + (slot - plate_width) / 2
        _seat_plate(group, view, seat, names[seat], left, y, plate_width, colours, frame)


def _blue_table(svg: ET.Element, view: PapillonView, frame: Frame, colours: Mapping[str, str]) -> None:
    x, y, width, height = frame.middle
    group = node("g", svg, class_="blue-table", role="group", aria_label=plural_text("pa.table", len(view.table)))
    scale, per_row, rows = _table_grid(len(view.table), width, height)
    step_x, step_y = CARD_W * scale + 10, CARD_H * scale + 12
    top = y + max((height - rows * step_y) / 2, 0)
    for k, card in enumerate(view.table):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(view.table) - row * per_row)
        left = x + (width - in_row * step_x) / 2
        group.append(
            _named(
                _at(papillon_card(card, colours, view.settings.yang), left + col * step_x, top + row * step_y, scale),
                card_words(card),
                None,
                colours,
            )
        )
    if not view.table:
        _words(
            group,
            text("pa.table-empty"),
            16,
            x=x + width / 2,
            y=y + height / 2,
            fill=colours["muted"],
            text_anchor="middle",
        )


#: The draw pile's spot among the layout's places.
DRAW_PILE = -1
#: The orange layout's arrangements, in the order of preference, each a grid of rows of places
#: (``None``: an empty cell): in three rows, the rulebook's sketch (P-R28: the sequences above and
#: below their starting piles, the signs outside them, the centre between; the draw pile beside);
#: in one row, each starting pile between its two sequences ("les suites se déploient de part et
#: d'autre"), a sign on the outer side of each; in two rows, the sequences side by side under the
#: starting piles they grow from.
ARRANGEMENTS: tuple[tuple[tuple[int | None, ...], ...], ...] = (
    ((SIGN_PLACES[0], SEQUENCES[0], None, SEQUENCES[2], SIGN_PLACES[2]),
     (None, STARTS[0], CENTRE, STARTS[1], DRAW_PILE),
     (SIGN_PLACES[1], SEQUENCES[1], None, SEQUENCES[3], SIGN_PLACES[3])),
    ((SIGN_PLACES[0], SEQUENCES[0], STARTS[0], SEQUENCES[1], SIGN_PLACES[1], CENTRE,
      SIGN_PLACES[2], SEQUENCES[2], STARTS[1], SEQUENCES[3], SIGN_PLACES[3], DRAW_PILE),),
    ((CENTRE, None, STARTS[0], None, DRAW_PILE, None, STARTS[1], None),
     (SIGN_PLACES[0], SEQUENCES[0], SIGN_PLACES[1], SEQUENCES[1],
      SIGN_PLACES[2], SEQUENCES[2], SIGN_PLACES[3], SEQUENCES[3])),
)  # fmt: skip
#: An arrangement earlier in :data:`ARRANGEMENTS` is kept if its cards are at least this part
#: of the largest arrangement's.
NEAR_ENOUGH = 0.9


def _table_grid(cards: int, width: float, height: float) -> tuple[float, int, int]:
    """The blue table's cards' scale, how many a row holds and how many rows: the largest
    scale (at most :data:`LAYOUT_SCALE`, at least a half) at which ``cards`` fit the middle."""
    scale = LAYOUT_SCALE
    while True:
        per_row = max(int(width // (CARD_W * scale + 10)), 1)
        rows = -(-cards // per_row)
        if scale <= 0.5 or rows * (CARD_H * scale + 12) <= height:
            return scale, per_row, rows
        scale -= 0.05


def layout_spots(frame: Frame) -> tuple[dict[int, tuple[float, float]], float, float]:
    """Where each place of the orange layout (and the :data:`DRAW_PILE`) goes (its centre x
    and the top of its caption), the cards' scale and a caption's room (units): of the
    :data:`ARRANGEMENTS`, the first whose cards are nearly as large as the largest arrangement's
    (:data:`NEAR_ENOUGH`), its rows centred in the middle."""
    x, y, width, height = frame.middle
    caption = _caption_height(frame)

    def scale_of(grid: tuple[tuple[int | None, ...], ...]) -> float:
        cell_w, cell_h = width / len(grid[0]), height / len(grid)
        return min(LAYOUT_SCALE, (cell_h - caption - 8) / (CARD_H + 5), (cell_w - 6) / (CARD_W + 10))  # rings apart

    scales = [scale_of(grid) for grid in ARRANGEMENTS]
    scale, grid = next((scale, grid) for scale, grid in zip(scales, ARRANGEMENTS) if scale >= NEAR_ENOUGH * max(scales))
    columns = len(grid[0])
    cell_w = min(width / columns, 1.6 * (CARD_W + 10) * scale)  # close together, centred
    row_h = caption + (CARD_H + 5) * scale + 8
    left, top = x + (width - columns * cell_w) / 2, y + (height - len(grid) * row_h) / 2
    spots = {
        place: (left + cell_w * (col + 0.5), top + row_h * row)
        for row, places in enumerate(grid)
        for col, place in enumerate(places)
        if place is not None
    }
    return spots, scale, cell_w - CAPTION_SIZE * frame.words * 0.7  # captions apart by more than a space


def _orange_layout(
    svg: ET.Element, view: PapillonView, frame: Frame, choices: TableChoices, colours: Mapping[str, str]
) -> None:
    group = node("g", svg, class_="orange-layout", role="group", aria_label=text("pa.layout"))
    spots, scale, room = layout_spots(frame)
    caption_top = _caption_height(frame)
    targets = choices.places or {}
    for place, (cx, top) in spots.items():
        left = cx - CARD_W * scale / 2
        if place == DRAW_PILE:
            pile = node(
                "g", group, class_="draw-pile", role="img", aria_label=text("pa.draw-pile", count=view.draw_pile)
            )
            if view.draw_pile:
                pile.append(_at(papillon_back(ORANGE if view.draw_pile_orange else 0), left, top + caption_top, scale))
            if any(view.layout):  # none before the deal (not "Pile 0" over an empty place)
                _caption(pile, text("pa.draw-short", count=view.draw_pile), cx, top, room, frame, colours)
            continue
        cards = view.layout[place]
        label = f"{place_words(place)}: " + (card_words(cards[-1]) if cards else text("pa.empty"))
        if len(cards) > 1:
            label += ", " + plural_text("pa.pile-size", len(cards))
        if cards:
            drawn = _at(papillon_card(cards[-1], colours, view.settings.yang), left, top + caption_top, scale)
        else:
            drawn = node("g", class_="card empty-place")
            _at(drawn, left, top + caption_top, scale)
            node(
                "rect",
                drawn,
                width=CARD_W,
                height=CARD_H,
                rx=7,
                fill=colours["felt-edge"],  # filled: the whole place takes a click
                stroke=colours["muted"],
                stroke_dasharray="5 4",
                stroke_width=2,
            )
        drawn.set("data-place", PLACE_NAMES[place])
        if place in targets:
            drawn.set("class", drawn.get("class", "") + " target")
            node(
                "rect",
                drawn,
                class_="target-ring",
                x=-5,
                y=-5,
                width=CARD_W + 10,
                height=CARD_H + 10,
                rx=10,
                fill="none",
                stroke=colours["picked"],
                stroke_width=4,
            )
        if len(cards) > 1:  # how many the pile holds, over its corner, clear of a number of two digits
            badge = node("g", drawn, class_="pile-size", transform=f"translate({CARD_W - 8},6)")
            node("rect", badge, x=-15, y=-10, width=30, height=20, rx=10, fill="#10241b", stroke="#ffffff")
            digits = str(len(cards))  # drawn from symbols: the card's name says the size, in words
            for k, digit in enumerate(digits):
                node("use", badge, href=f"#pa-digit-{digit}", x=(k - (len(digits) - 1) / 2) * 8, y=5, fill="#ffffff")
        group.append(_named(drawn, label, targets.get(place), colours))
        _caption(group, place_caption(place), cx, top, room, frame, colours)


#: A layout place's caption's size (units, at the panel's words' scale 1).
CAPTION_SIZE = 13


def _caption_height(frame: Frame) -> float:
    """A layout place's caption's height, from its top to the card under it (clear of the ring
    that marks the card a target)."""
    return 16 * frame.words + 8


def _caption(
    parent: ET.Element, words: str, cx: float, top: float, room: float, frame: Frame, colours: Mapping[str, str]
) -> None:
    """A layout place's caption over it, squeezed into ``room`` units if it is longer."""
    size = CAPTION_SIZE * frame.words
    _words(parent, words, size, room, x=cx, y=top + size * 0.85, fill=colours["muted"], text_anchor="middle")


def place_caption(place: int) -> str:
    """A place's short name over it on the layout ("Start 1", "Seq. 2", "Sign 3", "Centre")."""
    name = PLACE_NAMES[place]
    if place == CENTRE:
        return text("pa.centre-short")
    kind = {"A": "pa.start-short", "S": "pa.sequence-short", "s": "pa.sign-short"}[name[0]]
    return text(kind, number=name[-1])


def _refused(view: PapillonView, card: int) -> str:
    """Why the rules refuse a card of the hand of the person deciding now, with the rule."""
    if view.phase == "attacked":
        return text("pa.reason.attacked")
    if view.phase == "blue":
        return text("pa.reason.forced")
    return text("pa.reason.nowhere", card=card_words(card))


def _hand(
    svg: ET.Element,
    view: PapillonView,
    names: Sequence[str],
    frame: Frame,
    choices: TableChoices,
    colours: Mapping[str, str],
) -> None:
    x, top, width = frame.hand
    label = text("pa.hand-of", name=names[view.player])
    group = node("g", svg, class_="hand", data_seat=view.player, role="group", aria_label=label)
    acting = view.to_act == view.player
    title = names[view.player] + (" · " + text("pa.to-play") if acting else "")
    counts = _pile_words(view, view.player) + _points_words(view, view.player)
    fill = colours["highlight"] if acting else colours["text"]
    letter = team_letter(view, view.player)
    if letter:  # the side's mark before the name (the hand's name says it in words)
        _team_badge(group, letter, x + 4 + 11 * frame.words, top - 20 - 5 * frame.words, frame.words, colours)
        group.set("aria-label", f"{label}, {text('team', letter=letter)}")
    indent = 28 * frame.words if letter else 0
    size = 15 * frame.words
    counted = " · ".join(counts)
    room = width - indent - 4  # the name on the left, what it has taken and its points on the right
    right = min(room / 2, len(counted) * size * 0.62) if counted else 0
    _words(group, title, size, room - right - size, x=x + 4 + indent, y=top - 20, fill=fill, font_weight=700)
    if counted:
        _words(group, counted, size, right, x=x + width, y=top - 20, fill=fill, text_anchor="end", class_="points")
    cards = list(view.hand)
    two_rows = frame.two_rows_scale()
    rows = [cards] if len(cards) <= frame.hand_row else [cards[: (len(cards) + 1) // 2], cards[(len(cards) + 1) // 2 :]]
    if len(rows) == 2:
        scale = two_rows
    else:  # one row: side by side, as smaller cards if need be (never smaller than two rows'), else overlapping
        side_by_side = ((width + CARD_GAP) / max(len(cards), 1) - CARD_GAP) / CARD_W
        scale = min(frame.hand_scale, max(side_by_side, two_rows))
    for r, row in enumerate(rows):
        step = min(CARD_W * scale + 8, (width - CARD_W * scale) / max(len(row) - 1, 1))
        left = x + (width - (CARD_W * scale + step * (len(row) - 1))) / 2
        for k, card in enumerate(row):
            lift = -10 if card == choices.picked else 0  # picked up: raised, clear of the line above
            drawn = _at(
                papillon_card(card, colours, view.settings.yang),
                left + k * step,
                top + r * (CARD_H * scale + ROW_GAP) + lift,
                scale,
            )
            label = card_words(card) + (" (" + text("pa.orange-back") + ")" if deck_of(card) == ORANGE else "")
            if card == choices.picked:
                drawn.set("class", drawn.get("class", "") + " picked")
                drawn.set("aria-pressed", "true")
            action = choices.cards.get(card)
            refused = _refused(view, card) if acting and choices.cards and action is None else None
            group.append(_named(drawn, label, action, colours, refused))
