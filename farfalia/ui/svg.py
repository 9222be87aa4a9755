"""What every game's SVG table shares (in the manner of ``chess.svg``): elements built with
:mod:`xml.etree.ElementTree` and written out (:func:`svg_text`), words squeezed into their room,
the type's family, and the table's own colours (the felt, the words, the cards' faces and backs,
the marks), in a dark and a light theme. Each game adds its cards' colours."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from typing import Final

SVG_NS: Final = "http://www.w3.org/2000/svg"
FONT_FAMILY: Final = "'DejaVu Sans', 'Segoe UI', system-ui, sans-serif"

#: The table's colours, whatever the game (a game adds its own: its suits, its families).
TABLE_COLOURS: Final[dict[str, str]] = {
    "felt": "#1d5c45",
    "felt-edge": "#143f30",
    "sidebar": "#12382b",
    "text": "#f6f1e3",
    "muted": "#b9c9bf",
    "card": "#fffdf6",
    "card-edge": "#4a4a4a",
    "back": "#2b4f7e",
    "back-pattern": "#4f7bb0",
    "highlight": "#ffd23f",
    "taken": "#7fe0a6",
    "plate": "#0e2a20",
    # The sides: A, B, and a player alone.
    "team-blue": "#3b82f6",
    "team-rose": "#e0528f",
    "team-brown": "#8b5a2b",
    # The focus ring: dark against the card's face, light against the felt (tests/test_colours.py).
    "focus-inner": "#1a1a1a",
    "focus-outer": "#ffd23f",
}
#: The light table's changes, for pages with a light background (``theme=light`` in a link).
LIGHT_TABLE: Final[dict[str, str]] = {
    "felt": "#cfe6d6",
    "felt-edge": "#9fc4ad",
    "sidebar": "#e8f0eb",
    "text": "#17261e",
    "muted": "#3f5248",
    "plate": "#f7fbf8",
}


def node(tag: str, parent: ET.Element | None = None, **attributes: object) -> ET.Element:
    """An SVG element; ``class_`` and ``data_x`` spell ``class`` and ``data-x``."""
    attrs = {key.rstrip("_").replace("_", "-"): str(value) for key, value in attributes.items() if value is not None}
    element = ET.Element(tag, attrs) if parent is None else ET.SubElement(parent, tag, attrs)
    return element


#: What an attribute's value must escape (as :mod:`xml.etree.ElementTree` escapes it), and a text.
ATTRIBUTE_ESCAPES: Final = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"),
                            ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))  # fmt: skip
TEXT_ESCAPES: Final = ATTRIBUTE_ESCAPES[:3]
_ESCAPED_IN_ATTRIBUTES = re.compile('[&<>"\r\n\t]').search
_ESCAPED_IN_TEXT = re.compile("[&<>]").search


def svg_text(element: ET.Element) -> str:
    """The element as markup: what ``ET.tostring(element, encoding="unicode")`` writes for the
    tables' elements (plain tags, no namespaces but a plain ``xmlns`` attribute, no comments),
    character for character, in about half its time (a table is redrawn at every move)."""
    parts: list[str] = []
    _write(element, parts.append)
    return "".join(parts)


def _write(element: ET.Element, write: Callable[[str], object]) -> None:
    tag = element.tag
    markup = "<" + tag
    for key, value in element.items():
        markup += f' {key}="{_escaped(value, ATTRIBUTE_ESCAPES) if _ESCAPED_IN_ATTRIBUTES(value) else value}"'
    text = element.text
    if text or len(element):
        write(markup + ">")
        if text:
            write(_escaped(text, TEXT_ESCAPES) if _ESCAPED_IN_TEXT(text) else text)
        for child in element:
            _write(child, write)
        write(f"</{tag}>")
    else:
        write(markup + " />")
    if element.tail:
        write(_escaped(element.tail, TEXT_ESCAPES))


def _escaped(text: str, escapes: Sequence[tuple[str, str]]) -> str:
    for character, entity in escapes:
        text = text.replace(character, entity)
    return text


def squeeze(content: str, size: float, room: float | None) -> dict[str, object]:
    """The attributes that fit words of ``size`` units into ``room`` units where they would be
    wider (an estimate from their length: a name in a longer language)."""
    if room is None or len(content) * size * 0.6 <= room + 0.5:  # (+ 0.5: words sized to fit their room)
        return {}
    return {"textLength": room, "lengthAdjust": "spacingAndGlyphs"}


def card_fan(defs: ET.Element, cards: Sequence[ET.Element], width: float, height: float, spread: float = 11.0) -> str:
    """A fan of drawn ``cards`` (each ``width`` x ``height`` at its origin, left to right), with
    the art they use (``defs``), as an SVG of its own that fits them: a game's picture on the first
    screen. Decoration only: hidden from screen readers (the game's name is beside it)."""
    radius = 2.4 * height  # the fan's pivot, below the cards' middle
    middle = (len(cards) - 1) / 2
    angles = [math.radians((k - middle) * spread) for k in range(len(cards))]
    corners = [
        (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))
        for a in angles
        for x in (-width / 2, width / 2)
        for y in (-radius, height - radius)
    ]
    left, top = min(x for x, _ in corners) - 2, min(y for _, y in corners) - 2
    right, bottom = max(x for x, _ in corners) + 2, max(y for _, y in corners) + 2
    svg = node("svg", xmlns=SVG_NS, viewBox=f"{left:.1f} {top:.1f} {right - left:.1f} {bottom - top:.1f}",
               class_="game-picture", aria_hidden="true", focusable="false", font_family=FONT_FAMILY)  # fmt: skip
    svg.append(defs)
    for angle, card in zip(angles, cards, strict=True):
        card.attrib.pop("data-card", None)  # a picture's, not a table's: no motion or test looks for it
        card.set("transform", f"rotate({math.degrees(angle):.1f}) translate({-width / 2:g},{-radius:g})")
        svg.append(card)
    return svg_text(svg)
