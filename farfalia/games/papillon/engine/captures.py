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
from functools import cache
from itertools import islice
from typing import NamedTuple, TypeVar, cast

from farfalia.core.codes import bits_of, mask_of
from farfalia.core.errors import IllegalActionError
from farfalia.games.papillon.engine.cards import (
    CHAT_NOIR_NUMBER,
    DECK_SIZE,
    MOINS,
    MULTIPLIER,
    PLUS,
    SIGNS,
    blue_numbers,
)

#: The operations of each sign: (symbol, function or None where it does not apply).
OPERATIONS = {
    PLUS: (("+", lambda x, y: x + y),),
    MOINS: (("−", lambda x, y: x - y if x >= y else None),),
    MULTIPLIER: (("×", lambda x, y: x * y), ("÷", lambda x, y: x // y if y and x % y == 0 else None)),
}

#: The highest number a card can be in the blue round: the Chat Noir's, and the Yang's at most
#: (P-D9, :class:`~farfalia.games.papillon.engine.rules.PapillonSettings`).
HIGHEST_NUMBER = CHAT_NOIR_NUMBER
#: For each sign, each of its operations as a table: ``(symbol, results)``, where ``results[x][y]``
#: is ``x ⊙ y`` where a card can be numbered so (0 to :data:`HIGHEST_NUMBER`), else None. Read, not
#: worked out, for each pair of numbers on a table.
OPERATED = {
    sign: tuple(
        (
            symbol,
            tuple(
                tuple(
                    value if (value := operate(x, y)) is not None and value <= HIGHEST_NUMBER else None
                    for y in range(HIGHEST_NUMBER + 1)
                )
                for x in range(HIGHEST_NUMBER + 1)
            ),
        )
        for symbol, operate in operations
    )
    for sign, operations in OPERATIONS.items()
}

#: The signs, for a quick look at whether a hand or a table holds one.
_SIGN_CARDS = frozenset(SIGNS)

T = TypeVar("T")

#: The sets of table cards :func:`_sums` makes between two steps, about (a step's work: a
#: page draws between steps; a table of a few cards is summed in one).
STEP_SETS = 1000
#: The bits of a capture code that hold the cards played (the cards taken lie above them).
PLAYED_BITS = (1 << DECK_SIZE) - 1


class Capture(NamedTuple):
    """The cards a capture plays from the hand and takes from the table."""

    played: frozenset[int]
    taken: frozenset[int]


def capture_code(played: Iterable[int], taken: Iterable[int] = ()) -> int:
    """A capture as one int: a bit for each card taken, shifted above a bit for each card played."""
    return mask_of(taken) << DECK_SIZE | mask_of(played)


def split_code(code: int) -> Capture:
    """The capture a :func:`capture_code` stands for."""
    return Capture(frozenset(bits_of(code & PLAYED_BITS)), frozenset(bits_of(code >> DECK_SIZE)))


def captures(hand: Sequence[int], table: Sequence[int], yang: int) -> set[Capture]:
    """Every match, sum and combination ``hand`` can make on ``table`` (not the Papillon's)."""
    return {split_code(code) for code in capture_codes(hand, table, yang)}


def capture_codes(hand: Sequence[int], table: Sequence[int], yang: int, offset: int = 0) -> list[int]:
    """:func:`captures` as codes (:func:`capture_code`), each plus ``offset`` (a game's first
    capture action, below ``1 << DECK_SIZE``), ascending, found without a set of cards each."""
    found = run_steps(capture_codes_in_steps(hand, table, yang, offset))
    assert found is not None  # no budget: every capture is listed
    return found


def capture_codes_in_steps(
    hand: Sequence[int], table: Sequence[int], yang: int, offset: int = 0, budget: int | None = None
) -> Generator[None, None, list[int] | None]:
    """:func:`capture_codes`, found a step at a time (:func:`_sums`'s steps; the rest, bounded by
    the codes gathered, in one): a page draws between steps. A sum's codes come in
    ascending runs (:func:`_sums`), which one sort merges. With a ``budget``, None as soon as listing
    them would gather more than that many codes (:func:`capture_work`): the work is never more."""
    results = _numbered(hand, yang)
    most = _highest(results)
    sums = yield from _sums(_numbered(sorted(table), yang), most, budget)
    if sums is None:
        return None
    groups = list(_combination_groups(hand, table, yang))
    if budget is not None and _gathered(list(map(len, sums)), results, groups) > budget:
        return None
    found = [offset + code for group in groups for code, _ in group.codes()]
    for result, numbers in results:
        played = offset + (1 << result)  # below the taken cards' bits: or-ing them adds
        for number in numbers:
            if sets := sums[number]:
                found += [taken | played for taken in sets]
    found.sort()
    if groups or any(len(numbers) > 1 for _, numbers in results):
        # The same cards by two equations, or a Couteau Suisse of the hand meeting one of the
        # table (a set of it at each of its totals): a capture found more than once.
        return list(dict.fromkeys(found))
    return found  # each set once for each result's one number: every capture once


def some_capture_codes_in_steps(
    hand: Sequence[int], table: Sequence[int], yang: int, each: int, offset: int = 0
) -> Generator[None, None, list[int]]:
    """At most ``each`` captures of each hand card as the card the sums are made for, and at most
    ``each`` of each combination's group, ascending: the first found, taking the table's cards in
    ascending order (a table that discards have filled offers millions; a card that can capture
    keeps some). Found a step a table card, in a time that grows with the table and ``each``."""
    results = _numbered(hand, yang)
    most = _highest(results)
    sums = yield from _sums(_numbered(sorted(table), yang), most, cap=each)
    assert sums is not None  # no budget
    found = [
        offset + code for group in _combination_groups(hand, table, yang) for code, _ in islice(group.codes(), each)
    ]
    for result, numbers in results:
        played = offset + (1 << result)
        found += islice((taken | played for number in numbers for taken in sums[number]), each)
    yield
    found.sort()
    return list(dict.fromkeys(found))


def capture_work(hand: Sequence[int], table: Sequence[int], yang: int, budget: int) -> int | None:
    """How many codes :func:`capture_codes` gathers to list ``hand``'s captures on ``table`` (the
    table's sums up to the hand's highest number, each hand card's, and every combination's,
    before those found twice are dropped), or None where that is over ``budget``: counted, not
    listed, in a time that grows with the table, never with the captures."""
    results = _numbered(hand, yang)
    most = _highest(results)
    counts = [1] + [0] * most  # the empty set, taken out below
    for _, numbers in _numbered(table, yang):
        for number in numbers:
            for total in range(most - number, -1, -1) if len(numbers) == 1 else ():
                counts[total + number] += counts[total]
        if len(numbers) > 1:  # a Couteau Suisse: each of its numbers grows the sets before it
            before = list(counts)
            for number in numbers:
                for total in range(most + 1 - number):
                    counts[total + number] += before[total]
        if sum(counts) - 1 > budget:
            return None
    counts[0] -= 1
    work = _gathered(counts, results, _combination_groups(hand, table, yang))
    return work if work <= budget else None


def _gathered(sums: list[int], results: list[tuple[int, tuple[int, ...]]], groups: Iterable[_Group]) -> int:
    """The codes gathered to list captures: the table's sets by total (``sums``: how many each),
    those of each result's numbers again, and the combinations'."""
    again = [sums[number] for _, numbers in results for number in numbers]
    return sum(sums) + sum(again) + sum([group.size for group in groups])


def capture_exists(hand: Sequence[int], table: Sequence[int], yang: int) -> bool:
    """Whether ``hand`` can make any capture but the Papillon's on ``table`` (forced capture,
    P-D13), found without listing them: which totals the table's cards reach, and whether any
    combination has two distinct operands."""
    numbers_wanted = {number for card in hand for number in blue_numbers(card, yang)}
    reached = 0  # bit t: some table cards add up to t
    for _, numbers in _numbered(table, yang):
        grown = reached
        for number in numbers:
            grown |= (reached << number) | (1 << number)
        reached = grown
    if any(reached >> number & 1 for number in numbers_wanted):
        return True
    return any(next(group.codes(), None) is not None for group in _combination_groups(hand, table, yang))


def run_steps(steps: Generator[None, None, T]) -> T:
    """What work done in steps (a generator that yields between them) returns, done in one go."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return cast(T, end.value)


def equation(capture: Capture, table: Sequence[int], yang: int) -> str:
    """One equation that justifies ``capture`` (a match shows as ``5 = 5``), found from its own
    cards in a time that does not grow with the table; :class:`IllegalActionError` if none does."""
    taken_table = [card for card in table if card in capture.taken]
    if len(capture.played) == 1:  # a match or a sum, if the taken cards add up to the result
        (result,) = capture.played
        numbered = _numbered(taken_table, yang)
        if numbered and len(numbered) == len(capture.taken):
            fixed = sum(numbers[0] for _, numbers in numbered if len(numbers) == 1)
            wild = [numbers for _, numbers in numbered if len(numbers) > 1]  # a Couteau Suisse (one a deck)
            for number in blue_numbers(result, yang):
                if number - fixed in (wild[0] if len(wild) == 1 else (0,) if not wild else ()):
                    return f"{' + '.join(map(str, _in_card_order(capture.taken, number, yang)))} = {number}"
    if len(capture.played) <= 2 and len(capture.taken) <= 3:
        code = capture_code(capture.played, capture.taken)
        for group in _combination_groups(sorted(capture.played), taken_table, yang):
            for found, working in group.codes():
                if found == code:
                    left, value = working
                    return f"{' '.join(map(str, left))} = {value}"
    raise IllegalActionError(f"these cards make no capture: {capture}")


def _in_card_order(taken: frozenset[int], total: int, yang: int) -> list[int]:
    """A sum's numbers in the order its words name the cards taken (a Couteau Suisse's, what
    the others leave of ``total``)."""
    fixed = {card: blue_numbers(card, yang)[0] for card in taken if len(blue_numbers(card, yang)) == 1}
    wild = total - sum(fixed.values())
    return [fixed.get(card, wild) for card in sorted(taken)]


def _numbered(cards: Sequence[int], yang: int) -> list[tuple[int, tuple[int, ...]]]:
    """The ``cards`` that have a number, each with its numbers (:func:`blue_numbers`)."""
    numbers_of = _blue_numbers_of(yang)
    return [(card, numbers) for card in cards if (numbers := numbers_of[card])]


@cache
def _blue_numbers_of(yang: int) -> tuple[tuple[int, ...], ...]:
    """:func:`blue_numbers` of every card of both decks with the Yang numbered ``yang``, by card."""
    return tuple(blue_numbers(card, yang) for card in range(2 * DECK_SIZE))


def _highest(numbered: list[tuple[int, tuple[int, ...]]]) -> int:
    """The highest number of ``numbered`` cards (0 for none); each card's numbers ascend."""
    return max([numbers[-1] for _, numbers in numbered], default=0)


def _sums(
    numbered: list[tuple[int, tuple[int, ...]]], most: int, budget: int | None = None, cap: int | None = None
) -> Generator[None, None, list[list[int]] | None]:
    """For each total up to ``most``, the sets of table cards whose numbers can add up to it
    (one card: a match), as taken cards' bits of a :func:`capture_code`; a Couteau Suisse
    counts as any of its numbers. Found once per table, a card at a time, a step each
    :data:`STEP_SETS` sets made or so, then looked up for each card of the hand. With ``numbered``
    in ascending order, each new card's sets lie above all before them: every total's sets ascend,
    but where a card of several numbers joined them (a run for each). None as soon as there are
    more sets than ``budget``; with ``cap``, each total keeps its first ``cap`` sets only (the
    empty set not counted)."""
    by_total: list[list[int]] = [[0]] + [[] for _ in range(most)]  # the empty set, taken out below
    count = since_step = 0
    for card, numbers in numbered:
        if since_step >= STEP_SETS:
            yield
            since_step = 0
        taken = 1 << (card + DECK_SIZE)
        made = 0
        if len(numbers) == 1:
            # Totals from the highest down: a total grows only from lower ones, not yet grown.
            number = numbers[0]
            for total in range(most - number, -1, -1):
                sets = by_total[total]
                if sets:
                    made += len(sets)
                    by_total[total + number] += [cards | taken for cards in sets]
                    if cap is not None:
                        del by_total[total + number][cap + (total + number == 0) :]
        else:  # a Couteau Suisse: each of its numbers grows the sets as they were before it
            before = [list(sets) for sets in by_total]
            for number in numbers:
                for total in range(most + 1 - number):
                    if before[total]:
                        made += len(before[total])
                        by_total[total + number] += [cards | taken for cards in before[total]]
                        if cap is not None:
                            del by_total[total + number][cap + (total + number == 0) :]
        count += made
        since_step += made
        if budget is not None and count > budget:
            return None
    by_total[0].remove(0)
    return by_total


#: How a combination is justified, unformatted: the operation (x, sign, y) and its result.
Working = tuple[tuple[int | str, ...], int]


class _Group(NamedTuple):
    """Combinations that differ only in which cards of the operands' numbers they take: the
    capture code of the cards played and taken whatever the operands (``base``), and each
    operand's cards to choose from (``second`` None: one operand only, from the table; the other
    is played)."""

    base: int
    first: list[int]
    second: list[int] | None
    working: Working

    @property
    def size(self) -> int:
        """How many codes :meth:`codes` gives (a card in both operands' lists counted too)."""
        return len(self.first) * (1 if self.second is None else len(self.second))

    def codes(self) -> Iterator[tuple[int, Working]]:
        """The group's captures as codes, with its equation."""
        base, working = self.base, self.working
        if self.second is None:
            for x in self.first:
                yield base | 1 << (x + DECK_SIZE), working
            return
        for x in self.first:
            for y in self.second:
                if x != y:
                    yield base | 1 << (x + DECK_SIZE) | 1 << (y + DECK_SIZE), working


def _combination_groups(hand: Sequence[int], table: Sequence[int], yang: int) -> Iterator[_Group]:
    """The captures with a sign (P-R13, P-D15, P-E1), in groups found from the numbers on the
    table (:class:`_Group`): each operation is worked out once for each pair of numbers, not of
    cards, so the work grows with the table's numbers and the captures, not with its cards."""
    if _SIGN_CARDS.isdisjoint(hand) and _SIGN_CARDS.isdisjoint(table):
        return
    hand_signs = [card for card in hand if card in SIGNS]
    table_signs = [card for card in table if card in SIGNS]
    by_number: dict[int, list[int]] = {}
    for card, numbers in _numbered(table, yang):
        for number in numbers:
            by_number.setdefault(number, []).append(card)
    results = _numbered(hand, yang)
    by_value: dict[int, list[int]] = {}
    for result, values in results:
        for value in values:
            by_value.setdefault(value, []).append(result)
    for sign in hand_signs:  # (i) sign and result from the hand, operands on the table
        for (x, symbol, y, value), result in _operations(sign, by_number, by_value):
            yield _Group(1 << sign | 1 << result, by_number[x], by_number[y], ((x, symbol, y), value))
    for sign in table_signs:
        sign_taken = 1 << (sign + DECK_SIZE)
        # (ii) sign and both operands on the table, the result from the hand.
        for (x, symbol, y, value), result in _operations(sign, by_number, by_value):
            yield _Group(sign_taken | 1 << result, by_number[x], by_number[y], ((x, symbol, y), value))
        # (iii) sign and one operand on the table, the other operand and the result from the hand.
        operations = OPERATED[sign]
        for operand, operand_numbers in results:
            for mine in operand_numbers:
                for x, cards in by_number.items():
                    for left, right in ((x, mine), (mine, x)):
                        for symbol, operated in operations:
                            outcome = operated[left][right]
                            if outcome is None or outcome not in by_value:
                                continue
                            for result in by_value[outcome]:
                                if result != operand:
                                    working = ((left, symbol, right), outcome)
                                    yield _Group(sign_taken | 1 << operand | 1 << result, cards, None, working)


def _operations(
    sign: int, by_number: dict[int, list[int]], by_value: dict[int, list[int]]
) -> Iterator[tuple[tuple[int, str, int, int], int]]:
    """Each pair of numbers ``x``, ``y`` on the table whose ``x ⊙ y`` is a result's number in the
    hand, with that result: ``((x, symbol, y, value), result)``."""
    for symbol, operated in OPERATED[sign]:
        for x in by_number:
            values = operated[x]
            for y in by_number:
                value = values[y]
                if value in by_value:  # None is no result's number
                    for result in by_value[value]:
                        yield (x, symbol, y, value), result
