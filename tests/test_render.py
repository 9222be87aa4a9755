"""The SVG table: structure, accessible names, hidden cards, and golden files."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from html import escape, unescape
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.codes import bits_of
from farfalia.games.farfalia.engine.cards import card_label
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.engine.views import omniscient_view, seat_view
from farfalia.games.farfalia.page.render import (
    CARD_H,
    CARD_W,
    COLOURS,
    SVG_NS,
    dummy_place,
    render_table,
    seat_anchor,
    trick_spot,
)
from farfalia.games.farfalia.records.examples import BARBARA, EXAMPLE_ACTIONS, play
from farfalia.ui.layout import (
    MAX_WIDTH,
    MAX_WORDS,
    PANEL_WIDTH,
    SHORT_HEIGHT,
    STRIP_HEIGHT,
    TOUCH_TARGET,
    Layout,
    layout_for,
    wide,
)
from farfalia.ui.screen import page_markup
from farfalia.ui.svg import svg_text

GOLDEN = Path(__file__).parent / "golden"
NS = {"svg": "http://www.w3.org/2000/svg"}
NAMES = ["Andrew", "Barbara", "Carl", "Daniel", "Emma"]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cards_in(root: ET.Element, selector: str = "card") -> list[ET.Element]:
    return [el for el in root.iter() if selector in (el.get("class") or "").split()]


def labels(root: ET.Element) -> set[str]:
    return {el.get("aria-label", "") for el in root.iter()}


@pytest.fixture
def barbara_picks(example: Game) -> Game:
    words = EXAMPLE_ACTIONS.split()[3:]  # after Andrew's discard and trump, as the fixture
    play(example, *words[: words.index("pick:R10")])
    return example


def test_pick_offers_exactly_the_legal_cards(barbara_picks: Game) -> None:
    root = parse(render_table(seat_view(barbara_picks, BARBARA), NAMES))
    trick = next(el for el in root.iter() if el.get("class") == "trick")
    offered = sorted(el.get("data-action") for el in cards_in(trick, "legal"))
    assert offered == ["pick:O4", "pick:O7", "pick:R10"]
    refused = {el.get("aria-label") for el in cards_in(trick, "illegal")}
    assert any("fish" in label and "proposal asks for" in label for label in refused)
    stops = [el.get("tabindex") for el in cards_in(trick, "legal")]
    assert stops == ["0", "-1", "-1"]  # one tab stop; the arrow keys move between them
    assert all(el.get("role") == "button" for el in cards_in(trick, "legal"))
    assert all(el.get("tabindex") == "-1" for el in cards_in(trick, "illegal"))


def test_a_picture_marks_the_choices_but_acts_on_none(barbara_picks: Game) -> None:
    """A replay or a diagram: the cards that could be taken are marked and named so, with
    who played them, and none is a button, a tab stop or a focus ring."""
    root = parse(render_table(seat_view(barbara_picks, BARBARA), NAMES, interactive=False))
    trick = next(el for el in root.iter() if el.get("class") == "trick")
    marked = cards_in(trick, "legal")
    assert sorted(el.get("data-card") for el in marked) == ["O4", "O7", "R10"]
    for el in marked:
        assert el.get("role") == "img" and el.get("data-action") is None
        assert "played by" in el.get("aria-label", "") and el.get("aria-label", "").endswith("could be played")
    assert not [el for el in root.iter() if el.get("tabindex") or el.get("class") == "focus-ring"]


def test_only_the_viewer_hand_is_drawn_face_up(barbara_picks: Game) -> None:
    state = barbara_picks.state
    root = parse(render_table(seat_view(barbara_picks, BARBARA), NAMES))
    shown = labels(root)
    for pos, seat in enumerate(state.plan.seats):
        for card in bits_of(state.hands[pos]):
            assert (any(label.startswith(card_label(card)) for label in shown)) == (seat == BARBARA)
    for card in state.discards:  # Andrew's discards stay unseen
        assert not any(label.startswith(card_label(card)) for label in shown)


def test_every_card_has_an_accessible_name(barbara_picks: Game) -> None:
    root = parse(render_table(omniscient_view(barbara_picks), NAMES))
    for el in cards_in(root):
        assert el.get("aria-label") or el.get("aria-hidden") == "true", ET.tostring(el)[:80]
    root = parse(render_table(seat_view(barbara_picks, 0), NAMES))
    for el in cards_in(root):
        assert el.get("aria-label") or el.get("aria-hidden") == "true", ET.tostring(el)[:80]


def test_dummy_layout_hides_face_down_cards() -> None:
    game = Game(Settings("three", first_dealer=0), seed=2)
    root = parse(render_table(seat_view(game, 1), NAMES[:3]))
    backs = [el for el in root.iter() if el.get("aria-label") == "face-down card"]
    assert len(backs) == 6
    dummy_up = {card_label(c) for c in bits_of(game.state.hands[2])}
    assert dummy_up <= labels(root)


def test_colours_can_be_overridden() -> None:
    game = Game(Settings("four", first_dealer=0), seed=2)
    svg = render_table(seat_view(game, 0), NAMES[:4], {**COLOURS, "felt": "#123456"})
    assert 'fill="#123456"' in svg and COLOURS["felt"] not in svg


@pytest.mark.parametrize(
    ("name", "mode", "viewer", "steps"), [("basic5-pick", "basic5", None, 0), ("three-play", "three", 0, 9)]
)
def test_golden_svg(name: str, mode: str, viewer: int | None, steps: int, barbara_picks: Game) -> None:
    if mode == "basic5":
        svg = render_table(seat_view(barbara_picks, BARBARA), NAMES)
    else:
        game = Game(Settings(mode, first_dealer=0), seed=4)
        for _ in range(steps):
            game.apply(game.legal_actions()[0])
        svg = render_table(seat_view(game, viewer or 0), NAMES[:3])
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(svg)
    assert svg == path.read_text(), f"{path} differs: rerun with UPDATE_GOLDEN=1 after checking the change by eye"


@pytest.mark.parametrize("size", [(374, 560), (752, 813), (804, 1000), (359, 450), (600, 610)])
def test_the_tall_table_is_as_wide_as_its_stage(size: tuple[int, int]) -> None:
    """An upright stage less slender than the tall table gets a wider table, never bands at its
    sides (a tablet's 752 px stage showed a table 530 px wide), its felt and hand inside it."""
    width, height = size
    layout = layout_for(width, height)
    assert layout.kind == "tall"
    assert layout.width / layout.height == pytest.approx(width / height, abs=0.002)
    game = Game(Settings("basic5", first_dealer=0), seed=2)
    root = parse(render_table(seat_view(game, 0), NAMES, layout=layout))
    assert root.get("viewBox") == layout.view_box
    felt_x, _, felt_rx, _ = layout.felt
    assert felt_rx <= felt_x <= layout.width - felt_rx
    assert layout.hand_centre + layout.hand_span / 2 <= layout.width


@pytest.mark.parametrize("size", [(375, 330), (375, 300), (390, 360), (768, 700), (600, 500)])
def test_a_nearly_square_stage_keeps_the_upright_table_with_larger_cards(size: tuple[int, int]) -> None:
    """A phone upright whose bar has grown (a lesson's words, a list of choices) leaves a stage
    a little wider than tall: it keeps the upright table, whose hand is larger on screen there
    than the landscape table's would be (it flipped to a landscape table a third of the screen)."""
    width, height = size
    layout, landscape = layout_for(width, height), wide(width / height, height < SHORT_HEIGHT)
    assert layout.kind == "tall" and width > height

    def card_width(drawn: Layout) -> float:
        return min(width / drawn.width, height / drawn.height) * CARD_W * drawn.hand_scale

    assert card_width(layout) > card_width(landscape)


@pytest.mark.parametrize("size", [(1350, 504), (828, 337), (1904, 980), (1264, 698), (1600, 1000), (3000, 700)])
def test_the_wide_table_is_as_wide_as_its_stage_and_its_words_grow(size: tuple[int, int]) -> None:
    """A landscape stage wider than the table's proportions gets a wider table (a laptop's
    1350 x 552 stage showed a drawing 883 px wide between bands): the information panel and the
    plates grow with the width (up to half as large again), the table centred left of the panel."""
    width, height = size
    layout = layout_for(width, height)
    assert layout.kind == "wide"
    if width / height <= 1.6:
        assert layout.width == 1280 and layout.words == 1
    elif layout.width < MAX_WIDTH:
        assert layout.width / layout.height == pytest.approx(width / height, abs=0.002)
    assert 1 <= layout.words <= MAX_WORDS
    game = Game(Settings("basic5", first_dealer=0), seed=2)
    root = parse(render_table(seat_view(game, 0), NAMES, layout=layout))
    assert root.get("viewBox") == layout.view_box
    panel = float(next(rect for rect in root.iter(f"{{{SVG_NS}}}rect") if rect.get("class") == "sidebar").get("x", ""))
    assert layout.info[0] + (PANEL_WIDTH - 40) * layout.words <= layout.width  # the panel's words inside
    felt_x, _, felt_rx, _ = layout.felt
    assert felt_x - felt_rx >= 0 and felt_x + felt_rx <= panel
    assert felt_x == pytest.approx(panel / 2, abs=1) or layout.width == 1280  # centred in what is left


Box = tuple[float, float, float, float]


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def free_target(card: Box, others: list[Box], size: tuple[float, float]) -> bool:
    """Whether a box of ``size`` lies on ``card`` clear of every other card (all of them laid over it)."""
    width, height = size
    xs = [card[0], *(o[2] for o in others), *(o[0] - width for o in others)]
    ys = [card[1], *(o[3] for o in others), *(o[1] - height for o in others)]
    spots = [(x, y, x + width, y + height) for x in xs for y in ys]
    return any(
        card[0] <= spot[0] and card[1] <= spot[1] and spot[2] <= card[2] and spot[3] <= card[3]
        and not any(overlap(spot, other) for other in others)
        for spot in spots
    )  # fmt: skip


#: Upright stages (CSS px): phones from an iPhone SE to a large Android, tablets.
UPRIGHT_STAGES = [(359, 427), (374, 560), (396, 622), (414, 594), (398, 480), (752, 813), (804, 990)]


@pytest.mark.parametrize("stage", UPRIGHT_STAGES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_upright_trick_is_clear_of_the_plates_and_each_card_can_be_picked(
    stage: tuple[int, int], players: int
) -> None:
    """Each card of the trick lies before its player, clear of every plate (with its side's letter,
    dealer chip and doubling mark: a narrow phone's trick covered a plate's letter), and leaves a
    finger's target free when every other card lies over it (a card may be picked from the trick)."""
    layout = layout_for(*stage)
    unit = stage[0] / layout.width  # CSS px a drawing unit
    width, height = CARD_W * layout.trick_scale, CARD_H * layout.trick_scale
    cards: list[Box] = [
        (x, y, x + width, y + height) for x, y in (trick_spot(offset, players, layout) for offset in range(players))
    ]
    plates: list[Box] = []
    for offset in range(players):
        x, y = layout.own_plate if offset == 0 else seat_anchor(offset, players, layout)
        letter = x + 80 if x > layout.centre[0] + 1 else x - 80  # the side's letter, on the outer edge
        plates += [(x - 80, y - 44, x + 80, y + 25), (letter - 11, y - 11, letter + 11, y + 11)]  # marks above
    assert not [card for card in cards for plate in plates if overlap(card, plate)]
    target = (TOUCH_TARGET[0] / unit - 1, TOUCH_TARGET[1] / unit - 1)  # (a pixel's rounding)
    assert all(free_target(card, [other for other in cards if other != card], target) for card in cards)


#: Landscape stages (CSS px): a phone on its side, a small window, laptops, a monitor.
LANDSCAPE_STAGES = [(828, 337), (653, 300), (1008, 447), (584, 447), (1350, 552), (1264, 698), (1904, 980)]


@pytest.mark.parametrize("stage", UPRIGHT_STAGES + LANDSCAPE_STAGES)
@pytest.mark.parametrize("mode", ["two", "three"])
def test_a_dummy_lies_clear_of_the_trick_the_plates_and_the_panel(stage: tuple[int, int], mode: str) -> None:
    """Seen from each seat, a dummy's layout and its plate lie inside the table, clear of every
    card of the trick, of the other plates (their letters, marks and backs), of each other, of
    the hand and of the information: a phone on its side drew a dummy's plate over its face-up
    cards and the side dummy under the trick."""
    layout = layout_for(*stage)
    game = Game(Settings(mode, first_dealer=0), seed=2)
    positions = game.plan.positions
    top = STRIP_HEIGHT if layout.kind == "tall" else 0.0
    right = layout.info[0] if layout.kind == "wide" else layout.width
    card_w, card_h = CARD_W * layout.trick_scale, CARD_H * layout.trick_scale
    trick: list[Box] = [(x, y, x + card_w, y + card_h) for x, y in (trick_spot(k, positions, layout) for k in range(4))]
    for viewer in (position for position in range(positions) if not game.plan.dummies[position]):
        things: list[Box] = [*trick, (0, layout.hand_top, layout.width, layout.height)]
        mine: list[Box] = []
        for offset in range(positions):
            if game.plan.dummies[(viewer + offset) % positions]:
                place = dummy_place(offset, positions, layout)
                px, py = place.plate
                width, height, letter = 80 * layout.words, 25 * layout.words, 11 * layout.words
                outer_left, outer_right = (0, letter) if px > layout.centre[0] + 1 else (letter, 0)  # its outer edge
                mine += [place.box, (px - width - outer_left, py - height, px + width + outer_right, py + height)]
                assert place.scale >= 0.45, (offset, place)
                continue
            words = layout.words
            x, y = layout.own_plate if offset == 0 else seat_anchor(offset, positions, layout)
            things.append((x - 91 * words, y - 44 * words, x + 91 * words, y + 25 * words))
            if offset:
                things.append((x - 58, y - 36 * words - 24, x + 58, y - 36 * words + 24))  # its backs
        for box in mine:
            assert box[0] >= 0 and box[2] <= right and box[1] >= top, (viewer, box)
            assert not [other for other in things if overlap(box, other)], (viewer, box)
        assert not [(a, b) for k, a in enumerate(mine) for b in mine[k + 1 :] if overlap(a, b)]


TAGS = st.sampled_from(["svg", "g", "rect", "text", "use", "title"])
#: Words with every character the markup escapes, and others.
WORDS = st.text(alphabet=st.sampled_from(list("ab é&<>\"'\r\n\t;#1=")), max_size=12)


@st.composite
def elements(draw: st.DrawFn, depth: int = 3) -> ET.Element:
    """A tree of elements as the renderers build them: attributes, texts and tails of any words."""
    attributes = draw(st.dictionaries(st.sampled_from(["x", "class", "data-action", "aria-label", "d"]), WORDS))
    element = ET.Element(draw(TAGS), attributes)
    element.text = draw(st.one_of(st.none(), WORDS))
    element.tail = draw(st.one_of(st.none(), WORDS))
    if depth:
        element.extend(draw(st.lists(elements(depth - 1), max_size=3)))
    return element


@settings(max_examples=300, deadline=None)
@given(elements())
def test_a_table_is_written_as_element_tree_writes_it(element: ET.Element) -> None:
    """:func:`svg_text`, the renderers' own writer (faster), writes what ``ET.tostring`` writes."""
    assert svg_text(element) == ET.tostring(element, encoding="unicode")


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=("Cs",)).filter(str.isprintable)))
def test_the_page_is_written_in_ascii_and_reads_the_same(words: str) -> None:
    """:func:`page_markup`: the markup the page writes is ASCII (Pyodide hands it over at once),
    and a browser reads from it the same text (every other character a numeric reference)."""
    markup = f'<text aria-label="{escape(words)}">{escape(words)}</text>'
    written = page_markup(markup)
    assert written.isascii()
    assert unescape(written) == unescape(markup)


def test_markup_with_a_control_character_no_reference_names_is_left_as_it_is() -> None:
    """``&#128;`` reads as "€" in HTML: markup holding U+0080 is written as it is."""
    assert page_markup("<p>é\x80</p>") == "<p>é\x80</p>"
    assert page_markup("<p>é·</p>") == "<p>&#233;&#183;</p>"


def test_a_drawn_table_is_written_in_ascii(barbara_picks: Game) -> None:
    """A table holding other characters (its middle dots) is written in ASCII, and parses to the
    same SVG."""
    table = render_table(seat_view(barbara_picks, BARBARA), NAMES)
    written = page_markup(table)
    assert not table.isascii() and written.isascii()
    assert ET.tostring(parse(written)) == ET.tostring(parse(table))
