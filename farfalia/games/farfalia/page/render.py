"""The card table as SVG, drawn from a seat view by pure functions.

In the manner of ``chess.svg``: functions build :mod:`xml.etree.ElementTree`
elements, the art is defined once in ``<defs>`` and placed with ``<use>``,
every card carries semantic classes (``card suit-blue family-fish legal``) and
an accessible name, and :data:`COLOURS` can be overridden. Nothing here sees
more than the :class:`~farfalia.games.farfalia.engine.views.View` it is given.
"""

from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from farfalia.games.farfalia.engine.actions import NO_TRUMP_SUIT, Action
from farfalia.games.farfalia.engine.cards import (
    BUTTERFLY,
    FAMILY_OF,
    FIRST_WILD,
    NUMBER_OF,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_OF,
    card_name,
)
from farfalia.games.farfalia.engine.cards import card as card_code
from farfalia.games.farfalia.engine.state import Trick
from farfalia.games.farfalia.engine.views import EMPTY, HIDDEN, SeatInfo, View
from farfalia.games.farfalia.page.texts import action_text, card_text, family_text, reason_text, seat_label, suit_text
from farfalia.ui.contract import REASON_ATTRIBUTE
from farfalia.ui.layout import (
    BESIDE_GAP,
    CARD_H,
    CARD_W,
    DUMMY_GAP,
    DUMMY_TOP,
    DUMMY_UP,
    PLATE_GAP,
    PLATE_LETTER,
    PLATE_SIZE,
    ROW_GAP,
    STRIP_HEIGHT,
    TRICK_CLEARANCE,
    WIDE,
    Layout,
    hand_rows,
    hand_step,
)
from farfalia.ui.svg import FONT_FAMILY, LIGHT_TABLE, SVG_NS, TABLE_COLOURS, card_fan, node, squeeze, svg_text
from farfalia.ui.texts import plural_text, text

#: Every colour the table uses; pass a changed copy to :func:`render_table`.
COLOURS: dict[str, str] = {
    **TABLE_COLOURS,
    # The suits: at least 4.5:1 on the card face, and far apart (CIEDE2000) for every
    # viewer, with the three common colour-vision deficiencies too (tests/test_colours.py).
    "red": "#8a0015",
    "green": "#028458",
    "blue": "#4736a4",
    "orange": "#b44d0c",
    "butterfly": "#8a4cc6",
    "burnt": "#5b5b5b",
}

#: A light table, for pages with a light background (``theme=light`` in an embed).
LIGHT_COLOURS: dict[str, str] = {**COLOURS, **LIGHT_TABLE}

#: The colours of each theme a link can ask for (``theme=``).
THEME_COLOURS: dict[str, dict[str, str]] = {"dark": COLOURS, "light": LIGHT_COLOURS}

FAMILY_IDS = ("strawberry", "leaf", "fish", "seashell", "butterfly")
SUIT_COLOUR_KEYS = ("red", "green", "blue", "orange")


def _family_colour(family: int, colours: Mapping[str, str]) -> str:
    return colours["butterfly"] if family == BUTTERFLY else colours[SUIT_COLOUR_KEYS[family]]


#: The table's type: each kind of text's font size and weight. Written on the text itself,
#: not in a stylesheet, so an SVG reads the same anywhere: in the page, saved as a file, or
#: shown as an image (an embed's still picture, which no stylesheet reaches).
TYPE: dict[str, tuple[int, int]] = {
    "card-number": (20, 700),
    "card-number small": (13, 700),
    "seat-name": (17, 700),
    "seat-info": (13, 400),
    "heading": (18, 700),
    "small-heading": (15, 700),
    "total-name": (16, 400),
    "total-points": (16, 400),
    "chip-text": (15, 700),
}


def _text(parent: ET.Element, kind: str, content: str, room: float | None = None, **attributes: object) -> ET.Element:
    """A text of the kind ``kind``: its class, its size and weight from :data:`TYPE`, squeezed into
    ``room`` units where it would be wider."""
    size, weight = TYPE[kind]
    attributes |= squeeze(content, size, room)
    element = node("text", parent, class_=kind, font_size=size, font_weight=weight if weight != 400 else None,
                  **attributes)  # fmt: skip
    element.text = content
    return element


# --------------------------------------------------------------------- the art


def symbol_defs(colours: Mapping[str, str]) -> ET.Element:
    """``<defs>``: the five family symbols (100 x 100) and the card-back pattern."""
    defs = node("defs")
    strawberry = node("symbol", defs, id="sym-strawberry", viewBox="0 0 100 100")
    node("path", strawberry, d="M50 92 C20 70 12 48 22 34 C32 22 44 28 50 30 C56 28 68 22 78 34 C88 48 80 70 50 92 Z")
    for x, y in ((38, 44), (50, 40), (62, 44), (44, 58), (56, 58), (50, 72)):
        node("ellipse", strawberry, cx=x, cy=y, rx=2.5, ry=3.5, fill="#fff6c8")
    node("path", strawberry, d="M50 30 L36 14 L50 22 L64 14 Z", fill=colours["green"])
    leaf = node("symbol", defs, id="sym-leaf", viewBox="0 0 100 100")
    node("path", leaf, d="M14 86 C14 40 40 14 88 12 C86 60 60 86 14 86 Z")
    node("path", leaf, d="M14 86 L70 30", stroke="#ffffff", stroke_width=4, fill="none", opacity=0.7)
    fish = node("symbol", defs, id="sym-fish", viewBox="0 0 100 100")
    node("path", fish, d="M10 50 C26 26 58 24 74 50 C58 76 26 74 10 50 Z")
    node("path", fish, d="M72 50 L94 32 L90 50 L94 68 Z")
    node("circle", fish, cx=26, cy=46, r=4, fill="#ffffff")
    shell = node("symbol", defs, id="sym-seashell", viewBox="0 0 100 100")
    node("path", shell, d="M50 88 L12 46 C14 18 86 18 88 46 Z")
    for angle in (-52, -26, 0, 26, 52):
        rad = math.radians(angle)
        node("line", shell, x1=50, y1=86, x2=round(50 + 44 * math.sin(rad), 1), y2=round(86 - 62 * math.cos(rad), 1),
            stroke="#ffffff", stroke_width=3, opacity=0.7)  # fmt: skip
    butterfly = node("symbol", defs, id="sym-butterfly", viewBox="0 0 100 100")
    for cx, cy, rx, ry in ((30, 34, 20, 22), (70, 34, 20, 22), (33, 68, 14, 16), (67, 68, 14, 16)):
        node("ellipse", butterfly, cx=cx, cy=cy, rx=rx, ry=ry)
    node("rect", butterfly, x=46, y=24, width=8, height=56, rx=4, fill="#3a2a1a")
    node("path", butterfly, d="M48 26 L38 8 M52 26 L62 8", stroke="#3a2a1a", stroke_width=3, fill="none")
    for number in sorted(set(NUMBER_OF)):  # the small index at a card's foot: drawn, not read (the top index is)
        index = node("symbol", defs, id=f"num-{number}", overflow="visible")
        _text(index, "card-number small", str(number), text_anchor="end")
    pattern = node("pattern", defs, id="back-pattern", width=16, height=16, patternUnits="userSpaceOnUse")
    node("rect", pattern, width=16, height=16, fill=colours["back"])
    node("path", pattern, d="M0 8 L8 0 L16 8 L8 16 Z", fill=colours["back-pattern"])
    return defs


def _symbol(parent: ET.Element, family: int, x: float, y: float, size: float, colour: str) -> None:
    node("use", parent, href=f"#sym-{FAMILY_IDS[family]}", x=x, y=y, width=size, height=size, fill=colour)


def card_face(code: int, colours: Mapping[str, str]) -> ET.Element:
    """One card face (or a wild card) at the origin, ``CARD_W`` x ``CARD_H``."""
    family = FAMILY_OF[code]
    if code >= FIRST_WILD:
        group = node("g", class_=f"card wild family-{FAMILY_IDS[family]}", data_card=card_name(code))
        node("rect", group, class_="card-face", width=CARD_W, height=CARD_H, rx=8, fill=colours["card"],
            stroke=colours["card-edge"], stroke_dasharray="5 3")  # fmt: skip
        colour = _family_colour(family, colours)
        _text(group, "card-number", text("wild-letter"), x=8, y=20, fill=colour, aria_hidden="true")
        _symbol(group, family, 14, 30, 44, colour)
        return group
    suit = SUIT_OF[code]
    colour = colours[SUIT_COLOUR_KEYS[suit]]
    group = node("g", class_=f"card suit-{SUIT_NAMES[suit]} family-{FAMILY_IDS[family]}", data_card=card_name(code))
    node("rect", group, class_="card-face", width=CARD_W, height=CARD_H, rx=8, fill=colours["card"],
        stroke=colours["card-edge"])  # fmt: skip
    number = str(NUMBER_OF[code])
    # The corner index: the number, and the suit's symbol under it, so an overlapping card
    # (a fan, a collection, a dummy's column) never hides which suit it is.
    _text(group, "card-number", number, x=6, y=20, fill=colour, aria_hidden="true")
    _symbol(group, SUIT_OF[code], 5, 22, 13, colour)
    _symbol(group, family, 20, 34, 44, colour)
    node("use", group, href=f"#num-{number}", x=CARD_W - 7, y=CARD_H - 8, fill=colour)
    return group


def card_back(colours: Mapping[str, str]) -> ET.Element:
    """A card seen from behind."""
    group = node("g", class_="card back")
    node("rect", group, width=CARD_W, height=CARD_H, rx=8, fill="url(#back-pattern)", stroke=colours["card-edge"])
    node("rect", group, x=6, y=6, width=CARD_W - 12, height=CARD_H - 12, rx=5, fill="none", stroke=colours["card"],
        stroke_width=2, opacity=0.6)  # fmt: skip
    return group


def subject_card(family: int, colours: Mapping[str, str]) -> ET.Element:
    """A subject card of the proposal."""
    group = node("g", class_=f"card subject family-{FAMILY_IDS[family]}", role="img",
                aria_label=family_text(family))  # fmt: skip
    node("rect", group, width=CARD_W, height=CARD_H, rx=8, fill="#f3ead2", stroke=colours["card-edge"])
    _symbol(group, family, 10, 24, 52, _family_colour(family, colours))
    return group


@functools.cache
def game_picture() -> str:
    """Farfalia on the first screen: a strawberry, the three cards that can be picked for a
    butterfly (the 8, 10 and 12 of three suits) and, on top, a butterfly of the proposal, fanned out.
    Drawn once: it holds no words, whatever the language."""
    faces = [card_face(card_code(suit, number), COLOURS) for suit, number in ((0, 5), (0, 8), (2, 10), (1, 12))]
    cards = [*faces, subject_card(BUTTERFLY, COLOURS)]
    for drawn in cards:
        drawn.attrib.pop("role", None)  # a picture's cards: the picture is hidden from screen readers
        drawn.attrib.pop("aria-label", None)
    return card_fan(symbol_defs(COLOURS), cards, CARD_W, CARD_H)


# ------------------------------------------------------------------ placing


def place(card: ET.Element, x: float, y: float, scale: float = 1.0) -> ET.Element:
    """Put a drawn card at ``(x, y)`` (its top-left corner) at ``scale``."""
    card.set("transform", f"translate({x:.1f},{y:.1f})" + (f" scale({scale:g})" if scale != 1 else ""))
    return card


def _label_card(
    card: ET.Element,
    label: str,
    action: Action | None,
    reason: str | None,
    colours: Mapping[str, str] = COLOURS,
    interactive: bool = True,
) -> ET.Element:
    """Accessible name, and for a card the viewer may act on, its action. On an
    ``interactive`` table a card the viewer decides about can take the focus (its ring
    shows then; the page's arrow keys move it): a playable card as a button, an
    unplayable one with its reason. In a picture, they are marked and named only."""
    if action is not None:
        card.set("class", card.get("class", "") + " legal")
        if interactive:
            card.set("role", "button")
            card.set("data-action", str(action))
            card.set("aria-label", label)
        else:
            card.set("role", "img")
            card.set("aria-label", f"{label}, {text('playable')}")
    elif reason is not None:
        card.set("class", card.get("class", "") + " illegal")
        card.set("role", "img")
        card.set(REASON_ATTRIBUTE, reason)
        card.set("aria-label", f"{label}. {reason}")
        node("title", card).text = reason
    else:
        card.set("role", "img")
        card.set("aria-label", label)
    if not interactive or (action is None and reason is None):
        return card
    card.set("tabindex", "-1")
    for offset, width, colour in ((-3, 5, "focus-outer"), (0, 3, "focus-inner")):
        node("rect", card, class_="focus-ring", x=offset, y=offset, width=CARD_W - 2 * offset,
            height=CARD_H - 2 * offset, rx=8 - offset, fill="none", stroke=colours[colour], stroke_width=width,
            vector_effect="non-scaling-stroke", visibility="hidden", aria_hidden="true")  # fmt: skip
    return card


def seat_angle(offset: int, count: int) -> float:
    """Clockwise angle (radians, 0 = bottom) of the seat ``offset`` places left of the viewer."""
    return 2 * math.pi * offset / count


def trick_spot(offset: int, count: int, layout: Layout) -> tuple[float, float]:
    """Where the card played by the seat ``offset`` places clockwise from the viewer lies in
    the trick (its top left corner): before its player, further out with larger cards."""
    angle = seat_angle(offset, count)
    cx, cy = layout.centre
    scale = layout.trick_scale
    reach_x, reach_y = layout.trick_reach
    x = cx - reach_x * scale / 0.85 * math.sin(angle) - CARD_W * scale / 2
    y = cy + reach_y * scale / 0.85 * math.cos(angle) - CARD_H * scale / 2
    return x, y


def seat_anchor(offset: int, count: int, layout: Layout = WIDE) -> tuple[float, float]:
    """Where the seat ``offset`` places clockwise from the viewer sits."""
    angle = seat_angle(offset, count)
    cx, cy = layout.centre
    rx, ry = layout.radii
    return cx - rx * math.sin(angle), cy + ry * math.cos(angle)


#: The least scale a side seat's dummy keeps on one row before it takes two (the rest of a dummy's
#: geometry, and the plates', in :mod:`farfalia.ui.layout`).
SIDE_ROW_SCALE = 0.5


def _dummy_pitch(scale: float) -> tuple[float, float]:
    """From one column of a dummy's layout to the next, and from one row to the next."""
    return CARD_W * scale + DUMMY_GAP, CARD_H * scale * (1 + DUMMY_UP) + DUMMY_GAP


def _dummy_size(scale: float, columns: int) -> tuple[float, float]:
    """The room a dummy's layout takes: its columns' pitches, and the height of its rows."""
    step_x, step_y = _dummy_pitch(scale)
    return columns * step_x, -(-7 // columns) * step_y - DUMMY_GAP


@dataclass(frozen=True)
class DummyPlace:
    """Where a dummy's seven columns lie (the first's top left corner, the cards' scale, how many
    columns a row holds) and where its plate is centred."""

    left: float
    top: float
    scale: float
    columns: int
    plate: tuple[float, float]

    def column(self, index: int) -> tuple[float, float]:
        """The top left corner of the column ``index`` (its face-down card)."""
        row, col = divmod(index, self.columns)
        step_x, step_y = _dummy_pitch(self.scale)
        return self.left + col * step_x, self.top + row * step_y

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The layout's extent: left, top, right, bottom."""
        span, height = _dummy_size(self.scale, self.columns)
        return self.left, self.top, self.left + span - DUMMY_GAP, self.top + height


def dummy_place(offset: int, count: int, layout: Layout) -> DummyPlace:
    """Where the dummy ``offset`` places clockwise from the viewer lies: clear of the trick's
    cards and of the information panel, its plate below it or, with no room there, beside it.
    Opposite the viewer, at the layout's scale; at a side (an opponent's, never played from
    this view), as large as the room between the trick and the table's edge lets it be, on
    two rows where one would be too small (a phone held upright)."""
    x, y = seat_anchor(offset, count, layout)
    trick_x, trick_y = trick_spot(offset, count, layout)
    if abs(math.sin(seat_angle(offset, count))) < 0.5:
        return _across(x, y, trick_y - TRICK_CLEARANCE, layout)
    if x > layout.centre[0]:
        low, high = trick_x + CARD_W * layout.trick_scale + 12, layout.table_right
    else:
        low, high = 10.0, trick_x - 12
    for columns in (7, 4):
        scale = min(layout.dummy_scale, ((high - low) / columns - DUMMY_GAP) / CARD_W)
        if scale >= SIDE_ROW_SCALE:
            break
    span, height = _dummy_size(scale, columns)
    left = min(max(x - span / 2, low), high - span)
    top = y - 40 if columns == 7 else y - height / 2
    drop = PLATE_GAP + PLATE_SIZE[1] / 2 * layout.words
    return DummyPlace(left, top, scale, columns, (left + span / 2, top + height + drop))


def _across(x: float, y: float, floor: float, layout: Layout) -> DummyPlace:
    """The dummy opposite the viewer, above ``floor`` (the top of the trick's card before it)."""
    scale = layout.dummy_scale
    span, height = _dummy_size(scale, 7)
    left = min(max(x - span / 2, 10.0), layout.table_right - span)
    top = y - 40
    plate_width, plate_height = (size * layout.words for size in PLATE_SIZE)
    if top + height + PLATE_GAP + plate_height <= floor:
        return DummyPlace(left, top, scale, 7, (left + span / 2, top + height + PLATE_GAP + plate_height / 2))
    ceiling = DUMMY_TOP if layout.kind == "tall" else 10.0
    top = max(ceiling, min(top, floor - height))
    beside = span + BESIDE_GAP + plate_width + PLATE_LETTER * layout.words  # the layout, then its plate
    left = min(max(x - beside / 2, 10.0), layout.table_right - beside)
    return DummyPlace(left, top, scale, 7, (left + span + BESIDE_GAP + plate_width / 2, top + height / 2))


# ----------------------------------------------------------------- the table


def render_table(
    view: View,
    names: Sequence[str],
    colours: Mapping[str, str] = COLOURS,
    layout: Layout = WIDE,
    defs: bool = True,
    interactive: bool = True,
) -> str:
    """The whole table as an SVG document string (without ``defs``, it refers to the
    art of a :func:`render_defs` elsewhere in the page; not ``interactive``, a picture
    whose playable cards are marked but are not buttons: a replay, a diagram)."""
    svg = table_element(view, names, colours, layout, defs, interactive)
    if interactive:
        _rove(svg)
    return svg_text(svg)


def _rove(svg: ET.Element) -> None:
    """One tab stop for the decision: the first playable card; the page's arrow keys
    move the focus between the cards (the others and the unplayable are reached by them)."""
    first = next((card for card in svg.iter("g") if card.get("data-action") is not None), None)
    if first is not None:
        first.set("tabindex", "0")


def render_defs(colours: Mapping[str, str] = COLOURS) -> str:
    """The card art alone, in an SVG that takes no room: for a page of many tables."""
    svg = node("svg", xmlns=SVG_NS, class_="shared-defs", width=0, height=0, aria_hidden="true", focusable="false")
    svg.append(symbol_defs(colours))
    return svg_text(svg)


def table_element(
    view: View,
    names: Sequence[str],
    colours: Mapping[str, str] = COLOURS,
    layout: Layout = WIDE,
    defs: bool = True,
    interactive: bool = True,
) -> ET.Element:
    """The whole table, seen by ``view.viewer`` (or everything, for an omniscient view), arranged by ``layout``
    (not ``interactive``: a picture, see :func:`render_table`)."""
    svg = node("svg", xmlns=SVG_NS, viewBox=layout.view_box, class_=f"table layout-{layout.kind}", role="group",
              aria_label=text("title"), font_family=FONT_FAMILY)  # fmt: skip
    if defs:
        svg.append(symbol_defs(colours))
    if layout.kind == "wide":
        x = layout.info[0] - 20 * layout.words
        node("rect", svg, class_="sidebar", x=x, y=0, width=layout.width - x, height=layout.height,
            fill=colours["sidebar"])  # fmt: skip
    else:
        node("rect", svg, class_="sidebar", x=0, y=0, width=layout.width, height=STRIP_HEIGHT, fill=colours["sidebar"])
    cx, cy, rx, ry = layout.felt
    node("ellipse", svg, class_="felt", cx=cx, cy=cy, rx=rx, ry=ry, fill=colours["felt"], stroke=colours["felt-edge"],
        stroke_width=14)  # fmt: skip
    _sidebar(svg, view, names, colours, layout)
    seats = view.seats or _undealt_seats(view)
    if not seats:
        return svg
    choices = Choices({a.card: a for a in view.legal_actions if a.card is not None}, interactive)
    bottom = _bottom_position(view, seats)
    count = len(seats)
    for info in seats:
        offset = (info.position - bottom) % count
        _seat(svg, view, info, offset, names, choices, colours, layout)
    if view.seats:
        _trick(svg, view, bottom, names, choices, colours, layout)
    return svg


@dataclass(frozen=True)
class Choices:
    """The viewer's decision on the table: the card of each legal action, and whether the
    table acts on them (the page's) or only marks them (a picture: a replay, a diagram)."""

    actions: Mapping[int, Action]
    interactive: bool = True


def _undealt_seats(view: View) -> tuple[SeatInfo, ...]:
    """Before the deal (Double You's choices): the hand's places, without cards."""
    plan = view.plan
    if plan is None:
        return ()
    return tuple(
        SeatInfo(position, seat, controller, side, dummy, None, 0, None, (), None)
        for position, (seat, controller, side, dummy) in enumerate(
            zip(plan.seats, plan.controllers, plan.sides, plan.dummies, strict=True)
        )
    )


def _bottom_position(view: View, seats: Sequence[SeatInfo]) -> int:
    """The viewer's own place sits at the bottom (an omniscient view: the dealer's left)."""
    for info in seats:
        if info.seat == view.viewer and not info.is_dummy:
            return info.position
    return 1 % len(seats)


def seat_name(info: SeatInfo, names: Sequence[str]) -> str:
    """A seat's display name: the player's, or "Dummy of …"."""
    return seat_label(names, info.seat, info.controller, info.is_dummy)


#: Each team's mark: its colour (never a suit's green), its plate's line pattern, and its letter.
TEAM_MARKS = {"blue": ("team-blue", None, "A"), "rose": ("team-rose", "10 5", "B"), "alone": ("team-brown", "3 4", "")}


def team_mark(view: View, side: int) -> tuple[str, str | None, str]:
    """The mark of ``side``: a lone dealer's brown, dotted; then team A (blue, solid) and
    team B (rose, dashed). Colour, pattern and letter each tell the teams apart."""
    assert view.plan is not None
    lone_dealer = view.plan.sides.count(0) == 1
    order = ("alone", "blue", "rose") if lone_dealer else ("blue", "rose", "alone")
    return TEAM_MARKS[order[side]]


def _seat(
    svg: ET.Element,
    view: View,
    info: SeatInfo,
    offset: int,
    names: Sequence[str],
    choices: Choices,
    colours: Mapping[str, str],
    layout: Layout,
) -> None:
    assert view.plan is not None
    name = seat_name(info, names)
    acting = view.to_act is not None and view.to_act.seat == info.seat and view.phase != "double"
    classes = f"seat side-{info.side}" + (" to-act" if acting else "") + (" dummy" if info.is_dummy else "")
    group = node("g", svg, class_=classes, role="group", aria_label=name, data_seat=info.seat)
    if offset == 0:
        x, y = layout.own_plate
    else:
        x, y = seat_anchor(offset, view.plan.positions, layout)
    if info.is_dummy:
        where = dummy_place(offset, view.plan.positions, layout)
        _dummy(group, view, info, where, choices, colours)
        x, y = where.plate
    elif info.hand is not None and offset == 0:
        _own_hand(group, view, info, name, choices, colours, layout)
    elif info.hand is not None:
        _open_hand(group, info, x, y - 36 * layout.words, colours)  # an omniscient view: every hand open
    elif info.hand_size:
        _backs(group, info.hand_size, x, y - 36 * layout.words, colours)
    _plate(group, view, info, name, (x, y), acting, x > layout.centre[0] + 1, colours, layout.words)
    _collection(group, info, names, (x, y), offset == 0, colours, layout.words)


def _plate(
    group: ET.Element,
    view: View,
    info: SeatInfo,
    name: str,
    at: tuple[float, float],
    acting: bool,
    right: bool,
    colours: Mapping[str, str],
    scale: float = 1.0,
) -> None:
    """A player's plate centred ``at`` (``scale`` times its size): name, cards and points, side,
    turn, dealer and doubling marks; the side's letter on the edge away from the table's middle
    (``right`` of it or not), clear of the trick."""
    assert view.plan is not None
    x, y = at
    width, height = PLATE_SIZE
    grown = f" scale({scale:g})" if scale != 1 else ""
    plate = node("g", group, class_="plate",
                 transform=f"translate({x - width / 2 * scale:.1f},{y - height / 2 * scale:.1f}){grown}")  # fmt: skip
    colour, dashes, letter = team_mark(view, info.side)
    node("rect", plate, width=width, height=height, rx=10, fill=colours["plate"], stroke=colours[colour],
        stroke_width=4, stroke_dasharray=dashes, class_="team-mark")  # fmt: skip
    if letter:
        badge = node("g", plate, class_="team-badge", transform=f"translate({width if right else 0},{height // 2})",
                    role="img", aria_label=text("team", letter=letter))  # fmt: skip
        node("circle", badge, r=PLATE_LETTER, fill=colours[colour])
        _text(badge, "chip-text", letter, y=5, text_anchor="middle", fill="#ffffff")
    if acting:
        node("rect", plate, x=-5, y=-5, width=170, height=60, rx=13, fill="none", stroke=colours["highlight"],
            stroke_width=3, class_="turn-mark")  # fmt: skip
    _text(plate, "seat-name", name, width - 12, x=width // 2, y=21, text_anchor="middle", fill=colours["text"])
    details = [plural_text("cards-left", info.hand_size)]
    if not info.is_dummy:
        details.append(text("points", points=view.totals[info.seat]))
    _text(plate, "seat-info", " · ".join(details), x=80, y=40, text_anchor="middle", fill=colours["muted"])
    if not info.is_dummy and view.doubling[info.seat]:  # D7: shown once every choice is revealed
        mark = node("g", plate, class_="doubled-mark", transform="translate(14,-6)", role="img",
                   aria_label=text("doubled"))  # fmt: skip
        node("rect", mark, x=-14, y=-12, width=30, height=22, rx=6, fill=colours["highlight"])
        _text(mark, "chip-text", text("doubled-mark"), x=1, y=5, text_anchor="middle", fill="#1a1a1a")
    if info.seat == view.plan.dealer and not info.is_dummy:
        chip = node(
            "g", plate, class_="dealer-chip", transform="translate(146,-6)", role="img", aria_label=text("dealer")
        )
        node("circle", chip, r=13, fill=colours["card"], stroke=colours["team-brown"], stroke_width=3)
        _text(chip, "chip-text", text("dealer-letter"), y=5, text_anchor="middle", fill=colours["team-brown"])


def _collection(
    group: ET.Element,
    info: SeatInfo,
    names: Sequence[str],
    at: tuple[float, float],
    beside: bool,
    colours: Mapping[str, str],
    plate: float = 1.0,
) -> None:
    """The seat's collected cards: beside the viewer's plate, under the others' (a plate of
    ``plate`` times its size centred ``at``)."""
    if not info.collection:
        return
    row = node("g", group, class_="collection", role="group",
              aria_label=text("collection-of", name=seat_name(info, names)))  # fmt: skip
    x, y = at
    half_width, half_height = (size // 2 * plate for size in PLATE_SIZE)
    left, top = (x + half_width + 6, y - 26) if beside else (x - 12 * len(info.collection) - 6, y + half_height + 3)
    for k, card in enumerate(info.collection):
        drawn = place(card_face(card, colours), left + k * 24, top, 0.5)
        row.append(_label_card(drawn, card_text(card), None, None))


def _backs(group: ET.Element, count: int, x: float, y: float, colours: Mapping[str, str]) -> None:
    fan = node("g", group, class_="backs", role="img", aria_label=plural_text("cards-left", count))
    step = 7
    left = x - (CARD_W * 0.45 + step * (count - 1)) / 2
    for k in range(count):
        back = place(card_back(colours), left + k * step, y - CARD_H * 0.45 / 2, 0.45)
        back.set("aria-hidden", "true")  # the fan says how many
        fan.append(back)


def _open_hand(group: ET.Element, info: SeatInfo, x: float, y: float, colours: Mapping[str, str]) -> None:
    cards = info.hand or ()
    row = node("g", group, class_="open-hand", role="group", aria_label=plural_text("cards-left", len(cards)))
    step = 18
    left = x - (CARD_W * 0.45 + step * (len(cards) - 1)) / 2
    for k, card in enumerate(cards):
        row.append(
            _label_card(place(card_face(card, colours), left + k * step, y - 24, 0.45), card_text(card), None, None)
        )


def _own_hand(
    group: ET.Element,
    view: View,
    info: SeatInfo,
    name: str,
    choices: Choices,
    colours: Mapping[str, str],
    layout: Layout,
) -> None:
    hand = node("g", group, class_="hand", role="group", aria_label=text("hand-of", name=name))
    cards = list(info.hand or ())
    acting = _acts_for(view, info)
    scale = layout.hand_scale
    top = layout.hand_top
    for row in hand_rows(layout, len(cards)):
        step = hand_step(layout, row)
        left = layout.hand_centre - (CARD_W * scale + step * (row - 1)) / 2
        for k, card in enumerate(cards[:row]):
            lift = -14 if acting and card in choices.actions else 0
            hand.append(_decision_card(card, view, acting, choices, colours, left + k * step, top + lift, scale))
        cards = cards[row:]
        top += ROW_GAP


def _acts_for(view: View, info: SeatInfo) -> bool:
    """Whether the viewer decides for this seat right now."""
    return bool(view.legal_actions) and view.to_act is not None and view.to_act.seat == info.seat


def _reason(view: View, card: int) -> str | None:
    code = view.reasons.get(card)
    return reason_text(code, card, view.led) if code else None


def _dummy(
    group: ET.Element,
    view: View,
    info: SeatInfo,
    where: DummyPlace,
    choices: Choices,
    colours: Mapping[str, str],
) -> None:
    """A dummy's layout at ``where``: each column's face-down card, the face-up card over it."""
    layout = node("g", group, class_="dummy-layout", role="group", aria_label=plural_text("cards-left", info.hand_size))
    scale = where.scale
    acting = _acts_for(view, info)
    for col, (down, up) in enumerate(info.layout or ()):
        cx, top = where.column(col)
        if down == HIDDEN:
            layout.append(_label_card(place(card_back(colours), cx, top, scale), text("face-down"), None, None))
        elif down != EMPTY:
            layout.append(_decision_card(down, view, acting, choices, colours, cx, top, scale))
        if up != EMPTY:
            up_top = top + CARD_H * scale * DUMMY_UP
            layout.append(_decision_card(up, view, acting, choices, colours, cx, up_top, scale))


def _decision_card(
    card: int,
    view: View,
    acting: bool,
    choices: Choices,
    colours: Mapping[str, str],
    x: float,
    y: float,
    scale: float = 1.0,
    note: str = "",
) -> ET.Element:
    """A face-up card the viewer may be deciding about: its action if legal, its reason if not."""
    action = choices.actions.get(card) if acting else None
    reason = _reason(view, card) if acting and action is None else None
    label = action_text(action) if action is not None and choices.interactive else card_text(card) + note
    drawn = place(card_face(card, colours), x, y, scale)
    return _label_card(drawn, label, action, reason, colours, choices.interactive)


def _trick(
    svg: ET.Element,
    view: View,
    bottom: int,
    names: Sequence[str],
    choices: Choices,
    colours: Mapping[str, str],
    layout: Layout,
) -> None:
    """The trick in progress in the table's middle, each card before its player; between
    tricks, the one just completed, its winning card and the card taken marked."""
    count = len(view.seats)
    picking = view.phase == "pick" and bool(view.legal_actions)
    plays: list[tuple[int, int]] = list(view.trick)
    done = None
    if not plays and view.tricks and view.phase in ("play", "pick"):
        done = view.tricks[-1]
        plays = done.plays(count)
    label = text("trick") if done is None else text("last-trick", name=seat_name(view.seats[done.winner], names))
    trick = node("g", svg, class_="trick" if done is None else "trick done", role="group", aria_label=label)
    for position, card in plays:
        info = view.seats[position]
        scale = layout.trick_scale
        x, y = trick_spot((position - bottom) % count, count, layout)
        burnt = card in (view.burnt if done is None else done.burnt)
        note = f", {text('played-by', name=seat_name(info, names))}" + (f", {text('burnt')}" if burnt else "")
        if done is not None:
            note += _outcome_note(done, position, card)
        drawn = _decision_card(card, view, picking and card < FIRST_WILD, choices, colours, x, y, scale, note)
        drawn.set("data-from", str(info.seat))
        if done is not None:
            _mark_outcome(drawn, done, position, card, colours)
            if position != done.winner:  # a completed trick fades but for its winning card
                drawn.set("opacity", "0.8")
        if burnt:
            drawn.set("class", drawn.get("class", "") + " burnt")
            node("rect", drawn, width=CARD_W, height=CARD_H, rx=8, fill=colours["burnt"], opacity=0.55)
        trick.append(drawn)


def _outcome_note(trick: Trick, position: int, card: int) -> str:
    """What a card of a completed trick did, for its accessible name."""
    return (f", {text('won')}" if position == trick.winner else "") + (
        f", {text('taken')}" if card == trick.picked else ""
    )


def _mark_outcome(drawn: ET.Element, trick: Trick, position: int, card: int, colours: Mapping[str, str]) -> None:
    """Mark a completed trick's winning card and the card taken (classes, and the face's edge)."""
    for mark, colour, applies in (
        ("winner", "highlight", position == trick.winner),
        ("picked", "taken", card == trick.picked),
    ):
        if applies:
            drawn.set("class", f"{drawn.get('class', '')} {mark}")
            face = drawn.find("rect[@class='card-face']")
            if face is not None:
                face.set("stroke", colours[colour])
                face.set("stroke-width", "4")


#: Where the tall strip's last trick's cards begin, right of its label (units).
LAST_TRICK_INDENT = 220


def _last_trick(side: ET.Element, view: View, names: Sequence[str], colours: Mapping[str, str], layout: Layout) -> None:
    """The hand's last completed trick, its winner and pick, so a finished trick can still be read."""
    if not view.tricks:
        return
    trick = view.tricks[-1]
    winner = seat_name(view.seats[trick.winner], names) if view.seats else ""
    label = text("last-trick", name=winner)
    group = node("g", side, class_="last-trick", role="group", aria_label=label)
    if layout.kind == "wide":
        x, y, scale, step = layout.info[0], 232.0, 0.58, 46.0
        _text(group, "small-heading", label, x=x, y=y, fill=colours["muted"])
    else:  # the strip's second line: the label on the left, the cards beside it
        x, y, scale, step = layout.info[0] + LAST_TRICK_INDENT, 84.0, 0.5, 42.0
        room = LAST_TRICK_INDENT - 10  # a long name ("Dummy of Player 1") squeezed, clear of the cards
        _text(group, "small-heading", label, room, x=layout.info[0], y=y + 40, fill=colours["muted"])
    for k, (position, card) in enumerate(trick.plays(len(view.seats))):
        note = f", {text('played-by', name=seat_name(view.seats[position], names))}" + _outcome_note(
            trick, position, card
        )
        drawn = place(card_face(card, colours), x + k * step, y + 12, scale)
        _mark_outcome(drawn, trick, position, card, colours)
        if card in trick.burnt:
            drawn.set("class", drawn.get("class", "") + " burnt")
        group.append(_label_card(drawn, card_text(card) + note, None, None))


def shown_hand(view: View) -> tuple[int, tuple[int, ...], int | None]:
    """The hand the sidebar names (its number from 0, proposal and trump): the one under way, or the
    one just scored while the next waits to be dealt (its scores are on the table)."""
    if view.phase == "deal" and view.results:
        scored = view.results[-1]
        return scored.plan.number, tuple(scored.proposal), scored.trump
    return view.hand_number, tuple(view.proposal), view.trump


def _sidebar(svg: ET.Element, view: View, names: Sequence[str], colours: Mapping[str, str], layout: Layout) -> None:
    """The proposal, trump, the hand's number, the last trick and (wide) the totals:
    a panel on the right, or a strip along the top of a tall table."""
    side = node("g", svg, class_="info")
    wide = layout.kind == "wide"
    x = layout.info[0]
    if layout.words != 1:  # larger, from its top left corner
        side.set("transform", f"translate({x * (1 - layout.words):.1f},0) scale({layout.words:g})")
    heading = "heading" if wide else "small-heading"
    number, proposal, trump_suit = shown_hand(view)
    _text(side, heading, text("proposal"), x=x, y=40 if wide else 22, fill=colours["text"])
    for k, family in enumerate(proposal):
        subject = subject_card(family, colours)
        side.append(place(subject, x + k * 48, 54, 0.6) if wide else place(subject, x + k * 40, 32, 0.5))
    trump_text = text("no-trump") if trump_suit == NO_TRUMP_SUIT else (
        text("trump-suit", suit=suit_text(trump_suit)) if trump_suit is not None else ""
    )  # fmt: skip
    trump = node("g", side, class_="trump", role="img", aria_label=trump_text or text("trump"))
    trump_x, trump_y = (x, 150.0) if wide else (x + 220, 30.0)
    _text(trump, heading, trump_text, x=trump_x, y=trump_y, fill=colours["text"])
    if trump_suit is not None and trump_suit >= 0:  # after the words, however long ("Briscola: arancione")
        size = TYPE[heading][0]
        symbol_x = max(x + 180 if wide else trump_x + 150, trump_x + len(trump_text) * size * 0.62 + 8)
        _symbol(trump, trump_suit, symbol_x, trump_y - 26, 34, colours[SUIT_COLOUR_KEYS[trump_suit]])
        trump.set("data-trump", SUIT_LETTERS[trump_suit])
    hand = text("hand-number", number=number + 1)
    _text(side, heading, hand, x=trump_x, y=trump_y + (40 if wide else 26), fill=colours["muted"])
    _last_trick(side, view, names, colours, layout)
    if not wide:
        return  # the plates show each player's total
    scores = node("g", side, class_="totals")
    for player, total in enumerate(view.totals):
        row_y = 400 + player * 26
        _text(scores, "total-name", names[player], x=x, y=row_y, fill=colours["text"])
        _text(scores, "total-points", str(total), x=x + 230, y=row_y, text_anchor="end", fill=colours["text"])


def collection_figure(proposal: Sequence[int], cards: Sequence[int], colours: Mapping[str, str] = COLOURS) -> str:
    """A side's collection against the proposal, as a small SVG: each subject card with
    the card collected for it below, or an empty dashed place where one is missing. It
    uses the table's ``<defs>`` (the table is always drawn beneath the summary)."""
    scale, step = 0.5, 42.0
    svg = node("svg", xmlns=SVG_NS, viewBox=f"0 0 {step * len(proposal) + 4:g} 118", class_="collection-figure",
              role="img", aria_hidden="true", font_family=FONT_FAMILY)  # fmt: skip
    left = list(cards)
    for k, family in enumerate(sorted(proposal)):
        x = 2 + k * step
        svg.append(place(subject_card(family, colours), x, 2, scale))
        match = next((c for c in left if FAMILY_OF[c] == family), None)
        if match is None:
            node("rect", svg, class_="missing", x=x, y=60, width=CARD_W * scale, height=CARD_H * scale, rx=4,
                fill="none", stroke=colours["muted"], stroke_dasharray="4 3")  # fmt: skip
        else:
            left.remove(match)
            svg.append(place(card_face(match, colours), x, 60, scale))
    return svg_text(svg)
