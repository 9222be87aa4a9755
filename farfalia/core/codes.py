"""Small helpers every game of the site shares: numbers read from text, and sets of small
integers (cards, seats) as bit masks."""

from __future__ import annotations

from collections.abc import Iterable


def ascii_int(text: str, max_digits: int = 12) -> int | None:
    """The number ``text`` writes in ASCII digits (at most ``max_digits``), else None.

    ``str.isdigit`` also accepts digits such as ``²`` or ``٣`` that ``int`` refuses
    or reads otherwise: every parser of the package reads numbers through this.
    """
    if 0 < len(text) <= max_digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def bits_of(mask: int) -> list[int]:
    """The numbers whose bits ``mask`` sets, ascending (a hand's cards, from its mask)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


#: ``POWERS[n]`` is ``1 << n``, for the numbers a mask holds here (cards of two decks, seats).
POWERS = tuple(1 << n for n in range(128))


def mask_of(numbers: Iterable[int]) -> int:
    """The mask with a bit for each of ``numbers`` (distinct, below 128): :func:`bits_of` undone."""
    return sum(map(POWERS.__getitem__, numbers))
