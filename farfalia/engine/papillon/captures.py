"""Every capture of Papillon's blue round (P-R10–P-R16, P-D14–P-D16), enumerated completely.

A capture is identified by what it plays from the hand and what it takes from the table
(:class:`Capture`), not by the order of clicks nor by the arithmetic that justifies it: two
equations that play and take the same cards are one capture. :func:`equation` gives one
equation for a capture, for the page's chooser ("22 − 10 = 12").

- A match plays one card and takes one table card of the same number (P-R11).
- A sum plays one card and takes two or more table cards adding up to its number; zeros
  add nothing, so a 5 takes {5, 0} as well as {5} (P-R12, P-D14).
- A combination is one equation *x ⊙ y = r* with one sign (P-R13, P-D15): (i) sign and r
  from the hand, x and y on the table; (ii) sign, x and y on the table, r from the hand;
  (iii) sign and x on the table, y and r from the hand (y on either side of − and ÷: P-E1).
- The result r always comes from the hand (P-R10); a Couteau Suisse is any number 0–11
  wherever it lies (P-D16).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from farfalia.engine.errors import IllegalActionError
from farfalia.engine.papillon.cards import MOINS, MULTIPLIER, PLUS, SIGNS, blue_numbers

#: The operations of each sign: (symbol, function or None where it does not apply).
OPERATIONS = {
    PLUS: (("+", lambda x, y: x + y),),
    MOINS: (("−", lambda x, y: x - y if x >= y else None),),
    MULTIPLIER: (("×", lambda x, y: x * y), ("÷", lambda x, y: x // y if y and x % y == 0 else None)),
}


class Capture(NamedTuple):
    """The cards a capture plays from the hand and takes from the table."""

    played: frozenset[int]
    taken: frozenset[int]


def captures(hand: Sequence[int], table: Sequence[int], yang: int) -> set[Capture]:
    """Every match, sum and combination ``hand`` can make on ``table`` (not the Papillon's)."""
    return {capture for capture, _ in _all(hand, table, yang)}


def equation(capture: Capture, table: Sequence[int], yang: int) -> str:
    """One equation that justifies ``capture`` (a match shows as ``5 = 5``)."""
    hand = sorted(capture.played)
    for found, (left, value) in _all(hand, [card for card in table if card in capture.taken], yang):
        if found == capture:
            if any(isinstance(term, str) for term in left):  # an operation: its own order
                return f"{' '.join(map(str, left))} = {value}"
            return f"{' + '.join(map(str, _in_card_order(capture.taken, value, yang)))} = {value}"
    raise IllegalActionError(f"these cards make no capture: {capture}")


def _in_card_order(taken: frozenset[int], total: int, yang: int) -> list[int]:
    """A sum's numbers in the order its words name the cards taken (a Couteau Suisse's, what
    the others leave of ``total``)."""
    fixed = {card: blue_numbers(card, yang)[0] for card in taken if len(blue_numbers(card, yang)) == 1}
    wild = total - sum(fixed.values())
    return [fixed.get(card, wild) for card in sorted(taken)]


#: How a capture is justified, unformatted (formatting every capture's equation would slow
#: the search's playouts): the numbers added up, or an operation (x, sign, y); and the result.
Working = tuple[tuple[int | str, ...], int]


def _all(hand: Sequence[int], table: Sequence[int], yang: int) -> Iterator[tuple[Capture, Working]]:
    numbered_table = [(card, blue_numbers(card, yang)) for card in table if blue_numbers(card, yang)]
    table_signs = [card for card in table if card in SIGNS]
    hand_signs = [card for card in hand if card in SIGNS]
    results = [(card, blue_numbers(card, yang)) for card in hand if blue_numbers(card, yang)]
    sums = _sums(numbered_table, max((max(values) for _, values in results), default=0))
    for result, values in results:
        for value in values:
            for cards, numbers in sums.get(value, ()):
                yield Capture(frozenset({result}), frozenset(cards)), (numbers, value)
    # (i) sign and result from the hand, both operands on the table.
    for sign in hand_signs:
        for (x, xs), (y, ys) in _pairs(numbered_table):
            for text, value in _operations(sign, xs, ys):
                for result, values in results:
                    if value in values:
                        yield Capture(frozenset({sign, result}), frozenset({x, y})), (text, value)
    for sign in table_signs:
        # (ii) sign and both operands on the table, the result from the hand.
        for (x, xs), (y, ys) in _pairs(numbered_table):
            for text, value in _operations(sign, xs, ys):
                for result, values in results:
                    if value in values:
                        yield Capture(frozenset({result}), frozenset({sign, x, y})), (text, value)
        # (iii) sign and one operand on the table, the other operand and the result from the hand.
        for x, xs in numbered_table:
            for y, ys in results:
                for first, second in ((xs, ys), (ys, xs)):
                    for text, value in _operations(sign, first, second):
                        for result, values in results:
                            if result != y and value in values:
                                yield Capture(frozenset({y, result}), frozenset({sign, x})), (text, value)


def _pairs(numbered: list[tuple[int, tuple[int, ...]]]) -> Iterator[tuple[tuple[int, tuple[int, ...]], ...]]:
    """Ordered pairs of distinct table cards (− and ÷ care about the order)."""
    for a, b in combinations(numbered, 2):
        yield a, b
        yield b, a


def _operations(sign: int, xs: tuple[int, ...], ys: tuple[int, ...]) -> Iterator[tuple[tuple[int | str, ...], int]]:
    for symbol, operate in OPERATIONS[sign]:
        for x in xs:
            for y in ys:
                value = operate(x, y)
                if value is not None:
                    yield (x, symbol, y), value


def _sums(numbered: list[tuple[int, tuple[int, ...]]], most: int) -> dict[int, list[tuple[tuple[int, ...], ...]]]:
    """Every set of table cards whose numbers can add up to ``most`` or less (one card: a
    match), by total, with the numbers used; a wild card (the one Couteau Suisse) takes any
    number that fits. Found once per table, then looked up for each card of the hand."""
    fixed = [(card, values[0]) for card, values in numbered if len(values) == 1]
    wild = [card for card, values in numbered if len(values) > 1]
    by_total: dict[int, list[tuple[tuple[int, ...], ...]]] = {}

    def extend(start: int, cards: tuple[int, ...], numbers: tuple[int, ...], total: int) -> None:
        if cards:
            by_total.setdefault(total, []).append((cards, numbers))
        for card in wild:
            for number in range(min(11, most - total) + 1):
                by_total.setdefault(total + number, []).append(((*cards, card), (*numbers, number)))
        for index in range(start, len(fixed)):
            card, value = fixed[index]
            if total + value <= most:
                extend(index + 1, (*cards, card), (*numbers, value), total + value)

    extend(0, (), (), 0)
    return by_total
