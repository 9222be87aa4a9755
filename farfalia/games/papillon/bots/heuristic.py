"""Papillon's bots that do not search (``docs/bots.md``, "Papillon"): uniformly random, and a
careful player's rules of thumb, deciding from a
:class:`~farfalia.games.papillon.engine.views.PapillonView` only."""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from typing import Final

from farfalia.games.papillon.engine.cards import (
    CHAT_NOIR,
    CHENILLE,
    CHRYSALIDE,
    COUTEAU,
    DECK_SIZE,
    PAPILLON,
    SIGNS,
    YANG,
    YIN,
    blue_points,
    face,
    hand_value,
)
from farfalia.games.papillon.engine.game import (
    BLUE_MOVES,
    CLOCKWISE,
    ORANGE_MOVES,
    TAKE_ATTACK,
    blue_masks,
    split_orange,
)
from farfalia.games.papillon.engine.views import PapillonView

#: What one more card in a side's blue pile is worth: the 10 points for most cards, spread.
CARD_WORTH: Final = 0.5
#: Of the cards left on the blue table, the share of their worth the next player may take.
TABLE_RISK: Final = 0.3
#: What a Couteau Suisse held to the end of the orange round costs on average (two dice, P-D41).
COUTEAU_COST: Final = 7
#: A Papillon placed without countering makes its player draw 3 cards (P-R37): about this much.
DRAW_THREE: Final = 15


class PapillonRandomBot:
    """Any legal action, uniformly."""

    def choose(self, view: PapillonView, rng: random.Random) -> int:
        """A uniformly random action among those offered (every legal one, but at a crowded table)."""
        return rng.choice(view.offered_actions)


class PapillonHeuristicBot:
    """The action a careful player takes: in the blue round the capture worth most to the
    side (points, cards, the Chat Noir, Yin and Yang) less what it leaves on the table; in the
    orange round the costliest card that can go, attacks aimed at opponents, and the Papillon
    kept for a counter."""

    def choose(self, view: PapillonView, rng: random.Random) -> int:
        """The best action by :func:`worth` (``rng`` is unused: the view fixes the choice)."""
        return ranked(view, 1)[0]


class PapillonBeginnerBot:
    """A player still learning: in the blue round it sees the captures one card of its hand makes
    (never a sign's combination of two), and of those takes the most cards (then the most points),
    blind to what it leaves on the table and to the Chat Noir a Papillon takes for −30; with
    nothing to take, it lays its cheapest card. In the orange round, the first card that fits, and
    an attack taken rather than countered with thought."""

    def choose(self, view: PapillonView, rng: random.Random) -> int:
        """The beginner's action (``rng`` is unused: the view fixes the choice)."""
        actions = view.offered_actions
        blue = [action for action in actions if action >= BLUE_MOVES]
        if not blue:
            return actions[0]
        single = [action for action in blue if blue_masks(action)[0].bit_count() == 1]
        blue = single or blue

        def greed(action: int) -> tuple[int, float]:
            taken = blue_masks(action)[1]
            return taken.bit_count(), _mask_worth(taken)

        best = max(blue, key=greed)
        if blue_masks(best)[1]:
            return best
        return min(blue, key=lambda action: _mask_worth(blue_masks(action)[0]))


def ranked(view: PapillonView, count: int | None = None, actions: Sequence[int] | None = None) -> list[int]:
    """``actions`` (the view's offered actions by default), best first by :func:`worth` (ties in
    ascending order); the best ``count`` only, if given (found without sorting them all: a blue
    table that discards have filled offers thousands)."""
    table = pile_worth(view.table)

    def key(action: int) -> float:
        return -worth(view, action, table)

    among = view.offered_actions if actions is None else actions
    return sorted(among, key=key) if count is None else heapq.nsmallest(count, among, key=key)


def worth(view: PapillonView, action: int, table: float | None = None) -> float:
    """How good ``action`` looks to a careful player, in points for the acting side (``table``:
    the blue table's :func:`pile_worth`, when known)."""
    if action >= BLUE_MOVES:
        return _capture_worth(action, pile_worth(view.table) if table is None else table)
    if action >= ORANGE_MOVES:
        return _placement_worth(view, action)
    if action == TAKE_ATTACK:
        return -DRAW_THREE
    return 1.0 if action == CLOCKWISE else 0.0


def card_worth(card: int) -> float:
    """What a blue card in a side's pile is worth to it (P-R22; the Chat Noir taken on purpose)."""
    return blue_points(card) + CARD_WORTH + 30 * (card == CHAT_NOIR) + 15 * (card in (YIN, YANG))


def pile_worth(cards: Sequence[int]) -> float:
    """What cards in a side's blue pile are worth to it."""
    return sum(map(card_worth, cards), 0.0)


#: :func:`card_worth` summed over the cards of each value of a byte of a mask of blue cards,
#: for each of the mask's 8 bytes.
_B0, _B1, _B2, _B3, _B4, _B5, _B6, _B7 = (
    tuple(
        sum(card_worth(8 * k + bit) for bit in range(8) if byte >> bit & 1 and 8 * k + bit < DECK_SIZE)
        for byte in range(256)
    )
    for k in range(8)
)


def _mask_worth(mask: int) -> float:
    """:func:`pile_worth` of the cards whose bits ``mask`` sets, a byte at a time (written out:
    a ranking of 150,000 captures spends most of its time here)."""
    return (
        _B0[mask & 255] + _B1[mask >> 8 & 255] + _B2[mask >> 16 & 255] + _B3[mask >> 24 & 255]
        + _B4[mask >> 32 & 255] + _B5[mask >> 40 & 255] + _B6[mask >> 48 & 255] + _B7[mask >> 56]
    )  # fmt: skip


def _capture_worth(action: int, table: float) -> float:
    played, taken = blue_masks(action)
    if not taken:
        if played == 1 << CHRYSALIDE:
            return card_worth(CHRYSALIDE) - TABLE_RISK * table
        laid = _mask_worth(played)
        return -laid - TABLE_RISK * (table + laid)
    taken_worth = _mask_worth(taken)
    gained = _mask_worth(played) + taken_worth
    if played >> PAPILLON & 1 and taken >> CHAT_NOIR & 1:  # P-D21: −30 instead of +30
        gained -= 60
    return gained - TABLE_RISK * (table - taken_worth)


def _placement_worth(view: PapillonView, action: int) -> float:
    card, _, _ = split_orange(action)
    kind = face(card)
    yang = view.settings.yang
    if kind == PAPILLON:
        return DRAW_THREE * 2 if view.counter_open else -DRAW_THREE
    if kind == CHAT_NOIR:
        following = (view.player + view.direction) % view.settings.players
        aimed = 10 if view.sides[following] != view.sides[view.player] else -10
        return hand_value(card, yang) + aimed
    if kind == COUTEAU:
        return COUTEAU_COST - 4  # kept a while: it fits anywhere
    if kind in SIGNS or kind in (CHENILLE, CHRYSALIDE):
        return 0.5
    return hand_value(card, yang)
