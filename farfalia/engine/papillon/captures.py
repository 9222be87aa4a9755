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

A table that discards have filled holds tens of thousands of sums (a table of 50 cards, over
150,000 captures), so captures are found as ints, one bit a card (:func:`capture_code`): a
table's sums are built once, total by total, as a knapsack of masks.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple, TypeVar, cast

from farfalia.engine.cards import cards_of
from farfalia.engine.errors import IllegalActionError
from farfalia.engine.papillon.cards import DECK_SIZE, MOINS, MULTIPLIER, PLUS, SIGNS, blue_numbers

#: The operations of each sign: (symbol, function or None where it does not apply).
OPERATIONS = {
    PLUS: (("+", lambda x, y: x + y),),
    MOINS: (("−", lambda x, y: x - y if x >= y else None),),
    MULTIPLIER: (("×", lambda x, y: x * y), ("÷", lambda x, y: x // y if y and x % y == 0 else None)),
}

T = TypeVar("T")

#: The bits of a capture code that hold the cards played (the cards taken lie above them).
PLAYED_BITS = (1 << DECK_SIZE) - 1


class Capture(NamedTuple):
    """The cards a capture plays from the hand and takes from the table."""

    played: frozenset[int]
    taken: frozenset[int]


def capture_code(played: Iterable[int], taken: Iterable[int] = ()) -> int:
    """A capture as one int: a bit for each card taken, shifted above a bit for each card played."""
    return sum(1 << card for card in taken) << DECK_SIZE | sum(1 << card for card in played)


def split_code(code: int) -> Capture:
    """The capture a :func:`capture_code` stands for."""
    return Capture(frozenset(cards_of(code & PLAYED_BITS)), frozenset(cards_of(code >> DECK_SIZE)))


def captures(hand: Sequence[int], table: Sequence[int], yang: int) -> set[Capture]:
    """Every match, sum and combination ``hand`` can make on ``table`` (not the Papillon's)."""
    return {split_code(code) for code in capture_codes(hand, table, yang)}


def capture_codes(hand: Sequence[int], table: Sequence[int], yang: int, offset: int = 0) -> list[int]:
    """:func:`captures` as codes (:func:`capture_code`), each plus ``offset`` (a game's first
    capture action, below ``1 << DECK_SIZE``), ascending, found without a set of cards each."""
    return run_steps(capture_codes_in_steps(hand, table, yang, offset))


def capture_codes_in_steps(
    hand: Sequence[int], table: Sequence[int], yang: int, offset: int = 0
) -> Generator[None, None, list[int]]:
    """:func:`capture_codes`, found a step at a time (a step a table card of the sums, a step a
    card of the hand): a page draws between steps. A sum's codes come in ascending runs
    (:func:`_sums`), which one sort merges."""
    results = [(card, numbers) for card in hand if (numbers := blue_numbers(card, yang))]
    most = max((max(numbers) for _, numbers in results), default=0)
    sums = yield from _sums(_numbered(sorted(table), yang), most)
    found = [offset + code for code, _ in _combinations(hand, table, yang)]
    for result, numbers in results:
        yield
        played = offset + (1 << result)  # below the taken cards' bits: or-ing them adds
        for number in numbers:
            found += [taken | played for taken in sums[number]]
    yield
    found.sort()
    return list(dict.fromkeys(found))  # a Couteau Suisse, any number, makes a capture more than once


def run_steps(steps: Generator[None, None, T]) -> T:
    """What work done in steps (a generator that yields between them) returns, done in one go."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return cast(T, end.value)


def equation(capture: Capture, table: Sequence[int], yang: int) -> str:
    """One equation that justifies ``capture`` (a match shows as ``5 = 5``)."""
    taken_table = [card for card in table if card in capture.taken]
    if len(capture.played) == 1:  # a match or a sum, if the taken cards add up to the result
        (result,) = capture.played
        numbers = blue_numbers(result, yang)
        sums = run_steps(_sums(_numbered(taken_table, yang), max(numbers, default=0)))
        whole = capture_code((), capture.taken)
        for number in numbers:
            if whole in sums[number]:
                return f"{' + '.join(map(str, _in_card_order(capture.taken, number, yang)))} = {number}"
    code = capture_code(capture.played, capture.taken)
    for found, (left, value) in _combinations(sorted(capture.played), taken_table, yang):
        if found == code:
            return f"{' '.join(map(str, left))} = {value}"
    raise IllegalActionError(f"these cards make no capture: {capture}")


def _in_card_order(taken: frozenset[int], total: int, yang: int) -> list[int]:
    """A sum's numbers in the order its words name the cards taken (a Couteau Suisse's, what
    the others leave of ``total``)."""
    fixed = {card: blue_numbers(card, yang)[0] for card in taken if len(blue_numbers(card, yang)) == 1}
    wild = total - sum(fixed.values())
    return [fixed.get(card, wild) for card in sorted(taken)]


def _numbered(cards: Sequence[int], yang: int) -> list[tuple[int, tuple[int, ...]]]:
    return [(card, numbers) for card in cards if (numbers := blue_numbers(card, yang))]


def _sums(numbered: list[tuple[int, tuple[int, ...]]], most: int) -> Generator[None, None, list[list[int]]]:
    """For each total up to ``most``, the sets of table cards whose numbers can add up to it
    (one card: a match), as taken cards' bits of a :func:`capture_code`; a Couteau Suisse
    counts as any of its numbers. Found once per table, a step a card, then looked up for each
    card of the hand. With ``numbered`` in ascending order, each new card's sets lie above all
    before them: every total's sets ascend, but where a card of several numbers joined them (a
    run for each)."""
    by_total: list[list[int]] = [[0]] + [[] for _ in range(most)]  # the empty set, taken out below
    for card, numbers in numbered:
        yield
        taken = 1 << (card + DECK_SIZE)
        grown = [
            (total + number, [cards | taken for cards in by_total[total]])
            for number in numbers
            for total in range(most + 1 - number)
            if by_total[total]
        ]
        for total, sets in grown:
            by_total[total] += sets
    by_total[0].remove(0)
    return by_total


#: How a combination is justified, unformatted: the operation (x, sign, y) and its result.
Working = tuple[tuple[int | str, ...], int]


def _combinations(hand: Sequence[int], table: Sequence[int], yang: int) -> Iterator[tuple[int, Working]]:
    """The captures with a sign (P-R13, P-D15, P-E1), as codes with their equation."""
    numbered_table = _numbered(table, yang)
    results = _numbered(hand, yang)
    for sign in (card for card in hand if card in SIGNS):  # (i) sign and result from the hand, operands on the table
        for (x, xs), (y, ys) in _pairs(numbered_table):
            for text, value in _operations(sign, xs, ys):
                for result, values in results:
                    if value in values:
                        yield capture_code((sign, result), (x, y)), (text, value)
    for sign in (card for card in table if card in SIGNS):
        # (ii) sign and both operands on the table, the result from the hand.
        for (x, xs), (y, ys) in _pairs(numbered_table):
            for text, value in _operations(sign, xs, ys):
                for result, values in results:
                    if value in values:
                        yield capture_code((result,), (sign, x, y)), (text, value)
        # (iii) sign and one operand on the table, the other operand and the result from the hand.
        for x, xs in numbered_table:
            for y, ys in results:
                for first, second in ((xs, ys), (ys, xs)):
                    for text, value in _operations(sign, first, second):
                        for result, values in results:
                            if result != y and value in values:
                                yield capture_code((y, result), (sign, x)), (text, value)


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
