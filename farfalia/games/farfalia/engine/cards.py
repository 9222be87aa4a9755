"""Cards, suits and families as small integers, with their short names.

Play cards are ``0..51``: ``suit * 13 + number - 1``. Wild cards are ``52..61``:
``52 + family * 2 + copy``. Hands are bit masks over these 62 codes, so the hot
path (following suit, playing a card) is a few integer operations.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable
from typing import Final

from farfalia.core.codes import ascii_int
from farfalia.core.errors import NotationError

SUITS: Final = (0, 1, 2, 3)
RED, GREEN, BLUE, ORANGE = SUITS
SUIT_LETTERS: Final = "RGBO"
SUIT_NAMES: Final = ("red", "green", "blue", "orange")

#: Families 0..3 are the suits' own symbols, so a suit card's family is its suit.
FAMILIES: Final = (0, 1, 2, 3, 4)
STRAWBERRY, LEAF, FISH, SEASHELL, BUTTERFLY = FAMILIES
FAMILY_NAMES: Final = ("strawberry", "leaf", "fish", "seashell", "butterfly")
#: One letter a family: the suit letters, and F (farfalla) for the butterfly.
FAMILY_LETTERS: Final = "RGBOF"
BUTTERFLY_NUMBERS: Final = frozenset((8, 10, 12))

DECK_SIZE: Final = 52
FIRST_WILD: Final = 52
WILD_COUNT: Final = 10
NO_CARD: Final = -1

SUIT_SHIFT: Final = tuple(13 * s for s in SUITS)
SUIT_BITS: Final = 0x1FFF
FULL_DECK_MASK: Final = (1 << DECK_SIZE) - 1

SUIT_OF: Final = tuple(c // 13 for c in range(DECK_SIZE))
NUMBER_OF: Final = tuple(c % 13 + 1 for c in range(DECK_SIZE))
#: Family of every card code, wild cards included.
FAMILY_OF: Final = tuple(
    BUTTERFLY if NUMBER_OF[c] in BUTTERFLY_NUMBERS else SUIT_OF[c] for c in range(DECK_SIZE)
) + tuple((w - FIRST_WILD) // 2 for w in range(FIRST_WILD, FIRST_WILD + WILD_COUNT))


def card(suit: int, number: int) -> int:
    """The code of the play card of ``suit`` (0..3) and ``number`` (1..13)."""
    return suit * 13 + number - 1


def wild(family: int, copy: int = 0) -> int:
    """The code of a wild card of ``family`` (0..4); each family has copies 0 and 1."""
    return FIRST_WILD + family * 2 + copy


def card_name(code: int) -> str:
    """Short name: ``B11`` for the blue 11, ``WF1`` for the first butterfly wild card."""
    if code >= FIRST_WILD:
        family, copy = divmod(code - FIRST_WILD, 2)
        return f"W{FAMILY_LETTERS[family]}{copy + 1}"
    return f"{SUIT_LETTERS[SUIT_OF[code]]}{NUMBER_OF[code]}"


def card_label(code: int) -> str:
    """Spoken label, e.g. ``blue 11, fish`` or ``wild card, butterfly``."""
    if code >= FIRST_WILD:
        return f"wild card, {FAMILY_NAMES[FAMILY_OF[code]]}"
    return f"{SUIT_NAMES[SUIT_OF[code]]} {NUMBER_OF[code]}, {FAMILY_NAMES[FAMILY_OF[code]]}"


def parse_card(text: str) -> int:
    """Parse a card name (case-insensitive); raise :class:`NotationError` if malformed."""
    name = text.strip().upper()
    if len(name) == 3 and name[0] == "W" and name[1] in FAMILY_LETTERS and name[2] in "12":
        return wild(FAMILY_LETTERS.index(name[1]), int(name[2]) - 1)
    number = ascii_int(name[1:], 2)
    if len(name) >= 2 and name[0] in SUIT_LETTERS and number is not None and 1 <= number <= 13 and name[1] != "0":
        return card(SUIT_LETTERS.index(name[0]), number)
    raise NotationError(f"not a card: {text!r} (expected e.g. B11, R3 or WF1)")


def parse_family(text: str) -> int:
    """Parse a family letter (R, G, B, O or F for the butterfly)."""
    letter = text.strip().upper()
    if len(letter) == 1 and letter in FAMILY_LETTERS:
        return FAMILY_LETTERS.index(letter)
    raise NotationError(f"not a family: {text!r} (expected one of R G B O F)")


#: ``BITS[code]`` is ``1 << code``.
BITS: Final = tuple(1 << code for code in range(FIRST_WILD + WILD_COUNT))


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask holding ``cards``."""
    return functools.reduce(operator.or_, map(BITS.__getitem__, cards), 0)


def _chunk_table(offset: int, width: int) -> tuple[tuple[int, ...], ...]:
    """For every ``width``-bit chunk, the codes ``offset + bit`` of its set bits, ascending.

    Each entry extends the entry without its highest bit: one concatenation a
    chunk, so the tables build in a blink (this runs at import, in the browser too).
    """
    table: list[tuple[int, ...]] = [()]
    for top in range(width):
        table += [(*cards, offset + top) for cards in table]
    return tuple(table)


#: ``SUIT_TABLE[s][bits]``: the cards of suit ``s`` whose numbers are set in ``bits``.
SUIT_TABLE: Final = tuple(_chunk_table(13 * s, 13) for s in SUITS)
#: ``WILD_TABLE[mask >> 52]``: the wild cards in a hand mask.
WILD_TABLE: Final = _chunk_table(FIRST_WILD, WILD_COUNT)


def suit_cards(mask: int) -> tuple[int, ...]:
    """The play cards (no wild cards) in ``mask``, ascending, from the lookup tables."""
    return (
        SUIT_TABLE[0][mask & SUIT_BITS]
        + SUIT_TABLE[1][mask >> 13 & SUIT_BITS]
        + SUIT_TABLE[2][mask >> 26 & SUIT_BITS]
        + SUIT_TABLE[3][mask >> 39 & SUIT_BITS]
    )
