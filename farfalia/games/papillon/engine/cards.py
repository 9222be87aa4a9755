"""Papillon's cards: two decks of the same 58 faces (P-R3, P-D10), one blue-backed and one
orange-backed, and their numbers in each round (P-D9).

A card is an int: ``deck * 58 + face``. Faces 0–47 are the basic cards, ``family * 12 +
number`` (families Éléments, Découvertes, Serpents, Formes, numbers 0–11); faces 48–57 are
the ten atouts. A card's notation is its face's code (``E5``, ``S7``, ``CN``) and, for the
orange deck, a trailing ``o`` (``E5o``): the blue round uses the blue deck only.
"""

from __future__ import annotations

from typing import Final

from farfalia.core.errors import NotationError

#: Cards in one deck, and the two decks' indices (a card's back).
DECK_SIZE: Final = 58
BLUE: Final = 0
ORANGE: Final = 1

#: The basic families, in order, by their letters: Éléments, Découvertes, Serpents, Formes.
FAMILY_LETTERS: Final = "EDSF"
BASIC_COUNT: Final = 48

COUTEAU, CHAT_NOIR, CHENILLE, CHRYSALIDE, PAPILLON, PLUS, MOINS, MULTIPLIER, YIN, YANG = range(48, 58)
#: The atouts' codes, from face 48 on: Couteau Suisse, Chat Noir, Chenille, Chrysalide, Papillon,
#: Plus, Moins, Multiplier/Diviser, Yin, Yang.
ATOUT_CODES: Final = ("CS", "CN", "CH", "CY", "PA", "PL", "MO", "MD", "YI", "YA")
#: The three signs (Trio Mathématique), and the atouts placed in the orange centre (P-R34).
SIGNS: Final = (PLUS, MOINS, MULTIPLIER)
CENTRE_CARDS: Final = (CHAT_NOIR, PAPILLON, CHRYSALIDE)
#: The 7 of Serpents.
DRAGON: Final = 2 * 12 + 7
#: The Chat Noir's number (P-R13's example) and the Yin's; the Yang's is a setting (P-D9).
CHAT_NOIR_NUMBER: Final = 22
YIN_NUMBER: Final = 12
#: The numbers a Couteau Suisse may stand for (P-R14, P-R33).
WILD_NUMBERS: Final = tuple(range(12))

#: Each basic face's number, as the one number it may take.
BASIC_NUMBERS: Final = tuple((f % 12,) for f in range(BASIC_COUNT))
#: The numbers of the atouts that have some, but the Yang (a setting), in each round.
BLUE_ATOUT_NUMBERS: Final = {COUTEAU: WILD_NUMBERS, CHAT_NOIR: (CHAT_NOIR_NUMBER,), YIN: (YIN_NUMBER,)}
ORANGE_ATOUT_NUMBERS: Final = {COUTEAU: WILD_NUMBERS, YIN: (YIN_NUMBER,)}


def face(card: int) -> int:
    """The face of ``card`` (0–57), whichever its deck."""
    return card % DECK_SIZE


def deck_of(card: int) -> int:
    """:data:`BLUE` or :data:`ORANGE`."""
    return card // DECK_SIZE


def deck_cards(deck: int) -> tuple[int, ...]:
    """The 58 cards of one deck."""
    return tuple(range(deck * DECK_SIZE, (deck + 1) * DECK_SIZE))


def is_basic(card: int) -> bool:
    """A card of the four families, numbered 0–11."""
    return face(card) < BASIC_COUNT


def blue_numbers(card: int, yang: int) -> tuple[int, ...]:
    """The numbers ``card`` may take in a blue capture (P-R14, P-D9, P-D16): its own,
    any of 0–11 for the Couteau Suisse, none for the cards without a number."""
    f = card % DECK_SIZE
    if f < BASIC_COUNT:
        return BASIC_NUMBERS[f]
    return (yang,) if f == YANG else BLUE_ATOUT_NUMBERS.get(f, ())


def orange_numbers(card: int, yang: int) -> tuple[int, ...]:
    """The numbers ``card`` may be placed as on the orange layout (P-R29, P-R33, P-D33):
    the basic cards', the Yin's and the Yang's, any of 0–11 for the Couteau Suisse."""
    f = card % DECK_SIZE
    if f < BASIC_COUNT:
        return BASIC_NUMBERS[f]
    return (yang,) if f == YANG else ORANGE_ATOUT_NUMBERS.get(f, ())


def hand_value(card: int, yang: int) -> int:
    """What ``card`` costs in hand at the end of the orange round (P-R43), but for the
    Couteau Suisse, whose value is rolled (P-D41)."""
    f = face(card)
    if f < BASIC_COUNT:
        return f % 12
    return {CHAT_NOIR: CHAT_NOIR_NUMBER, CHENILLE: 1, YIN: YIN_NUMBER, YANG: yang}.get(f, 0)


def blue_points(card: int) -> int:
    """A card's blue points on its own (P-R22): 10 for each 3, the Dragon and every atout
    but the Chat Noir (scored apart, P-D21) and the Yin and Yang (scored as a pair, P-D22)."""
    f = face(card)
    if f < BASIC_COUNT:
        return 10 if f % 12 == 3 or f == DRAGON else 0
    return 0 if f in (CHAT_NOIR, YIN, YANG) else 10


def card_name(card: int) -> str:
    """The notation of ``card``: ``E5`` (blue), ``E5o`` (orange), ``CN``, ``PAo``."""
    f = face(card)
    code = f"{FAMILY_LETTERS[f // 12]}{f % 12}" if f < BASIC_COUNT else ATOUT_CODES[f - BASIC_COUNT]
    return code + ("o" if deck_of(card) == ORANGE else "")


def parse_card(text: str) -> int:
    """The card a notation names; :class:`NotationError` for anything else."""
    word = text.strip()
    deck = ORANGE if word.endswith("o") else BLUE
    code = word[:-1] if deck == ORANGE else word
    if code in ATOUT_CODES:
        return deck * DECK_SIZE + BASIC_COUNT + ATOUT_CODES.index(code)
    if len(code) in (2, 3) and code[0] in FAMILY_LETTERS and code[1:].isascii() and code[1:].isdigit():
        number = int(code[1:])
        if number < 12 and code[1:] == str(number):
            return deck * DECK_SIZE + FAMILY_LETTERS.index(code[0]) * 12 + number
    raise NotationError(f"not a Papillon card: {text!r:.30} (expected e.g. E5, S7o, CN or PAo)")
