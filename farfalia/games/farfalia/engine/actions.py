"""Action codes and chance outcomes.

A player's action is a small integer (so legal actions sort and compare as
numbers, as in OpenSpiel); :class:`Action` is an ``int`` that also knows its
kind and its short notation. Chance events (drawing the first dealer, the deal,
the wild cards, the proposal) are explicit :class:`Chance` outcomes, so a game is
exactly its settings, its seed and its list of actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from farfalia.core.errors import NotationError
from farfalia.games.farfalia.engine.cards import DECK_SIZE, FIRST_WILD, SUIT_LETTERS, WILD_COUNT, card_name, parse_card

PICK_BASE: Final = 64
PASS: Final = 116
DISCARD_BASE: Final = 128
TRUMP_BASE: Final = 192
NO_TRUMP: Final = 196
DOUBLE: Final = 200
DECLINE: Final = 201

#: The trump value of a hand played without trumps (suits are 0..3).
NO_TRUMP_SUIT: Final = -1


class Action(int):
    """One player action; ``str(action)`` is its notation (see :func:`parse_action`)."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        """One of ``play``, ``pick``, ``pass``, ``discard``, ``trump``, ``double``, ``decline``."""
        code = int(self)
        if code < PICK_BASE:
            return "play"
        if code < PASS:
            return "pick"
        if code == PASS:
            return "pass"
        if code < TRUMP_BASE:
            return "discard"
        if code <= NO_TRUMP:
            return "trump"
        return "double" if code == DOUBLE else "decline"

    @property
    def card(self) -> int | None:
        """The card played, picked or discarded, if any."""
        code = int(self)
        if code < PICK_BASE:
            return code
        if code < PASS:
            return code - PICK_BASE
        if DISCARD_BASE <= code < TRUMP_BASE:
            return code - DISCARD_BASE
        return None

    @property
    def trump(self) -> int | None:
        """For a trump action: the suit, or :data:`NO_TRUMP_SUIT`."""
        code = int(self)
        if TRUMP_BASE <= code <= NO_TRUMP:
            return NO_TRUMP_SUIT if code == NO_TRUMP else code - TRUMP_BASE
        return None

    def __str__(self) -> str:
        kind, card = self.kind, self.card
        if kind == "play":
            return card_name(card)  # type: ignore[arg-type]
        if kind in ("pick", "discard"):
            return f"{kind}:{card_name(card)}"  # type: ignore[arg-type]
        if kind == "trump":
            return "notrump" if self.trump == NO_TRUMP_SUIT else f"trump:{SUIT_LETTERS[self.trump]}"  # type: ignore[index]
        return kind

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def _all_actions() -> dict[int, Action]:
    codes = [
        *range(DECK_SIZE + WILD_COUNT),
        *range(PICK_BASE, PASS + 1),
        *range(DISCARD_BASE, DISCARD_BASE + DECK_SIZE),
    ]
    codes += [*range(TRUMP_BASE, NO_TRUMP + 1), DOUBLE, DECLINE]
    return {code: Action(code) for code in codes}


#: Every valid action code and its one shared :class:`Action` instance.
ACTIONS: Final = _all_actions()


def play(card: int) -> Action:
    """Play ``card`` (a play card or a wild card)."""
    return ACTIONS[card]


def pick(card: int) -> Action:
    """Set ``card`` aside from the won trick for the side's collection."""
    return ACTIONS[PICK_BASE + card]


def discard(card: int) -> Action:
    """The dealer sets ``card`` aside unseen."""
    return ACTIONS[DISCARD_BASE + card]


def trump(suit: int) -> Action:
    """Declare ``suit`` trump, or no trump with :data:`NO_TRUMP_SUIT`."""
    return ACTIONS[NO_TRUMP if suit == NO_TRUMP_SUIT else TRUMP_BASE + suit]


PASS_ACTION: Final = ACTIONS[PASS]
DOUBLE_ACTION: Final = ACTIONS[DOUBLE]
DECLINE_ACTION: Final = ACTIONS[DECLINE]


def parse_action(text: str) -> Action:
    """Parse an action's notation: ``B11``, ``pick:R10``, ``pass``, ``discard:G3``,
    ``trump:O``, ``notrump``, ``double`` or ``decline`` (case-insensitive)."""
    word = text.strip()
    lowered = word.lower()
    simple = {"pass": PASS_ACTION, "notrump": trump(NO_TRUMP_SUIT), "double": DOUBLE_ACTION, "decline": DECLINE_ACTION}
    if lowered in simple:
        return simple[lowered]
    head, sep, tail = word.partition(":")
    head = head.lower()
    if sep and head == "pick":
        code = parse_card(tail)
        if code < FIRST_WILD:
            return pick(code)
        raise NotationError(f"wild cards are never picked: {text!r}")
    if sep and head == "discard":
        code = parse_card(tail)
        if code < FIRST_WILD:
            return discard(code)
        raise NotationError(f"wild cards are never discarded: {text!r}")
    if sep and head == "trump" and len(tail) == 1 and tail.upper() in SUIT_LETTERS:
        return trump(SUIT_LETTERS.index(tail.upper()))
    if not sep:
        try:
            return play(parse_card(word))
        except NotationError:
            pass
    raise NotationError(
        f"not an action: {text!r} (expected a card such as B11, pick:R10, pass, discard:G3, "
        "trump:O, notrump, double or decline)"
    )


@dataclass(frozen=True)
class Chance:
    """Base class of chance outcomes: what the shuffle or a draw produced."""


@dataclass(frozen=True)
class DrawDealer(Chance):
    """The first dealer, drawn when the settings leave it open."""

    dealer: int


@dataclass(frozen=True)
class Deal(Chance):
    """The cards of every position, clockwise from the dealer, in dealt order.

    A dummy's 13 cards lie as dealt: the first six face down, the next six face
    up on top of them (column by column), the 13th face up at the end.
    """

    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class DealWilds(Chance):
    """Burnin': the wild card of every position (-1 for a dummy, which gets none, D8)."""

    wilds: tuple[int, ...]


@dataclass(frozen=True)
class TurnProposal(Chance):
    """The five subject families, in the order they were turned."""

    subjects: tuple[int, ...]
